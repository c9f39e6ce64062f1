import { z } from "zod";
import { AppError } from "../../errors";
import { EDGE_TYPES, NODE_TYPES, type KbNode, type Neighbor, type RelationCount } from "../../kb/schema";
import { decodeNeighborKey } from "./cypher";
import type { Row } from "./connection";

/** Row shapes the adapter relies on, checked as they come back from the server. */

const count = z.number().int().min(0);

const NodeShape = z.object({
  id: z.string(),
  name: z.string(),
  types: z.array(z.enum(NODE_TYPES)).min(1),
  primaryType: z.enum(NODE_TYPES),
  degree: count,
  plot: z.string().nullish(),
  overview: z.string().nullish(),
  years: z.array(z.string()).nullish(),
});

export const NodeRow = z.object({ node: NodeShape });
export const NeighborRow = z.object({ id: z.string(), neighbors: z.array(z.tuple([z.string(), count])) });
export const RelationRow = z.object({ id: z.string(), counts: z.array(count).length(EDGE_TYPES.length * 2) });
export const DegreeRow = z.object({ degree: count });
export const StatsRow = z.object({ key: z.string(), total: count });
export const EdgeRow = z.object({ source: z.string(), target: z.string(), type: z.enum(EDGE_TYPES), ord: z.number() });

/** What to run when rows do not have the shape a query expects: the store was not loaded (or by another version). */
export const GRAPH_LOAD_HINT = "Was the graph loaded with npm run ingest -- --graph neo4j?";

/** Parses every row or fails with a typed error that says which query returned what, and how to load the store. */
export function parseRows<T>(schema: z.ZodType<T>, rows: readonly Row[], what: string, hint: string = GRAPH_LOAD_HINT): T[] {
  return rows.map((row, i) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError("data_invalid", `neo4j returned an unexpected row ${i} for ${what}: ${issue.path.join(".") || "(row)"}: ${issue.message}. ${hint}`);
    }
    return parsed.data;
  });
}

/** A stored node as the port returns it: movie-only fields only when present, as the embedded store does. */
export function toKbNode(n: z.infer<typeof NodeShape>): KbNode {
  const node: KbNode = { id: n.id, name: n.name, type: n.primaryType, types: n.types, degree: n.degree };
  if (n.plot) node.plot = n.plot;
  if (n.overview) node.overview = n.overview;
  if (n.years?.length) node.years = n.years;
  return node;
}

export function toNeighbors(list: readonly [string, number][]): Neighbor[] {
  return list.map(([id, key]) => {
    const decoded = decodeNeighborKey(key);
    if (!decoded) throw new AppError("data_invalid", `neo4j returned neighbour key ${key} for ${id}, outside the known edge types`);
    return { id, edge: decoded.edge, direction: decoded.direction };
  });
}

/** Non-zero counts in EDGE_TYPES order, out before in: the embedded store's order. */
export function toRelations(counts: readonly number[]): RelationCount[] {
  const out: RelationCount[] = [];
  EDGE_TYPES.forEach((edge, t) => {
    const o = counts[2 * t]!;
    const i = counts[2 * t + 1]!;
    if (o > 0) out.push({ edge, direction: "out", count: o });
    if (i > 0) out.push({ edge, direction: "in", count: i });
  });
  return out;
}
