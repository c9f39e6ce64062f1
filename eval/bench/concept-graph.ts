import type { Config } from "../../src/config";
import { EmbeddedConceptGraph } from "../../src/adapters/embedded/concept-graph";
import type { EmbeddedGraphStore } from "../../src/adapters/embedded/graph-store";
import { Neo4jConceptGraph } from "../../src/adapters/neo4j/concept-graph";
import { Neo4jConnection, neo4jSettingsFromEnv } from "../../src/adapters/neo4j/connection";
import { buildConceptGraphData } from "../../src/kb/concepts/offline/build";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { NODE_TYPE_BIT } from "../../src/kb/schema";
import type { ConceptGraph } from "../../src/ports/concept-graph";
import { percentile, round } from "../../src/util/stats";
import { stableSample } from "../../src/util/random";
import { readMetaqa, stripBrackets } from "../datasets/metaqa";
import { timeCalls } from "./timing";

const SEED = 20261126;
/** The examples first; the KB lacks some of them (WikiMovies has no Star Wars or Thelma & Louise), so well-known others follow. */
const FILMS = ["Star Wars", "Shutter Island", "Thelma & Louise", "The Matrix", "Alien", "Pulp Fiction"];

/**
 * `npm run bench -- concept-graph`: the concept layer's size (concepts by type, links, co-occurrence
 * edges, communities per level and their sizes), the time to build it from the loaded KB, its memory,
 * the non-model latency of the port's calls, three community reports and the concepts of three
 * well-known films. With NEO4J_URI and NEO4J_PASSWORD set and the layer loaded there
 * (npm run ingest -- --graph neo4j), the same calls against Neo4j: how many answer exactly as the
 * embedded store does, and their latency.
 */
export async function benchConceptGraph(kb: KnowledgeBase, config: Config, options: { log?: (line: string) => void } = {}): Promise<Record<string, unknown>> {
  if (!(kb.concepts instanceof EmbeddedConceptGraph)) throw new Error("the concept-graph bench reads the embedded concept graph; run it with GRAPH_STORE=embedded");
  const concepts = kb.concepts;
  const graph = kb.graph as EmbeddedGraphStore;
  const stats = await concepts.stats();
  const reports = concepts.parts.reports;

  const t0 = performance.now();
  const rebuilt = buildConceptGraphData(graph.data);
  const buildMs = Math.round(performance.now() - t0);

  const levels = [...new Set(reports.map((r) => r.level))].sort((a, b) => a - b).map((level) => {
    const sizes = reports.filter((r) => r.level === level).map((r) => r.concepts);
    return { level, communities: sizes.length, concepts: { min: Math.min(...sizes), p50: percentile(sizes, 50), p90: percentile(sizes, 90), max: Math.max(...sizes) }, leaves: reports.filter((r) => r.level === level && r.children.length === 0).length };
  });

  const calls = sampleCalls(kb, concepts, config);
  const latency = await timeAll(concepts, calls);
  const present = FILMS.filter((f) => graph.indexOf(f) !== undefined).slice(0, 3);
  const filmConcepts = Object.fromEntries([...(await concepts.conceptsOf(present, { limit: 15 }))].map(([film, links]) => [film, links.map((l) => `${l.concept.key} ${round(l.weight, 2)} (${l.sources.join(",")})`)]));
  // Three reports: the largest community of the second level and two picked by seed, so the sample is not only the biggest.
  const second = reports.filter((r) => r.level === 1);
  const sample = [second[0]!, ...stableSample(second.slice(1), 2, SEED, (r) => r.id)].filter(Boolean);

  return {
    concepts: stats.concepts,
    conceptsByType: stats.conceptsByType,
    filmLinks: stats.filmLinks,
    filmsWithConcepts: countFilmsWithConcepts(concepts, graph),
    cooccurrenceEdges: stats.cooccurrenceEdges,
    conceptsInCommunities: Array.from(concepts.parts.leafOf).filter((c) => c >= 0).length,
    communities: stats.communities,
    levels,
    build: { msInThisRun: buildMs, phasesAtIngest: rebuilt.build.ms, skipped: rebuilt.build.skipped, names: rebuilt.build.names, titleFamilies: rebuilt.build.families },
    memory: memoryOf(concepts),
    latency,
    missingFilms: FILMS.filter((f) => graph.indexOf(f) === undefined),
    filmConcepts,
    sampleReports: sample.map((r) => ({ id: r.id, level: r.level, title: r.title, concepts: r.concepts, films: r.films, top: r.topConcepts.slice(0, 6).map((c) => c.key), representative: r.representativeFilms.slice(0, 5).map((f) => f.film), summary: r.summary })),
    neo4j: await neo4jParity(config, concepts, calls, options.log ?? (() => {})),
  };
}

interface Calls {
  find: string[];
  conceptsOf: string[][];
  filmsOf: string[][];
  related: string[];
  communitiesOf: string[];
  searchCommunities: string[];
}

/** Seeded inputs of every call: concept names and MetaQA dev questions to find, films, concept keys, queries. */
function sampleCalls(kb: KnowledgeBase, concepts: EmbeddedConceptGraph, config: Config): Calls {
  const graph = kb.graph as EmbeddedGraphStore;
  const movies = graph.data.names.filter((_, i) => (graph.data.typeMask[i]! & NODE_TYPE_BIT.Movie) !== 0);
  const keys = Array.from({ length: concepts.size }, (_, i) => concepts.keyAt(i));
  const questions = stableSample(readMetaqa(config.dataDir!, 1, "dev"), 300, SEED, (q) => q.id).map((q) => stripBrackets(q.raw));
  const names = stableSample(keys, 300, SEED, (k) => k).map((k) => k.slice(k.indexOf(":") + 1));
  const films = stableSample(movies, 600, SEED, (m) => m);
  const someKeys = stableSample(keys, 600, SEED + 1, (k) => k);
  return {
    find: [...names, ...questions],
    conceptsOf: Array.from({ length: 300 }, (_, i) => [films[2 * i]!, films[2 * i + 1]!]),
    filmsOf: Array.from({ length: 300 }, (_, i) => [someKeys[2 * i]!, someKeys[2 * i + 1]!]),
    related: someKeys.slice(0, 300),
    communitiesOf: someKeys.slice(300),
    searchCommunities: [...questions, ...names.map((n) => `films about ${n}`)],
  };
}

async function timeAll(store: ConceptGraph, calls: Calls): Promise<Record<string, unknown>> {
  return {
    find: await timeCalls(calls.find, (q) => store.find(q, { limit: 10 })),
    conceptsOf: await timeCalls(calls.conceptsOf, (f) => store.conceptsOf(f, { limit: 30 })),
    filmsOf: await timeCalls(calls.filmsOf, (k) => store.filmsOf(k, { limit: 50 })),
    related: await timeCalls(calls.related, (k) => store.related(k, { limit: 10 })),
    communitiesOf: await timeCalls(calls.communitiesOf, (k) => store.communitiesOf(k)),
    searchCommunities: await timeCalls(calls.searchCommunities, (q) => store.searchCommunities(q, { limit: 5 })),
  };
}

function countFilmsWithConcepts(concepts: EmbeddedConceptGraph, graph: EmbeddedGraphStore): number {
  const rows = concepts.parts.byFilm.offsets;
  let n = 0;
  for (let i = 0; i < graph.data.names.length; i++) if (rows[i + 1]! > rows[i]!) n++;
  return n;
}

/** Bytes of the shared arrays (typed arrays and string units) and of the reports as JSON. */
function memoryOf(concepts: EmbeddedConceptGraph): Record<string, number> {
  const p = concepts.parts;
  const arrays: ArrayBufferView[] = [p.types, p.sources, p.leafOf, p.termCounts, p.keys.units, p.keys.offsets, p.names.units, p.names.offsets];
  for (const r of [p.byFilm, p.byConcept, p.related]) arrays.push(r.offsets, r.targets, r.weights, r.sources);
  for (const m of [p.keyIndex, p.nameIndex, p.termIndex]) arrays.push(m.table, m.offsets, m.values, m.keys.units, m.keys.offsets);
  const shared = arrays.reduce((a, x) => a + x.byteLength, 0);
  const reports = Buffer.byteLength(JSON.stringify(p.reports));
  return { sharedMiB: round(shared / 2 ** 20, 2), reportsJsonMiB: round(reports / 2 ** 20, 2) };
}

/** The same calls against a Neo4j that holds the concept layer: answers compared with the embedded store's, and latency. */
async function neo4jParity(config: Config, reference: EmbeddedConceptGraph, calls: Calls, log: (line: string) => void): Promise<Record<string, unknown>> {
  if (!config.env.NEO4J_URI || !config.env.NEO4J_PASSWORD) return { skipped: "set NEO4J_URI and NEO4J_PASSWORD (and load it with npm run ingest -- --graph neo4j) to compare with Neo4j" };
  const conn = new Neo4jConnection(neo4jSettingsFromEnv(config.env));
  try {
    await conn.verify();
    const store = new Neo4jConceptGraph(conn);
    const [stored, local] = [await store.stats(), await reference.stats()];
    if (stored.concepts === 0) return { skipped: `neo4j at ${conn.target.uri} holds no concept graph; load it with npm run ingest -- --graph neo4j` };
    log(`concept-graph: comparing ${Object.values(calls).reduce((a, l) => a + l.length, 0)} calls with neo4j at ${conn.target.uri}`);
    const same = { stats: JSON.stringify(stored) === JSON.stringify(local) } as Record<string, unknown>;
    const compare = async <T>(name: string, inputs: readonly T[], call: (g: ConceptGraph, input: T) => Promise<unknown>) => {
      let equal = 0;
      const differ: unknown[] = [];
      for (const input of inputs) {
        const [a, b] = [JSON.stringify(await call(reference, input)), JSON.stringify(await call(store, input))];
        if (a === b) equal++;
        else if (differ.length < 3) differ.push(input);
      }
      same[name] = { equal, of: inputs.length, ...(differ.length ? { firstDifferences: differ } : {}) };
    };
    await compare("find", calls.find, (g, q) => g.find(q, { limit: 10 }));
    await compare("conceptsOf", calls.conceptsOf, (g, f) => g.conceptsOf(f, { limit: 30 }));
    await compare("filmsOf", calls.filmsOf, (g, k) => g.filmsOf(k, { limit: 50 }));
    await compare("related", calls.related, (g, k) => g.related(k, { limit: 10 }));
    await compare("communitiesOf", calls.communitiesOf, (g, k) => g.communitiesOf(k));
    await compare("searchCommunities", calls.searchCommunities, (g, q) => g.searchCommunities(q, { limit: 5 }));
    await compare("community", reference.parts.reports.map((r) => r.id), (g, id) => g.community(id));
    return { uri: conn.target.uri, parity: same, latency: await timeAll(store, calls) };
  } finally {
    await conn.close();
  }
}
