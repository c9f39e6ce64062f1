import type { VectorItem, VectorQuery } from "../../ports/vector-store";
import { pointId } from "./ids";

/**
 * Pure builders for the Qdrant request bodies, in the shapes @qdrant/js-client-rest takes (and sends
 * as JSON), so tests check them without a server.
 */

export interface PointPayload {
  id: string;
  type: string;
  name: string;
}

export interface QdrantFilter {
  must: ({ key: string; match: { any: string[] } } | { has_id: string[] })[];
}

export function createCollectionRequest(dimension: number, embedderId: string) {
  if (!Number.isInteger(dimension) || dimension < 1) throw new RangeError(`vector dimension must be a positive integer, got ${dimension}`);
  return {
    vectors: { size: dimension, distance: "Cosine" as const },
    // Which embedder made the vectors: start-up refuses to search them with another one.
    metadata: { embedder: embedderId, dimension },
  };
}

/** A keyword index on payload `type`, so type filters do not scan. */
export function typeIndexRequest() {
  return { field_name: "type", field_schema: "keyword" as const, wait: true };
}

export function upsertRequest(items: readonly VectorItem[]) {
  return {
    wait: true,
    points: items.map((it) => ({ id: pointId(it.id), vector: Array.from(it.vector), payload: { id: it.id, type: it.type, name: it.name } satisfies PointPayload })),
  };
}

/** Bounded upsert bodies, `batchSize` points each. */
export function upsertRequests(items: readonly VectorItem[], batchSize: number) {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batch size must be a positive integer, got ${batchSize}`);
  const out: ReturnType<typeof upsertRequest>[] = [];
  for (let i = 0; i < items.length; i += batchSize) out.push(upsertRequest(items.slice(i, i + batchSize)));
  return out;
}

export function vectorFilter(query: Pick<VectorQuery, "types" | "ids">): QdrantFilter | undefined {
  const must: QdrantFilter["must"] = [];
  if (query.types?.length) must.push({ key: "type", match: { any: [...new Set(query.types)] } });
  if (query.ids) must.push({ has_id: [...new Set(query.ids)].map(pointId) });
  return must.length ? { must } : undefined;
}

/**
 * A nearest-neighbour query: top `k` by cosine, the threshold applied by the server. A search within
 * given ids is exact (a full scan of those points), as the embedded store's is; HNSW is for the rest.
 */
export function searchRequest(vector: Float32Array, query: VectorQuery = {}) {
  const filter = vectorFilter(query);
  return {
    query: Array.from(vector),
    limit: query.k ?? 10,
    with_payload: ["id", "type"],
    with_vector: false,
    ...(filter ? { filter } : {}),
    ...(query.threshold !== undefined ? { score_threshold: query.threshold } : {}),
    ...(query.ids ? { params: { exact: true } } : {}),
  };
}

/** An exact count, optionally of the points with these node ids (ingest's resume check). */
export function countRequest(ids?: readonly string[]) {
  return { exact: true, ...(ids ? { filter: { must: [{ has_id: [...new Set(ids)].map(pointId) }] } } : {}) };
}
