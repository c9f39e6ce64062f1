import { collectMovieFacts } from "../../kb/documents";
import { indexTerms, textFieldsOf } from "../../kb/text-fields";
import { TEXT_FIELDS, type TextField } from "../../ports/text-index";
import { primaryTypeOf, type KbGraphData } from "../../kb/graph-data";
import { EDGE_TYPES, EDGE_TYPE_INDEX, NODE_TYPE_BIT, typesFromMask, type EdgeType, type NodeType } from "../../kb/schema";
import { sha256Hex } from "../../util/hash";

/** The rows ingest writes, computed from the flat KB arrays (pure, so tests can check them without a server). */

export interface NodeRowData {
  id: string;
  name: string;
  types: NodeType[];
  primaryType: NodeType;
  degree: number;
  /** The node's KB index: a stable order and the resume key. */
  ord: number;
  /** Movies only; null clears a stale value on re-ingest. */
  plot: string | null;
  overview: string | null;
  /** Genres and tags, and directors, writers and actors, joined as the embedded text index joins them. */
  tags: string | null;
  people: string | null;
  years: string[] | null;
  /** Each text field's index terms, space-joined (`s_plot` …): the full-text index reads these, so Neo4j and the embedded index see the same terms. */
  terms: Record<SearchProperty, string | null>;
}

/** The property holding a text field's index terms. */
export type SearchProperty = `s_${TextField}`;
export const searchProperty = (f: TextField): SearchProperty => `s_${f}`;

/** Bumped when the text analysis changes: the graph stamp changes with it, so a re-ingest rewrites every node. */
const TEXT_ANALYSIS_VERSION = 1;

export interface EdgeRowData {
  src: string;
  dst: string;
  /** The edge's KB index: neighbours sort by it, and MERGE keys on it. */
  ord: number;
}

export function nodeRows(data: KbGraphData): NodeRowData[] {
  const n = data.names.length;
  const degree = new Int32Array(n);
  const years = new Map<number, string[]>();
  for (let e = 0; e < data.edgeType.length; e++) {
    degree[data.edgeSrc[e]!]!++;
    degree[data.edgeDst[e]!]!++;
    if (data.edgeType[e] === EDGE_TYPE_INDEX.RELEASED_IN) {
      const list = years.get(data.edgeSrc[e]!) ?? [];
      list.push(data.names[data.edgeDst[e]!]!);
      years.set(data.edgeSrc[e]!, list);
    }
  }
  const allFacts = collectMovieFacts(data);
  const facts = new Map(allFacts.map((f) => [f.node, f]));
  const searchText = textFieldsOf(data, allFacts);
  return data.names.map((name, i) => {
    const movie = (data.typeMask[i]! & NODE_TYPE_BIT.Movie) !== 0;
    const f = facts.get(i);
    const tags = f ? [...f.genres, ...f.tags].join(" ; ") : "";
    const people = f ? [...f.directors, ...f.writers, ...f.actors].join(" ; ") : "";
    return {
      id: name,
      name,
      types: typesFromMask(data.typeMask[i]!),
      primaryType: primaryTypeOf(data, i),
      degree: degree[i]!,
      ord: i,
      plot: (movie && data.plots[i]) || null,
      overview: (movie && data.overviews[i]) || null,
      tags: tags || null,
      people: people || null,
      years: movie ? (years.get(i) ?? null) : null,
      terms: Object.fromEntries(TEXT_FIELDS.map((f) => [searchProperty(f), indexTerms(searchText[i]![f] ?? "").join(" ") || null])) as Record<SearchProperty, string | null>,
    };
  });
}

/** Edge rows per type, in EDGE_TYPES order and KB order within a type. */
export function edgeRowsByType(data: KbGraphData): Map<EdgeType, EdgeRowData[]> {
  const out = new Map<EdgeType, EdgeRowData[]>(EDGE_TYPES.map((t) => [t, []]));
  for (let e = 0; e < data.edgeType.length; e++) {
    out.get(EDGE_TYPES[data.edgeType[e]!]!)!.push({ src: data.names[data.edgeSrc[e]!]!, dst: data.names[data.edgeDst[e]!]!, ord: e });
  }
  return out;
}

/**
 * A 48-bit fingerprint of the graph's content, written on every node and relationship. A resumed
 * ingest skips batches already stamped with it; a later ingest of other data prunes what lacks it.
 * An integer, so it costs one inline property block rather than a string record per relationship.
 */
export function graphStamp(data: KbGraphData): number {
  const h = sha256Hex(
    JSON.stringify([TEXT_ANALYSIS_VERSION, data.names, data.plots, data.overviews, Array.from(data.typeMask), Array.from(data.primaryType), Array.from(data.edgeSrc), Array.from(data.edgeDst), Array.from(data.edgeType)]),
  );
  return Number.parseInt(h.slice(0, 12), 16);
}

export function chunk<T>(rows: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
