import { isDictionaryWord } from "../../linking/dictionary";
import { singularWord } from "../../kb/concepts/offline/terms";
import { INDEFINITE_ARTICLES, STOP_WORDS, capitalised, capitalOrDigitFirst, opensSentence, titleCased, type WordToken } from "../../util/text";
import { COMPARED_SIDE_WORDS, DESCRIBING_LEADS, FILM_SLOT_LEAD_WORDS, JOINING_WORDS, SUBJECT_PRONOUNS } from "../lexicon/linking";
import { NUMBER_WORDS, PLOT_HEADS, RANGE_JOINERS, ROUGHLY_PHRASES } from "../lexicon/cues";
import { GAP_UNITS, GAP_WORDS, STORY_BEINGS } from "../lexicon/shapes";
import { PLURAL_MOVIE_WORDS, SINGLE_MOVIE_WORDS, WORD_TO_EDGES } from "../lexicon/relations";
import { ASKED_PRONOUNS, EXCEPT_LEADS, REQUEST_TALK_WORDS } from "../lexicon/requests";
import { findPeriods } from "./periods";

/**
 * Words of a description, not a title. A film may bear a dictionary word as its title (Heist, Rat, Interstellar,
 * Saw), and a request for a film it cannot name is made of such words: "Thief/Heist movie", "a horror film about rat
 * monsters", "Girl wakes up in her bath", "a movie I saw years ago". Where the wording says a title (a title slot:
 * quoted, after "the film", "like", "directed") the caller never asks; here a span of dictionary words is read as the
 * description it stands in when its capital (if any) says nothing and one of these holds:
 * - an indefinite article is right before it ("about a burglar");
 * - it comes after a film word and a word that opens the film's description ("movie about … parasite");
 * - it opens the request and a film word follows, alone or with more of the description ("Heist movie",
 *   "College zombie movie"); a plural ("Rocky movies") is a series and stays a title;
 * - it is words for people or creatures of a story opening a sentence about them ("Girl wakes up");
 * - a subject pronoun is right before it ("I saw"): it is that subject's verb;
 * - the request is written in title case, where no capital says a name, or the span is in a headline up to a capitalised
 *   film word ("Prison Escape Movie");
 * - it is a number that counts things or times ("4 scenes", "5 girls", "10 years ago"), not the film 4 or 10 Years.
 */
export interface DescribedSpan {
  question: string;
  tokens: readonly WordToken[];
  /** Index of the span's first token. */
  at: number;
  span: readonly WordToken[];
}

const HEADS: ReadonlySet<string> = new Set(PLOT_HEADS.filter((w) => w !== "one"));
/** Plural film words: a title before one names a series ("Rocky movies", "the Alien films"). */
const SERIES_HEADS: ReadonlySet<string> = PLURAL_MOVIE_WORDS;
const LEADS: ReadonlySet<string> = new Set(DESCRIBING_LEADS);
/** Leads that open a sentence of description by themselves ("About a French family …"); "where was …" opens a question. */
const OPENING_LEADS: ReadonlySet<string> = new Set(DESCRIBING_LEADS.filter((w) => !w.startsWith("wh")));
/** Words after which only a film (or a name) stands: a liking, a comparison, a negation, leaving out ("except die hard"). */
const REFERENCE: ReadonlySet<string> = new Set([...FILM_SLOT_LEAD_WORDS, ...COMPARED_SIDE_WORDS, "not", ...EXCEPT_LEADS.filter((l) => !l.includes(" "))]);
const SUBJECTS: ReadonlySet<string> = new Set(SUBJECT_PRONOUNS);
const TALK: ReadonlySet<string> = new Set(REQUEST_TALK_WORDS);
const SUBJECTS_ASKED: ReadonlySet<string> = new Set(ASKED_PRONOUNS);
const JOINERS: ReadonlySet<string> = new Set(RANGE_JOINERS);
const JOINING: ReadonlySet<string> = new Set(JOINING_WORDS);
/** A span longer than this is a title said whole, whatever its words. */
const MAX_DESCRIBED_WORDS = 3;

/** Whether the span stands for words of the description of a film sought, not for a film's title. */
export function wordsOfDescription(s: DescribedSpan): boolean {
  const words = s.span.map((t) => t.folded);
  if (countOrTime(s)) return true;
  const content = words.filter((w) => !STOP_WORDS.has(w));
  if (content.length === 0 || !content.every(isDictionaryWord)) return false;
  // "a movie about a boy and his dog being transported …": lowercase, opening with "a" after a describing lead, it is the
  // description however long (A Boy and His Dog is written so).
  const lowercase = s.span.every((t) => t.text === t.text.toLowerCase());
  if (lowercase && INDEFINITE_ARTICLES.has(words[0]!) && afterDescribingLead(s)) return true;
  if (words.length > MAX_DESCRIBED_WORDS) return false;
  const before = s.tokens[s.at - 1]?.folded;
  if (before !== undefined && REFERENCE.has(before)) return false;
  if ((before !== undefined && SUBJECTS.has(before)) || asking(s)) return true;
  // In title case no capital says a title, so dictionary words outside a title slot are the request's own words.
  if (titleCased(s.question) || headlineBeforeFilmWord(s)) return true;
  if (!capitalSaysNothing(s)) return false;
  return (before !== undefined && INDEFINITE_ARTICLES.has(before)) || afterDescribingLead(s) || (opensRequest(s) && (beforeFilmWord(s) || storyBeings(s, content)));
}

/**
 * The request's own talk: a word of asking for help with a film, followed by whom it asks of or another such word
 * ("Help me find this old horror movie", "2000s Help identify a movie", "movie help name this"), is no title (Help!).
 */
function asking(s: DescribedSpan): boolean {
  const next = s.tokens[s.at + s.span.length]?.folded;
  return s.span.length === 1 && TALK.has(s.span[0]!.folded) && next !== undefined && (SUBJECTS_ASKED.has(next) || TALK.has(next));
}

/**
 * Lowercase, or capitalised where every word may be: opening its sentence (after a period or a joined word). A later
 * word capitalised says a name ("Eagle Eye movie.": not the words of a kind of film).
 */
function capitalSaysNothing(s: DescribedSpan): boolean {
  if (s.span.slice(1).some((t) => capitalised(t.text) && !STOP_WORDS.has(t.folded))) return false;
  return !capitalised(s.span[0]!.text) || opensRequest(s);
}

/**
 * The span opens its sentence, but for a period said first ("2000s Girl …", "Late 90's Horror movie") and the words it
 * is joined to: an alternative ("Thief/Heist movie"), or someone of the story ("Girl and Boy trapped …", not "Jaws and
 * Alien are …"). Joined words stand in one place.
 */
export function opensRequest(s: DescribedSpan): boolean {
  const periods = findPeriods(s.question);
  const inPeriod = (t: WordToken) => /\d/.test(t.text) || periods.some((p) => t.start >= p.start && t.end <= p.end);
  for (let k = s.at; k > 0; ) {
    const between = s.question.slice(s.tokens[k - 1]!.end, s.tokens[k]!.start);
    if (opensSentence(s.question, s.tokens, k) || /^\s*[-*•]\s*$/.test(between)) return true;
    const previous = s.tokens[k - 1]!;
    if (JOINING.has(previous.folded) && k >= 2 && STORY_BEINGS.has(s.tokens[k - 2]!.folded)) k -= 2;
    else if (inPeriod(previous) || /^\s*\/\s*$/.test(between)) k -= 1;
    else return false;
  }
  return true;
}

/**
 * A film word earlier in the sentence, and after it a word that opens the film's description ("a movie set in … with",
 * "a movie about a boy"); or that word opening the sentence, the film sought being the request's ("Movie from the 80s.
 * About a French family during WWII?").
 */
function afterDescribingLead(s: DescribedSpan): boolean {
  // The lead may open the span itself ("movie about a boy" is no About a Boy).
  let lead = LEADS.has(s.span[0]!.folded);
  for (let k = s.at - 1; k >= 0; k--) {
    const t = s.tokens[k]!;
    if (opensSentence(s.question, s.tokens, k + 1)) return false;
    if (OPENING_LEADS.has(t.folded) && opensSentence(s.question, s.tokens, k)) return true;
    if (HEADS.has(t.folded) || SERIES_HEADS.has(t.folded)) return lead;
    if (REFERENCE.has(t.folded)) return false;
    if (LEADS.has(t.folded)) lead = true;
  }
  return false;
}

/** A singular film word follows, right after the span or after more words of the description ("College zombie movie"). */
function beforeFilmWord(s: DescribedSpan): boolean {
  return filmWordAfter(s) !== undefined && !relationOfOneFilm(s.tokens, s.at + s.span.length);
}

/**
 * "jaws movie cast", "the titanic movie director": one film word at `k` and a relation of it right after say the words
 * before name one film, not a kind of film ("horror movies directors" asks of many).
 */
export function relationOfOneFilm(tokens: readonly WordToken[], k: number): boolean {
  const word = tokens[k]?.folded ?? "";
  return SINGLE_MOVIE_WORDS.has(word) && WORD_TO_EDGES.has(tokens[k + 1]?.folded ?? "");
}

/** The index of that film word. */
function filmWordAfter(s: DescribedSpan): number | undefined {
  for (let k = s.at + s.span.length; k < s.tokens.length && k <= s.at + s.span.length + 2; k++) {
    const w = s.tokens[k]!.folded;
    if (SERIES_HEADS.has(w)) return undefined;
    if (HEADS.has(w)) return k;
    // Only more words of the description stand between ("Paper Moons is a drama" names a film, then says its kind).
    if (STOP_WORDS.has(w) || !isDictionaryWord(w)) return undefined;
  }
  return undefined;
}

/**
 * "Prison Escape Movie", "Cold War Spy Film": a headline, every word of its sentence capitalised up to a film word that
 * is capitalised too. Its capitals say nothing, and the words before the film word describe the film.
 */
function headlineBeforeFilmWord(s: DescribedSpan): boolean {
  const film = filmWordAfter(s);
  // "The Heat Movie": a film word after "the" and a span names that film, as "the Heat movie" does.
  if (film === undefined || s.tokens[s.at - 1]?.folded === "the") return false;
  for (let k = film; k >= 0; k--) {
    const t = s.tokens[k]!;
    if (!capitalOrDigitFirst(t.text) && !STOP_WORDS.has(t.folded)) return false;
    if (opensSentence(s.question, s.tokens, k)) return true;
  }
  return true;
}

/** Words for people or creatures of a story, with the sentence going on after them ("Girl wakes up", "Man and Woman have to …"). */
function storyBeings(s: DescribedSpan, content: readonly string[]): boolean {
  const next = s.tokens[s.at + s.span.length];
  return content.every((w) => STORY_BEINGS.has(w)) && next !== undefined && !capitalised(next.text);
}

const UNITS: ReadonlySet<string> = new Set(Object.keys(GAP_UNITS));
/** What follows a time that is how long ago or how old ("10 years ago", "10 years back", "5 years old"). */
const AFTER_TIME: ReadonlySet<string> = new Set([...GAP_WORDS, "old", "back"]);
const isNumberWord = (w: string) => Object.hasOwn(NUMBER_WORDS, w);
const isNumber = (w: string) => /^\d+$/.test(w) || isNumberWord(w);

/**
 * A number and what it counts: a time before "ago", "old" or "later" ("10 years ago", "10 or so years back"), things
 * said in the plural ("4 scenes", "4 people", "4 or 5 soldiers"), or anything at all when written in lowercase letters
 * ("one scene", "that one").
 */
export function countOrTime(s: DescribedSpan): boolean {
  const words = s.span.map((t) => t.folded);
  // "that one comedy", "one scene", "one by one": a number written in lowercase letters alone counts or points.
  if (words.length === 1 && isNumberWord(words[0]!) && s.span[0]!.text === s.span[0]!.text.toLowerCase()) return true;
  if (!isNumber(words[0]!) || words.length > 2) return false;
  // "3-7 days of blackout", "4 or 5 soldiers": the far end of a rough count counts too (not the film 7 Days).
  if (rangeEnd(s)) return true;
  const rest = withoutRange([...words.slice(1), ...s.tokens.slice(s.at + s.span.length, s.at + s.span.length + 4).map((t) => t.folded)]);
  const [counted, after] = rest;
  if (counted === undefined) return false;
  if (UNITS.has(counted)) return after !== undefined && AFTER_TIME.has(after);
  const plural = singularWord(counted) !== counted;
  return words.length === 1 && plural && !HEADS.has(counted) && !SERIES_HEADS.has(counted) && isDictionaryWord(counted);
}

/** The span's number closes a rough count: "3-7", "4 or 5", "3 to 4". */
function rangeEnd(s: DescribedSpan): boolean {
  const before = s.tokens[s.at - 1];
  if (!before || !isNumber(before.folded)) return false;
  const between = s.question.slice(before.end, s.span[0]!.start).trim();
  return /^[-–]$/.test(between) || JOINERS.has(between);
}

/** "10 or so years ago", "4 or 5 soldiers", "3 to 4 people", "4-5 years ago": the rough count's other end is skipped to what it counts. */
function withoutRange(rest: readonly string[]): readonly string[] {
  const roughly = ROUGHLY_PHRASES.find((p) => p.split(" ").every((w, k) => rest[k] === w));
  if (roughly) return rest.slice(roughly.split(" ").length);
  // "4-5 years": the dash is no word, so the far end follows at once.
  if (rest[0] !== undefined && /^\d+$/.test(rest[0])) return rest.slice(1);
  return JOINERS.has(rest[0] ?? "") && rest[1] !== undefined && isNumber(rest[1]) ? rest.slice(2) : rest;
}
