import { beforeAll, describe, expect, it } from "vitest";
import { Neo4jConnection } from "../../src/adapters/neo4j/connection";
import { ingestGraph, dropLabel } from "../../src/adapters/neo4j/ingest";
import { mergeEdgesQuery, mergeNodesQuery, presentEdgesQuery, presentNodesQuery, pruneEdgesQuery, pruneNodesQuery } from "../../src/adapters/neo4j/ingest-cypher";
import { chunk, edgeRowsByType, graphStamp, nodeRows, type NodeRowData } from "../../src/adapters/neo4j/ingest-rows";
import { countGraph, type KbGraphData } from "../../src/kb/graph-data";
import { EDGE_TYPES, NODE_TYPES, type EdgeType } from "../../src/kb/schema";
import { fixtureWorld, type FixtureWorld } from "../contracts/fixture-world";
import { StubDriver } from "../contracts/neo4j-stub";

let world: FixtureWorld;
let rows: NodeRowData[];
beforeAll(async () => {
  world = await fixtureWorld();
  rows = nodeRows(world.data);
});

const SETTINGS = { uri: "neo4j://stub:7687", user: "neo4j", password: "stub-password", database: "neo4j", maxPool: 5, timeoutMs: 1000 };

describe("neo4j ingest rows", () => {
  it("carries every field the store reads back, movie text only on movies", () => {
    const starfall = rows.find((r) => r.id === "Starfall")!;
    expect(starfall).toMatchObject({ name: "Starfall", types: ["Movie"], primaryType: "Movie", degree: 12, years: ["1999"], tags: "Science Fiction ; space ; time travel ; captain nova" });
    expect(starfall.people).toBe("Ada Marlowe ; Ada Marlowe ; Ben Okafor ; Céline Dupré ; Tom Harker");
    expect(starfall.plot).toContain("bends time");
    expect(starfall.overview).toContain("collapsing star");
    expect(rows.find((r) => r.id === "Tom Harker")).toMatchObject({ types: ["Person"], plot: null, overview: null, tags: null, people: null, years: null });
    expect(rows.find((r) => r.id === "Ada Marlowe")).toMatchObject({ types: ["Movie", "Person"], years: ["2012"] });
  });

  it("numbers nodes by KB index and gives them the embedded store's degree and node", async () => {
    rows.forEach((r, i) => expect(r.ord).toBe(i));
    for (const r of rows) {
      const node = (await world.reference.getNode(r.id))!;
      expect({ type: r.primaryType, types: r.types, degree: r.degree }, r.id).toEqual({ type: node.type, types: node.types, degree: node.degree });
      expect(r.years ?? undefined).toEqual(node.years);
    }
  });

  it("groups edges by type in schema order, KB order within a type", () => {
    const byType = edgeRowsByType(world.data);
    expect([...byType.keys()]).toEqual([...EDGE_TYPES]);
    const counts = countGraph(world.data).edgesByType;
    for (const [type, list] of byType) {
      expect(list.length, type).toBe(counts[type]);
      expect(list.map((e) => e.ord)).toEqual([...list.map((e) => e.ord)].sort((a, b) => a - b));
      for (const e of list) expect(world.data.names[world.data.edgeSrc[e.ord]!]).toBe(e.src);
    }
    expect(byType.get("ACTED_IN")!.filter((e) => e.dst === "Starfall").map((e) => e.src)).toEqual(["Céline Dupré", "Tom Harker"]);
  });

  it("stamps the data with a stable 48-bit integer that changes with the content", () => {
    const stamp = graphStamp(world.data);
    expect(Number.isSafeInteger(stamp)).toBe(true);
    expect(stamp).toBeLessThan(2 ** 48);
    expect(graphStamp(world.data)).toBe(stamp);
    const changed: KbGraphData = { ...world.data, edgeDst: world.data.edgeDst.slice() };
    changed.edgeDst[0] = (changed.edgeDst[0]! + 1) % world.data.names.length;
    expect(graphStamp(changed)).not.toBe(stamp);
  });

  it("cuts rows into bounded batches", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe("neo4j ingest Cypher", () => {
  it("merges nodes on id, sets every property and keeps one label per type in step", () => {
    const q = mergeNodesQuery("Entity", rows.slice(0, 2), 42);
    expect(q.text).toMatch(/^UNWIND \$rows AS row\nMERGE \(n:Entity \{id: row\.id\}\)/);
    expect(q.text).toContain("n.degree = toInteger(row.degree), n.ord = toInteger(row.ord)");
    expect(q.text).toContain("n.ingest = toInteger($stamp)");
    for (const t of NODE_TYPES) {
      expect(q.text).toContain(`FOREACH (ignored IN CASE WHEN '${t}' IN row.types THEN [1] ELSE [] END | SET n:${t})`);
      expect(q.text).toContain(`FOREACH (ignored IN CASE WHEN '${t}' IN row.types THEN [] ELSE [1] END | REMOVE n:${t})`);
    }
    expect(q.params).toEqual({ rows: rows.slice(0, 2), stamp: 42 });
    expect(q.text).not.toContain("Starfall");
  });

  it("merges edges on their KB index between matched ends, for whitelisted types only", () => {
    const q = mergeEdgesQuery("Entity", "ACTED_IN", [{ src: "a", dst: "b", ord: 3 }], 42);
    expect(q.text).toContain("MERGE (a)-[r:ACTED_IN {ord: toInteger(row.ord)}]->(b)");
    expect(() => mergeEdgesQuery("Entity", "ACTED_IN]->(b) DELETE a //" as EdgeType, [], 1)).toThrow(/unknown edge type/);
    expect(presentEdgesQuery("Entity", "WROTE", [{ src: "a", dst: "b", ord: 3 }], 42).text).toContain("WHERE r.ord = toInteger(row.ord) AND r.ingest = toInteger($stamp)");
    expect(presentNodesQuery("Entity", ["a"], 42).params).toEqual({ ids: ["a"], stamp: 42 });
    expect(pruneNodesQuery("Entity", 42, 100).text).toContain("WITH n LIMIT toInteger($limit)\nDETACH DELETE n");
    expect(pruneEdgesQuery("Entity", 42, 100).text).toContain("MATCH (:Entity)-[r]->(:Entity)");
  });
});

describe("neo4j ingest run", () => {
  /** A driver that says the first `present` batches are already written, and deletes `stale` rows on the first prune. */
  const scripted = (presentBatches: number, stale: number) => {
    let checks = 0;
    let pruned = false;
    return new StubDriver((text, params) => {
      if (text.includes("AS present")) {
        const size = ((params.ids ?? params.rows) as unknown[]).length;
        return [{ present: checks++ < presentBatches ? size : 0 }];
      }
      if (text.includes("AS deleted")) {
        const n = !pruned && text.includes("n.ingest <>") ? stale : 0;
        pruned ||= n > 0;
        return [{ deleted: n }];
      }
      return [];
    });
  };

  it("writes nodes then edges in bounded batches, each a write transaction, and closes every session", async () => {
    const driver = scripted(0, 0);
    const report = await ingestGraph(new Neo4jConnection(SETTINGS, driver), world.data, { label: "ContractTestIngest", batchSize: 10 });
    const writes = driver.calls.filter((c) => c.mode === "WRITE" && c.text.startsWith("UNWIND"));
    const nodeBatches = Math.ceil(world.data.names.length / 10);
    expect(writes.slice(0, nodeBatches).every((c) => c.text.includes("MERGE (n:ContractTestIngest"))).toBe(true);
    expect(writes.slice(nodeBatches).every((c) => c.text.includes("MERGE (a)-[r:"))).toBe(true);
    expect(writes.every((c) => (c.params.rows as unknown[]).length <= 10)).toBe(true);
    expect(report.nodes).toEqual({ written: world.data.names.length, skipped: 0 });
    expect(report.edges).toEqual({ written: world.data.edgeType.length, skipped: 0 });
    // Once a batch is missing nothing later can be present, so only the first batch is checked.
    expect(driver.calls.filter((c) => c.text.includes("AS present"))).toHaveLength(1);
    expect(driver.opened).toBe(driver.closed);
    expect(writes.every((c) => c.timeout! >= 120_000)).toBe(true);
  });

  it("resumes: skips the batches already written with this stamp, then writes the rest", async () => {
    const driver = scripted(3, 0);
    const report = await ingestGraph(new Neo4jConnection(SETTINGS, driver), world.data, { label: "ContractTestIngest", batchSize: 10 });
    expect(report.nodes.skipped).toBe(30);
    expect(report.nodes.written + report.nodes.skipped).toBe(world.data.names.length);
    expect(driver.calls.filter((c) => c.text.includes("AS present"))).toHaveLength(4);
    expect(driver.calls.filter((c) => c.text.includes("MERGE (n:")).map((c) => (c.params.rows as NodeRowData[])[0]!.ord)[0]).toBe(30);
  });

  it("prunes what an ingest of other data left behind, in bounded deletes until none is left", async () => {
    const driver = scripted(0, 7);
    const report = await ingestGraph(new Neo4jConnection(SETTINGS, driver), world.data, { label: "ContractTestIngest", batchSize: 10 });
    expect(report.pruned).toEqual({ nodes: 7, edges: 0 });
    expect(driver.calls.filter((c) => c.text.includes("DETACH DELETE n")).map((c) => c.params.limit)).toEqual([10, 10]);
    expect((await ingestGraph(new Neo4jConnection(SETTINGS, scripted(0, 7)), world.data, { label: "ContractTestIngest", prune: false })).pruned).toEqual({ nodes: 0, edges: 0 });
  });

  it("refuses to drop the production label", async () => {
    await expect(dropLabel(new Neo4jConnection(SETTINGS, new StubDriver()), "Entity")).rejects.toThrow(/refuses/);
  });
});
