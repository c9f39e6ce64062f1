import { capitalised, opensSentence, type WordToken } from "../../util/text";
import { MOVIE_WORDS } from "../lexicon/relations";
import { EXCEPT_LEADS, OTHER_WORK_AFTER, RULED_OUT_AFTER, RULED_OUT_BETWEEN, RULED_OUT_JOINERS, RULED_OUT_NEGATIONS, RULED_OUT_SUBJECTS, SEEN_PHRASES } from "../lexicon/requests";
import { findPhrase } from "./phrases";

/** A film said as one the person rules out: the film sought is not it, or the films asked for leave it out. */
export interface RuledOut {
  tokenStart: number;
  tokenEnd: number;
  /** The words as said. */
  said: string;
  /** The KB film, when the words link to one; a title the KB lacks is still ruled out by its words. */
  film?: string;
  /** "not-it": the film sought is not this one; "except": the films asked for leave it out; "seen": the person has seen it (left out of films to watch). */
  how: "not-it" | "except" | "seen";
  /** The KB holds the title in several versions and no year says which one is meant: the title stays a candidate. */
  versions?: true;
}

/** A film named in the clause: its tokens, and the KB film when it is one. */
export interface FilmSpan {
  tokenStart: number;
  tokenEnd: number;
  film?: string;
}

const SUBJECTS: ReadonlySet<string> = new Set(RULED_OUT_SUBJECTS);
const NEGATIONS: ReadonlySet<string> = new Set(RULED_OUT_NEGATIONS);
const BETWEEN: ReadonlySet<string> = new Set(RULED_OUT_BETWEEN);
const JOINERS: ReadonlySet<string> = new Set(RULED_OUT_JOINERS);
const OTHER_WORK: ReadonlySet<string> = new Set(OTHER_WORK_AFTER);
/** Small words a title the KB lacks may hold between its capitals ("Day of the Triffids"). */
const INSIDE_TITLE: ReadonlySet<string> = new Set(["of", "the", "a", "an", "in", "on", "to", "from", "at", "for"]);
/** How many words a title the KB lacks may run to. */
const MOST_TITLE_WORDS = 6;

interface Clause {
  text: string;
  tokens: readonly WordToken[];
  words: readonly string[];
}

/** A clause with the tokens its leaving-out and having-seen phrases end on, found once. */
interface Marked extends Clause {
  exceptEnds: ReadonlySet<number>;
  seenEnds: ReadonlySet<number>;
}

function phraseEnds(words: readonly string[], phrases: readonly string[]): Set<number> {
  return new Set(phrases.flatMap((p) => findPhrase(words, p).map((at) => at + p.split(" ").length - 1)));
}

/**
 * The films a clause rules out. A film right after a negation whose subject is the film sought ("it's not The Mask",
 * "this isn't Highlander", a bracket opening "(not the movie Titanic)"), or said so after it ("Blast From the Past isn't
 * it"), is not the one; a film after a word that leaves films out ("other than Big", "except Jaws") is left out. A
 * negation takes the list it heads: films joined to a ruled-out one by a comma, "or", "and" are ruled out too, a
 * capitalised title the KB lacks among them included ("it's not Hush or Mute"). A film the person has seen ("I already
 * saw Die Hard") is ruled out of films to watch only: whether the clause asks for those is the plan's to say (`ruledOutHere`).
 */
export function ruledOutFilms(clause: Clause, films: readonly FilmSpan[], versionsOf: (film: string) => number = () => 1): RuledOut[] {
  const c: Marked = { ...clause, exceptEnds: phraseEnds(clause.words, EXCEPT_LEADS), seenEnds: phraseEnds(clause.words, SEEN_PHRASES) };
  const sorted = [...films, ...unlinkedHeads(c, films)].sort((a, b) => a.tokenStart - b.tokenStart);
  const out: RuledOut[] = [];
  for (const f of sorted) {
    const last = out.at(-1);
    const how = leadOf(c, f.tokenStart) ?? (saidNotAfter(c, f.tokenEnd) ? "not-it" : undefined) ?? (last && joined(c, last.tokenEnd, f.tokenStart) ? last.how : undefined);
    // "It's not The Mask, right?": a ruling-out asked as a question is a doubt, not a fact (one struck through was never read).
    if (how && !asked(c, f.tokenEnd) && !OTHER_WORK.has(c.words[f.tokenEnd] ?? "")) out.push({ ...ruled(c, f, how), ...(f.film && versionsOf(f.film) > 1 && !yearAfter(c, f.tokenEnd) ? { versions: true as const } : {}) });
    // The list goes on past what the KB links: a capitalised title right after a joiner ("Hush or Mute").
    const next = out.at(-1) === undefined || out.at(-1)!.tokenEnd !== f.tokenEnd ? undefined : unlinkedNext(c, f.tokenEnd, sorted);
    if (next) out.push(ruled(c, next, out.at(-1)!.how));
  }
  return out;
}

function ruled(c: Clause, f: FilmSpan, how: RuledOut["how"]): RuledOut {
  return { tokenStart: f.tokenStart, tokenEnd: f.tokenEnd, said: c.text.slice(c.tokens[f.tokenStart]!.start, c.tokens[f.tokenEnd - 1]!.end), ...(f.film ? { film: f.film } : {}), how };
}

/** What the words right before a film say of it: ruled out as the one sought, left out of those asked for, or nothing. */
function leadOf(c: Marked, start: number): RuledOut["how"] | undefined {
  let k = start - 1;
  // "not the movie Titanic": a film noun (and its article) between the negation and the title.
  if (k >= 0 && MOVIE_WORDS.has(c.words[k]!)) k -= ["the", "a"].includes(c.words[k - 1] ?? "") ? 2 : 1;
  if (k < 0 || !plainRun(c, k, start)) return undefined;
  if (c.exceptEnds.has(k)) return "except";
  if (c.seenEnds.has(k)) return "seen";
  if (!NEGATIONS.has(c.words[k]!)) return undefined;
  // "(Not the movie Titanic)" rules out; "Isn't Titanic a drama?" asks; "a cop cartoon, not Roger Rabbit" leaves out.
  if (c.words[k] === "not" && opensAt(c, k)) return "not-it";
  if (c.words[k] === "not" && k > 0 && /,\s*$/.test(c.text.slice(c.tokens[k - 1]!.end, c.tokens[k]!.start))) return "except";
  let j = k - 1;
  while (j >= 0 && BETWEEN.has(c.words[j]!) && plainGap(c, j, j + 1)) j--;
  return j >= 0 && SUBJECTS.has(c.words[j]!) && plainGap(c, j, j + 1) ? "not-it" : undefined;
}

/** "Blast From the Past isn't it": the negation said after the film, of the film sought. */
function saidNotAfter(c: Clause, end: number): boolean {
  return plainGap(c, end - 1, end) && RULED_OUT_AFTER.some((phrase) => findPhrase(c.words, phrase).includes(end));
}

/** Between two films only a comma or a joining word ("Seraphim Falls or 3:10 to Yuma", "Big, Splash and Cast Away"). */
function joined(c: Clause, end: number, start: number): boolean {
  if (start < end || start - end > 2) return false;
  const between = c.words.slice(end, start);
  const gap = c.text.slice(c.tokens[end - 1]!.end, c.tokens[start]!.start).replace(/\s+/g, " ");
  const marks = gap.replace(/[\p{L}\p{N}]+/gu, "").replace(/\s/g, "");
  // A title's own closing mark may stand before the joiner ("Airplane! or Caddyshack").
  return between.every((w) => JOINERS.has(w)) && /^!?,?$/.test(marks) && (between.length > 0 || marks.endsWith(","));
}

/** A capitalised title the KB does not link, right after a joiner that follows a ruled-out film. */
function unlinkedNext(c: Clause, end: number, films: readonly FilmSpan[]): FilmSpan | undefined {
  let k = end;
  while (k < c.words.length && k - end < 2 && JOINERS.has(c.words[k]!)) k++;
  if (k === end && !/^\s*,\s*$/.test(c.text.slice(c.tokens[end - 1]!.end, c.tokens[end]?.start ?? c.text.length))) return undefined;
  if (k >= c.words.length || !joined(c, end, k)) return undefined;
  return capitalRun(c, k, films);
}

/**
 * "it's not Seven or Fury": a list may open with a title the KB does not link, when a linked film joined to it follows;
 * alone ("it wasn't English") a capital after a negation says too little to be a title.
 */
function unlinkedHeads(c: Marked, films: readonly FilmSpan[]): FilmSpan[] {
  const out: FilmSpan[] = [];
  for (let k = 1; k < c.tokens.length; k++) {
    const run = films.some((f) => f.tokenStart === k) || !leadOf(c, k) ? undefined : capitalRun(c, k, films);
    if (run && films.some((f) => joined(c, run.tokenEnd, f.tokenStart))) out.push(run);
  }
  return out;
}

/** The capitalised run of a title from token `k` (small words inside it), claiming no linked film's words. */
function capitalRun(c: Clause, k: number, films: readonly FilmSpan[]): FilmSpan | undefined {
  if (!startsTitle(c.tokens[k]!) || films.some((f) => f.tokenStart <= k && k < f.tokenEnd)) return undefined;
  let stop = k + 1;
  while (stop < c.words.length && stop - k < MOST_TITLE_WORDS && plainGap(c, stop - 1, stop) && (startsTitle(c.tokens[stop]!) || (INSIDE_TITLE.has(c.words[stop]!) && c.tokens[stop + 1] !== undefined && startsTitle(c.tokens[stop + 1]!)))) stop++;
  return films.some((f) => f.tokenStart < stop && k < f.tokenEnd) ? undefined : { tokenStart: k, tokenEnd: stop };
}

function startsTitle(t: WordToken): boolean {
  return capitalised(t.text) || /^\d/.test(t.text);
}

/** Only spaces, quotes or an apostrophe between two tokens: no sentence or clause ends there. */
function plainGap(c: Clause, a: number, b: number): boolean {
  if (a < 0 || b >= c.tokens.length || a >= b) return true;
  return /^[\s"'“”‘’*]*$/u.test(c.text.slice(c.tokens[a]!.end, c.tokens[b]!.start));
}

/** The sentence a film is said in ends as a question. */
function asked(c: Clause, end: number): boolean {
  const rest = c.text.slice(c.tokens[end - 1]!.end);
  const stop = /[.!?\n]/.exec(rest);
  return stop?.[0] === "?";
}

/** A year right after the title says which version ("not Night of the Demons (1988)"). */
function yearAfter(c: Clause, end: number): boolean {
  return /^\s*[(\[,]?\s*(?:from\s+)?(?:19|20)\d\d\b/.test(c.text.slice(c.tokens[end - 1]!.end));
}

/** Plain gaps all the way from token `a` to token `b`. */
function plainRun(c: Clause, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (!plainGap(c, i, i + 1)) return false;
  return true;
}

/** A negation opening a sentence or a bracket ("(Not the movie Titanic)", "Not Titanic."). */
function opensAt(c: Clause, k: number): boolean {
  return opensSentence(c.text, c.tokens, k) || /[(\[]\s*$/.test(c.text.slice(k > 0 ? c.tokens[k - 1]!.end : 0, c.tokens[k]!.start));
}
