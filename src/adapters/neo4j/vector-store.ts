import { z } from "zod";
import { AppError, InvalidInputError } from "../../errors";
import { NODE_TYPES } from "../../kb/schema";
import type { VectorHit, VectorItem, VectorQuery, VectorStore } from "../../ports/vector-store";
import type { Neo4jConnection, Row } from "./connection";
import { parseRows } from "./rows";
import { awaitIndexesQuery } from "./schema";
import {
  SPACE_META_LABEL,
  VECTOR_PROPERTY,
  annQuery,
  cosineFromNeo4j,
  countIdsQuery,
  deleteBatchQuery,
  dropSpaceStatements,
  idsQuery,
  initialFetch,
  linkedCountQuery,
  listSpacesQuery,
  readMetaQuery,
  showIndexQuery,
  sizeQuery,
  spaceStatements,
  upsertQuery,
  vectorSpace,
  writeMetaQuery,
  type VectorSpace,
} from "./vector-cypher";

/** Row shapes the vector store relies on, checked as they come back from the server. */
const count = z.number().int().min(0);
export const HitRow = z.object({ id: z.string(), type: z.enum(NODE_TYPES), similarity: z.number() });
export const CountRow = z.object({ count });
export const DeletedRow = z.object({ deleted: count });
export const MetaRow = z.object({ embedder: z.string(), dimension: z.number().int() });
export const SpaceRow = z.object({ key: z.string(), embedder: z.string(), dimension: z.number().int(), label: z.string() });
export const IndexRow = z.object({
  name: z.string(),
  type: z.string(),
  state: z.string(),
  labelsOrTypes: z.array(z.string()).nullable(),
  properties: z.array(z.string()).nullable(),
  options: z.object({ indexConfig: z.record(z.string(), z.unknown()) }),
});

const VECTOR_LOAD_HINT = "Were the vectors loaded with npm run ingest -- --vectors neo4j?";

/** Rows of a vector query, checked like the graph's, with the vector ingest as the hint. */
function parseVectorRows<T>(schema: z.ZodType<T>, rows: readonly Row[], what: string): T[] {
  return parseRows(schema, rows, what, VECTOR_LOAD_HINT);
}

/** What the database holds for one space: its record, and its index as SHOW INDEXES reports it. */
export interface SpaceInfo {
  meta?: { embedder: string; dimension: number };
  index?: { type: string; state: string; labels: string[]; properties: string[]; dimension?: number; similarity?: string };
}

export function spaceExists(info: SpaceInfo): boolean {
  return info.meta !== undefined || info.index !== undefined;
}

/** The index part of a SHOW INDEXES row. */
export function indexInfo(row: z.infer<typeof IndexRow>): NonNullable<SpaceInfo["index"]> {
  const dims = row.options.indexConfig["vector.dimensions"];
  const similarity = row.options.indexConfig["vector.similarity_function"];
  return {
    type: row.type,
    state: row.state,
    labels: row.labelsOrTypes ?? [],
    properties: row.properties ?? [],
    ...(typeof dims === "number" ? { dimension: dims } : {}),
    ...(typeof similarity === "string" ? { similarity } : {}),
  };
}

/**
 * Why an existing space cannot serve this embedder, or undefined when it can (or does not exist).
 * `indexPending`: ingest creates the index after the vectors, so a space without one is unfinished, not wrong.
 */
export function spaceProblem(info: SpaceInfo, space: VectorSpace, options: { indexPending?: boolean } = {}): string | undefined {
  if (!spaceExists(info)) return undefined;
  const { meta, index } = info;
  if (meta && meta.embedder !== space.embedder) return `was built with embedder ${meta.embedder}, not ${space.embedder}`;
  if (meta && meta.dimension !== space.dimension) return `holds ${meta.dimension}-dimensional vectors but the embedder (${space.embedder}) makes ${space.dimension}`;
  if (!index && options.indexPending && meta) return undefined;
  if (!index) return `has no vector index "${space.index}" (an ingest did not finish)`;
  if (index.type !== "VECTOR") return `has a ${index.type} index named "${space.index}", not a vector index`;
  if (index.labels.join() !== space.label || index.properties.join() !== VECTOR_PROPERTY) return `has its index "${space.index}" on (${index.labels.join("|")}).${index.properties.join(",")}, not (${space.label}).${VECTOR_PROPERTY}`;
  if (index.dimension !== space.dimension) return `has an index for ${index.dimension ?? "unknown"}-dimensional vectors but the embedder (${space.embedder}) makes ${space.dimension}`;
  if (index.similarity?.toUpperCase() !== "COSINE") return `has an index with ${index.similarity ?? "unknown"} similarity, not cosine`;
  if (index.state === "FAILED") return `has an index "${space.index}" that failed to build`;
  if (!meta) return `has no record of its embedder (no :${SPACE_META_LABEL} {key: "${space.key}"})`;
  return undefined;
}

export interface Neo4jVectorStoreOptions {
  /** Vectors per UNWIND transaction. */
  batchSize?: number;
  /**
   * Neighbours asked of the index per neighbour wanted. On the LSA movie vectors (eval/bench/neo4j-vectors.ts,
   * 200 films' own vectors and 200 overview embeddings) recall@10 was 0.86–0.93, 0.93–0.97, 0.97–0.99 and
   * 0.99–1.00 for 1, 2, 4 and 8, at a p50 of 1.6 to 3.4 ms a query.
   */
  overfetch?: number;
  /** Most neighbours asked of the index in one query while a type filter leaves fewer than k. */
  fetchCap?: number;
  log?: (line: string) => void;
}

/** Ties by id, so equal scores come back in the same order every time. */
function byScoreThenId(a: VectorHit, b: VectorHit): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Vectors in Neo4j under its native HNSW vector index (cosine), one `(:Vec_<space> {id, type, name,
 * embedding})` node per item; a space per embedder, so the ids are the KB node ids and the graph's
 * `(:Entity {id})` is one indexed look-up away. Search asks the index for the approximate nearest
 * nodes and rescores them exactly; a search within given ids is exact. Failures surface as the
 * connection's typed errors.
 */
export class Neo4jVectorStore implements VectorStore {
  readonly kind = "neo4j-vector";
  readonly space: VectorSpace;
  private readonly batchSize: number;
  private readonly overfetch: number;
  private readonly fetchCap: number;
  private readonly writeTimeoutMs: number;

  constructor(
    private readonly conn: Neo4jConnection,
    embedderId: string,
    readonly dimension: number,
    private readonly options: Neo4jVectorStoreOptions = {},
  ) {
    this.space = vectorSpace(embedderId, dimension);
    this.batchSize = options.batchSize ?? 1000;
    this.overfetch = options.overfetch ?? 8;
    this.fetchCap = options.fetchCap ?? 4096;
    this.writeTimeoutMs = Math.max(conn.target.timeoutMs, 120_000);
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) throw new RangeError(`batch size must be a positive integer, got ${this.batchSize}`);
    if (!(this.overfetch >= 1)) throw new RangeError(`overfetch must be at least 1, got ${this.overfetch}`);
  }

  get where(): string {
    return `neo4j at ${this.conn.target.uri} (database "${this.conn.target.database}")`;
  }

  async describe(): Promise<SpaceInfo> {
    const [meta] = parseVectorRows(MetaRow, await this.conn.read(readMetaQuery(this.space), { doing: "reading the vector space" }), "vector space record");
    const [index] = parseVectorRows(IndexRow, await this.conn.read(showIndexQuery(this.space), { doing: "reading the vector index" }), "vector index");
    return { ...(meta ? { meta } : {}), ...(index ? { index: indexInfo(index) } : {}) };
  }

  /**
   * Creates the space (constraint, record and, unless `deferIndex`, the vector index, awaited online)
   * when missing. An incompatible space is dropped and recreated when `recreate` is set (ingest), and
   * refused otherwise. Ingest defers the index: built over vectors already written it is one HNSW
   * graph, while one filled batch by batch is many Lucene segments, each searched on every query
   * (on the 16k LSA movie vectors: 16 ms a query against 2, and recall@10 0.90 against 0.94).
   */
  async ensureSpace(options: { recreate?: boolean; deferIndex?: boolean; awaitSeconds?: number } = {}): Promise<"created" | "recreated" | "exists"> {
    const info = await this.describe();
    const problem = spaceProblem(info, this.space, { indexPending: options.deferIndex });
    let outcome: "created" | "recreated" | "exists" = spaceExists(info) ? "exists" : "created";
    if (problem) {
      if (!options.recreate) throw new AppError("config_invalid", `${this.where}: vector space "${this.space.key}" ${problem}; re-run npm run ingest -- --vectors neo4j`);
      this.options.log?.(`neo4j vector space "${this.space.key}" ${problem}: recreating it`);
      await this.drop();
      outcome = "recreated";
    }
    const [constraint] = spaceStatements(this.space);
    await this.conn.write(constraint!, { doing: "creating the vector constraint" });
    await this.conn.write(writeMetaQuery(this.space), { doing: "recording the vector space" });
    if (!options.deferIndex) await this.createIndex(options.awaitSeconds);
    return outcome;
  }

  /** Creates the vector index if missing (populating it from the stored vectors) and waits until it is online. */
  async createIndex(awaitSeconds?: number): Promise<void> {
    const [, index] = spaceStatements(this.space);
    await this.conn.write(index!, { doing: "creating the vector index" });
    await this.awaitOnline(awaitSeconds);
  }

  /** Waits until every index is online (ingest calls it after the last batch). */
  async awaitOnline(seconds = 300): Promise<void> {
    await this.conn.read(awaitIndexesQuery(seconds), { timeoutMs: seconds * 1000 + 5000, doing: "waiting for the vector index" });
  }

  /** Deletes the space's vectors, then its index, constraint and record. */
  async drop(): Promise<void> {
    await dropVectorSpace(this.conn, this.space);
  }

  async size(): Promise<number> {
    return parseVectorRows(CountRow, await this.conn.read(sizeQuery(this.space), { doing: "counting vectors" }), "vector count")[0]?.count ?? 0;
  }

  /** How many of these ids already have a vector (ingest skips complete batches when resuming). */
  async countIds(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return parseVectorRows(CountRow, await this.conn.read(countIdsQuery(this.space, ids), { doing: "counting vectors" }), "vector count")[0]?.count ?? 0;
  }

  /** How many vectors have a graph node of the same id (both loaded: every one should). */
  async countLinked(graphLabel: string): Promise<number> {
    return parseVectorRows(CountRow, await this.conn.read(linkedCountQuery(this.space, graphLabel), { timeoutMs: this.writeTimeoutMs, doing: "matching vectors to graph nodes" }), "linked count")[0]?.count ?? 0;
  }

  async upsert(items: readonly VectorItem[]): Promise<void> {
    for (const it of items) {
      if (it.vector.length !== this.dimension) throw new Error(`vector for ${it.id} has ${it.vector.length} dimensions, expected ${this.dimension}`);
    }
    for (let i = 0; i < items.length; i += this.batchSize) {
      const batch = items.slice(i, i + this.batchSize);
      await this.conn.write(upsertQuery(this.space, batch), { timeoutMs: this.writeTimeoutMs, doing: `upserting ${batch.length} vectors` });
    }
  }

  /**
   * Cosine top-k. Within given ids: exact. Otherwise the index's approximate neighbours, asked for
   * `overfetch` × k and rescored exactly; under a type filter (applied to what the index returns) it
   * asks again for 4 × as many while fewer than k pass, the index has more and none fell below the
   * threshold. A zero query vector has no direction and finds nothing (the index rejects it).
   */
  async search(vector: Float32Array, query: VectorQuery = {}): Promise<VectorHit[]> {
    if (vector.length !== this.dimension) throw new Error(`query vector has ${vector.length} dimensions, expected ${this.dimension}`);
    if (!vector.every(Number.isFinite)) throw new InvalidInputError("query vector has non-finite values");
    const k = Math.floor(query.k ?? 10);
    const threshold = query.threshold ?? -Infinity;
    if (k <= 0 || query.ids?.length === 0) return [];
    if (query.ids) {
      const rows = parseVectorRows(HitRow, await this.conn.read(idsQuery(this.space, vector, query.ids, k, query.types), { doing: "scoring vectors" }), "vector search");
      return rows.map((r) => ({ id: r.id, type: r.type, score: cosineFromNeo4j(r.similarity) })).filter((h) => h.score >= threshold).sort(byScoreThenId);
    }
    if (vector.every((x) => x === 0)) return [];
    const types = query.types?.length ? new Set<string>(query.types) : undefined;
    let fetch = initialFetch(k, types !== undefined, this.overfetch, this.fetchCap);
    for (;;) {
      const rows = parseVectorRows(HitRow, await this.conn.read(annQuery(this.space, vector, fetch), { doing: "searching the vector index" }), "vector search");
      const scored = rows.map((r) => ({ id: r.id, type: r.type, score: cosineFromNeo4j(r.similarity) }));
      const hits = scored.filter((h) => h.score >= threshold && (!types || types.has(h.type))).sort(byScoreThenId);
      const exhausted = rows.length < fetch || fetch >= this.fetchCap;
      if (hits.length >= k || exhausted || scored.some((h) => h.score < threshold)) return hits.slice(0, k);
      fetch = Math.min(this.fetchCap, fetch * 4);
    }
  }

  /** The connection belongs to whoever made it (it may serve the graph too). */
  async close(): Promise<void> {}
}

/** The spaces recorded in the database, with the names they were created under. */
export async function listVectorSpaces(conn: Neo4jConnection): Promise<(VectorSpace & { count: number })[]> {
  const rows = parseVectorRows(SpaceRow, await conn.read(listSpacesQuery(), { doing: "listing vector spaces" }), "vector spaces");
  const out: (VectorSpace & { count: number })[] = [];
  for (const r of rows) {
    const space = vectorSpace(r.embedder, r.dimension);
    // A record whose names do not derive from its embedder was not written by this adapter.
    if (space.key !== r.key || space.label !== r.label) continue;
    const [c] = parseVectorRows(CountRow, await conn.read(sizeQuery(space), { doing: "counting vectors" }), "vector count");
    out.push({ ...space, count: c?.count ?? 0 });
  }
  return out;
}

/** Deletes a space's vectors in bounded transactions, then its index, constraint and record. */
export async function dropVectorSpace(conn: Neo4jConnection, space: VectorSpace, batch = 5000): Promise<void> {
  const timeoutMs = Math.max(conn.target.timeoutMs, 120_000);
  for (;;) {
    const [row] = parseVectorRows(DeletedRow, await conn.write(deleteBatchQuery(space, batch), { timeoutMs, doing: "deleting vectors" }), "delete");
    if ((row?.deleted ?? 0) === 0) break;
  }
  for (const q of dropSpaceStatements(space)) await conn.write(q, { doing: "dropping the vector index" });
}
