import { describe, expect, it } from "vitest";
import { Neo4jConnection } from "../../src/adapters/neo4j/connection";
import { Neo4jGraphStore } from "../../src/adapters/neo4j/graph-store";
import { Neo4jTextIndex } from "../../src/adapters/neo4j/text-index";
import { AppError, BackendUnavailableError } from "../../src/errors";
import { runTool } from "../../tools/tool";
import { neighbors as neighborsTool } from "../../tools/neighbors";
import { fixtureKb } from "../helpers/fixture-kb";
import { StubDriver, driverError, type Answer } from "../contracts/neo4j-stub";

/**
 * The Neo4j adapters over a stubbed driver: how they read rows back, keep the port's order and
 * unknown-id rules, validate what comes back, release sessions and fail. The Cypher itself only
 * runs in the live contract suite.
 */
const SECRET = "stub-secret-password";
const settings = { uri: "neo4j://graph.example:7687", user: "neo4j", password: SECRET, database: "movies", maxPool: 5, timeoutMs: 1234 };

function storeWith(answer: Answer) {
  const driver = new StubDriver(answer);
  const conn = new Neo4jConnection(settings, driver);
  return { driver, conn, store: new Neo4jGraphStore(conn, "ContractTestStub") };
}

const node = (id: string, extra: Record<string, unknown> = {}) => ({ node: { id, name: id, types: ["Person"], primaryType: "Person", degree: 2, plot: null, overview: null, years: null, ...extra } });

describe("neo4j graph store over a stubbed driver", () => {
  it("returns nodes in the order asked, undefined for unknown ids, movie fields only when stored", async () => {
    const { driver, store } = storeWith(() => [node("Starfall", { types: ["Movie"], primaryType: "Movie", plot: "a pilot", years: ["1999"] }), node("Tom Harker")]);
    const got = await store.getNodes(["Tom Harker", "Nobody", "Starfall", "Tom Harker"]);
    expect(got).toEqual([
      { id: "Tom Harker", name: "Tom Harker", type: "Person", types: ["Person"], degree: 2 },
      undefined,
      { id: "Starfall", name: "Starfall", type: "Movie", types: ["Movie"], degree: 2, plot: "a pilot", years: ["1999"] },
      { id: "Tom Harker", name: "Tom Harker", type: "Person", types: ["Person"], degree: 2 },
    ]);
    expect(driver.calls).toHaveLength(1);
    expect(driver.calls[0]).toMatchObject({ mode: "READ", params: { ids: ["Tom Harker", "Nobody", "Starfall"] }, timeout: 1234 });
    expect(driver.calls[0]!.text).toContain("(n:ContractTestStub {id: id})");
    expect(await store.getNodes([])).toEqual([]);
    expect(driver.calls).toHaveLength(1);
    expect(driver.opened).toBe(driver.closed);
  });

  it("answers a frontier in one query, decoding edge and direction, with entries only for known ids", async () => {
    const { driver, store } = storeWith(() => [
      { id: "Starfall", neighbors: [["Céline Dupré", 5], ["1999", 6]] },
      { id: "Tom Harker", neighbors: [] },
    ]);
    const map = await store.neighborsMany(["Tom Harker", "Nobody", "Starfall"], { edges: ["ACTED_IN", "RELEASED_IN"] });
    expect([...map.entries()]).toEqual([
      ["Tom Harker", []],
      [
        "Starfall",
        [
          { id: "Céline Dupré", edge: "ACTED_IN", direction: "in" },
          { id: "1999", edge: "RELEASED_IN", direction: "out" },
        ],
      ],
    ]);
    expect(driver.calls).toHaveLength(1);
    expect(await store.neighbors("Nobody")).toEqual([]);
  });

  it("reads relation counts in schema order and skips zeros", async () => {
    const counts = Array(18).fill(0);
    counts[0] = 2; // DIRECTED out
    counts[1] = 1; // DIRECTED in
    counts[13] = 3; // HAS_TAG in
    const { store } = storeWith(() => [{ id: "Ada Marlowe", counts }]);
    expect(await store.relations("Ada Marlowe")).toEqual([
      { edge: "DIRECTED", direction: "out", count: 2 },
      { edge: "DIRECTED", direction: "in", count: 1 },
      { edge: "HAS_TAG", direction: "in", count: 3 },
    ]);
  });

  it("rejects rows it does not understand with a typed error instead of passing them on", async () => {
    const { store } = storeWith(() => [{ node: { id: "x", name: "x", types: ["Alien"], primaryType: "Alien", degree: 1 } }]);
    const error = await store.getNode("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("data_invalid");
    expect((error as Error).message).toMatch(/getNodes: node\.types\.0/);
    const bad = storeWith(() => [{ id: "x", neighbors: [["y", 99]] }]);
    await expect(bad.store.neighbors("x")).rejects.toThrow(/neighbour key 99/);
  });

  it("counts the graph once and reuses it; countAll reads afresh", async () => {
    const { driver, store } = storeWith(() => [
      { key: "nodes", total: 3 },
      { key: "node:Movie", total: 2 },
      { key: "edge:ACTED_IN", total: 4 },
      { key: "edge:WROTE", total: 1 },
    ]);
    const stats = await store.stats();
    expect(stats).toMatchObject({ nodes: 3, edges: 5, nodesByType: { Movie: 2, Person: 0 }, edgesByType: { ACTED_IN: 4, WROTE: 1, HAS_TAG: 0 } });
    await store.stats();
    expect(driver.calls).toHaveLength(1);
    await store.countAll();
    expect(driver.calls).toHaveLength(2);
  });

  it("turns a server lost mid-run into BackendUnavailableError, closes the session, and lets the tool go on with a note", async () => {
    let up = true;
    const { driver, store } = storeWith(() => {
      if (up) return [{ id: "Tom Harker", neighbors: [["Starfall", 4]] }];
      throw driverError("ServiceUnavailable", `Connection was closed by server (${SECRET})`);
    });
    expect(await store.neighbors("Tom Harker")).toHaveLength(1);
    up = false;
    const error = await store.neighbors("Tom Harker").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toContain("neo4j at neo4j://graph.example:7687");
    expect((error as Error).message).not.toContain(SECRET);
    expect(driver.opened).toBe(driver.closed);

    const kb = { ...(await fixtureKb()), graph: store };
    const out = await runTool(neighborsTool, { entity: "Tom Harker" }, { kb, step: 1 });
    expect(out.evidence).toEqual([]);
    expect(out.error?.code).toBe("backend_unavailable");
    expect(out.notes[0]).toMatch(/^neighbors failed: neo4j at neo4j:\/\/graph\.example:7687/);
  });

  it("closes the driver with the connection", async () => {
    const { driver, conn } = storeWith(() => []);
    await conn.close();
    expect(driver.driverClosed).toBe(true);
  });
});

describe("neo4j text index over a stubbed driver", () => {
  it("sends one Lucene query with the filters and reports matched fields per hit", async () => {
    // The hit's fields come back as index terms (s_name, s_plot …).
    const driver = new StubDriver(() => [{ id: "Midnight Ledger", type: "Movie", score: 4.2, name: "midnight ledger", plot: "ledger heist", overview: null, tags: "crime", people: null }]);
    const index = new Neo4jTextIndex(new Neo4jConnection(settings, driver), "ContractTestStub");
    const hits = await index.search("the ledger heists", { types: ["Movie"], limit: 3, prefix: true });
    // "heists" is stemmed to "heist", as the embedded index does, so the plot matches it too.
    // Lucene's 4.2 times the two query terms the hit holds, as MiniSearch weighs it; a wider window is fetched to re-rank.
    expect(hits).toEqual([{ id: "Midnight Ledger", type: "Movie", score: 8.4, matched: { ledger: ["name", "plot"], heist: ["plot"] } }]);
    expect(driver.calls[0]!.params).toMatchObject({ index: "contractteststub_terms", types: ["Movie"], limit: 50 });
    expect(driver.calls[0]!.params.query).toContain("s_name:(ledger OR ledger*)^3");
  });

  it("makes no request for a query of stop words only", async () => {
    const driver = new StubDriver();
    const index = new Neo4jTextIndex(new Neo4jConnection(settings, driver));
    expect(await index.search("the of and")).toEqual([]);
    expect(driver.calls).toHaveLength(0);
  });
});
