import type { EntityCandidate, EntityLinker, LinkOptions, MatchKind, Mention } from "../ports/entity-linker";
import { NODE_TYPES, NODE_TYPE_BIT, typesFromMask } from "../kb/schema";
import { SharedStringMap, type SharedStringMapData } from "../kb/shared/string-map";
import { ARTICLES, STOP_WORDS, capitalised, editDistance, linkKey, withoutLeadingArticle, wordTokens, type WordToken as Token } from "../util/text";
import { QUESTION_WORDS } from "./question-words";
import { TITLE_NUMBER_WORDS } from "../question/lexicon/linking";

const MAX_SPAN_TOKENS = 12;
const PROMINENT_DEGREE = 64;
/** A hyphen between two letters, as in "Spider-Man" or "X-Men". */
const HYPHENATED = /(?<=\p{L})-(?=\p{L})/gu;


/**
 * Links mentions to KB nodes without any server: exact names, then case/accent/punctuation-folded
 * names, then typo-tolerant full names (one edit per token, through a deletion index), then partial
 * names ("Nolan") ranked by how connected each candidate is.
 */
/**
 * The linker's indexes, built once per knowledge base in shared memory, so every worker thread
 * links against the same copy: names exact and folded (and titles without their article), the
 * names holding each word, single-letter deletions of every word (spelling correction), and per name
 * its word counts.
 */
export interface LinkerIndexData {
  exact: SharedStringMapData;
  folded: SharedStringMapData;
  bare: SharedStringMapData;
  /** Names with a stop word, by their content words alone: "harry potter order phoenix" is the Order of the Phoenix. */
  content: SharedStringMapData;
  tokens: SharedStringMapData;
  /** Deletion → the words (indexes into `tokens`) it comes from. */
  deletions: SharedStringMapData;
  tokenCount: Uint8Array;
  contentCount: Uint8Array;
}

export function buildLinkerIndex(names: readonly string[]): LinkerIndexData {
  const n = names.length;
  const exact = new Map<string, number[]>();
  const folded = new Map<string, number[]>();
  const bare = new Map<string, number[]>();
  const content = new Map<string, number[]>();
  const tokenPostings = new Map<string, number[]>();
  const tokenCount = new Uint8Array(new SharedArrayBuffer(Math.max(1, n)), 0, n);
  const contentCount = new Uint8Array(new SharedArrayBuffer(Math.max(1, n)), 0, n);
  for (let i = 0; i < n; i++) {
    const name = names[i]!;
    push(exact, name, i);
    const f = linkKey(name);
    if (f === "") continue;
    push(folded, f, i);
    const words = f.split(" ");
    if (words.length >= 2 && ARTICLES.has(words[0]!)) push(bare, words.slice(1).join(" "), i);
    for (const alias of aliasKeys(name, f)) {
      push(folded, alias, i);
      const aliasWords = alias.split(" ");
      // Without its article an alias must still be a name of several words ("breakup" alone is a word, not The Break-Up).
      if (aliasWords.length >= 3 && ARTICLES.has(aliasWords[0]!)) push(bare, aliasWords.slice(1).join(" "), i);
    }
    tokenCount[i] = Math.min(255, words.length);
    const contentWords = words.filter((t) => !STOP_WORDS.has(t));
    contentCount[i] = Math.min(255, contentWords.length);
    if (contentWords.length >= 2 && contentWords.length < words.length) push(content, contentWords.join(" "), i);
    for (const t of new Set(words)) push(tokenPostings, t, i);
  }
  const tokens = SharedStringMap.fromMap(tokenPostings);
  const deletions = new Map<string, number[]>();
  for (let ti = 0; ti < tokens.size; ti++) {
    const tok = tokens.keyAt(ti);
    if (tok.length < 4 || /^\d+$/.test(tok)) continue;
    for (const d of deletes(tok)) push(deletions, d, ti);
  }
  return { exact: SharedStringMap.fromMap(exact).data, folded: SharedStringMap.fromMap(folded).data, bare: SharedStringMap.fromMap(bare).data, content: SharedStringMap.fromMap(content).data, tokens: tokens.data, deletions: SharedStringMap.fromMap(deletions).data, tokenCount, contentCount };
}

const WORD_OF_NUMBER = new Map<string, string>(Object.entries(TITLE_NUMBER_WORDS).map(([w, n]) => [String(n), w] as const));
const NUMBER_OF_WORD = new Map<string, string>([...WORD_OF_NUMBER.entries()].map(([n, w]) => [w, n]));

/**
 * Other ways people write a name, as folded keys: a hyphenated word closed ("the amazing spiderman 2" for The
 * Amazing Spider-Man 2), a sequel's number without its "part" or "vol." ("the hangover 2", "kill bill 2"),
 * numbers as digits or words ("50 shades of grey", "twelve angry men"), and two words written as one.
 */
function aliasKeys(name: string, f: string): string[] {
  const out = new Set<string>();
  if (name.includes("-")) out.add(linkKey(name.replace(HYPHENATED, "")));
  out.add(f.replace(/\b(?:part|chapter|vol|volume) (\d{1,2})\b/, "$1"));
  const words = f.split(" ");
  if (words.some((w) => NUMBER_OF_WORD.has(w))) out.add(words.map((w) => NUMBER_OF_WORD.get(w) ?? w).join(" "));
  if (words.some((w) => WORD_OF_NUMBER.has(w))) out.add(words.map((w) => WORD_OF_NUMBER.get(w) ?? w).join(" "));
  // Two words of a name written as one ("shahrukh khan" for Shah Rukh Khan, "the texas chainsaw massacre"), when a word
  // of the name stays beside them: one word alone is a word of the language ("seagull" is no The Sea Gull).
  const named = words.filter((w) => !ARTICLES.has(w)).length;
  for (let k = 0; named >= 3 && k + 1 < words.length; k++) {
    if (closable(words[k]!) && closable(words[k + 1]!)) out.add([...words.slice(0, k), `${words[k]}${words[k + 1]}`, ...words.slice(k + 2)].join(" "));
  }
  out.delete(f);
  return [...out].filter((k) => k.length > 0);
}

/** A word that may be written together with the next: two letters or more, no number, no small word. */
const closable = (w: string) => w.length >= 2 && !/\d/.test(w) && !STOP_WORDS.has(w);

/** The names and node types a linker reads: a thread's own copy of the names, the shared type arrays. */
export interface LinkerNodes {
  names: readonly string[];
  typeMask: Uint16Array;
  primaryType: Uint8Array;
}

export class InMemoryEntityLinker implements EntityLinker {
  private readonly exact: SharedStringMap;
  private readonly folded: SharedStringMap;
  /** Titles by their folded name without a leading article: "silence of the lambs" is The Silence of the Lambs. */
  private readonly bare: SharedStringMap;
  private readonly content: SharedStringMap;
  private readonly tokenPostings: SharedStringMap;
  private readonly tokenCount: Uint8Array;
  /** Tokens of each name that are not stop words ("The Shawshank Redemption": 2). */
  private readonly contentCount: Uint8Array;
  /** Deletion neighbourhood of every name token (symmetric-delete spelling correction). */
  private readonly deletions: SharedStringMap;

  constructor(
    private readonly data: LinkerNodes,
    private readonly degree: (node: number) => number,
    index: LinkerIndexData = buildLinkerIndex(data.names),
  ) {
    this.exact = new SharedStringMap(index.exact);
    this.folded = new SharedStringMap(index.folded);
    this.bare = new SharedStringMap(index.bare);
    this.content = new SharedStringMap(index.content);
    this.tokenPostings = new SharedStringMap(index.tokens);
    this.deletions = new SharedStringMap(index.deletions);
    this.tokenCount = index.tokenCount;
    this.contentCount = index.contentCount;
  }

  link(mention: string, options: LinkOptions = {}): EntityCandidate[] {
    const limit = options.limit ?? 10;
    const mask = options.types?.reduce((m, t) => m | NODE_TYPE_BIT[t], 0) ?? 0;
    const scores = new Map<number, { score: number; match: MatchKind }>();
    const offer = (i: number, score: number, match: MatchKind) => {
      if (mask && (this.data.typeMask[i]! & mask) === 0) return;
      const prev = scores.get(i);
      if (!prev || prev.score < score) scores.set(i, { score, match });
    };
    const trimmed = mention.trim();
    for (const i of this.exact.get(trimmed) ?? []) offer(i, 1, "exact");
    const f = linkKey(trimmed);
    if (f === "") return [];
    const mentionKey = caseKey(trimmed);
    const mentionHasUpper = /\p{Lu}/u.test(trimmed);
    for (const i of this.folded.get(f) ?? []) {
      const name = this.data.names[i]!;
      // Same letters and case, only accents or punctuation differ: nearly exact. A capitalised mention
      // of an all-lower-case name (a tag) is a weak match: "Nolan" means the person, not the tag.
      const score = caseKey(name) === mentionKey ? 0.97 : mentionHasUpper && !/\p{Lu}/u.test(name) ? 0.6 : 0.9;
      offer(i, score, "folded");
    }
    // A title typed without its article is nearly as sure as the folded name.
    for (const i of this.bare.get(f) ?? []) offer(i, 0.87, "folded");
    if (scores.size < limit && !options.exact) this.tokenMatches(f.split(" "), offer);
    return this.rank(scores, limit);
  }

  /** Full names with spelling errors, and partial names, from the token index. */
  private tokenMatches(tokens: string[], offer: (i: number, score: number, match: MatchKind) => void): void {
    const content = tokens.filter((t) => !STOP_WORDS.has(t));
    if (content.length === 0) return;
    const first = this.matchVariants(tokens, false, offer);
    // Every word is a known name word but no name has them all ("forest gump"): one of them may be a
    // typo of a rarer word ("forrest"), so doubt the common ones too.
    if (first === "no-full" && content.length >= 2) this.matchVariants(tokens, true, offer);
  }

  /** Offers the names that hold each token or one of its corrections; says whether any full name matched. */
  private matchVariants(tokens: string[], doubtCommon: boolean, offer: (i: number, score: number, match: MatchKind) => void): "full" | "no-full" | "unknown-token" {
    // For each token: itself if known, else its spelling corrections (cost 1 or 2 edits).
    const variants: { tok: string; cost: number }[][] = [];
    // A correction that shares a name with the other words comes first ("richard geer": Gere before beer and deer).
    const withOthers = (t: string) => (fixes: { tok: string; cost: number }[]) => {
      if (tokens.length < 2 || fixes.length < 2) return fixes;
      // The fixes' names are few; look each up in the other words' postings rather than building those.
      const others = tokens.filter((o) => o !== t && !STOP_WORDS.has(o) && (this.tokenPostings.get(o)?.length ?? 0) > 0);
      const holds = (i: number) => others.some((o) => this.nameHolds(i, o));
      const shares = new Map(fixes.map((f) => [f.tok, (this.tokenPostings.get(f.tok) ?? []).slice(0, 200).some(holds)]));
      return [...fixes].sort((a, b) => a.cost - b.cost || Number(shares.get(b.tok)) - Number(shares.get(a.tok)));
    };
    for (const t of tokens) {
      // A known word may still be a typo of another name's word ("Carll" is a name, "carll" may mean Carell).
      // Only a word that is rare in names is doubted: "nolan" is Nolan, "carll" (one name) may mean Carell.
      if (this.tokenPostings.has(t)) variants.push([{ tok: t, cost: 0 }, ...(doubtCommon || this.tokenPostings.get(t)!.length <= 3 ? withOthers(t)(this.corrections(t)).filter((v) => v.tok !== t && v.cost > 0).slice(0, 2) : [])]);
      else {
        const fixes = withOthers(t)(this.corrections(t)).slice(0, 4);
        if (fixes.length === 0) return "unknown-token"; // a token that matches nothing: no full or partial match
        variants.push(fixes);
      }
    }
    const totalCost = (chosen: { tok: string; cost: number }[]) => chosen.reduce((s, v) => s + v.cost, 0);
    let full = false;
    // Expand at most a few combinations of corrections (best first).
    const combos = expand(variants, 8);
    for (const combo of combos) {
      const comboContent = combo.filter((v) => !STOP_WORDS.has(v.tok)).length;
      const cost = totalCost(combo);
      const lists = combo.map((v) => this.tokenPostings.get(v.tok)!).sort((a, b) => a.length - b.length);
      let cands = lists[0]!;
      for (let li = 1; li < lists.length && cands.length; li++) {
        const set = new Set(lists[li]);
        cands = cands.filter((i) => set.has(i));
      }
      const key = combo.map((v) => v.tok).join(" ");
      for (const i of cands.slice(0, 5000)) {
        const n = this.tokenCount[i]!;
        if (n === combo.length) {
          full = true;
          const sameOrder = linkKey(this.data.names[i]!) === key;
          if (cost > 0) offer(i, (sameOrder ? 0.9 : 0.85) - 0.05 * cost, "fuzzy");
          else if (!sameOrder) offer(i, 0.88, "folded"); // same words, other order ("Nolan Christopher")
        } else if (n > combo.length && comboContent >= 2 && this.contentCount[i] === comboContent) {
          // Every word but an article or the like ("shawshank redemtion" for The Shawshank Redemption).
          full = true;
          offer(i, cost > 0 ? 0.86 - 0.05 * cost : 0.87, cost > 0 ? "fuzzy" : "folded");
        } else if (n > combo.length) {
          const coverage = combo.length / n;
          offer(i, 0.35 + 0.2 * coverage + 0.3 * this.prominence(i) - 0.05 * cost, "partial");
        }
      }
    }
    return full ? "full" : "no-full";
  }

  private readonly postingSets = new Map<string, Set<number>>();

  /**
   * A title said with one of its small words left out ("harry potter and the order of phoenix"): the span
   * opens and ends on a content word, its content words are a title's in order, and every word it says is
   * one of that title's. It is a little less sure than the title said whole, and more than a shorter title
   * inside it ("Phoenix").
   */
  private gappedTitle(text: string, tokens: Token[], i: number, j: number, contentKey: string): Mention | undefined {
    if (j - i < 2 || STOP_WORDS.has(tokens[i]!.folded) || STOP_WORDS.has(tokens[j]!.folded)) return undefined;
    const hits = new Set(this.content.get(contentKey) ?? []);
    if (hits.size === 0) return undefined;
    const span = tokens.slice(i, j + 1);
    const surface = text.slice(span[0]!.start, span[span.length - 1]!.end);
    // The token index offers a name only when it holds every word said, so a word said instead of one of its own is no match.
    const candidates = this.link(surface, { limit: 5 }).filter((c) => c.types.includes("Movie") && (this.exact.get(c.name) ?? []).some((h) => hits.has(h)));
    if (candidates.length === 0) return undefined;
    // Written as the title writes its words ("Harry Potter Order of the Phoenix") is as sure as a name said in its case.
    const titleWords = new Set(candidates[0]!.name.split(/\s+/));
    const cased = span.every((t) => STOP_WORDS.has(t.folded) || titleWords.has(t.text));
    return { text: surface, start: span[0]!.start, end: span[span.length - 1]!.end, candidates, confidence: spanConfidence(span, cased, i === 0) - 0.05 };
  }

  /** Whether name `i` has the word `tok` (each word's names as a set, built on first use). */
  private nameHolds(i: number, tok: string): boolean {
    let set = this.postingSets.get(tok);
    if (!set) this.postingSets.set(tok, (set = new Set(this.tokenPostings.get(tok) ?? [])));
    return set.has(i);
  }

  private corrections(tok: string): { tok: string; cost: number }[] {
    if (tok.length < 4 || /^\d+$/.test(tok)) return [];
    const found = new Map<string, number>();
    for (const d of [tok, ...deletes(tok)]) {
      for (const ti of this.deletions.get(d) ?? []) {
        const cand = this.tokenPostings.keyAt(ti);
        if (found.has(cand)) continue;
        const dist = editDistance(tok, cand, 2);
        if (dist <= (tok.length >= 8 ? 2 : 1)) found.set(cand, dist);
      }
      if (this.tokenPostings.has(d) && !found.has(d)) found.set(d, 1); // an extra letter typed
    }
    return [...found.entries()]
      .map(([t, cost]) => ({ tok: t, cost }))
      .sort((a, b) => a.cost - b.cost || this.tokenPostings.get(b.tok)!.length - this.tokenPostings.get(a.tok)!.length || (a.tok < b.tok ? -1 : 1))
      .slice(0, 24);
  }

  /** Log-scaled degree on a fixed scale (64 edges or more is fully prominent), in [0, 1]. */
  private prominence(i: number): number {
    return Math.min(1, Math.log1p(this.degree(i)) / Math.log1p(PROMINENT_DEGREE));
  }

  private rank(scores: Map<number, { score: number; match: MatchKind }>, limit: number): EntityCandidate[] {
    return [...scores.entries()]
      .map(([i, s]) => ({ i, ...s, degree: this.degree(i) }))
      .sort((a, b) => b.score - a.score || b.degree - a.degree || a.i - b.i)
      .slice(0, limit)
      .map(({ i, score, match, degree }) => ({
        id: this.data.names[i]!,
        name: this.data.names[i]!,
        type: NODE_TYPES[this.data.primaryType[i]!]!,
        types: typesFromMask(this.data.typeMask[i]!),
        score: Math.round(score * 1000) / 1000,
        match,
        degree,
      }));
  }

  findMentions(text: string, options: { limit?: number } = {}): Mention[] {
    const tokens = wordTokens(text);
    const spans: Mention[] = [];
    // A title said with a word left out or added ("boy in the blue") loses a tie to one said whole ("the blue lagoon").
    const gaps = new Set<Mention>();
    for (let i = 0; i < tokens.length; i++) {
      let key = "";
      let contentKey = "";
      let shorterFilm = false;
      for (let j = i; j < Math.min(tokens.length, i + MAX_SPAN_TOKENS); j++) {
        key = key ? `${key} ${tokens[j]!.folded}` : tokens[j]!.folded;
        if (!STOP_WORDS.has(tokens[j]!.folded)) contentKey = contentKey ? `${contentKey} ${tokens[j]!.folded}` : tokens[j]!.folded;
        const hits = this.folded.get(key) ?? this.bare.get(key);
        if (!hits) {
          const gapped = this.gappedTitle(text, tokens, i, j, contentKey);
          if (gapped) {
            spans.push(gapped);
            gaps.add(gapped);
          }
          continue;
        }
        const span = tokens.slice(i, j + 1);
        const surface = text.slice(span[0]!.start, span[span.length - 1]!.end);
        const candidates = this.link(surface, { limit: 5 });
        // Written as the KB writes it, with or without its leading article ("Ten Commandments", "the Ten Commandments").
        const exactCase = candidates.length > 0 && hits.some((h) => sameCase(this.data.names[h]!, surface));
        // A lowercase title said with its article ("the terminator", "the shining") is the film, not a tag of the bare
        // word; and a longer title said whole outweighs a shorter one it starts with ("the way we were", not "the way").
        const isFilm = candidates[0]?.types.includes("Movie") === true;
        // "the lord of the rings": a title of four words or more said whole, its own article included, is the film too
        // (three, "the breaking point", "the last man", are as often the sentence's own words).
        const wholeTitle = isFilm && span.length >= 4 && wordTokens(candidates[0]!.name).map((t) => t.folded).join(" ") === key;
        const withArticle = isFilm && ARTICLES.has(span[0]!.folded) && (span.length === 2 ? !STOP_WORDS.has(span[1]!.folded) : shorterFilm || wholeTitle);
        if (isFilm && ARTICLES.has(span[0]!.folded) && span.length === 2) shorterFilm = true;
        // "apocalypse now": a film's whole title of one content word and small words after it, typed in lower case, is as
        // sure as that word's own tag, and longer.
        const oneWordAndSmall = isFilm && !exactCase && span.length >= 2 && !ARTICLES.has(span[0]!.folded) && !STOP_WORDS.has(span[0]!.folded) && span.slice(1).every((t) => STOP_WORDS.has(t.folded));
        spans.push({ text: surface, start: span[0]!.start, end: span[span.length - 1]!.end, candidates, confidence: spanConfidence(span, exactCase, i === 0) + (withArticle && !exactCase ? 0.2 : 0) + (oneWordAndSmall ? 0.15 : 0) });
      }
    }
    // Capitalised words no full name covers may be partial names ("Nolan").
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (!capitalised(t.text) || i === 0 || QUESTION_WORDS.has(t.folded) || STOP_WORDS.has(t.folded)) continue;
      // An abbreviation in capitals ("US", "UK", "TV") is not part of a longer name.
      if (t.text.length <= 3 && t.text === t.text.toUpperCase() && !/\p{N}/u.test(t.text)) continue;
      if (spans.some((s) => s.start <= t.start && s.end >= t.end && s.confidence >= 0.5)) continue;
      const candidates = this.link(t.text, { limit: 5 }).filter((c) => c.match === "partial" || c.match === "fuzzy");
      if (candidates.length) spans.push({ text: t.text, start: t.start, end: t.end, candidates, confidence: 0.45 * candidates[0]!.score + 0.1 });
    }
    // Greedy non-overlapping selection, best first.
    const content = (m: Mention) => wordTokens(m.text).filter((t) => !STOP_WORDS.has(t.folded)).length;
    // Between a gapped title and one said whole, as sure, the one of more content words wins, then the whole one.
    const gapTie = (a: Mention, b: Mention) => (gaps.has(a) === gaps.has(b) ? 0 : content(b) - content(a) || Number(gaps.has(a)) - Number(gaps.has(b)));
    spans.sort((a, b) => b.confidence - a.confidence || gapTie(a, b) || b.end - b.start - (a.end - a.start) || a.start - b.start);
    const chosen: Mention[] = [];
    for (const s of spans) {
      if (chosen.some((c) => s.start < c.end && c.start < s.end)) continue;
      chosen.push(s);
      if (chosen.length >= (options.limit ?? 8)) break;
    }
    return chosen;
  }
}

/** How likely a span that matches some name is the entity the user meant. */
function spanConfidence(span: Token[], exactCase: boolean, atStart: boolean): number {
  const words = span.map((t) => t.folded);
  const allQuestionWords = words.every((w) => QUESTION_WORDS.has(w) || STOP_WORDS.has(w));
  // A number has no case: "12 Angry Men" starts like a name, a lone "2" says nothing.
  const namelike = (capitalised(span[0]!.text) || (/^\p{N}/u.test(span[0]!.text) && span.length > 1)) && !(atStart && span.length === 1);
  let c = exactCase ? 0.7 : 0.5;
  if (namelike && exactCase) c += 0.1;
  c += Math.min(0.15, 0.05 * (span.length - 1));
  // A name of several content words typed in lowercase ("the bourne identity") is as sure as a one-word exact tag.
  // So is a lowercase span of four words or more that is a whole name ("for a few dollars more"), small words and all.
  if (!exactCase && (words.filter((w) => !STOP_WORDS.has(w)).length >= 2 || (words.length >= 4 && !allQuestionWords))) c += 0.15;
  if (allQuestionWords) c -= 0.45;
  else if (words.length === 1 && (STOP_WORDS.has(words[0]!) || QUESTION_WORDS.has(words[0]!))) c -= 0.3;
  return Math.max(0.01, Math.min(1, c));
}

/** The same name in the same case, a leading article aside. */
function sameCase(name: string, surface: string): boolean {
  const a = caseKey(name);
  const b = caseKey(surface);
  return a === b || (withoutLeadingArticle(a) === withoutLeadingArticle(b) && withoutLeadingArticle(a) !== a.toLowerCase());
}

/** Case-preserving comparison key: accents and punctuation ignored, letter case kept. */
function caseKey(s: string): string {
  return s
    .replace(/['’`]s\b/giu, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    // Title case capitalises the small words a title keeps lower ("The Wolf Of Wall Street"): their case says nothing.
    .split(" ")
    .map((w) => (STOP_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w))
    .join(" ");
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function deletes(tok: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < tok.length; i++) out.add(tok.slice(0, i) + tok.slice(i + 1));
  return [...out];
}

/** The cartesian product of per-token variants, cheapest combinations first, at most `max`. */
function expand(variants: { tok: string; cost: number }[][], max: number): { tok: string; cost: number }[][] {
  let combos: { tok: string; cost: number }[][] = [[]];
  for (const vs of variants) {
    const next: { tok: string; cost: number }[][] = [];
    for (const c of combos) for (const v of vs) next.push([...c, v]);
    next.sort((a, b) => a.reduce((s, v) => s + v.cost, 0) - b.reduce((s, v) => s + v.cost, 0));
    combos = next.slice(0, max);
  }
  return combos;
}
