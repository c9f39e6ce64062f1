import { describe, expect, it } from "vitest";
import { EmbeddedVectorStore } from "../../src/adapters/embedded/vector-store";
import { unit } from "../helpers/vectors";

// The store's search, filters, replacement and dimension checks are the VectorStore contract
// (test/contracts), which runs on this store in every test run.

describe("WebAssembly dot-product scorer", () => {
  it("matches plain dot products, for dimensions that are not a multiple of 8 too", async () => {
    const { DotScorer } = await import("../../src/adapters/embedded/wasm/dot-scores");
    for (const dim of [5, 8, 13, 192]) {
      const rows = 37;
      const m = Float32Array.from({ length: rows * dim }, (_, i) => Math.sin(i * 0.37));
      const q = Float32Array.from({ length: dim }, (_, i) => Math.cos(i * 0.11));
      const scorer = DotScorer.create(m, rows, dim)!;
      expect(scorer).toBeDefined();
      const got = scorer.scores(q);
      for (let r = 0; r < rows; r++) {
        let want = 0;
        for (let j = 0; j < dim; j++) want += m[r * dim + j]! * q[j]!;
        expect(got[r]).toBeCloseTo(want, 4);
      }
    }
  });

  it("is the module its WAT source compiles to", async () => {
    const { compileDotScores } = await import("../../src/adapters/embedded/wasm/build");
    const { DOT_SCORES_WASM_BASE64 } = await import("../../src/adapters/embedded/wasm/dot-scores.wasm");
    expect(await compileDotScores()).toBe(DOT_SCORES_WASM_BASE64);
  });

  it("gives the same ranking through the store as the plain loop", async () => {
    const dim = 24;
    const items = Array.from({ length: 300 }, (_, i) => ({ id: `m${i}`, vector: unit(...Array.from({ length: dim }, (_, j) => Math.sin(i * 1.7 + j * 0.3))), type: "Movie" as const, name: `m${i}` }));
    const store = new EmbeddedVectorStore(dim);
    await store.upsert(items);
    const q = unit(...Array.from({ length: dim }, (_, j) => Math.cos(j)));
    const plain = items.map((it) => ({ id: it.id, s: it.vector.reduce((a, x, j) => a + x * q[j]!, 0) })).sort((a, b) => b.s - a.s).slice(0, 10).map((x) => x.id);
    expect((await store.search(q, { k: 10 })).map((h) => h.id)).toEqual(plain);
  });
});
