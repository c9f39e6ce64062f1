import { describe, expect, it } from "vitest";
import { EmbeddedVectorStore } from "../../src/adapters/embedded/vector-store";

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

describe("exact vector store", () => {
  it("returns the exact cosine top-k, best first, above the threshold, filtered by type", async () => {
    const store = new EmbeddedVectorStore(3);
    await store.upsert([
      { id: "a", vector: unit(1, 0, 0), type: "Movie", name: "a" },
      { id: "b", vector: unit(1, 1, 0), type: "Movie", name: "b" },
      { id: "c", vector: unit(0, 1, 0), type: "Movie", name: "c" },
      { id: "d", vector: unit(1, 0.1, 0), type: "Person", name: "d" },
    ]);
    const q = unit(1, 0.2, 0);
    const hits = await store.search(q, { k: 3 });
    expect(hits.map((h) => h.id)).toEqual(["d", "a", "b"]);
    expect(hits[0]!.score).toBeCloseTo((1 + 0.02) / (Math.hypot(1, 0.2) * Math.hypot(1, 0.1)), 5);
    expect((await store.search(q, { k: 10, types: ["Movie"] })).map((h) => h.id)).toEqual(["a", "b", "c"]);
    expect((await store.search(q, { k: 10, threshold: 0.9 })).map((h) => h.id)).toEqual(["d", "a"]);
  });

  it("replaces a vector on upsert of the same id and checks dimensions", async () => {
    const store = new EmbeddedVectorStore(2);
    await store.upsert([{ id: "x", vector: unit(1, 0), type: "Movie", name: "x" }]);
    await store.upsert([{ id: "x", vector: unit(0, 1), type: "Movie", name: "x" }]);
    expect(await store.size()).toBe(1);
    expect((await store.search(unit(0, 1)))[0]!.score).toBeCloseTo(1, 6);
    await expect(store.upsert([{ id: "y", vector: unit(1, 0, 0), type: "Movie", name: "y" }])).rejects.toThrow(/3 dimensions, expected 2/);
  });
});
