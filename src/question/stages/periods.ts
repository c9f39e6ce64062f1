import { AGE_OWNERS, DECADE_PARTS, DECADE_WORDS, PERIOD_NEGATIONS } from "../lexicon/periods";
import { isYearWord, wordTokens, type WordToken } from "../../util/text";
import { EARLIEST_VERSION_WORDS, VERSION_WORDS } from "../lexicon/linking";

/** A span of years the question restricts films to, with the characters that said it. */
export interface Period {
  from: number;
  to: number;
  text: string;
  start: number;
  end: number;
  /** A bare year ("in 1969") rather than a decade or range: it may also be a film's title. */
  bareYear: boolean;
  /** Said as excluded ("not from the 90s", "that weren't released before 1980"): the films must fall outside it. */
  negated: boolean;
  /** Said right after a film's name ("king kong 2005"): the year of the film meant, wherever it is asked about. */
  ofTitle?: true;
}

const DECADE_WORD = Object.keys(DECADE_WORDS).join("|");
const PART = Object.keys(DECADE_PARTS).join("|");
const PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => [number, number] | undefined; bareYear?: boolean }[] = [
  { re: /\b(?:between|from)\s+((?:19|20)\d\d)\s+(?:and|to|until|till|through)\s+((?:19|20)\d\d)\b/gi, read: (m) => [Number(m[1]), Number(m[2])] },
  { re: /\b((?:19|20)\d\d)\s*[-–]\s*((?:19|20)\d\d)\b/g, read: (m) => [Number(m[1]), Number(m[2])] },
  { re: new RegExp(`\\b(?:the\\s+)?(?:(${PART})[\\s-]*)?(?:(1[89]|20)(\\d)0['’]?s|['’]?(\\d)0['’]?s)\\b`, "gi"), read: (m) => decade(m[2] !== undefined ? Number(`${m[2]}${m[3]}0`) : twoDigitDecade(Number(m[4])), m[1]) },
  { re: new RegExp(`\\b(?:the\\s+)?(?:(${PART})[\\s-]*)?(${DECADE_WORD})\\b`, "gi"), read: (m) => decade(DECADE_WORDS[m[2]!.toLowerCase()]!, m[1]) },
  { re: /\b(before|after|since|until|prior to|pre|post)\s+(?:the\s+year\s+)?((?:18|19|20)\d\d)\b/gi, read: (m) => relative(m[1]!.toLowerCase(), Number(m[2])) },
  { re: /\b(?:in|from|of|during|released|year|circa|around)\s+((?:18|19|20)\d\d)\b(?!\s*(?:[-–]|s\b))/gi, read: (m) => [Number(m[1]), Number(m[1])], bareYear: true },
  // A year said of a film, as an adjective or a possessive: "a 2007 film drama", "the 1942 espionage movie", "1941's You'll Never Get Rich".
  // The period is the year alone: the words between it and the film word are the film's kind ("1940 comedy movie").
  { re: /\b((?:18|19|20)\d\d)(?=\s+(?:[\p{L}-]+\s+){0,2}(?:film|films|movie|movies|picture|pictures|flick|flicks)\b|['’]s\b)/giu, read: (m) => [Number(m[1]), Number(m[1])] },
];

/** Years, decades ("the 90s", "the seventies", "early 2000s") and ranges ("between 1990 and 1995"). */
export function findPeriods(question: string): Period[] {
  const out: Period[] = [];
  for (const p of PATTERNS) {
    for (const m of question.matchAll(p.re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (out.some((o) => start < o.end && o.start < end) || isAge(m[0], question.slice(0, start))) continue;
      const range = p.read(m as RegExpExecArray);
      if (!range) continue;
      out.push({ from: Math.min(range[0], range[1]), to: Math.max(range[0], range[1]), text: m[0].trim(), start, end, bareYear: p.bareYear === true, negated: negatedBefore(question.slice(0, start)) });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * "king kong 2005", "halloween (1978)": a year said right after a film's name, alone or in brackets, is the year of the
 * film meant (the KB merges films of one title), a period of that one year (`ofTitle`). Right after a kind of film
 * ("horror 1990") it is the films' year. `spans` are the names or kinds said.
 */
export function yearsAfter(text: string, tokens: readonly WordToken[], spans: readonly { tokenStart: number; tokenEnd: number }[], found: readonly Period[], ofTitle: boolean): Period[] {
  const ends = [...new Set(spans.map((t) => t.tokenEnd))].map((tokenEnd) => spans.find((t) => t.tokenEnd === tokenEnd)!);
  return ends.flatMap((t) => {
    // "sherlock holmes the movie 2009": a film word said after a title, with its article or not, keeps the year the title's.
    const skip = ofTitle ? filmWordAfter(tokens, t.tokenEnd) : 0;
    const year = tokens[t.tokenEnd + skip];
    const gap = year ? text.slice(tokens[t.tokenEnd + skip - 1]!.end, year.start) : "";
    if (!year || !isYearWord(year.folded) || !/^\s*\(?\s*$/.test(gap) || overlapsAny(year, found)) return [];
    return [yearSaid(year, ofTitle)];
  });
}

const FILM_WORD: ReadonlySet<string> = new Set(["movie", "film"]);
/** How many words of "the movie", "film" stand at `at` (0 when none). */
function filmWordAfter(tokens: readonly WordToken[], at: number): number {
  if (FILM_WORD.has(tokens[at]?.folded ?? "")) return 1;
  return tokens[at]?.folded === "the" && FILM_WORD.has(tokens[at + 1]?.folded ?? "") ? 2 : 0;
}

/** A period already found covers the word. */
const overlapsAny = (word: WordToken, found: readonly Period[]) => found.some((p) => word.start < p.end && p.start < word.end);

/** The period of the one year a word says, the year of a film named beside it when `ofTitle`. */
function yearSaid(year: WordToken, ofTitle: boolean): Period {
  const y = Number(year.folded);
  return { from: y, to: y, text: year.text, start: year.start, end: year.end, bareYear: true, negated: false, ...(ofTitle ? { ofTitle: true as const } : {}) };
}

const VERSION: ReadonlySet<string> = new Set(VERSION_WORDS);
const EARLIEST: ReadonlySet<string> = new Set(EARLIEST_VERSION_WORDS);

/**
 * "the original alice in wonderland", "the new ghostbusters": a word picking a version between "the" and a title several
 * films share is the year of the earliest of them (original, old, classic) or the latest (new, latest, remade).
 * `yearsOf` gives the years of the films of a title, oldest first (none for a title of one film).
 */
export function versionYears(tokens: readonly WordToken[], titles: readonly { tokenStart: number; tokenEnd: number; name: string }[], found: readonly Period[], yearsOf: (title: string) => readonly number[]): Period[] {
  return titles.flatMap((t) => {
    const word = tokens[t.tokenStart - 1];
    const years = word && VERSION.has(word.folded) && tokens[t.tokenStart - 2]?.folded === "the" && !found.some((p) => p.ofTitle) ? yearsOf(t.name) : [];
    if (years.length < 2) return [];
    const y = EARLIEST.has(word!.folded) ? years[0]! : years.at(-1)!;
    return [{ from: y, to: y, text: word!.text, start: word!.start, end: word!.end, bareYear: false, negated: false, ofTitle: true as const }];
  });
}

/** "the 1925 wizard of oz", "the 1932 mummy": a year between "the" and a film's name is that film's year. */
export function yearsBeforeTitles(text: string, tokens: readonly WordToken[], titles: readonly { tokenStart: number; tokenEnd: number }[], found: readonly Period[]): Period[] {
  return titles.flatMap((t) => {
    const year = tokens[t.tokenStart - 1];
    if (!year || !isYearWord(year.folded) || tokens[t.tokenStart - 2]?.folded !== "the" || overlapsAny(year, found)) return [];
    return [yearSaid(year, true)];
  });
}

const OWNERS = new Set(AGE_OWNERS);
/** A two-digit decade owned by a person is their age ("in his 30s", "in her late 20s"), not the films' years. */
function isAge(said: string, before: string): boolean {
  return /^(?:[\p{L}]+[\s-]+)?['’]?\d0['’]?s$/iu.test(said.trim()) && OWNERS.has(wordTokens(before).at(-1)?.folded ?? "");
}

const NEGATIONS = new Set(PERIOD_NEGATIONS);
/** A negation within the three words before a period ("aren't from the", "not released in", "outside"). */
function negatedBefore(before: string): boolean {
  const words = wordTokens(before).map((t) => t.folded).slice(-3);
  // Folding splits "aren't" into "aren t": the negation may be the word before a lone "t".
  return words.some((w, i) => NEGATIONS.has(w) || (w === "t" && NEGATIONS.has(`${words[i - 1] ?? ""}t`)));
}

function twoDigitDecade(d: number): number {
  // "the 20s" is the 2020s only for 0–2 (no film in the data is that recent, but people say it); else 19x0.
  return d <= 2 ? 2000 + d * 10 : 1900 + d * 10;
}

function decade(start: number, part: string | undefined): [number, number] {
  const p = part ? DECADE_PARTS[part.toLowerCase()] : undefined;
  return p ? [start + p[0], start + p[1]] : [start, start + 9];
}

function relative(word: string, year: number): [number, number] {
  if (word === "before" || word === "until" || word === "prior to" || word === "pre") return [0, year - 1];
  return [word === "since" ? year : year + 1, 9999];
}
