import { EmbeddedGraphStore } from "../adapters/embedded/graph-store";
import { EmbeddedVectorStore } from "../adapters/embedded/vector-store";
import { EmbeddedConceptGraph } from "../adapters/embedded/concept-graph";
import { Neo4jConceptGraph } from "../adapters/neo4j/concept-graph";
import { ingestConceptGraph, type ConceptIngestReport } from "../adapters/neo4j/concept-ingest";
import type { ConceptGraphStats } from "../ports/concept-graph";
import { Neo4jConnection, neo4jSettingsFromEnv } from "../adapters/neo4j/connection";
import { Neo4jGraphStore } from "../adapters/neo4j/graph-store";
import { ensureSchema, ingestGraph, type GraphIngestReport } from "../adapters/neo4j/ingest";
import { chunk } from "../adapters/neo4j/ingest-rows";
import { DEFAULT_LABEL } from "../adapters/neo4j/schema";
import { Neo4jVectorStore, listVectorSpaces } from "../adapters/neo4j/vector-store";
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
  vectors?: "qdrant" | "neo4j";
}

/** `--graph neo4j --vectors qdrant|neo4j` → targets; anything else is named in the error. */
export function parseTargets(graph: string | undefined, vectors: string | undefined): BackendTargets {
  if (graph !== undefined && graph !== "neo4j") throw new InvalidInputError(`--graph takes "neo4j" (got "${graph}")`);
  if (vectors !== undefined && vectors !== "qdrant" && vectors !== "neo4j") throw new InvalidInputError(`--vectors takes "qdrant" or "neo4j" (got "${vectors}")`);
  return { ...(graph ? { graph } : {}), ...(vectors ? { vectors } : {}) };
}

export interface BackendIngestOptions {
  /** Rows per Neo4j UNWIND transaction. */
  graphBatch?: number;
  /** Vectors per Qdrant upsert request or Neo4j transaction. */
  vectorBatch?: number;
  /** Drop the Qdrant collection, or this embedder's Neo4j vector space, first (stale vectors of other data would otherwise stay). */
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
  concepts?: ConceptIngestReport;
  checks: CountCheck[];
  ok: boolean;
}

/**
 * Pushes the loaded (embedded) knowledge base into the chosen backends, then reads their counts back
 * and compares them with the embedded store's, type by type. Graph and vectors in Neo4j share one
 * connection.
 */
export async function ingestIntoBackends(kb: Pick<KnowledgeBase, "graph" | "vectors" | "embedder"> & Partial<Pick<KnowledgeBase, "concepts">>, config: Config, targets: BackendTargets, options: BackendIngestOptions): Promise<BackendIngestSummary> {
  const progress = options.progress ?? createProgress();
  const checks: CountCheck[] = [];
  let graph: GraphIngestReport | undefined;
  let concepts: ConceptIngestReport | undefined;
  const usesNeo4j = targets.graph === "neo4j" || targets.vectors === "neo4j";
  if (targets.graph && !(kb.graph instanceof EmbeddedGraphStore)) throw new AppError("config_invalid", "ingest reads the graph from the embedded store; load it with GRAPH_STORE=embedded");
  if (targets.graph && !(kb.concepts instanceof EmbeddedConceptGraph)) throw new AppError("config_invalid", "ingest reads the concept graph from the embedded store; load it with GRAPH_STORE=embedded");
  if (targets.vectors && !(kb.vectors instanceof EmbeddedVectorStore)) throw new AppError("config_invalid", "ingest reads vectors from the embedded store; load it with VECTOR_STORE=embedded");
  const conn = usesNeo4j ? new Neo4jConnection(neo4jSettingsFromEnv(config.env)) : undefined;
  try {
    if (conn) {
      options.log(`neo4j: ${conn.target.uri} (database "${conn.target.database}")`);
      await conn.verify();
    }
    if (targets.graph && conn) {
      const data = (kb.graph as EmbeddedGraphStore).data;
      await ensureSchema(conn);
      graph = await ingestGraph(conn, data, { batchSize: options.graphBatch, progress });
      checks.push(...compareGraph(await new Neo4jGraphStore(conn).countAll(), countGraph(data)));
      // The concept layer after the graph: its film links MATCH the films.
      const local = kb.concepts as EmbeddedConceptGraph;
      concepts = await ingestConceptGraph(conn, local.parts, (node) => data.names[node]!, { batchSize: options.graphBatch, progress });
      checks.push(...compareConcepts(await new Neo4jConceptGraph(conn).stats(), await local.stats()));
    }
    if (targets.vectors) {
      const local = kb.vectors as EmbeddedVectorStore;
      const items = vectorItems(local);
      if (targets.vectors === "qdrant") checks.push(await ingestQdrant(items, local.dimension, kb.embedder.id, config, options, progress));
      else checks.push(...(await ingestNeo4jVectors(conn!, items, local.dimension, kb.embedder.id, targets.graph === "neo4j", options, progress)));
    }
  } finally {
    await conn?.close();
  }
  return { ...(graph ? { graph } : {}), ...(concepts ? { concepts } : {}), checks, ok: checks.every((c) => c.stored === c.expected) };
}

async function ingestQdrant(items: VectorItem[], dimension: number, embedderId: string, config: Config, options: BackendIngestOptions, progress: Progress): Promise<CountCheck> {
  const store = new QdrantVectorStore(qdrantSettingsFromEnv(config.env), dimension, { batchSize: options.vectorBatch, log: options.log });
  options.log(`qdrant: ${store.target.url} (collection "${store.target.collection}")`);
  if (options.freshVectors && (await store.describe()).exists) await store.deleteCollection();
  const outcome = await store.ensureCollection(embedderId, { recreate: true });
  await upsertResumable(store, "qdrant", items, outcome === "exists", options.vectorBatch ?? 256, progress);
  return { what: "qdrant vectors", stored: await store.size(), expected: items.length };
}

/**
 * The embedder's vector space: created (or recreated when incompatible), filled in resumable
 * batches, then indexed and the index awaited online. With the graph in the same database, every
 * vector should have the graph node of its id: that is counted too. Spaces of other embedders are
 * left alone, and named.
 */
async function ingestNeo4jVectors(conn: Neo4jConnection, items: VectorItem[], dimension: number, embedderId: string, withGraph: boolean, options: BackendIngestOptions, progress: Progress): Promise<CountCheck[]> {
  const store = new Neo4jVectorStore(conn, embedderId, dimension, { batchSize: options.vectorBatch, log: options.log });
  options.log(`neo4j: vectors of ${embedderId} under :${store.space.label}, vector index "${store.space.index}"`);
  for (const other of await listVectorSpaces(conn)) {
    if (other.key !== store.space.key) options.log(`neo4j: also holds ${other.count} vectors of embedder ${other.embedder} (${other.dimension} dimensions, :${other.label}); they stay`);
  }
  if (options.freshVectors) await store.drop();
  const outcome = await store.ensureSpace({ recreate: true, deferIndex: true });
  await upsertResumable(store, "neo4j", items, outcome === "exists", options.vectorBatch ?? 1000, progress);
  // After the vectors: the index is built in one pass (see ensureSpace); a no-op when it exists.
  options.log(`neo4j: building vector index "${store.space.index}"`);
  await store.createIndex();
  const checks: CountCheck[] = [{ what: "neo4j vectors", stored: await store.size(), expected: items.length }];
  if (withGraph) checks.push({ what: `neo4j vectors with an :${DEFAULT_LABEL} node`, stored: await store.countLinked(DEFAULT_LABEL), expected: items.length });
  return checks;
}

function compareGraph(stored: GraphStats, local: GraphStats): CountCheck[] {
  return [
    { what: "neo4j nodes", stored: stored.nodes, expected: local.nodes },
    { what: "neo4j edges", stored: stored.edges, expected: local.edges },
    ...Object.entries(local.nodesByType).map(([t, n]) => ({ what: `neo4j :${t} nodes`, stored: stored.nodesByType[t as keyof GraphStats["nodesByType"]] ?? 0, expected: n })),
    ...Object.entries(local.edgesByType).map(([t, n]) => ({ what: `neo4j ${t} edges`, stored: stored.edgesByType[t] ?? 0, expected: n })),
  ];
}

function compareConcepts(stored: ConceptGraphStats, local: ConceptGraphStats): CountCheck[] {
  return [
    ...Object.entries(local.conceptsByType).map(([t, n]) => ({ what: `neo4j ${t} concepts`, stored: stored.conceptsByType[t as keyof ConceptGraphStats["conceptsByType"]] ?? 0, expected: n })),
    { what: "neo4j film–concept links", stored: stored.filmLinks, expected: local.filmLinks },
    { what: "neo4j concept co-occurrence edges", stored: stored.cooccurrenceEdges, expected: local.cooccurrenceEdges },
    { what: "neo4j communities", stored: stored.communities, expected: local.communities },
    { what: "neo4j community levels", stored: stored.levels, expected: local.levels },
  ];
}

function vectorItems(store: EmbeddedVectorStore): VectorItem[] {
  const { ids, types, matrix } = store.export();
  const d = store.dimension;
  return ids.map((id, i) => ({ id, type: types[i]!, name: id, vector: matrix.subarray(i * d, (i + 1) * d) }));
}

/** Upserts in batches; when the store already existed, skips batches it holds in full until the first gap. */
async function upsertResumable(store: Pick<QdrantVectorStore | Neo4jVectorStore, "countIds" | "upsert">, name: string, items: VectorItem[], resume: boolean, batchSize: number, progress: Progress): Promise<void> {
  let resuming = resume;
  let done = 0;
  progress.start(`${name}: ${items.length} vectors`, items.length);
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
