import { CLAUSE_OPENERS } from "../../src/question/lexicon/answer-text";
import { foldText } from "../../src/util/text";
import type { ClaimCheck } from "../research/types";

/**
 * The post-generation check of a model's text (as the seed GraphRAG study validates its answers):
 * every name, year and number in a sentence must appear in the evidence that sentence cites ("[n]");
 * a sentence citing nothing is checked against all the sources the text cites. What the rules
 * computed from the evidence (counts, verdicts: their own text) and the question's own words count
 * as support too. A claim with no support is marked "[unsupported]" in place and counted.
 *
 * Claims: numbers written in digits (years among them), and names: runs of capitalised words (joined
 * by of/the/and/de/…), a single capitalised word only when it does not open its sentence. Numbers
 * written as words are not checked.
 */

/** The space between two sentences, kept as written (a model's line breaks stay). */
const SENTENCE_END = /((?<=[.!?])\s+(?=["“(]?[\p{Lu}\p{N}]))/u;
const MARKER = /\[(\d{1,3})\]/g;
const NUMBER = /(?<![\p{L}\p{N}])\d[\d,]*(?:\.\d+)?(?![\p{L}\p{N}])/gu;
const NAME = /\p{Lu}[\p{L}\p{N}'’.-]*(?:\s+(?:(?:of|the|and|de|la|le|du|da|del|von|van|der|in|on|a|an)\s+)*\p{Lu}[\p{L}\p{N}'’.-]*)*/gu;
const NOT_NAMES: ReadonlySet<string> = new Set(CLAUSE_OPENERS);

export interface ClaimInput {
  text: string;
  /** Evidence ids in the order "[n]" numbers them. */
  citations: readonly string[];
  /** Text of each evidence item by id. */
  evidence: ReadonlyMap<string, string>;
  /** Text trusted as support besides the evidence: the rules' findings and the question. */
  trusted: readonly string[];
}

/** Digits with their thousands separators dropped, so "1,500,000" meets "1500000". */
const plainNumbers = (s: string) => s.replace(/(\d),(?=\d{3}\b)/g, "$1");
const folded = (s: string) => ` ${foldText(plainNumbers(s))} `;

export function checkClaims(input: ClaimInput): { text: string; check: ClaimCheck } {
  // Every source folded once, however many sentences cite it.
  const source = new Map([...input.evidence].map(([id, text]) => [id, folded(text)]));
  const all = input.citations.map((id) => source.get(id) ?? "").join(" ");
  const trusted = input.trusted.map(folded).join(" ");
  let checked = 0;
  const flagged: string[] = [];
  // Odd pieces are the spaces between sentences (the split keeps them), rejoined as they were.
  const pieces = input.text.split(SENTENCE_END).map((sentence, i) => {
    if (i % 2 === 1) return sentence;
    const cited = [...sentence.matchAll(MARKER)].map((m) => source.get(input.citations[Number(m[1]) - 1] ?? "") ?? "");
    const support = `${cited.length ? cited.join(" ") : all} ${trusted}`;
    const supported = (c: Claim) => support.includes(folded(c.text));
    const bare = sentence.replace(MARKER, (m) => " ".repeat(m.length));
    // "Ann Robinson and Gene Barry" is one run of capitals but two names: split where the whole is not supported.
    const claims = claimsOf(bare).flatMap((c) => (/\sand\s/.test(c.text) && !supported(c) ? splitAnd(c) : [c]));
    checked += claims.length;
    const bad = claims.filter((c) => !supported(c));
    if (!bad.length) return sentence;
    flagged.push(...bad.map((c) => c.text));
    // Marked from the end so earlier offsets stay true.
    let out = sentence;
    for (const c of [...bad].sort((a, b) => b.end - a.end)) out = `${out.slice(0, c.end)} [unsupported]${out.slice(c.end)}`;
    return out;
  });
  return { text: pieces.join(""), check: { checked, unsupported: flagged.length, flagged } };
}

interface Claim {
  text: string;
  end: number;
}

function splitAnd(c: Claim): Claim[] {
  const start = c.end - c.text.length;
  const out: Claim[] = [];
  const joiner = /\s+and\s+/g;
  let from = 0;
  for (let m = joiner.exec(c.text); m; m = joiner.exec(c.text)) {
    out.push({ text: c.text.slice(from, m.index), end: start + m.index });
    from = m.index + m[0].length;
  }
  out.push({ text: c.text.slice(from), end: c.end });
  return out;
}

function claimsOf(sentence: string): Claim[] {
  const out: Claim[] = [];
  for (const m of sentence.matchAll(NUMBER)) out.push({ text: m[0].replace(/[.,]$/, ""), end: m.index + m[0].replace(/[.,]$/, "").length });
  const opening = sentence.search(/\S/);
  for (const m of sentence.matchAll(NAME)) {
    const name = m[0].replace(/[.'’-]+$/, "");
    const words = name.split(/\s+/);
    // A sentence's first word is capitalised anyway: it names something only with more capitalised words after it.
    const lead = m.index === opening && words.length === 1;
    // A lone capital letter ("B-movie", an initial) names nothing checkable.
    if (lead || (words.length === 1 && (NOT_NAMES.has(name.toLowerCase()) || name.length < 2)) || foldText(name) === "") continue;
    const trimmed = m.index === opening && NOT_NAMES.has(words[0]!.toLowerCase()) ? words.slice(1).join(" ") : name;
    if (trimmed) out.push({ text: trimmed, end: m.index + name.length });
  }
  return out;
}
