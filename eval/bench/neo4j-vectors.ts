import { pathToFileURL } from "node:url";
import { EmbeddedVectorStore } from "../../src/adapters/embedded/vector-store";
import { Neo4jConnection, neo4jSettingsFromEnv } from "../../src/adapters/neo4j/connection";
import { cosineFromNeo4j } from "../../src/adapters/neo4j/vector-cypher";
import { DEFAULT_LABEL } from "../../src/adapters/neo4j/schema";
import { Neo4jVectorStore } from "../../src/adapters/neo4j/vector-store";
import { runMain } from "../../src/cli/entry";
import { ingestIntoBackends } from "../../src/cli/ingest-backends";
import { loadConfig, type Config } from "../../src/config";
import { AppError } from "../../src/errors";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { loadKnowledgeBase } from "../../src/kb/load";
import type { VectorHit, VectorQuery } from "../../src/ports/vector-store";
import { silentProgress } from "../../src/util/progress";
import { stableSample } from "../../src/util/random";
import { mean, round } from "../../src/util/stats";
import { timeCalls } from "./timing";

const SEED = 20261123;

export interface Neo4jVectorBenchOptions {
  /** Sampled films; each gives two queries: its own stored vector and the embedding of its overview. */
  queries?: number;
  k?: number;
  /** Index over-fetch factors to compare (the store's default is 8). */
  overfetch?: readonly number[];
  log?: (line: string) => void;
}

/**
 * Neo4j as the vector store, against the embedded exact scan it replaces: a fresh ingest of every
 * movie vector (timed), then for seeded sampled films, top-k from the Neo4j index versus the exact
 * top-k: recall@k, how far its scores are from the exact cosine, and latency per query. Needs
 * NEO4J_URI and NEO4J_PASSWORD; it drops and rewrites this embedder's vector space.
 */
export async function benchNeo4jVectors(kb: Pick<KnowledgeBase, "graph" | "vectors" | "embedder">, config: Config, options: Neo4jVectorBenchOptions = {}): Promise<Record<string, unknown>> {
  const exact = kb.vectors;
  if (!(exact instanceof EmbeddedVectorStore)) throw new AppError("config_invalid", "the neo4j-vectors bench compares with the embedded store; load it with VECTOR_STORE=embedded");
  const k = options.k ?? 10;
  const log = options.log ?? (() => {});
  const conn = new Neo4jConnection(neo4jSettingsFromEnv(config.env));
  try {
    await conn.verify();
    const store = new Neo4jVectorStore(conn, kb.embedder.id, exact.dimension);

    let t0 = performance.now();
    await store.drop();
    const dropMs = performance.now() - t0;
    log(`neo4j-vectors: ingesting ${await exact.size()} vectors into :${store.space.label}`);
    t0 = performance.now();
    const ingest = await ingestIntoBackends(kb, config, { vectors: "neo4j" }, { progress: silentProgress, log });
    const ingestMs = performance.now() - t0;

    const { ids, matrix } = exact.export();
    const d = exact.dimension;
    const zeroVectors = ids.filter((_, i) => matrix.subarray(i * d, (i + 1) * d).every((x) => x === 0)).length;
    const films = stableSample(ids, options.queries ?? 200, SEED, (id) => id);
    const selfQueries = films.map((id) => exact.vectorOf(id)!);
    const nodes = await kb.graph.getNodes(films);
    const overviews = nodes.map((n) => n?.overview ?? n?.plot ?? n?.name ?? "");
    const overviewQueries = (await kb.embedder.embed(overviews, { kind: "query" })).filter((v) => v.some((x) => x !== 0));

    const compare = async (queries: Float32Array[], search: (v: Float32Array) => Promise<VectorHit[]>, query: VectorQuery) => {
      const recalls: number[] = [];
      let top1 = 0;
      let maxScoreError = 0;
      for (const v of queries) {
        const want = exact.searchSync(v, query);
        const got = await search(v);
        const wanted = new Map(want.map((h) => [h.id, h.score]));
        recalls.push(want.length ? got.filter((h) => wanted.has(h.id)).length / want.length : 1);
        if (got[0]?.id === want[0]?.id) top1++;
        for (const h of got) if (wanted.has(h.id)) maxScoreError = Math.max(maxScoreError, Math.abs(h.score - wanted.get(h.id)!));
      }
      const timing = await timeCalls(queries, search);
      return { recallAtK: round(mean(recalls), 4), minRecall: round(Math.min(...recalls), 2), top1Agreement: round(top1 / queries.length, 4), maxScoreError: Number(maxScoreError.toExponential(2)), p50Ms: timing.p50Ms, p95Ms: timing.p95Ms };
    };

    const sets = { self: selfQueries, overview: overviewQueries };
    const results: Record<string, unknown> = {};
    for (const [name, queries] of Object.entries(sets)) {
      const byOverfetch: Record<string, unknown> = {};
      for (const f of options.overfetch ?? [1, 2, 4, 8]) {
        const s = new Neo4jVectorStore(conn, kb.embedder.id, d, { overfetch: f });
        byOverfetch[`overfetch${f}`] = await compare(queries, (v) => s.search(v, { k }), { k });
      }
      // With the store's defaults, under a type filter (which the index cannot apply itself).
      const typed = await compare(queries, (v) => store.search(v, { k, types: ["Movie"] }), { k, types: ["Movie"] });
      // Within given ids (the exact path): the exact top 50 plus 50 others, sorted by name; made before timing.
      const others = stableSample(ids, 50, SEED + 1, (id) => id);
      const pools = new Map(queries.map((v) => [v, [...new Set([...exact.searchSync(v, { k: 50 }).map((h) => h.id), ...others])].sort()]));
      const within = await compare(queries, (v) => store.search(v, { k, ids: pools.get(v)! }), { k });
      const embedded = await timeCalls(queries, (v) => exact.search(v, { k }));
      results[name] = { queries: queries.length, ...byOverfetch, typesMovie: typed, withinIds: within, embeddedExact: { p50Ms: embedded.p50Ms, p95Ms: embedded.p95Ms } };
    }

    // The index's own scores, converted: how far they are from the exact cosine (why search rescores).
    let indexScoreError = 0;
    for (const v of selfQueries.slice(0, 50)) {
      const rows = await conn.read({ text: "CALL db.index.vector.queryNodes($index, toInteger($k), $vector) YIELD node, score RETURN node.id AS id, score", params: { index: store.space.index, k, vector: Array.from(v) } });
      const want = new Map(exact.searchSync(v, { k: 50 }).map((h) => [h.id, h.score]));
      for (const r of rows) {
        const cos = want.get(String(r.id));
        if (cos !== undefined) indexScoreError = Math.max(indexScoreError, Math.abs(cosineFromNeo4j(Number(r.score)) - cos));
      }
    }

    return {
      embedder: kb.embedder.id,
      dimension: d,
      label: store.space.label,
      index: store.space.index,
      vectors: ids.length,
      zeroVectors,
      dropMs: Math.round(dropMs),
      ingestMs: Math.round(ingestMs),
      vectorsPerSecond: Math.round(ids.length / (ingestMs / 1000)),
      ingestChecks: ingest.checks,
      // Vectors whose id is a node of the graph in the same database (when the graph is loaded there).
      linkedToGraph: await store.countLinked(DEFAULT_LABEL),
      k,
      ...results,
      indexScoreMaxError: Number(indexScoreError.toExponential(2)),
    };
  } finally {
    await conn.close();
  }
}

/** `npx tsx eval/bench/neo4j-vectors.ts` with NEO4J_URI and NEO4J_PASSWORD set (EMBEDDER=corpus recommended). */
async function main(): Promise<void> {
  const base = loadConfig();
  // The reference is the embedded store, whatever VECTOR_STORE says.
  const config = { ...base, env: { ...base.env, GRAPH_STORE: "embedded" as const, VECTOR_STORE: "embedded" as const } };
  const kb = await loadKnowledgeBase(config, { log: () => {} });
  const load = (await import("node:os")).loadavg().map((x) => round(x, 2));
  const out = await benchNeo4jVectors(kb, config, { log: (l) => process.stderr.write(`${l}\n`) });
  process.stdout.write(`${JSON.stringify({ machine: { cpus: (await import("node:os")).cpus().length, loadAvg: load, node: process.version }, neo4jVectors: out }, null, 2)}\n`);
  await kb.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runMain("bench failed", main);
