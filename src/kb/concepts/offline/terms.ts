import { STOP_WORDS, foldText, stem, withoutLeadingArticle } from "../../../util/text";
import { IRREGULAR_PLURALS } from "./lexicon";

/**
 * How concept names and community reports are matched: the folded forms a phrase may name a concept
 * by, and the terms BM25 ranks them on. Both backends use these, so they match the same way.
 */

/** The singular of a folded word: rules, then the irregular plurals ("women" → "woman"). */
const IRREGULAR = new Map(Object.entries(IRREGULAR_PLURALS));

export function singularWord(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Folded names a phrase may stand for: itself, singular and plural of its last word, without and with a leading article. */
export function nameVariants(text: string): string[] {
  const folded = foldText(text);
  if (!folded) return [];
  const bare = withoutLeadingArticle(folded);
  const out = new Set<string>([folded, bare]);
  for (const base of [folded, bare]) {
    const words = base.split(" ");
    const last = words[words.length - 1]!;
    const singular = singularWord(last);
    out.add([...words.slice(0, -1), singular].join(" "));
    if (singular === last) out.add([...words.slice(0, -1), /(?:s|x|z|ch|sh)$/.test(last) ? `${last}es` : `${last}s`].join(" "));
  }
  out.add(`the ${bare}`);
  return [...out].filter((v) => v.length > 0);
}

/** BM25 terms of a text: folded, stop words dropped, singular, lightly stemmed. */
export function matchTerms(text: string): string[] {
  const out: string[] = [];
  for (const w of foldText(text).split(" ")) {
    if (!w || STOP_WORDS.has(w)) continue;
    out.push(stem(singularWord(w)));
  }
  return out;
}

/** BM25's constants (the usual ones). */
export const BM25 = { k1: 1.2, b: 0.75 } as const;

/** BM25 inverse document frequency, never negative. */
export function bm25Idf(docs: number, withTerm: number): number {
  return Math.log(1 + (docs - withTerm + 0.5) / (withTerm + 0.5));
}

/** One term's BM25 contribution for a document of `length` terms holding it `tf` times. */
export function bm25Term(idf: number, tf: number, length: number, averageLength: number): number {
  return (idf * tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + (BM25.b * length) / averageLength));
}

/** What one term's contribution approaches and never reaches (tf → ∞): scores divided by the sum of these lie in [0, 1). */
export function bm25Ceiling(idf: number): number {
  return idf * (BM25.k1 + 1);
}

/** One query term's postings: the documents holding it, with their lengths in terms. */
export interface TermPostings {
  docs: readonly { doc: number; length: number }[];
}

/**
 * BM25 (tf 1: a name seldom repeats a word) of each document that holds a query term, divided by the
 * query's ceiling so scores lie in [0, 1), rounded to six places: both backends rank names with this.
 */
export function bm25Scores(terms: readonly TermPostings[], documents: number, averageLength: number, keep: (doc: number) => boolean = () => true): Map<number, number> {
  const raw = new Map<number, number>();
  let ceiling = 0;
  for (const t of terms) {
    const idf = bm25Idf(documents, t.docs.length);
    ceiling += bm25Ceiling(idf);
    for (const { doc, length } of t.docs) {
      if (keep(doc)) raw.set(doc, (raw.get(doc) ?? 0) + bm25Term(idf, 1, length, averageLength));
    }
  }
  const out = new Map<number, number>();
  for (const [doc, s] of raw) out.set(doc, Math.round((s / ceiling) * 1e6) / 1e6);
  return out;
}
