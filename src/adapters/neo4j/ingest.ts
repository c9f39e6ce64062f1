import { z } from "zod";
import type { KbGraphData } from "../../kb/graph-data";
import { silentProgress, type Progress } from "../../util/progress";
import { conceptLabels, conceptSchemaStatements, dropConceptSchemaStatements } from "./concept-cypher";
import { deleteConceptLayer } from "./concept-ingest";
import type { Neo4jConnection } from "./connection";
import type { CypherQuery } from "./cypher";
import { deleteLabelQuery, mergeEdgesQuery, mergeNodesQuery, presentEdgesQuery, presentNodesQuery, pruneEdgesQuery, pruneNodesQuery } from "./ingest-cypher";
import { chunk, edgeRowsByType, graphStamp, nodeRows } from "./ingest-rows";
import { parseRows } from "./rows";
import { DEFAULT_LABEL, awaitIndexesQuery, dropSchemaStatements, neo4jNames, schemaStatements } from "./schema";

const PresentRow = z.object({ present: z.number().int().min(0) });
const DeletedRow = z.object({ deleted: z.number().int().min(0) });

/** Creates the constraint and full-text index if missing, then waits for them to be online. */
export async function ensureSchema(conn: Neo4jConnection, label?: string, awaitSeconds = 300): Promise<void> {
  const names = neo4jNames(label);
  for (const q of schemaStatements(names)) await conn.write(q, { doing: "creating the schema" });
  for (const q of conceptSchemaStatements(conceptLabels(label))) await conn.write(q, { doing: "creating the concept schema" });
  await conn.read(awaitIndexesQuery(awaitSeconds), { timeoutMs: awaitSeconds * 1000 + 5000, doing: "waiting for indexes" });
}

export interface GraphIngestOptions {
  label?: string;
  /** Rows per UNWIND transaction. */
  batchSize?: number;
  progress?: Progress;
  /** Delete nodes and edges an earlier ingest of other data left behind (default true). */
  prune?: boolean;
}

export interface GraphIngestReport {
  stamp: number;
  nodes: { written: number; skipped: number };
  edges: { written: number; skipped: number };
  pruned: { nodes: number; edges: number };
}

/**
 * Writes the KB into Neo4j: nodes, then edges type by type, in bounded batches, each its own
 * transaction. Idempotent (MERGE); resumable: batches already written with this data's stamp are
 * skipped until the first missing one, and from there on everything is written.
 */
export async function ingestGraph(conn: Neo4jConnection, data: KbGraphData, options: GraphIngestOptions = {}): Promise<GraphIngestReport> {
  const { label } = neo4jNames(options.label);
  const size = options.batchSize ?? 5000;
  const progress = options.progress ?? silentProgress;
  const stamp = graphStamp(data);
  const timeoutMs = Math.max(conn.target.timeoutMs, 120_000);
  const report: GraphIngestReport = { stamp, nodes: { written: 0, skipped: 0 }, edges: { written: 0, skipped: 0 }, pruned: { nodes: 0, edges: 0 } };
  let resuming = true;
  let done = 0;

  /** Writes one batch unless a resumed run finds it already complete. */
  const step = async (count: number, present: CypherQuery, write: CypherQuery, tally: { written: number; skipped: number }) => {
    if (resuming) {
      const [row] = parseRows(PresentRow, await conn.read(present, { timeoutMs, doing: "checking ingested batches" }), "ingest check");
      if (row?.present === count) {
        tally.skipped += count;
        return;
      }
      resuming = false;
    }
    await conn.write(write, { timeoutMs, doing: "ingesting" });
    tally.written += count;
  };

  const nodes = nodeRows(data);
  const edges = edgeRowsByType(data);
  progress.start(`neo4j: ${nodes.length} nodes, ${data.edgeType.length} edges`, nodes.length + data.edgeType.length);
  for (const batch of chunk(nodes, size)) {
    await step(batch.length, presentNodesQuery(label, batch.map((r) => r.id), stamp), mergeNodesQuery(label, batch, stamp), report.nodes);
    progress.tick((done += batch.length));
  }
  for (const [type, rows] of edges) {
    for (const batch of chunk(rows, size)) {
      await step(batch.length, presentEdgesQuery(label, type, batch, stamp), mergeEdgesQuery(label, type, batch, stamp), report.edges);
      progress.tick((done += batch.length));
    }
  }
  if (options.prune ?? true) {
    report.pruned.nodes = await repeatDelete(conn, pruneNodesQuery(label, stamp, size), timeoutMs);
    report.pruned.edges = await repeatDelete(conn, pruneEdgesQuery(label, stamp, size), timeoutMs);
  }
  progress.done(`written ${report.nodes.written + report.edges.written}, already present ${report.nodes.skipped + report.edges.skipped}, pruned ${report.pruned.nodes + report.pruned.edges}`);
  return report;
}

/** Runs a bounded delete until it deletes nothing, so no transaction holds more than one batch. */
async function repeatDelete(conn: Neo4jConnection, query: CypherQuery, timeoutMs: number): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = parseRows(DeletedRow, await conn.write(query, { timeoutMs, doing: "deleting stale data" }), "delete");
    const deleted = row?.deleted ?? 0;
    total += deleted;
    if (deleted === 0) return total;
  }
}

/** Removes every node of a test label and its schema objects. Refuses the production label. */
export async function dropLabel(conn: Neo4jConnection, label: string): Promise<void> {
  if (label === DEFAULT_LABEL) throw new Error(`dropLabel refuses to delete the production label "${DEFAULT_LABEL}"`);
  const names = neo4jNames(label);
  const concepts = conceptLabels(label);
  await deleteConceptLayer(conn, concepts);
  await repeatDelete(conn, deleteLabelQuery(names.label, 5000), Math.max(conn.target.timeoutMs, 120_000));
  for (const q of [...dropSchemaStatements(names), ...dropConceptSchemaStatements(concepts)]) await conn.write(q, { doing: "dropping the schema" });
}
