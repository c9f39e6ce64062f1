import { z } from "zod";
import { CONCEPT_SOURCES, CONCEPT_TYPES, type CommunityReport, type ConceptInfo, type ConceptSource } from "../../ports/concept-graph";
import type { SharedConceptParts } from "../embedded/concept-graph";
import { SharedStringMap } from "../../kb/shared/string-map";
import { SharedStrings } from "../../kb/shared/strings";
import { sha256Hex } from "../../util/hash";
import { AppError } from "../../errors";

/**
 * The rows the concept ingest writes, from the embedded concept graph's arrays (pure, so tests can
 * check them without a server), and the row shapes the Neo4j concept graph reads back.
 */
export interface ConceptIngestRows {
  concepts: { key: string; name: string; type: string; fold: string; films: number; sources: ConceptSource[]; ord: number; terms: number }[];
  links: { film: string; key: string; weight: number; sources: ConceptSource[]; filmRank: number; conceptRank: number }[];
  related: { from: string; to: string; weight: number; rank: number }[];
  communities: { id: string; level: number; ord: number; parent: string | null; title: string; report: string; concepts: number; films: number }[];
  membership: { key: string; community: string }[];
  terms: { term: string; keys: string[] }[];
  averageTerms: number;
  /** A 48-bit fingerprint of all of the above: a rerun with the same one writes nothing. */
  stamp: number;
}

const sourcesOf = (bits: number): ConceptSource[] => CONCEPT_SOURCES.filter((_, i) => (bits & (1 << i)) !== 0);

export function conceptIngestRows(parts: SharedConceptParts, filmName: (node: number) => string): ConceptIngestRows {
  const keys = new SharedStrings(parts.keys).toArray();
  const names = new SharedStrings(parts.names).toArray();
  const n = keys.length;
  const concepts = keys.map((key, i) => ({
    key,
    name: names[i]!,
    type: CONCEPT_TYPES[parts.types[i]!]!,
    fold: key.slice(key.indexOf(":") + 1),
    films: parts.byConcept.offsets[i + 1]! - parts.byConcept.offsets[i]!,
    sources: sourcesOf(parts.sources[i]!),
    ord: i,
    terms: parts.termCounts[i]!,
  }));
  // Each link's position in its film's row, to keep the embedded order of ties.
  const filmRank = new Map<number, number>();
  const byFilm = parts.byFilm;
  for (let node = 0; node + 1 < byFilm.offsets.length; node++) {
    for (let k = byFilm.offsets[node]!; k < byFilm.offsets[node + 1]!; k++) filmRank.set(node * n + byFilm.targets[k]!, k - byFilm.offsets[node]!);
  }
  const links: ConceptIngestRows["links"] = [];
  const byConcept = parts.byConcept;
  for (let c = 0; c < n; c++) {
    for (let k = byConcept.offsets[c]!; k < byConcept.offsets[c + 1]!; k++) {
      const node = byConcept.targets[k]!;
      links.push({ film: filmName(node), key: keys[c]!, weight: byConcept.weights[k]!, sources: sourcesOf(byConcept.sources[k]!), filmRank: filmRank.get(node * n + c)!, conceptRank: k - byConcept.offsets[c]! });
    }
  }
  const related: ConceptIngestRows["related"] = [];
  for (let c = 0; c < n; c++) {
    for (let k = parts.related.offsets[c]!; k < parts.related.offsets[c + 1]!; k++) related.push({ from: keys[c]!, to: keys[parts.related.targets[k]!]!, weight: parts.related.weights[k]!, rank: k - parts.related.offsets[c]! });
  }
  const communities = parts.reports.map((r, ord) => ({ id: r.id, level: r.level, ord, parent: r.parent ?? null, title: r.title, report: JSON.stringify(r), concepts: r.concepts, films: r.films }));
  const membership = keys.flatMap((key, i) => (parts.leafOf[i]! >= 0 ? [{ key, community: parts.reports[parts.leafOf[i]!]!.id }] : []));
  const termIndex = new SharedStringMap(parts.termIndex);
  const terms = Array.from({ length: termIndex.size }, (_, t) => ({ term: termIndex.keyAt(t), keys: Array.from(termIndex.valuesAt(t), (c) => keys[c]!) }));
  let total = 0;
  for (const c of parts.termCounts) total += c;
  const averageTerms = total / Math.max(1, n);
  const stamp = Number.parseInt(sha256Hex(JSON.stringify([concepts, links, related, communities, membership, terms])).slice(0, 12), 16);
  return { concepts, links, related, communities, membership, terms, averageTerms, stamp };
}

// ---- rows read back ----

const count = z.number().int().min(0);
const ConceptShape = z.object({ key: z.string(), name: z.string(), type: z.enum(CONCEPT_TYPES), films: count, sources: z.array(z.enum(CONCEPT_SOURCES)), ord: count });
export type ConceptShape = z.infer<typeof ConceptShape>;

export const ConceptRow = z.object({ concept: ConceptShape });
export const ConceptStatsRow = z.object({ key: z.string(), total: count });
export const MetaRow = z.object({ stamp: z.number().int().nullable(), concepts: count.nullable(), averageTerms: z.number().nullable(), complete: z.boolean().nullable() });
export const PostingsRow = z.object({ term: z.string(), df: count, postings: z.array(z.tuple([count, count])) });
export const FilmLinksRow = z.object({ film: z.string(), links: z.array(z.object({ concept: ConceptShape, weight: z.number(), sources: z.array(z.enum(CONCEPT_SOURCES)) })) });
export const ConceptLinksRow = z.object({ key: z.string(), links: z.array(z.object({ film: z.string(), weight: z.number(), sources: z.array(z.enum(CONCEPT_SOURCES)) })) });
export const RelatedRow = z.object({ concept: ConceptShape, weight: z.number() });
export const ReportRow = z.object({ report: z.string() });
export const PathRow = z.object({ id: z.string(), depth: count });

const CommunityReportShape = z.object({
  id: z.string(),
  level: count,
  parent: z.string().optional(),
  children: z.array(z.string()),
  title: z.string(),
  concepts: count,
  films: count,
  topConcepts: z.array(z.object({ key: z.string(), name: z.string(), type: z.enum(CONCEPT_TYPES), weight: z.number() })),
  representativeFilms: z.array(z.object({ film: z.string(), weight: z.number() })),
  genres: z.array(z.object({ name: z.string(), share: z.number() })),
  decades: z.array(z.object({ decade: z.number().int(), share: z.number() })),
  summary: z.string(),
});

/** A stored report (JSON in a property), checked against the report's shape. */
export function parseReport(json: string): CommunityReport {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = undefined;
  }
  const parsed = CommunityReportShape.safeParse(value);
  if (!parsed.success) throw new AppError("data_invalid", `neo4j holds a community report that is not one (${parsed.error.issues[0]?.path.join(".") || "JSON"}: ${parsed.error.issues[0]?.message ?? "unreadable"}). ${CONCEPT_LOAD_HINT}`);
  return parsed.data;
}

/** What to run when the concept layer is missing or has another shape. */
export const CONCEPT_LOAD_HINT = "Was the concept graph loaded with npm run ingest -- --graph neo4j?";

export function toConceptInfo(c: ConceptShape): ConceptInfo {
  return { key: c.key, name: c.name, type: c.type, films: c.films, sources: c.sources };
}
