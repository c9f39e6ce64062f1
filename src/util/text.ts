/**
 * Text normalisation shared by ingestion, entity linking, the text index and the embedder.
 * One definition, so a name folded at ingest time matches the same name folded in a question.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
// Letters the NFKD decomposition does not split into base + mark.
const SPECIAL_FOLDS: Record<string, string> = {
  ß: "ss", æ: "ae", Æ: "ae", ø: "o", Ø: "o", œ: "oe", Œ: "oe", ł: "l", Ł: "l", đ: "d", Đ: "d", þ: "th", ı: "i",
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL_FOLDS).join("")}]`, "g");

/** Lower-case, accent-free, punctuation-free form: "Grégoire Colin" → "gregoire colin". */
/** Initials ("G.I.", "L.A.") and a number grouped in thousands ("10,000"): one word each, in folding and in tokens. */
const INITIALS_SOURCE = String.raw`(?<![\p{L}\p{N}.])\p{L}(?:\.\p{L})+\.?(?![\p{L}\p{N}])`;
const THOUSANDS_SOURCE = String.raw`(?<![\p{N},])\p{N}{1,3}(?:,\p{N}{3})+(?![\p{N}])`;
const INITIALS = new RegExp(INITIALS_SOURCE, "gu");
const WHOLE_INITIALS = new RegExp(`^${INITIALS_SOURCE}$`, "u");

/** The text is initials and nothing else ("E.T.", "A.I."). */
export function isInitials(text: string): boolean {
  return WHOLE_INITIALS.test(text.trim());
}

/**
 * Initials are one word ("G.I. Joe" is "gi joe", "L.A." is "la"); a number's thousands are one ("10,000 BC"). Most
 * texts hold neither mark, and folding is hot: the patterns run only where a dot or a comma is.
 */
function joinMarkedWords(text: string): string {
  const dotted = text.includes(".") && DOTTED_LETTERS.test(text) ? text.replace(INITIALS, (m) => m.replace(/\./g, "")) : text;
  return dotted.includes(",") && GROUPED_DIGITS.test(dotted) ? dotted.replace(/(?<=\d),(?=\d{3}(?!\d))/g, "") : dotted;
}
/** Cheap tests for the marks `joinMarkedWords` reads: a letter, a dot and a letter; a digit, a comma and three digits. */
const DOTTED_LETTERS = /\p{L}\.\p{L}/u;
const GROUPED_DIGITS = /\d,\d{3}/;

export function foldText(text: string): string {
  return joinMarkedWords(
    text
      .normalize("NFKD")
      .replace(COMBINING_MARKS, "")
      .replace(SPECIAL_RE, (c) => SPECIAL_FOLDS[c] ?? c)
      .toLowerCase()
      .replace(/['’`]/g, ""),
  )
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Tokens of the folded text. */
export function tokenize(text: string): string[] {
  const folded = foldText(text);
  return folded.length === 0 ? [] : folded.split(" ");
}

/** Common English function words; never content on their own. */
/** Articles a title may open with ("the godfather") and a user may leave out. */
export const ARTICLES: ReadonlySet<string> = new Set(["the", "a", "an"]);
/** The articles but "the", which opens titles: after one, words describe ("about a burglar"). */
export const INDEFINITE_ARTICLES: ReadonlySet<string> = new Set(["a", "an"]);
/** Punctuation that ends a clause, between two words ("Gladiator, Hannibal", "… in jaws? and …"). */
export const CLAUSE_BREAK = /[?.!,;:]/;
/** A year as a question says one, 1900–2099, as a pattern to build larger ones from. */
export const YEAR_DIGITS = "(?:19|20)\\d\\d";
const YEAR_WORD = new RegExp(`^${YEAR_DIGITS}$`);
/** Whether a word is a year ("1997", not "97" or "3000"). */
export const isYearWord = (word: string): boolean => YEAR_WORD.test(word);

/** A name or key without the article it opens with ("the godfather" → "godfather"); any letter case. */
export function withoutLeadingArticle(s: string): string {
  return s.replace(/^(?:the|a|an) /i, "");
}

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but if of at by for with about against between into through during before after above below to from up down in out on off over under " +
    "again further then once here there when where why how all any both each few more most other another some such no nor not only own same so than too very " +
    "s t can will just don should now i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself " +
    "it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having " +
    "do does did doing would could ought im youre hes shes its were theyre ive youve weve theyve id youd hed shed wed theyd ill youll hell shell well theyll " +
    "isnt arent wasnt werent hasnt havent hadnt doesnt dont didnt wont wouldnt shant shouldnt cant cannot couldnt mustnt lets thats whos whats heres theres " +
    "whens wheres whys hows also as"
  ).split(" "),
);

/**
 * A light suffix stemmer (plural, -ing, -ed, -er forms) so "directed", "directing" and "directs" meet.
 * Deliberately conservative: it must be stable and cheap, not linguistically complete.
 */
export function stem(token: string): string {
  let t = token;
  if (t.length <= 3 || /^\d+$/.test(t)) return t;
  // "fishermen", "policemen", "women": the plural of -man.
  if (t.endsWith("men") && t.length > 4 && !/(?:omen|amen|imen|umen)$/.test(t.slice(-4)) ) t = `${t.slice(0, -3)}man`;
  else if (t === "women") t = "woman";
  else if (t.endsWith("ies") && t.length > 4) t = t.slice(0, -3) + "y";
  else if (t.endsWith("sses")) t = t.slice(0, -2);
  else if (t.endsWith("s") && !t.endsWith("ss") && !t.endsWith("us") && !t.endsWith("is")) t = t.slice(0, -1);
  if (t.length > 5 && t.endsWith("ing")) t = undouble(t.slice(0, -3));
  else if (t.length > 4 && t.endsWith("ed")) t = undouble(t.slice(0, -2));
  return t;
}

function undouble(t: string): string {
  const n = t.length;
  if (n >= 2 && t[n - 1] === t[n - 2] && !"lsz".includes(t[n - 1]!)) return t.slice(0, -1);
  return t;
}

/** Content terms of a text: folded, stop words removed, stemmed. */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const tok of tokenize(text)) {
    if (STOP_WORDS.has(tok)) continue;
    out.push(stem(tok));
  }
  return out;
}

/**
 * Edit distance with adjacent transpositions counted as one edit ("knigth" → "knight": 1), the
 * optimal-string-alignment variant; returns max + 1 as soon as the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // A transposition reaches back two rows, so both must be past `max` before the distance surely is.
    if (rowMin > max && prevMin > max) return max + 1;
    prevMin = rowMin;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[b.length]!;
}

export interface WordToken {
  /** The word as written. */
  text: string;
  /** Its folded form (one word of `foldText`'s output). */
  folded: string;
  start: number;
  end: number;
}

/**
 * The key names are matched on: folded, with a possessive 's dropped, so "Nolan's films" meets
 * "Christopher Nolan" and "Schindler's List" meets itself either way.
 */
/** Whether a word (or a name's last word) is written in the possessive ("thomas's", "Gump’s"). */
export function isPossessive(text: string): boolean {
  return /['’]s$/iu.test(text);
}

export function linkKey(text: string): string {
  return foldText(text.replace(/['’`]s\b/giu, "")).replace(ROMAN_NUMERAL, (r) => String(ROMAN_VALUES[r]));
}

/**
 * Roman numerals from 2 to 10, read as the number they are: "rocky 2" is Rocky II, "world war 2" is
 * the tag world war ii. I, V and X stay words ("i", "Malcolm X", "V for Vendetta").
 */
const ROMAN_VALUES: Readonly<Record<string, number>> = { ii: 2, iii: 3, iv: 4, vi: 6, vii: 7, viii: 8, ix: 9 };
const ROMAN_NUMERAL = /(?<![\p{L}\p{N}])(?:ii|iii|iv|vi|vii|viii|ix)(?![\p{L}\p{N}])/gu;

/** The token opens its sentence: the first of the text, or the first after ".", "!", "?" or ";" (where a capital says nothing). */
export function opensSentence(text: string, tokens: readonly WordToken[], i: number): boolean {
  return i === 0 || /[.!?;]\s*$/.test(text.slice(tokens[i - 1]!.end, tokens[i]!.start));
}

/** A text is in title case when at least this many words inside its sentences are written, every one capitalised. */
const TITLE_CASE_WORDS = 3;

/** Written with a capital first letter. */
export function capitalised(text: string): boolean {
  return /^\p{Lu}/u.test(text);
}

/** Written with a capital or a digit first ("Evil Aliens", "2012"). */
export function capitalOrDigitFirst(text: string): boolean {
  return /^[\p{Lu}\p{N}]/u.test(text);
}

/**
 * Written in title case ("Looking For An Older Movie With Main Character Chasing Himself"): every word inside its
 * sentences, numbers aside, is capitalised, small words too ("For", "An", "With"; "The" opens titles, so it does not
 * count), so a capital there says nothing of a name. A question that names films ("was Tom Harker in Starfall and
 * Paper Moons", "the actress who was in The Fifth Element") keeps its own small words in lower case.
 */
export function titleCased(text: string): boolean {
  const known = titleCaseMemo.get(text);
  if (known !== undefined) return known;
  const cased = readTitleCase(text);
  // The reading passes ask this of the same question many times: a few recent texts are remembered.
  if (titleCaseMemo.size >= TITLE_CASE_MEMO) titleCaseMemo.clear();
  titleCaseMemo.set(text, cased);
  return cased;
}
const TITLE_CASE_MEMO = 64;
const titleCaseMemo = new Map<string, boolean>();

function readTitleCase(text: string): boolean {
  const tokens = wordTokens(text);
  const inside = tokens.filter((t, i) => !opensSentence(text, tokens, i) && !/\d/.test(t.text) && t.text !== "&");
  const content = inside.filter((t) => !STOP_WORDS.has(t.folded));
  const capital = (t: WordToken) => capitalised(t.text);
  if (content.length < TITLE_CASE_WORDS || text === text.toUpperCase() || !content.every(capital)) return false;
  return inside.some((t) => STOP_WORDS.has(t.folded) && t.folded !== "the" && capital(t));
}

const PLAIN_WORD = /[\p{L}\p{N}]+(?:['’`][\p{L}\p{N}]+)*|&/gu;
const MARKED_WORD = new RegExp(`${INITIALS_SOURCE}|${THOUSANDS_SOURCE}|${PLAIN_WORD.source}`, "gu");

/** Word tokens with their offsets, split exactly where `linkKey` splits ("Spider-Man" → spider, man). */
export function wordTokens(text: string): WordToken[] {
  const out: WordToken[] = [];
  // Initials ("G.I.", "L.A.") and a number grouped in thousands ("10,000") are one word each, as `foldText` folds them.
  const marked = (text.includes(".") && DOTTED_LETTERS.test(text)) || (text.includes(",") && GROUPED_DIGITS.test(text));
  const re = new RegExp((marked ? MARKED_WORD : PLAIN_WORD).source, "gu");
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const folded = m[0] === "&" ? "and" : linkKey(m[0]);
    for (const part of folded.split(" ")) if (part) out.push({ text: m[0], folded: part, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Length in characters as people count them (Unicode code points): an emoji is one, not two UTF-16 units. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * The documented pattern of a field that is trimmed and then must not be empty: a character that is
 * neither whitespace nor a byte-order mark (what String.prototype.trim removes), so a client that
 * generates requests from the OpenAPI document never sends what the service rejects as blank.
 */
export const NON_BLANK_PATTERN = "[^\\s\\uFEFF]";

/**
 * A word's entry in a lexicon table, own entries only: a user's word ("constructor", "toString") must
 * never reach what every object inherits.
 */
export function entryOf<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Names as a sentence lists them: "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Where the words of `name` are said in a question's tokens: the index each place opens at. */
export function saidAt(name: string, tokens: readonly WordToken[]): number[] {
  const words = wordTokens(name).map((t) => t.folded);
  return words.length ? tokens.flatMap((_, i) => (words.every((w, j) => tokens[i + j]?.folded === w) ? [i] : [])) : [];
}
