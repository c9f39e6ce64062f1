import { describe, expect, it } from "vitest";
import {
  EDGE_RANK,
  assertLabel,
  decodeNeighborKey,
  degreeQuery,
  edgesAmongQuery,
  neighborsQuery,
  nodesQuery,
  relationsQuery,
  statsQuery,
  type CypherQuery,
} from "../../src/adapters/neo4j/cypher";
import { awaitIndexesQuery, dropSchemaStatements, neo4jNames, schemaStatements } from "../../src/adapters/neo4j/schema";
import { InvalidInputError } from "../../src/errors";
import { EDGE_TYPES, type EdgeType, type NodeType } from "../../src/kb/schema";

const NASTY = ["a}) DETACH DELETE n //", "x' OR 1=1 //", "$limit + 1", "`Entity`", "Céline Dupré"];

/** The text of a query with its whitespace collapsed, for matching clauses. */
const flat = (q: CypherQuery) => q.text.replace(/\s+/g, " ");

describe("neo4j Cypher builders", () => {
  it("keeps every value out of the query text", () => {
    const queries = [
      nodesQuery("Entity", NASTY),
      neighborsQuery("Entity", NASTY, { edges: ["ACTED_IN"], neighborType: "Movie", limit: 3 }),
      relationsQuery("Entity", NASTY),
      degreeQuery("Entity", NASTY[0]!, { edges: ["WROTE"] }),
      edgesAmongQuery("Entity", NASTY),
    ];
    for (const q of queries) {
      for (const value of NASTY) expect(q.text).not.toContain(value);
      expect(JSON.stringify(q.params)).toContain("DETACH DELETE");
    }
  });

  it("splices in only whitelisted labels, edge types and node types", () => {
    expect(assertLabel("Entity")).toBe("Entity");
    for (const bad of ["Entity) DETACH DELETE (n", "1abc", "", "Ent ity", "Entity`"]) expect(() => assertLabel(bad)).toThrow(InvalidInputError);
    expect(() => neighborsQuery("Entity", ["a"], { edges: ["ACTED_IN]->() DELETE r //" as EdgeType] })).toThrow(/unknown edge type/);
    expect(() => neighborsQuery("Entity", ["a"], { neighborType: "Movie) DETACH DELETE (m" as NodeType })).toThrow(/unknown node type/);
    expect(() => degreeQuery("Entity", "a", { edges: ["acted_in" as EdgeType] })).toThrow(InvalidInputError);
    expect(() => nodesQuery("E; MATCH", ["a"])).toThrow(InvalidInputError);
  });

  it("looks nodes up by id under the base label, with every field the port returns", () => {
    const q = nodesQuery("ContractTestX", ["Starfall", "Nobody"]);
    expect(flat(q)).toBe("UNWIND $ids AS id MATCH (n:ContractTestX {id: id}) RETURN n { .id, .name, .types, .primaryType, .degree, .plot, .overview, .years } AS node");
    expect(q.params).toEqual({ ids: ["Starfall", "Nobody"] });
  });

  it("builds neighbour queries for each direction, edge filter, neighbour type and limit", () => {
    const both = flat(neighborsQuery("Entity", ["a"]));
    // With no edge filter, the KB's own edge types: a film's HAS_CONCEPT links are not neighbours.
    const all = `r:${EDGE_TYPES.join("|")}`;
    expect(both).toContain(`[(n)-[${all}]->(m) | [m.id, toInteger($rank[type(r)]) * 2, r.ord]] + [(n)<-[${all}]-(m) | [m.id, toInteger($rank[type(r)]) * 2 + 1, r.ord]] AS found`);
    expect(both).toContain("WITH f ORDER BY f[1], f[2] RETURN collect([f[0], f[1]]) AS neighbors");
    expect(both).not.toContain("LIMIT");

    const out = flat(neighborsQuery("Entity", ["a"], { direction: "out", edges: ["HAS_TAG", "DIRECTED", "HAS_TAG"], neighborType: "Genre", limit: 5 }));
    expect(out).toContain("WITH n, [(n)-[r:HAS_TAG|DIRECTED]->(m:Genre) | ");
    expect(out).not.toContain("<-");
    expect(out).toContain("LIMIT toInteger($limit)");
    expect(neighborsQuery("Entity", ["a"], { limit: 5.7 }).params.limit).toBe(5);

    const inward = flat(neighborsQuery("Entity", ["a"], { direction: "in" }));
    expect(inward).toContain(`WITH n, [(n)<-[${all}]-(m) |`);
    expect(inward).not.toContain("->");

    expect(flat(neighborsQuery("Entity", ["a"], { edges: [] }))).toContain("WITH n, [] AS found");
    expect(neighborsQuery("Entity", ["a", "b"]).params).toEqual({ ids: ["a", "b"], rank: EDGE_RANK });
  });

  it("encodes edge type and direction in one sortable key and decodes it back", () => {
    expect(Object.entries(EDGE_RANK)).toEqual(EDGE_TYPES.map((t, i) => [t, i]));
    EDGE_TYPES.forEach((edge, i) => {
      expect(decodeNeighborKey(2 * i)).toEqual({ edge, direction: "out" });
      expect(decodeNeighborKey(2 * i + 1)).toEqual({ edge, direction: "in" });
    });
    expect(decodeNeighborKey(2 * EDGE_TYPES.length)).toBeUndefined();
  });

  it("counts relations per edge type, out then in, in EDGE_TYPES order", () => {
    const text = flat(relationsQuery("Entity", ["a"]));
    const counts = [...text.matchAll(/COUNT \{ \(n\)(-|<-)\[:([A-Z_]+)\](->|-)\(\) \}/g)].map((m) => `${m[2]}:${m[1] === "-" ? "out" : "in"}`);
    expect(counts).toEqual(EDGE_TYPES.flatMap((t) => [`${t}:out`, `${t}:in`]));
  });

  it("counts degree for the asked types and directions, and zero for no types", () => {
    const kbEdges = `:${EDGE_TYPES.join("|")}`;
    expect(flat(degreeQuery("Entity", "a"))).toBe(`MATCH (n:Entity {id: $id}) RETURN COUNT { (n)-[${kbEdges}]->() } + COUNT { (n)<-[${kbEdges}]-() } AS degree`);
    expect(flat(degreeQuery("Entity", "a", { edges: ["ACTED_IN", "WROTE"], direction: "out" }))).toContain("RETURN COUNT { (n)-[:ACTED_IN|WROTE]->() } AS degree");
    expect(flat(degreeQuery("Entity", "a", { direction: "in" }))).toContain(`RETURN COUNT { (n)<-[${kbEdges}]-() } AS degree`);
    expect(flat(degreeQuery("Entity", "a", { edges: [] }))).toContain("RETURN 0 AS degree");
  });

  it("counts nodes per type label and edges per type in one UNION ALL", () => {
    const branches = statsQuery("Entity").text.split("\nUNION ALL\n");
    expect(branches).toHaveLength(1 + 8 + EDGE_TYPES.length);
    expect(branches[0]).toBe("MATCH (n:Entity) RETURN 'nodes' AS key, count(n) AS total");
    expect(branches[1]).toBe("MATCH (n:Entity:Movie) RETURN 'node:Movie' AS key, count(n) AS total");
    expect(branches.at(-1)).toBe("MATCH (:Entity)-[r:HAS_VOTES]->() RETURN 'edge:HAS_VOTES' AS key, count(r) AS total");
  });

  it("reads the edges among a node set, and refuses an empty type list", () => {
    const q = flat(edgesAmongQuery("Entity", ["a", "b"], ["ACTED_IN"]));
    expect(q).toContain("MATCH (a:Entity {id: id})-[r:ACTED_IN]->(b:Entity) WHERE b.id IN $ids");
    expect(flat(edgesAmongQuery("Entity", ["a"]))).toContain("-[r]->");
    expect(() => edgesAmongQuery("Entity", ["a"], [])).toThrow(InvalidInputError);
  });

  it("creates the constraint and the full-text index over the index terms idempotently, per label, dropping the old raw-text index", () => {
    const names = neo4jNames("ContractTest1");
    expect(names).toEqual({ label: "ContractTest1", constraint: "contracttest1_id_unique", textIndex: "contracttest1_terms", legacyTextIndex: "contracttest1_text" });
    const [constraint, dropLegacy, fulltext] = schemaStatements(names).map((q) => q.text);
    expect(constraint).toBe("CREATE CONSTRAINT contracttest1_id_unique IF NOT EXISTS FOR (n:ContractTest1) REQUIRE n.id IS UNIQUE");
    expect(dropLegacy).toBe("DROP INDEX contracttest1_text IF EXISTS");
    expect(fulltext).toBe(
      "CREATE FULLTEXT INDEX contracttest1_terms IF NOT EXISTS FOR (n:ContractTest1) ON EACH [n.s_name, n.s_plot, n.s_overview, n.s_tags, n.s_people] OPTIONS { indexConfig: { `fulltext.analyzer`: 'whitespace' } }",
    );
    expect(neo4jNames()).toMatchObject({ label: "Entity", textIndex: "entity_terms" });
    expect(dropSchemaStatements(names).map((q) => q.text)).toEqual(["DROP INDEX contracttest1_terms IF EXISTS", "DROP CONSTRAINT contracttest1_id_unique IF EXISTS"]);
    expect(awaitIndexesQuery(2.5)).toEqual({ text: "CALL db.awaitIndexes(toInteger($seconds))", params: { seconds: 3 } });
  });
});
