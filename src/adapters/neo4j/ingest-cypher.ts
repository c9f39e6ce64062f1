import { TEXT_FIELDS } from "../../ports/text-index";
import { searchProperty } from "./ingest-rows";
import { NODE_TYPES, type EdgeType } from "../../kb/schema";
import { assertEdgeTypes, assertLabel, type CypherQuery } from "./cypher";
import type { EdgeRowData, NodeRowData } from "./ingest-rows";

/**
 * Pure builders for ingest's writes: bounded UNWIND batches, MERGE on the node id and on the edge's
 * KB index, so a rerun (or a resumed run) rewrites rather than duplicates. Integers go through
 * toInteger() because the driver sends JavaScript numbers as floats.
 */

/** One label per node type, set or removed by the row's types (labels cannot be parameters before Neo4j 5.26). */
function typeLabels(): string {
  return NODE_TYPES.map(
    (t) => `FOREACH (ignored IN CASE WHEN '${t}' IN row.types THEN [1] ELSE [] END | SET n:${t})
FOREACH (ignored IN CASE WHEN '${t}' IN row.types THEN [] ELSE [1] END | REMOVE n:${t})`,
  ).join("\n");
}

export function mergeNodesQuery(label: string, rows: readonly NodeRowData[], stamp: number): CypherQuery {
  const L = assertLabel(label);
  return {
    text: `UNWIND $rows AS row
MERGE (n:${L} {id: row.id})
SET n.name = row.name, n.types = row.types, n.primaryType = row.primaryType,
    n.degree = toInteger(row.degree), n.ord = toInteger(row.ord),
    n.plot = row.plot, n.overview = row.overview, n.tags = row.tags, n.people = row.people, n.years = row.years,
    ${TEXT_FIELDS.map((f) => `n.${searchProperty(f)} = row.terms.${searchProperty(f)}`).join(", ")},
    n.ingest = toInteger($stamp)
${typeLabels()}`,
    params: { rows, stamp },
  };
}

export function mergeEdgesQuery(label: string, type: EdgeType, rows: readonly EdgeRowData[], stamp: number): CypherQuery {
  const L = assertLabel(label);
  const [T] = assertEdgeTypes([type]);
  return {
    text: `UNWIND $rows AS row
MATCH (a:${L} {id: row.src})
MATCH (b:${L} {id: row.dst})
MERGE (a)-[r:${T} {ord: toInteger(row.ord)}]->(b)
SET r.ingest = toInteger($stamp)`,
    params: { rows, stamp },
  };
}

/** How many of a batch's nodes are already written with this stamp (a resumed ingest skips full batches). */
export function presentNodesQuery(label: string, ids: readonly string[], stamp: number): CypherQuery {
  const L = assertLabel(label);
  return {
    text: `UNWIND $ids AS id
MATCH (n:${L} {id: id})
WHERE n.ingest = toInteger($stamp)
RETURN count(n) AS present`,
    params: { ids: [...ids], stamp },
  };
}

export function presentEdgesQuery(label: string, type: EdgeType, rows: readonly EdgeRowData[], stamp: number): CypherQuery {
  const L = assertLabel(label);
  const [T] = assertEdgeTypes([type]);
  return {
    text: `UNWIND $rows AS row
MATCH (a:${L} {id: row.src})-[r:${T}]->(b:${L} {id: row.dst})
WHERE r.ord = toInteger(row.ord) AND r.ingest = toInteger($stamp)
RETURN count(r) AS present`,
    params: { rows: rows.map((r) => ({ src: r.src, dst: r.dst, ord: r.ord })), stamp },
  };
}

/** Deletes up to `limit` nodes (with their edges) not written by this ingest; run until it deletes none. */
export function pruneNodesQuery(label: string, stamp: number, limit: number): CypherQuery {
  const L = assertLabel(label);
  return {
    text: `MATCH (n:${L})
WHERE n.ingest IS NULL OR n.ingest <> toInteger($stamp)
WITH n LIMIT toInteger($limit)
DETACH DELETE n
RETURN count(*) AS deleted`,
    params: { stamp, limit },
  };
}

/** Deletes up to `limit` edges between current nodes that this ingest did not write (an edge the KB dropped). */
export function pruneEdgesQuery(label: string, stamp: number, limit: number): CypherQuery {
  const L = assertLabel(label);
  return {
    text: `MATCH (:${L})-[r]->(:${L})
WHERE r.ingest IS NULL OR r.ingest <> toInteger($stamp)
WITH r LIMIT toInteger($limit)
DELETE r
RETURN count(*) AS deleted`,
    params: { stamp, limit },
  };
}

/** Deletes up to `limit` nodes of a label, whatever their stamp (test teardown). */
export function deleteLabelQuery(label: string, limit: number): CypherQuery {
  const L = assertLabel(label);
  return {
    text: `MATCH (n:${L})
WITH n LIMIT toInteger($limit)
DETACH DELETE n
RETURN count(*) AS deleted`,
    params: { limit },
  };
}
