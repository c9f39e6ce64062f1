import { z } from "zod";
import type { SharedConceptParts } from "../embedded/concept-graph";
import { silentProgress, type Progress } from "../../util/progress";
import {
  conceptLabels,
  conceptSchemaStatements,
  deleteConceptLayerQuery,
  readMetaQuery,
  writeCommunitiesQuery,
  writeConceptsQuery,
  writeFilmLinksQuery,
  writeMembershipQuery,
  writeMetaQuery,
  writeRelatedQuery,
  writeTermsQuery,
  type ConceptLabels,
} from "./concept-cypher";
import { MetaRow, conceptIngestRows } from "./concept-rows";
import type { Neo4jConnection } from "./connection";
import type { CypherQuery } from "./cypher";
import { chunk } from "./ingest-rows";
import { parseRows } from "./rows";
import { awaitIndexesQuery } from "./schema";

const DeletedRow = z.object({ deleted: z.number().int().min(0) });

export interface ConceptIngestReport {
  stamp: number;
  /** `skipped`: the same concept layer was already there, complete. */
  state: "written" | "skipped";
  written: { concepts: number; links: number; related: number; communities: number; terms: number };
}

/** Creates the concept layer's constraints and indexes if missing (idempotent). */
export async function ensureConceptSchema(conn: Neo4jConnection, label?: string): Promise<ConceptLabels> {
  const n = conceptLabels(label);
  for (const q of conceptSchemaStatements(n)) await conn.write(q, { doing: "creating the concept schema" });
  return n;
}

/**
 * Writes the concept graph into Neo4j beside the KB graph (which must be loaded first: links MATCH
 * their films). The layer carries a stamp of its content: when the stored layer has the same stamp
 * and is complete, nothing is written; otherwise the old layer is deleted in bounded batches and the
 * new one written in UNWIND batches (MERGE, so a rerun after a failure rewrites rather than duplicates).
 */
export async function ingestConceptGraph(conn: Neo4jConnection, parts: SharedConceptParts, filmName: (node: number) => string, options: { label?: string; batchSize?: number; progress?: Progress } = {}): Promise<ConceptIngestReport> {
  const n = await ensureConceptSchema(conn, options.label);
  const timeoutMs = Math.max(conn.target.timeoutMs, 120_000);
  await conn.read(awaitIndexesQuery(300), { timeoutMs: 305_000, doing: "waiting for indexes" });
  const rows = conceptIngestRows(parts, filmName);
  const written = { concepts: rows.concepts.length, links: rows.links.length, related: rows.related.length, communities: rows.communities.length, terms: rows.terms.length };
  const [meta] = parseRows(MetaRow, await conn.read(readMetaQuery(n), { doing: "reading the concept layer's stamp" }), "concept meta");
  if (meta?.stamp === rows.stamp && meta.complete) return { stamp: rows.stamp, state: "skipped", written: { concepts: 0, links: 0, related: 0, communities: 0, terms: 0 } };

  const size = options.batchSize ?? 5000;
  const progress = options.progress ?? silentProgress;
  for (;;) {
    const [row] = parseRows(DeletedRow, await conn.write(deleteConceptLayerQuery(n, size), { timeoutMs, doing: "deleting the old concept layer" }), "delete");
    if ((row?.deleted ?? 0) === 0) break;
  }
  await conn.write(writeMetaQuery(n, { stamp: rows.stamp, concepts: rows.concepts.length, averageTerms: rows.averageTerms, complete: false }), { doing: "writing the concept layer" });
  const steps: [readonly Record<string, unknown>[], (batch: readonly Record<string, unknown>[]) => CypherQuery][] = [
    [rows.concepts, (b) => writeConceptsQuery(n, b)],
    [rows.links, (b) => writeFilmLinksQuery(n, b)],
    [rows.related, (b) => writeRelatedQuery(n, b)],
    // Parents before children (the reports' order), so PART_OF finds its parent.
    [rows.communities, (b) => writeCommunitiesQuery(n, b)],
    [rows.membership, (b) => writeMembershipQuery(n, b)],
    [rows.terms, (b) => writeTermsQuery(n, b)],
  ];
  const total = steps.reduce((a, [list]) => a + list.length, 0);
  let done = 0;
  progress.start(`neo4j: concept layer, ${rows.concepts.length} concepts, ${rows.links.length} film links`, total);
  for (const [list, query] of steps) {
    for (const batch of chunk(list, size)) {
      await conn.write(query(batch), { timeoutMs, doing: "writing the concept layer" });
      progress.tick((done += batch.length));
    }
  }
  await conn.write(writeMetaQuery(n, { stamp: rows.stamp, concepts: rows.concepts.length, averageTerms: rows.averageTerms, complete: true }), { doing: "writing the concept layer" });
  progress.done(`written ${total} rows`);
  return { stamp: rows.stamp, state: "written", written };
}

/** Deletes a label's concept layer (test teardown), batch by batch. */
export async function deleteConceptLayer(conn: Neo4jConnection, n: ConceptLabels): Promise<void> {
  for (;;) {
    const [row] = parseRows(DeletedRow, await conn.write(deleteConceptLayerQuery(n, 5000), { timeoutMs: Math.max(conn.target.timeoutMs, 120_000), doing: "deleting the concept layer" }), "delete");
    if ((row?.deleted ?? 0) === 0) return;
  }
}
