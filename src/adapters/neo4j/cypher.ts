import { InvalidInputError } from "../../errors";
import type { NeighborQuery } from "../../ports/graph-store";
import { EDGE_TYPES, NODE_TYPES, type DirectionFilter, type EdgeType, type NodeType } from "../../kb/schema";

/**
 * Pure builders for the Cypher behind every GraphStore method. Values always travel as $parameters;
 * the only words spliced into the text are the base label (checked by `assertLabel`), node-type
 * labels and relationship types, and those only after a whitelist check against the KB schema.
 */
export interface CypherQuery {
  readonly text: string;
  readonly params: Record<string, unknown>;
}

const LABEL_RE = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** The base label every KB node carries ("Entity", or a unique one per test run). */
export function assertLabel(label: string): string {
  if (!LABEL_RE.test(label)) throw new InvalidInputError(`"${label}" is not a usable Neo4j label (letters, digits and _; starting with a letter)`);
  return label;
}

export function assertEdgeTypes(edges: readonly string[]): EdgeType[] {
  const known = new Set<string>(EDGE_TYPES);
  const bad = edges.filter((e) => !known.has(e));
  if (bad.length) throw new InvalidInputError(`unknown edge type ${bad.map((b) => JSON.stringify(b)).join(", ")}; known: ${EDGE_TYPES.join(", ")}`);
  return [...new Set(edges as EdgeType[])];
}

export function assertNodeType(type: string): NodeType {
  if (!(NODE_TYPES as readonly string[]).includes(type)) throw new InvalidInputError(`unknown node type "${type}"; known: ${NODE_TYPES.join(", ")}`);
  return type as NodeType;
}

/** `:A|B` for a relationship pattern, "" for every type. */
function typeUnion(edges: readonly EdgeType[] | undefined): string {
  return edges ? `:${edges.join("|")}` : "";
}

/** Edge type → its position in EDGE_TYPES; neighbours sort by it as the embedded store does. */
export const EDGE_RANK: Readonly<Record<EdgeType, number>> = Object.fromEntries(EDGE_TYPES.map((t, i) => [t, i])) as Record<EdgeType, number>;

const NODE_FIELDS = "n { .id, .name, .types, .primaryType, .degree, .plot, .overview, .years }";

/** Nodes by id; unknown ids produce no row. */
export function nodesQuery(label: string, ids: readonly string[]): CypherQuery {
  const L = assertLabel(label);
  return {
    text: `UNWIND $ids AS id
MATCH (n:${L} {id: id})
RETURN ${NODE_FIELDS} AS node`,
    params: { ids: [...ids] },
  };
}

/**
 * Neighbours of each id, one row per known id (an empty list when it has none). Every neighbour is
 * `[id, key]` where key = 2 × edge rank + (0 out | 1 in); rows sort by key, then by the edge's KB
 * index `ord`, which reproduces the embedded store's order exactly. The two directions are separate
 * pattern comprehensions so a self-loop is listed once each way, as in the embedded adjacency.
 */
export function neighborsQuery(label: string, ids: readonly string[], query: NeighborQuery = {}): CypherQuery {
  const L = assertLabel(label);
  const edges = query.edges ? assertEdgeTypes(query.edges) : undefined;
  const direction: DirectionFilter = query.direction ?? "both";
  const target = query.neighborType ? `m:${assertNodeType(query.neighborType)}` : "m";
  // The KB's edge types only: a film's HAS_CONCEPT links to the concept layer are not neighbours.
  const rel = `r${typeUnion(edges ?? EDGE_TYPES)}`;
  const parts: string[] = [];
  if (edges?.length !== 0) {
    if (direction !== "in") parts.push(`[(n)-[${rel}]->(${target}) | [m.id, toInteger($rank[type(r)]) * 2, r.ord]]`);
    if (direction !== "out") parts.push(`[(n)<-[${rel}]-(${target}) | [m.id, toInteger($rank[type(r)]) * 2 + 1, r.ord]]`);
  }
  const found = parts.length ? parts.join(" + ") : "[]";
  const params: Record<string, unknown> = { ids: [...ids], rank: EDGE_RANK };
  if (query.limit !== undefined) params.limit = Math.max(0, Math.floor(query.limit));
  return {
    text: `UNWIND $ids AS id
MATCH (n:${L} {id: id})
WITH n, ${found} AS found
CALL (found) {
  UNWIND found AS f
  WITH f ORDER BY f[1], f[2]${query.limit !== undefined ? "\n  LIMIT toInteger($limit)" : ""}
  RETURN collect([f[0], f[1]]) AS neighbors
}
RETURN n.id AS id, neighbors`,
    params,
  };
}

/** Decodes a neighbour key from `neighborsQuery`. */
export function decodeNeighborKey(key: number): { edge: EdgeType; direction: "out" | "in" } | undefined {
  const edge = EDGE_TYPES[key >> 1];
  return edge ? { edge, direction: (key & 1) === 0 ? "out" : "in" } : undefined;
}

/** Per id: 2 counts per edge type (out, in), in EDGE_TYPES order. COUNT {} on one typed hop reads the degree store. */
export function relationsQuery(label: string, ids: readonly string[]): CypherQuery {
  const L = assertLabel(label);
  const counts = EDGE_TYPES.flatMap((t) => [`COUNT { (n)-[:${t}]->() }`, `COUNT { (n)<-[:${t}]-() }`]);
  return {
    text: `UNWIND $ids AS id
MATCH (n:${L} {id: id})
RETURN n.id AS id, [${counts.join(", ")}] AS counts`,
    params: { ids: [...ids] },
  };
}

/** The number of edges of the given types and direction; no row for an unknown id. */
export function degreeQuery(label: string, id: string, query: Pick<NeighborQuery, "edges" | "direction"> = {}): CypherQuery {
  const L = assertLabel(label);
  const edges = query.edges ? assertEdgeTypes(query.edges) : undefined;
  const direction = query.direction ?? "both";
  const rel = `[${typeUnion(edges ?? EDGE_TYPES)}]`;
  const terms: string[] = [];
  if (edges?.length !== 0) {
    if (direction !== "in") terms.push(`COUNT { (n)-${rel}->() }`);
    if (direction !== "out") terms.push(`COUNT { (n)<-${rel}-() }`);
  }
  return {
    text: `MATCH (n:${L} {id: $id})
RETURN ${terms.length ? terms.join(" + ") : "0"} AS degree`,
    params: { id },
  };
}

/** Node counts (all, and per type label) and edge counts per type, one row each; keys "nodes", "node:T", "edge:T". */
export function statsQuery(label: string): CypherQuery {
  const L = assertLabel(label);
  const branches = [
    `MATCH (n:${L}) RETURN 'nodes' AS key, count(n) AS total`,
    ...NODE_TYPES.map((t) => `MATCH (n:${L}:${t}) RETURN 'node:${t}' AS key, count(n) AS total`),
    ...EDGE_TYPES.map((t) => `MATCH (:${L})-[r:${t}]->() RETURN 'edge:${t}' AS key, count(r) AS total`),
  ];
  return { text: branches.join("\nUNION ALL\n"), params: {} };
}

/** Edges whose both ends are in `ids` (a subgraph's node set), source → target as stored. `edges`, when given, must not be empty. */
export function edgesAmongQuery(label: string, ids: readonly string[], edges?: readonly EdgeType[]): CypherQuery {
  const L = assertLabel(label);
  const types = edges ? assertEdgeTypes(edges) : undefined;
  if (types?.length === 0) throw new InvalidInputError("edgesAmongQuery needs at least one edge type (no types means no edges)");
  return {
    text: `UNWIND $ids AS id
MATCH (a:${L} {id: id})-[r${typeUnion(types)}]->(b:${L})
WHERE b.id IN $ids
RETURN a.id AS source, b.id AS target, type(r) AS type, r.ord AS ord`,
    params: { ids: [...ids] },
  };
}
