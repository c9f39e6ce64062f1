import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../src/config";
import { PROJECT_ROOT } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { EDGE_TYPES } from "../../src/kb/schema";
import { MOVIE_METRICS } from "../../src/ports/movie-catalog";
import type { EmbeddedGraphStore } from "../../src/adapters/embedded/graph-store";
import { reciprocalRankFusion } from "../../src/retrieval/fusion";
import { seededRandom, stableSample } from "../../src/util/random";
import { fnv1a32 } from "../../src/util/hash";
import { round } from "../../src/util/stats";
import { readMetaqa, stripBrackets } from "../datasets/metaqa";
import { sampleRecall } from "../embedder-sample";
import { timeCalls } from "./timing";

const SEED = 20261122;

function child(mode: "ingest" | "load", env: NodeJS.ProcessEnv): { ms: number; rssMiB: number; heapMiB: number; source: string } {
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", join(PROJECT_ROOT, "eval/bench/kb-child.ts"), mode], { env, encoding: "utf8", cwd: PROJECT_ROOT });
  if (r.status !== 0) throw new Error(`bench child (${mode}) failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!);
}

/** One typo: a deterministic single-letter substitution inside the longest word. */
function typo(name: string, rand: () => number): string {
  const words = name.split(" ");
  let w = 0;
  words.forEach((x, i) => (x.length > words[w]!.length ? (w = i) : 0));
  const word = words[w]!;
  if (word.length < 5) return name;
  const at = 1 + Math.floor(rand() * (word.length - 2));
  const letter = "abcdefghijklmnopqrstuvwxyz"[Math.floor(rand() * 26)]!;
  words[w] = word.slice(0, at) + (word[at] === letter ? "e" : letter) + word.slice(at + 1);
  return words.join(" ");
}

export async function benchKb(kb: KnowledgeBase, config: Config, baseline?: KnowledgeBase): Promise<Record<string, unknown>> {
  // Fresh processes: ingest from the raw files into a scratch cache, then a cold load of that snapshot.
  const scratch = mkdtempSync(join(tmpdir(), "mg-bench-"));
  // The ingest and load figures are the knowledge base's own: no model embedding in the children.
  const env = { ...process.env, CACHE_DIR: scratch, DATA_DIR: config.dataDir, EMBEDDER: "corpus" };
  const ingest = child("ingest", env);
  const load = child("load", env);
  rmSync(scratch, { recursive: true, force: true });

  const dataDir = config.dataDir!;
  const questions = readMetaqa(dataDir, 1, "dev");
  const rand = seededRandom(SEED);
  const topics = stableSample([...new Set(questions.map((q) => q.topic))], 1000, SEED, (t) => t);
  const mentions = {
    exact: topics,
    folded: topics.map((t) => t.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")),
    typo: topics.map((t) => typo(t, rand)),
    partial: topics.filter((t) => t.includes(" ")).map((t) => t.split(" ").pop()!),
  };
  const linking: Record<string, unknown> = {};
  for (const [kind, list] of Object.entries(mentions)) linking[kind] = await timeCalls(list, (m) => kb.linker.link(m, { limit: 10 }));
  const linkAll = await timeCalls([...mentions.exact, ...mentions.folded, ...mentions.typo, ...mentions.partial], (m) => kb.linker.link(m, { limit: 10 }));
  const top1 = (list: string[], expect: (i: number) => string) => round(list.filter((m, i) => kb.linker.link(m, { limit: 1 })[0]?.id === expect(i)).length / list.length, 3);
  const linkingAccuracy = { exactTop1: top1(mentions.exact, (i) => topics[i]!), foldedTop1: top1(mentions.folded, (i) => topics[i]!), typoTop1: top1(mentions.typo, (i) => topics[i]!) };

  // Neighbours by relation: random (node, edge type, direction) triples that exist in the KB.
  const graph = kb.graph as EmbeddedGraphStore;
  const n = graph.data.names.length;
  const nbQueries: { id: string; edge: (typeof EDGE_TYPES)[number]; direction: "out" | "in" }[] = [];
  while (nbQueries.length < 20000) {
    const i = Math.floor(rand() * n);
    const rels = graph.relationsAt(i);
    const r = rels[Math.floor(rand() * rels.length)];
    if (r) nbQueries.push({ id: graph.data.names[i]!, edge: r.edge, direction: r.direction });
  }
  const neighbors = await timeCalls(nbQueries, (q) => kb.graph.neighbors(q.id, { edges: [q.edge], direction: q.direction }));

  const texts = stableSample(questions, 1000, SEED, (q) => q.id).map((q) => stripBrackets(q.raw));
  const bm25 = await timeCalls(texts, (t) => kb.text.search(t, { limit: 10 }));
  const qvecs = await kb.embedder.embed(texts, { kind: "query" });
  const vector = await timeCalls(qvecs, (v) => kb.vectors.search(v, { k: 10, types: ["Movie"] }));
  const embedQuery = await timeCalls(texts, (t) => kb.embedder.embed([t]));

  // Superlatives: every metric, both orders, over all joined movies and within the sampled topics.
  const rankKinds = MOVIE_METRICS.flatMap((metric) => (["desc", "asc"] as const).flatMap((order) => [{ metric, order }, { metric, order, among: topics }]));
  const rankQueries = Array.from({ length: 2000 }, (_, i) => rankKinds[i % rankKinds.length]!);
  const rankTop10 = await timeCalls(rankQueries, (q) => kb.catalog.rank(q.metric, { order: q.order, among: q.among, limit: 10 }));

  return {
    ingestFromRawMs: ingest.ms,
    loadFromSnapshotMs: load.ms,
    residentMiBAfterLoad: load.rssMiB,
    heapMiBAfterLoad: load.heapMiB,
    entityLinking: { all: linkAll, ...linking, accuracy: linkingAccuracy },
    neighborsByRelation: neighbors,
    bm25Top10: bm25,
    vectorTop10AllMovies: { ...vector, movies: await kb.vectors.size(), dimension: kb.vectors.dimension },
    embedQuery,
    movieCatalog: { movies: kb.catalog.size, rankTop10 },
    embedderQuality: { embedder: kb.embedder.id, ...(await embedderQuality(kb)), ciSample: await sampleRecall(kb, kb.embedder) },
    // With a model embedder configured, the corpus embedder (LSA) on the same queries, for comparison.
    ...(baseline ? { baselineEmbedderQuality: { embedder: baseline.embedder.id, ...(await embedderQuality(baseline)), ciSample: await sampleRecall(baseline, baseline.embedder) } } : {}),
  };
}

/**
 * The offline embedder on a real task: each TMDB overview that joined a WikiMovies film is a query;
 * Recall@10 of finding that film by BM25 (overview field excluded), by vectors, and by reciprocal
 * rank fusion of both. The overview text is in no movie vector and, here, in no searched field.
 * Fusion weights are chosen on a seeded half of the queries and reported on the other half.
 */
async function embedderQuality(kb: KnowledgeBase): Promise<Record<string, unknown>> {
  const graph = kb.graph as EmbeddedGraphStore;
  const runs: { id: string; text: string[]; vec: string[]; tune: boolean }[] = [];
  const depth = 100;
  for (let i = 0; i < graph.data.names.length; i++) {
    const overview = graph.data.overviews[i];
    if (!overview) continue;
    const id = graph.data.names[i]!;
    const text = (await kb.text.search(overview, { types: ["Movie"], limit: depth, fields: ["name", "plot", "tags", "people"] })).map((h) => h.id);
    const [qv] = await kb.embedder.embed([overview], { kind: "query" });
    const vec = (await kb.vectors.search(qv!, { k: depth, types: ["Movie"] })).map((h) => h.id);
    runs.push({ id, text, vec, tune: fnv1a32(`${SEED}:${id}`) % 2 === 0 });
  }
  const recall = (subset: typeof runs, rank: (r: (typeof runs)[number]) => string[]) => round(subset.filter((r) => rank(r).slice(0, 10).includes(r.id)).length / subset.length, 4);
  const fuse = (k: number, w: number) => (r: (typeof runs)[number]) => reciprocalRankFusion([r.text, r.vec], { k, weights: [1, w] }).map((x) => x.id);
  const tune = runs.filter((r) => r.tune);
  const report = runs.filter((r) => !r.tune);
  let best = { k: 60, w: 1, recall: -1 };
  for (const k of [10, 30, 60]) for (const w of [0.1, 0.2, 0.35, 0.5, 1]) {
    const rec = recall(tune, fuse(k, w));
    if (rec > best.recall) best = { k, w, recall: rec };
  }
  return {
    queries: runs.length,
    recallAt10: { bm25: recall(runs, (r) => r.text), vectors: recall(runs, (r) => r.vec), hybridEqualWeights: recall(runs, fuse(60, 1)) },
    heldOutHalf: {
      queries: report.length,
      bm25: recall(report, (r) => r.text),
      vectors: recall(report, (r) => r.vec),
      hybridEqualWeights: recall(report, fuse(60, 1)),
      hybridTuned: recall(report, fuse(best.k, best.w)),
      tunedOn: { queries: tune.length, rrfK: best.k, vectorWeight: best.w },
    },
  };
}
