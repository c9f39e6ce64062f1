import { EmbeddedGraphStore } from "../adapters/embedded/graph-store";
import { EmbeddedVectorStore } from "../adapters/embedded/vector-store";
import { Neo4jConnection, neo4jSettingsFromEnv } from "../adapters/neo4j/connection";
import { Neo4jGraphStore } from "../adapters/neo4j/graph-store";
import { ensureSchema, ingestGraph, type GraphIngestReport } from "../adapters/neo4j/ingest";
import { chunk } from "../adapters/neo4j/ingest-rows";
import { QdrantVectorStore, qdrantSettingsFromEnv } from "../adapters/qdrant/vector-store";
import type { Config } from "../config";
import { AppError, InvalidInputError } from "../errors";
import { countGraph } from "../kb/graph-data";
import type { KnowledgeBase } from "../kb/knowledge-base";
import type { GraphStats } from "../ports/graph-store";
import type { VectorItem } from "../ports/vector-store";
import { createProgress, type Progress } from "../util/progress";

export interface BackendTargets {
  graph?: "neo4j";
  vectors?: "qdrant";
}

/** `--graph neo4j --vectors qdrant` → targets; anything else is named in the error. */
export function parseTargets(graph: string | undefined, vectors: string | undefined): BackendTargets {
  if (graph !== undefined && graph !== "neo4j") throw new InvalidInputError(`--graph takes "neo4j" (got "${graph}")`);
  if (vectors !== undefined && vectors !== "qdrant") throw new InvalidInputError(`--vectors takes "qdrant" (got "${vectors}")`);
  return { ...(graph ? { graph } : {}), ...(vectors ? { vectors } : {}) };
}

export interface BackendIngestOptions {
  /** Rows per Neo4j UNWIND transaction. */
  graphBatch?: number;
  /** Points per Qdrant upsert. */
  vectorBatch?: number;
  /** Drop the Qdrant collection first (stale points from other data would otherwise stay). */
  freshVectors?: boolean;
  progress?: Progress;
  log: (line: string) => void;
}

export interface CountCheck {
  what: string;
  stored: number;
  expected: number;
}

export interface BackendIngestSummary {
  graph?: GraphIngestReport;
  checks: CountCheck[];
  ok: boolean;
}

/**
 * Pushes the loaded (embedded) knowledge base into the chosen backends, then reads their counts back
 * and compares them with the embedded store's, type by type.
 */
export async function ingestIntoBackends(kb: Pick<KnowledgeBase, "graph" | "vectors" | "embedder">, config: Config, targets: BackendTargets, options: BackendIngestOptions): Promise<BackendIngestSummary> {
  const progress = options.progress ?? createProgress();
  const checks: CountCheck[] = [];
  let graph: GraphIngestReport | undefined;
  if (targets.graph) {
    if (!(kb.graph instanceof EmbeddedGraphStore)) throw new AppError("config_invalid", "ingest reads the graph from the embedded store; load it with GRAPH_STORE=embedded");
    const conn = new Neo4jConnection(neo4jSettingsFromEnv(config.env));
    try {
      options.log(`neo4j: ${conn.target.uri} (database "${conn.target.database}")`);
      await conn.verify();
      await ensureSchema(conn);
      graph = await ingestGraph(conn, kb.graph.data, { batchSize: options.graphBatch, progress });
      checks.push(...compareGraph(await new Neo4jGraphStore(conn).countAll(), countGraph(kb.graph.data)));
    } finally {
      await conn.close();
    }
  }
  if (targets.vectors) {
    if (!(kb.vectors instanceof EmbeddedVectorStore)) throw new AppError("config_invalid", "ingest reads vectors from the embedded store; load it with VECTOR_STORE=embedded");
    const items = vectorItems(kb.vectors);
    const store = new QdrantVectorStore(qdrantSettingsFromEnv(config.env), kb.vectors.dimension, { batchSize: options.vectorBatch, log: options.log });
    options.log(`qdrant: ${store.target.url} (collection "${store.target.collection}")`);
    if (options.freshVectors && (await store.describe()).exists) await store.deleteCollection();
    const outcome = await store.ensureCollection(kb.embedder.id, { recreate: true });
    await upsertResumable(store, items, outcome === "exists", options.vectorBatch ?? 256, progress);
    checks.push({ what: "qdrant vectors", stored: await store.size(), expected: items.length });
  }
  return { ...(graph ? { graph } : {}), checks, ok: checks.every((c) => c.stored === c.expected) };
}

function compareGraph(stored: GraphStats, local: GraphStats): CountCheck[] {
  return [
    { what: "neo4j nodes", stored: stored.nodes, expected: local.nodes },
    { what: "neo4j edges", stored: stored.edges, expected: local.edges },
    ...Object.entries(local.nodesByType).map(([t, n]) => ({ what: `neo4j :${t} nodes`, stored: stored.nodesByType[t as keyof GraphStats["nodesByType"]] ?? 0, expected: n })),
    ...Object.entries(local.edgesByType).map(([t, n]) => ({ what: `neo4j ${t} edges`, stored: stored.edgesByType[t] ?? 0, expected: n })),
  ];
}

function vectorItems(store: EmbeddedVectorStore): VectorItem[] {
  const { ids, types, matrix } = store.export();
  const d = store.dimension;
  return ids.map((id, i) => ({ id, type: types[i]!, name: id, vector: matrix.subarray(i * d, (i + 1) * d) }));
}

/** Upserts in batches; when the collection already existed, skips batches it holds in full until the first gap. */
async function upsertResumable(store: QdrantVectorStore, items: VectorItem[], resume: boolean, batchSize: number, progress: Progress): Promise<void> {
  let resuming = resume;
  let done = 0;
  progress.start(`qdrant: ${items.length} vectors`, items.length);
  for (const batch of chunk(items, batchSize)) {
    if (!(resuming && (await store.countIds(batch.map((b) => b.id))) === batch.length)) {
      resuming = false;
      await store.upsert(batch);
    }
    progress.tick((done += batch.length));
  }
  progress.done();
}

export function formatChecks(summary: BackendIngestSummary): string {
  const width = Math.max(0, ...summary.checks.map((c) => c.what.length));
  return summary.checks.map((c) => `${c.what.padEnd(width)}  ${String(c.stored).padStart(8)} stored / ${String(c.expected).padStart(8)} expected  ${c.stored === c.expected ? "ok" : "MISMATCH"}`).join("\n");
}
