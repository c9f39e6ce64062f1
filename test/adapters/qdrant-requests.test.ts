import { describe, expect, it } from "vitest";
import { pointId } from "../../src/adapters/qdrant/ids";
import { countRequest, createCollectionRequest, searchRequest, typeIndexRequest, upsertRequests, vectorFilter } from "../../src/adapters/qdrant/requests";
import type { VectorItem } from "../../src/ports/vector-store";

const item = (i: number): VectorItem => ({ id: `movie ${i}`, type: "Movie", name: `movie ${i}`, vector: Float32Array.from([i, 1, 0]) });

describe("qdrant request bodies", () => {
  it("creates a Cosine collection of the embedder's dimension, recording the embedder", () => {
    expect(createCollectionRequest(192, "corpus-lsa-192:abc")).toEqual({ vectors: { size: 192, distance: "Cosine" }, metadata: { embedder: "corpus-lsa-192:abc", dimension: 192 } });
    expect(() => createCollectionRequest(0, "x")).toThrow(RangeError);
    expect(typeIndexRequest()).toEqual({ field_name: "type", field_schema: "keyword", wait: true });
  });

  it("upserts in bounded batches with deterministic ids and {id, type, name} payloads", () => {
    const bodies = upsertRequests(Array.from({ length: 600 }, (_, i) => item(i)), 256);
    expect(bodies.map((b) => b.points.length)).toEqual([256, 256, 88]);
    expect(bodies.every((b) => b.wait)).toBe(true);
    expect(bodies[2]!.points[87]).toEqual({ id: pointId("movie 599"), vector: [599, 1, 0], payload: { id: "movie 599", type: "Movie", name: "movie 599" } });
    expect(upsertRequests([], 256)).toEqual([]);
    expect(() => upsertRequests([item(1)], 0)).toThrow(RangeError);
  });

  it("searches top-k with the threshold on the server and only the payload it reads", () => {
    expect(searchRequest(Float32Array.from([0.5, 0.5]), { k: 3, threshold: 0.3 })).toEqual({ query: [0.5, 0.5], limit: 3, with_payload: ["id", "type"], with_vector: false, score_threshold: 0.3 });
    expect(searchRequest(Float32Array.from([1]))).toEqual({ query: [1], limit: 10, with_payload: ["id", "type"], with_vector: false });
  });

  it("filters by type and by node ids, and searches given ids exactly", () => {
    const body = searchRequest(Float32Array.from([1, 0]), { types: ["Movie", "Person", "Movie"], ids: ["Starfall", "Tom Harker", "Starfall"] });
    expect(body.filter).toEqual({ must: [{ key: "type", match: { any: ["Movie", "Person"] } }, { has_id: [pointId("Starfall"), pointId("Tom Harker")] }] });
    expect(body.params).toEqual({ exact: true });
    expect(vectorFilter({})).toBeUndefined();
    expect(vectorFilter({ types: [] })).toBeUndefined();
  });

  it("counts exactly, all points or those of given nodes", () => {
    expect(countRequest()).toEqual({ exact: true });
    expect(countRequest(["a", "b"])).toEqual({ exact: true, filter: { must: [{ has_id: [pointId("a"), pointId("b")] }] } });
  });
});
