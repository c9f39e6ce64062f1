import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedVectorStore } from "../../src/adapters/embedded/vector-store";
import type { VectorStore } from "../../src/ports/vector-store";
import { unit } from "../helpers/vectors";
import { fixtureWorld, type FixtureWorld } from "./fixture-world";

export interface VectorHarness {
  store: VectorStore;
  teardown(): Promise<void>;
}

/**
 * The VectorStore contract: cosine top-k best first, threshold, type and id filters, replacement on
 * upsert, and on the fixture's movie vectors the same neighbours as exact search. `setup(dimension)`
 * returns a fresh, empty store; each is torn down after the suite.
 */
export function vectorStoreContract(name: string, setup: (dimension: number) => Promise<VectorHarness>): void {
  describe(`${name}: VectorStore contract`, () => {
    const harnesses: VectorHarness[] = [];
    const fresh = async (dimension: number) => {
      const h = await setup(dimension);
      harnesses.push(h);
      return h.store;
    };
    let world: FixtureWorld;
    beforeAll(async () => {
      world = await fixtureWorld();
    });
    afterAll(async () => {
      for (const h of harnesses) await h.teardown();
    });

    it("returns the cosine top-k, best first, above the threshold, filtered by type", async () => {
      const store = await fresh(3);
      expect(store.dimension).toBe(3);
      await store.upsert([
        { id: "a", vector: unit(1, 0, 0), type: "Movie", name: "a" },
        { id: "b", vector: unit(1, 1, 0), type: "Movie", name: "b" },
        { id: "c", vector: unit(0, 1, 0), type: "Movie", name: "c" },
        { id: "d", vector: unit(1, 0.1, 0), type: "Person", name: "d" },
      ]);
      expect(await store.size()).toBe(4);
      const q = unit(1, 0.2, 0);
      const hits = await store.search(q, { k: 3 });
      expect(hits.map((h) => h.id)).toEqual(["d", "a", "b"]);
      expect(hits.map((h) => h.type)).toEqual(["Person", "Movie", "Movie"]);
      expect(hits[0]!.score).toBeCloseTo((1 + 0.02) / (Math.hypot(1, 0.2) * Math.hypot(1, 0.1)), 5);
      expect((await store.search(q, { k: 10, types: ["Movie"] })).map((h) => h.id)).toEqual(["a", "b", "c"]);
      expect((await store.search(q, { k: 10, threshold: 0.9 })).map((h) => h.id)).toEqual(["d", "a"]);
      expect((await store.search(q)).map((h) => h.id)).toEqual(["d", "a", "b", "c"]);
    });

    it("searches within given ids only", async () => {
      const store = await fresh(3);
      await store.upsert([
        { id: "Starfall", vector: unit(1, 0, 0), type: "Movie", name: "Starfall" },
        { id: "Céline Dupré", vector: unit(1, 1, 0), type: "Person", name: "Céline Dupré" },
        { id: "Paper Moons", vector: unit(0, 0, 1), type: "Movie", name: "Paper Moons" },
      ]);
      const q = unit(1, 0, 0);
      expect((await store.search(q, { ids: ["Paper Moons", "Céline Dupré", "Nobody"], k: 10 })).map((h) => h.id)).toEqual(["Céline Dupré", "Paper Moons"]);
      expect((await store.search(q, { ids: ["Paper Moons", "Céline Dupré"], k: 1 })).map((h) => h.id)).toEqual(["Céline Dupré"]);
      expect((await store.search(q, { ids: ["Paper Moons", "Céline Dupré"], types: ["Movie"] })).map((h) => h.id)).toEqual(["Paper Moons"]);
      expect(await store.search(q, { ids: [] })).toEqual([]);
    });

    it("replaces a vector on upsert of the same id and rejects wrong dimensions", async () => {
      const store = await fresh(2);
      await store.upsert([{ id: "x", vector: unit(1, 0), type: "Movie", name: "x" }]);
      await store.upsert([{ id: "x", vector: unit(0, 1), type: "Movie", name: "x" }]);
      expect(await store.size()).toBe(1);
      const [top] = await store.search(unit(0, 1));
      expect(top!.id).toBe("x");
      expect(top!.score).toBeCloseTo(1, 5);
      await expect(store.upsert([{ id: "y", vector: unit(1, 0, 0), type: "Movie", name: "y" }])).rejects.toThrow(/3 dimensions, expected 2/);
      expect(await store.size()).toBe(1);
    });

    it("finds the same nearest movies as exact search on the fixture's vectors", async () => {
      const store = await fresh(world.dimension);
      await store.upsert(world.vectors);
      expect(await store.size()).toBe(world.vectors.length);
      const exact = new EmbeddedVectorStore(world.dimension);
      await exact.upsert(world.vectors);
      for (const item of world.vectors) {
        const got = await store.search(item.vector, { k: 4, threshold: 0 });
        const want = await exact.search(item.vector, { k: 4, threshold: 0 });
        expect(got.map((h) => h.score), item.id).toEqual(want.map((h) => expect.closeTo(h.score, 4)));
        // Positions whose score ties a neighbour's may come back in either order.
        want.forEach((w, i) => {
          const tied = want.some((o, j) => j !== i && Math.abs(o.score - w.score) < 1e-5);
          if (!tied) expect(got[i]!.id, `${item.id} #${i}`).toBe(w.id);
        });
      }
    });
  });
}
