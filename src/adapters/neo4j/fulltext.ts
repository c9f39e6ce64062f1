import { TEXT_FIELDS, type TextField, type TextQuery } from "../../ports/text-index";
import { indexTerms } from "../../kb/text-fields";
import { editDistance, entryOf } from "../../util/text";
import { searchProperty } from "./ingest-rows";
import type { CypherQuery } from "./cypher";

/**
 * Pure pieces of the Neo4j full-text search: the user's words → a Lucene query that cannot inject
 * syntax, the Cypher that runs it, and which words matched which fields.
 */

/** Field weights, the same as the embedded index's boosts, so title matches rank first in both. */
const BOOST: Readonly<Record<TextField, number>> = { name: 3, plot: 1, overview: 1, tags: 1.5, people: 1.2 };

/** Lucene's special characters: + - && || ! ( ) { } [ ] ^ " ~ * ? : \ / (single & and | are escaped too). */
const LUCENE_SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|]/g;

export function escapeLucene(term: string): string {
  return term.replace(LUCENE_SPECIAL, (c) => `\\${c}`);
}

/** The query's index terms (folded, stop words dropped, stemmed, as the fields were indexed), deduplicated. */
export function queryTerms(query: string): string[] {
  return [...new Set(indexTerms(query))];
}

/** Edits allowed for a term: MiniSearch's fraction of its length, within Lucene's limit of 2. */
export function fuzzyEdits(term: string, fuzzy: number | undefined): number {
  return fuzzy && fuzzy > 0 ? Math.min(2, Math.round(term.length * fuzzy)) : 0;
}

export interface LuceneQuery {
  text: string;
  terms: string[];
  fields: TextField[];
}

/**
 * One clause per term, OR-ed: the term in each searched field with that field's boost, plus `term*`
 * when `prefix` and `term~N` when `fuzzy`. Undefined when nothing is left to search for.
 */
export function buildLuceneQuery(query: string, options: TextQuery = {}): LuceneQuery | undefined {
  const terms = queryTerms(query);
  const fields = options.fields ? TEXT_FIELDS.filter((f) => options.fields!.includes(f)) : [...TEXT_FIELDS];
  if (terms.length === 0 || fields.length === 0) return undefined;
  const clauses = terms.map((term) => {
    const e = escapeLucene(term);
    const forms = [e];
    if (options.prefix) forms.push(`${e}*`);
    const edits = fuzzyEdits(term, options.fuzzy);
    if (edits > 0) forms.push(`${e}~${edits}`);
    const alternatives = forms.length === 1 ? e : `(${forms.join(" OR ")})`;
    const w = (options.termWeights && entryOf(options.termWeights, term)) ?? 1;
    const boost = (f: TextField) => Math.round(BOOST[f] * w * 1000) / 1000;
    return `(${fields.map((f) => `${searchProperty(f)}:${alternatives}${boost(f) === 1 ? "" : `^${boost(f)}`}`).join(" OR ")})`;
  });
  return { text: clauses.join(" OR "), terms, fields };
}

/** Runs a Lucene query on the index; the type filter comes before the limit, as in the embedded index. */
export function fulltextQuery(index: string, lucene: string, options: Pick<TextQuery, "types" | "limit"> = {}): CypherQuery {
  return {
    text: `CALL db.index.fulltext.queryNodes($index, $query) YIELD node, score
WHERE $types IS NULL OR any(t IN node.types WHERE t IN $types)
RETURN node.id AS id, node.primaryType AS type, score, node.s_name AS name, node.s_plot AS plot, node.s_overview AS overview, node.s_tags AS tags, node.s_people AS people
LIMIT toInteger($limit)`,
    params: { index, query: lucene, types: options.types?.length ? [...options.types] : null, limit: Math.max(0, Math.floor(options.limit ?? 10)) },
  };
}

/**
 * Which query terms occur in which of the searched fields of a hit (exactly, or as a prefix / within
 * the fuzzy distance when those are on). Lucene does not report it, so this re-checks the stored text.
 */
export function matchedFields(terms: readonly string[], fields: readonly TextField[], doc: Partial<Record<TextField, string | null | undefined>>, options: Pick<TextQuery, "prefix" | "fuzzy"> = {}): Record<string, TextField[]> {
  // The stored fields are index terms already, space-joined.
  const tokens = new Map(fields.map((f) => [f, new Set((doc[f] ?? "").split(" ").filter(Boolean))]));
  const out: Record<string, TextField[]> = {};
  for (const term of terms) {
    const edits = fuzzyEdits(term, options.fuzzy);
    const hits = fields.filter((f) => {
      const set = tokens.get(f)!;
      if (set.has(term)) return true;
      for (const t of set) {
        if (options.prefix && t.startsWith(term)) return true;
        if (edits > 0 && editDistance(term, t, edits) <= edits) return true;
      }
      return false;
    });
    if (hits.length) out[term] = hits;
  }
  return out;
}
