import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { fixtureKb } from "../helpers/fixture-kb";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});

describe("embedded graph store", () => {
  it("looks up a node with its types, degree, plot, overview and years", async () => {
    const node = await kb.graph.getNode("Starfall");
    expect(node).toMatchObject({ id: "Starfall", type: "Movie", types: ["Movie"], degree: 12, years: ["1999"] });
    expect(node!.plot).toContain("bends time");
    expect(node!.overview).toContain("collapsing star");
    expect(await kb.graph.getNode("Nobody")).toBeUndefined();
    expect((await kb.graph.getNodes(["Tom Harker", "Nobody"])).map((n) => n?.type)).toEqual(["Person", undefined]);
  });

  it("returns neighbours by edge type and direction, in KB order", async () => {
    expect(await kb.graph.neighbors("Starfall", { edges: ["ACTED_IN"], direction: "in" })).toEqual([
      { id: "Céline Dupré", edge: "ACTED_IN", direction: "in" },
      { id: "Tom Harker", edge: "ACTED_IN", direction: "in" },
    ]);
    expect((await kb.graph.neighbors("Tom Harker", { edges: ["ACTED_IN"], direction: "out" })).map((n) => n.id)).toEqual([
      "Starfall",
      "The Quiet Harbor",
      "Midnight Ledger",
      "Paper Moons",
    ]);
    // Wrong direction: a person is never the target of ACTED_IN.
    expect(await kb.graph.neighbors("Tom Harker", { edges: ["ACTED_IN"], direction: "in" })).toEqual([]);
  });

  it("filters by neighbour type and honours the limit", async () => {
    const movies = await kb.graph.neighbors("Ada Marlowe", { neighborType: "Movie" });
    expect(movies.map((n) => n.id)).toEqual(["Starfall", "Starfall Returns", "Starfall"]);
    const all = await kb.graph.neighbors("Drama", { direction: "in" });
    expect(all.map((n) => n.id)).toEqual(["The Quiet Harbor", "Paper Moons", "1999"]);
    expect(await kb.graph.neighbors("Drama", { direction: "in", limit: 2 })).toHaveLength(2);
  });

  it("answers a whole frontier in one call", async () => {
    const map = await kb.graph.neighborsMany(["Starfall", "Paper Moons", "Nobody"], { edges: ["RELEASED_IN"] });
    expect([...map.keys()]).toEqual(["Starfall", "Paper Moons"]);
    expect(map.get("Paper Moons")!.map((n) => n.id)).toEqual(["2010"]);
  });

  it("counts degree and relations by edge type and direction", async () => {
    expect(await kb.graph.degree("Tom Harker")).toBe(4);
    expect(await kb.graph.degree("Starfall", { edges: ["HAS_TAG"] })).toBe(3);
    expect(await kb.graph.degree("Nobody")).toBe(0);
    expect(await kb.graph.relations("Ada Marlowe")).toEqual([
      { edge: "DIRECTED", direction: "out", count: 2 },
      { edge: "DIRECTED", direction: "in", count: 1 },
      { edge: "WROTE", direction: "out", count: 1 },
      { edge: "RELEASED_IN", direction: "out", count: 1 },
      { edge: "HAS_GENRE", direction: "out", count: 1 },
    ]);
  });

  it("extracts a k-hop subgraph and says when the node cap cut it short", async () => {
    const one = await kb.graph.subgraph(["Paper Moons"], 1);
    expect(one.nodes.map((n) => n.id).sort()).toEqual(["2010", "Drama", "French", "Lena Marlowe", "Paper Moons", "Rita Vale", "Tom Harker", "family"].sort());
    expect(one.truncated).toBe(false);
    expect(one.edges).toContainEqual({ source: "Lena Marlowe", target: "Paper Moons", type: "DIRECTED" });
    const capped = await kb.graph.subgraph(["Paper Moons"], 3, { maxNodes: 5 });
    expect(capped.nodes).toHaveLength(5);
    expect(capped.truncated).toBe(true);
    const actors = await kb.graph.subgraph(["Paper Moons"], 2, { edges: ["ACTED_IN"] });
    expect(actors.edges.every((e) => e.type === "ACTED_IN")).toBe(true);
    expect(actors.nodes.map((n) => n.id)).toContain("Ledger of Ghosts"); // via Rita Vale
  });

  it("reports counts by node and edge type", async () => {
    const stats = await kb.graph.stats();
    expect(stats.nodesByType.Movie).toBe(8);
    expect(stats.nodesByType.Person).toBe(8);
    expect(stats.edgesByType.HAS_TAG).toBe(11);
    expect(stats.edges).toBe(59);
  });
});
