import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphStore, NeighborQuery } from "../../src/ports/graph-store";
import type { EmbeddedGraphStore } from "../../src/adapters/embedded/graph-store";
import type { EdgeType } from "../../src/kb/schema";
import { fixtureWorld, type FixtureWorld } from "./fixture-world";

export interface GraphHarness {
  store: GraphStore;
  teardown(): Promise<void>;
}

/** Query shapes every adapter must answer exactly as the embedded store does. */
const SHAPES: NeighborQuery[] = [
  {},
  { direction: "out" },
  { direction: "in" },
  { edges: ["ACTED_IN"] },
  { edges: ["HAS_TAG", "DIRECTED"], direction: "in" },
  { edges: ["RELEASED_IN", "WROTE", "RELEASED_IN"] },
  { neighborType: "Movie" },
  { neighborType: "Person", direction: "in" },
  { limit: 2 },
  { edges: ["HAS_GENRE"], direction: "in", limit: 1 },
  { edges: [] },
];

const DEGREE_SHAPES: Pick<NeighborQuery, "edges" | "direction">[] = [{}, { direction: "in" }, { edges: ["ACTED_IN", "HAS_TAG"], direction: "out" }, { edges: [] }];

const SUBGRAPHS: { seeds: string[]; hops: number; edges?: EdgeType[] }[] = [
  { seeds: ["Paper Moons"], hops: 1 },
  { seeds: ["Paper Moons"], hops: 2, edges: ["ACTED_IN"] },
  { seeds: ["Jonas Whitfield", "Drama"], hops: 2 },
  { seeds: ["Starfall"], hops: 0 },
  { seeds: ["Starfall"], hops: 2, edges: [] },
];

const edgeKeys = (edges: { source: string; target: string; type: string }[]) => edges.map((e) => `${e.source}|${e.type}|${e.target}`).sort();

/**
 * The GraphStore contract, checked on the fixture world: spot checks a reader can follow, then every
 * node and query shape against the embedded store (the reference: same results, same order).
 * `setup` loads the world into the store under test; `teardown` removes it.
 */
export function graphStoreContract(name: string, setup: (world: FixtureWorld) => Promise<GraphHarness>): void {
  describe(`${name}: GraphStore contract`, () => {
    let world: FixtureWorld;
    let harness: GraphHarness | undefined;
    let store: GraphStore;
    let ref: EmbeddedGraphStore;
    beforeAll(async () => {
      world = await fixtureWorld();
      harness = await setup(world);
      store = harness.store;
      ref = world.reference;
    });
    afterAll(async () => {
      await harness?.teardown();
    });

    it("looks up nodes with their types, degree, plot, overview and years", async () => {
      const film = await store.getNode("Starfall");
      expect(film).toMatchObject({ id: "Starfall", name: "Starfall", type: "Movie", types: ["Movie"], degree: 12, years: ["1999"] });
      expect(film!.plot).toContain("bends time");
      expect(film!.overview).toContain("collapsing star");
      expect(await store.getNode("Tom Harker")).toEqual({ id: "Tom Harker", name: "Tom Harker", type: "Person", types: ["Person"], degree: 4 });
      expect(await store.getNode("Nobody")).toBeUndefined();
      expect((await store.getNodes(["Tom Harker", "Nobody", "Starfall", "Tom Harker"])).map((n) => n?.id)).toEqual(["Tom Harker", undefined, "Starfall", "Tom Harker"]);
      expect(await store.getNodes([])).toEqual([]);
    });

    it("returns every node exactly as the reference store does", async () => {
      expect(await store.getNodes(world.ids)).toEqual(await ref.getNodes(world.ids));
    });

    it("lists neighbours by edge type and direction, in KB order", async () => {
      expect(await store.neighbors("Starfall", { edges: ["ACTED_IN"], direction: "in" })).toEqual([
        { id: "Céline Dupré", edge: "ACTED_IN", direction: "in" },
        { id: "Tom Harker", edge: "ACTED_IN", direction: "in" },
      ]);
      expect((await store.neighbors("Tom Harker", { edges: ["ACTED_IN"], direction: "out" })).map((n) => n.id)).toEqual(["Starfall", "The Quiet Harbor", "Midnight Ledger", "Paper Moons"]);
      expect(await store.neighbors("Tom Harker", { edges: ["ACTED_IN"], direction: "in" })).toEqual([]);
      expect((await store.neighbors("Ada Marlowe", { neighborType: "Movie" })).map((n) => n.id)).toEqual(["Starfall", "Starfall Returns", "Starfall"]);
      expect((await store.neighbors("Drama", { direction: "in" })).map((n) => n.id)).toEqual(["The Quiet Harbor", "Paper Moons", "1999"]);
      expect(await store.neighbors("Drama", { direction: "in", limit: 2 })).toHaveLength(2);
    });

    it("matches the reference neighbour lists for every node and query shape, one and many at a time", async () => {
      for (const shape of SHAPES) {
        const got = await store.neighborsMany(world.ids, shape);
        const want = await ref.neighborsMany(world.ids, shape);
        expect([...got.entries()], JSON.stringify(shape)).toEqual([...want.entries()]);
      }
      for (const id of ["Ada Marlowe", "1999", "Science Fiction", "family"]) {
        for (const shape of SHAPES) expect(await store.neighbors(id, shape), `${id} ${JSON.stringify(shape)}`).toEqual(await ref.neighbors(id, shape));
      }
    });

    it("answers a frontier with an entry for every known id, in the order asked", async () => {
      const map = await store.neighborsMany(["Paper Moons", "Nobody", "Starfall", "Paper Moons"], { edges: ["RELEASED_IN"] });
      expect([...map.keys()]).toEqual(["Paper Moons", "Starfall"]);
      expect(map.get("Paper Moons")).toEqual([{ id: "2010", edge: "RELEASED_IN", direction: "out" }]);
      expect(await store.neighborsMany([])).toEqual(new Map());
    });

    it("counts degree and relations by edge type and direction", async () => {
      expect(await store.degree("Tom Harker")).toBe(4);
      expect(await store.degree("Starfall", { edges: ["HAS_TAG"] })).toBe(3);
      expect(await store.degree("Starfall", { edges: ["ACTED_IN"], direction: "out" })).toBe(0);
      expect(await store.relations("Ada Marlowe")).toEqual([
        { edge: "DIRECTED", direction: "out", count: 2 },
        { edge: "DIRECTED", direction: "in", count: 1 },
        { edge: "WROTE", direction: "out", count: 1 },
        { edge: "RELEASED_IN", direction: "out", count: 1 },
        { edge: "HAS_GENRE", direction: "out", count: 1 },
      ]);
      const many = await store.relationsMany([...world.ids, "Nobody"]);
      expect([...many.entries()]).toEqual([...(await ref.relationsMany(world.ids)).entries()]);
      for (const id of world.ids) {
        for (const q of DEGREE_SHAPES) expect(await store.degree(id, q), `${id} ${JSON.stringify(q)}`).toBe(await ref.degree(id, q));
      }
    });

    it("treats unknown ids as absent: empty lists, zero, no map entry", async () => {
      expect(await store.neighbors("Nobody")).toEqual([]);
      expect(await store.relations("Nobody")).toEqual([]);
      expect(await store.degree("Nobody")).toBe(0);
      expect((await store.relationsMany(["Nobody"])).size).toBe(0);
      expect(await store.subgraph(["Nobody"], 2)).toEqual({ nodes: [], edges: [], truncated: false });
    });

    it("extracts k-hop subgraphs with the reference's nodes and edges, and says when the cap cut one short", async () => {
      for (const { seeds, hops, edges } of SUBGRAPHS) {
        const opts = edges ? { edges } : {};
        const got = await store.subgraph(seeds, hops, opts);
        const want = await ref.subgraph(seeds, hops, opts);
        expect(got.nodes.map((n) => n.id).sort(), JSON.stringify({ seeds, hops, edges })).toEqual(want.nodes.map((n) => n.id).sort());
        expect(edgeKeys(got.edges)).toEqual(edgeKeys(want.edges));
        expect(got.truncated).toBe(false);
      }
      const one = await store.subgraph(["Paper Moons"], 1);
      expect(one.edges).toContainEqual({ source: "Lena Marlowe", target: "Paper Moons", type: "DIRECTED" });
      expect(one.nodes.find((n) => n.id === "Paper Moons")).toEqual(await ref.getNode("Paper Moons"));
      const capped = await store.subgraph(["Paper Moons"], 3, { maxNodes: 5 });
      expect(capped.nodes).toHaveLength(5);
      expect(capped.truncated).toBe(true);
      expect(capped.nodes[0]!.id).toBe("Paper Moons");
    });

    it("reports counts by node and edge type", async () => {
      const stats = await store.stats();
      expect(stats.nodesByType.Movie).toBe(8);
      expect(stats.nodesByType.Person).toBe(8);
      expect(stats.edgesByType.HAS_TAG).toBe(11);
      expect(stats.edges).toBe(59);
      expect(stats).toEqual(await ref.stats());
    });
  });
}
