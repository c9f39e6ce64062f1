import type { Config } from "../config";
import { AppError, BackendUnavailableError } from "../errors";
import { Neo4jConnection, neo4jSettingsFromEnv } from "../adapters/neo4j/connection";
import { Neo4jGraphStore } from "../adapters/neo4j/graph-store";
import { Neo4jConceptGraph } from "../adapters/neo4j/concept-graph";
import type { ConceptGraph } from "../ports/concept-graph";
import { ensureSchema } from "../adapters/neo4j/ingest";
import { Neo4jTextIndex } from "../adapters/neo4j/text-index";
import { Neo4jVectorStore, listVectorSpaces, spaceExists, spaceProblem } from "../adapters/neo4j/vector-store";
import { QdrantVectorStore, collectionProblem, qdrantSettingsFromEnv } from "../adapters/qdrant/vector-store";
import type { Embedder } from "../ports/embedder";
import type { GraphStats } from "../ports/graph-store";
import { countGraph } from "./graph-data";
import type { KnowledgeBase } from "./knowledge-base";
import type { KbArtifacts } from "./load";

/**
 * Swaps the embedded graph/text/vector stores for the configured scale-out ones (Neo4j, Qdrant; the
 * graph and the vectors share one Neo4j connection when both are there).
 * With the defaults (GRAPH_STORE=embedded, VECTOR_STORE=embedded) it changes nothing. Each backend is
 * checked at start-up (reachable, schema in place, data loaded) so a bad setup fails here, with the
 * server's URL and what to do, rather than as empty answers later. Entity linking stays in process.
 */
export async function connectBackends(kb: Omit<KnowledgeBase, "info">, config: Config, artifacts: KbArtifacts, log: (line: string) => void): Promise<void> {
  if (config.env.GRAPH_STORE === "embedded" && config.env.VECTOR_STORE === "embedded") return;
  const closers: (() => Promise<void>)[] = [];
  let shared: Neo4jConnection | undefined;
  const neo4j = async (): Promise<Neo4jConnection> => {
    if (shared) return shared;
    const conn = new Neo4jConnection(neo4jSettingsFromEnv(config.env));
    closers.push(() => conn.close());
    log(`neo4j: connecting to ${conn.target.uri} (database "${conn.target.database}")`);
    await conn.verify();
    return (shared = conn);
  };
  try {
    if (config.env.GRAPH_STORE === "neo4j") {
      const conn = await neo4j();
      await ensureSchema(conn);
      const graph = new Neo4jGraphStore(conn);
      checkGraphCounts(await graph.stats(), countGraph(artifacts.data), conn.target.uri, log);
      kb.graph = graph;
      kb.text = new Neo4jTextIndex(conn);
      kb.concepts = await neo4jConcepts(conn, kb.concepts, log);
    }
    if (config.env.VECTOR_STORE === "qdrant") {
      const vectors = new QdrantVectorStore(qdrantSettingsFromEnv(config.env), kb.embedder.dimension, { log });
      log(`qdrant: connecting to ${vectors.target.url} (collection "${vectors.target.collection}")`);
      const info = await vectors.describe();
      const where = `qdrant at ${vectors.target.url}`;
      if (!info.exists) throw new BackendUnavailableError(`${where} has no collection "${vectors.target.collection}"; load it with npm run ingest -- --vectors qdrant`);
      const problem = collectionProblem(info, kb.embedder.dimension, kb.embedder.id);
      if (problem) throw new AppError("config_invalid", `${where}: collection "${vectors.target.collection}" ${problem}; re-run npm run ingest -- --vectors qdrant or set QDRANT_COLLECTION to another name`);
      const size = await vectors.size();
      if (size === 0) throw new BackendUnavailableError(`${where}: collection "${vectors.target.collection}" holds no vectors; load it with npm run ingest -- --vectors qdrant`);
      if (size !== artifacts.movieRows.length) log(`qdrant: warning: ${size} vectors stored, the local knowledge base has ${artifacts.movieRows.length} movies; re-run npm run ingest -- --vectors qdrant`);
      kb.vectors = vectors;
    }
    if (config.env.VECTOR_STORE === "neo4j") kb.vectors = await neo4jVectors(await neo4j(), kb.embedder, artifacts.movieRows.length, log);
  } catch (e) {
    await Promise.allSettled(closers.map((c) => c()));
    throw e;
  }
  const previous = kb.close;
  kb.close = async () => {
    await previous();
    for (const c of closers) await c();
  };
}

function checkGraphCounts(stored: GraphStats, local: GraphStats, uri: string, log: (line: string) => void): void {
  if (stored.nodes === 0) throw new BackendUnavailableError(`neo4j at ${uri} holds no knowledge graph (no :Entity nodes); load it with npm run ingest -- --graph neo4j`);
  if (stored.nodes !== local.nodes || stored.edges !== local.edges) {
    log(`neo4j: warning: it holds ${stored.nodes} nodes and ${stored.edges} edges, the local knowledge base ${local.nodes} and ${local.edges}; re-run npm run ingest -- --graph neo4j`);
  }
}

/** The concept graph in Neo4j, checked: loaded, and (else a warning) of the local knowledge base's size. */
async function neo4jConcepts(conn: Neo4jConnection, local: ConceptGraph, log: (line: string) => void): Promise<Neo4jConceptGraph> {
  const concepts = new Neo4jConceptGraph(conn);
  const [stored, expected] = await Promise.all([concepts.stats(), local.stats()]);
  if (stored.concepts === 0) throw new BackendUnavailableError(`neo4j at ${conn.target.uri} holds no concept graph (no :Concept nodes); load it with npm run ingest -- --graph neo4j`);
  if (stored.concepts !== expected.concepts || stored.filmLinks !== expected.filmLinks || stored.communities !== expected.communities) {
    log(`neo4j: warning: it holds ${stored.concepts} concepts, ${stored.filmLinks} film links and ${stored.communities} communities, the local knowledge base ${expected.concepts}, ${expected.filmLinks} and ${expected.communities}; re-run npm run ingest -- --graph neo4j`);
  }
  return concepts;
}

/** The embedder's vector space in Neo4j, checked: recorded for this embedder, indexed, online, not empty. */
async function neo4jVectors(conn: Neo4jConnection, embedder: Pick<Embedder, "id" | "dimension">, movies: number, log: (line: string) => void): Promise<Neo4jVectorStore> {
  const vectors = new Neo4jVectorStore(conn, embedder.id, embedder.dimension, { log });
  const { where, space } = vectors;
  const load = "load them with npm run ingest -- --vectors neo4j (with the same EMBEDDER)";
  log(`neo4j: vectors of ${embedder.id} in vector index "${space.index}"`);
  const info = await vectors.describe();
  if (!spaceExists(info)) {
    const others = (await listVectorSpaces(conn)).filter((o) => o.key !== space.key && o.count > 0);
    const what = `holds no vectors of embedder ${embedder.id} (${embedder.dimension} dimensions)`;
    if (others.length === 0) throw new BackendUnavailableError(`${where} ${what}; ${load}`);
    const list = others.map((o) => `${o.embedder} (${o.dimension} dimensions, ${o.count} vectors)`).join(", ");
    throw new AppError("config_invalid", `${where} ${what}, only of ${list}; set EMBEDDER to match, or ${load}`);
  }
  const problem = spaceProblem(info, space);
  if (problem) throw new AppError("config_invalid", `${where}: vector space "${space.key}" ${problem}; re-run npm run ingest -- --vectors neo4j`);
  if (info.index?.state !== "ONLINE") throw new BackendUnavailableError(`${where}: vector index "${space.index}" is ${info.index?.state ?? "missing"}, not online yet; wait for it, or re-run npm run ingest -- --vectors neo4j (which waits)`);
  const size = await vectors.size();
  if (size === 0) throw new BackendUnavailableError(`${where}: vector space "${space.key}" holds no vectors; ${load}`);
  if (size !== movies) log(`neo4j: warning: ${size} vectors stored, the local knowledge base has ${movies} movies; re-run npm run ingest -- --vectors neo4j`);
  return vectors;
}

/**
 * A worker thread's own connection to the graph backend, when it is Neo4j (its searches go to the
 * main thread, which holds the text and vector backends; the embedded graph is shared memory).
 */
export async function connectWorkerGraph(kb: KnowledgeBase, config: Config): Promise<void> {
  if (config.env.GRAPH_STORE !== "neo4j") return;
  const conn = new Neo4jConnection(neo4jSettingsFromEnv(config.env));
  await conn.verify();
  kb.graph = new Neo4jGraphStore(conn);
  kb.concepts = new Neo4jConceptGraph(conn);
  const previous = kb.close;
  kb.close = async () => {
    await previous();
    await conn.close();
  };
}
