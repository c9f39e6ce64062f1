import { ARTICLES, CLAUSE_BREAK, STOP_WORDS, isYearWord, type WordToken } from "../../util/text";
import { isRuleWord } from "./spelling";
import { CLOSING_FACT_VERBS, SUBJECT_AUXILIARIES, FACT_PHRASES, FILM_PART_WORDS, FILM_SLOT_PREPOSITIONS, ORDINAL_WORDS, SEQUEL_PHRASES } from "../lexicon/shapes";
import { NAME_JOINING_WORDS, SEQUEL_LEADS, TITLE_SLOT_CUES, VERSION_WORDS } from "../lexicon/linking";
import { MOVIE_WORDS, PLAIN_MAKING_VERBS, SINGLE_MOVIE_WORDS, WORD_TO_EDGES, makesFilm } from "../lexicon/relations";
import { WH_WORDS } from "../lexicon/cues";

const SLOT_OPENERS: ReadonlySet<string> = new Set(FILM_SLOT_PREPOSITIONS);
const FILM_PART: ReadonlySet<string> = new Set(FILM_PART_WORDS);
const JOINERS: ReadonlySet<string> = new Set(NAME_JOINING_WORDS);
const TITLE_CUES: ReadonlySet<string> = new Set(TITLE_SLOT_CUES);
const WH: ReadonlySet<string> = new Set(WH_WORDS);
/** The auxiliaries a question opens its subject with ("when will …", "what year was …"). */
const ASKING: ReadonlySet<string> = new Set(SUBJECT_AUXILIARIES);
const CLOSING_VERBS: readonly (readonly string[])[] = CLOSING_FACT_VERBS.map((v) => v.split(" "));
/** Words that say which film, version or show a title is ("movie", "original", "first", "sequel", "part", "season"). */
const WHICH_FILM: ReadonlySet<string> = new Set([
  ...MOVIE_WORDS,
  ...VERSION_WORDS,
  ...Object.keys(ORDINAL_WORDS),
  ...Object.keys(SEQUEL_PHRASES).flatMap((p) => p.split(" ")),
  ...SEQUEL_LEADS,
  ...FACT_PHRASES.filter((f) => f.fact === "tv").flatMap((f) => f.phrase.split(" ")),
]);
/** A film word said of one film ("movie", "film"), closing its title. */
/** A word of manner said before the fact ("originally came out", "officially released"). */
const ADVERB = /^\w{5,}ly$/;

/**
 * "who composed the score for the greatest showman", "who dies in the maze runner the death cure", "when does the movie
 * happy death day come out": a title the KB holds ("The Greatest", "The Maze Runner", "Happy") said where a film stands,
 * with more words after it that name nothing else, is the start of a longer name, not that film. Where a film stands:
 * right after "in", "from" or "for", or after "who" and a verb of making a film, to the clause's end; right after a title
 * cue ("the movie", "called"), to a verb the question closes with ("come out", "filmed") or else the clause's end; right
 * after the auxiliary a question opens with ("when does …"), to a verb the question closes with. The tokens of the whole name said (from the title's first word to where the slot ends, a year
 * or film word after it aside), or undefined.
 *
 * `covered` says what holds a token: another film ("spider man homecoming" is one name), a tag, another name, or nothing. The
 * words after the title must be no other name's, join nothing ("titanic and jaws" are two), and hold a word that is no
 * small word, number or word the rules read ("besides kate winslet", "in 1997" leave the title as it is), and no part of a
 * film ("frozen credits"). Before a closing fact the rules' words are the title's too ("happy death day"), all but those
 * that say which film or version it is ("the titanic movie", "jaws sequel", "first", "originally").
 */
export function longerNameAt(question: string, tokens: readonly WordToken[], start: number, end: number, covered: (k: number) => "film" | "tag" | "name" | undefined): { tokenStart: number; tokenEnd: number } | undefined {
  const opener = slotOpener(tokens, start, end);
  if (!opener || end >= tokens.length) return undefined;
  let last = end;
  while (last < tokens.length && !CLAUSE_BREAK.test(question.slice(tokens[last - 1]!.end, tokens[last]!.start))) last++;
  const fact = opener === "preposition" ? -1 : closingFactAt(tokens, end, last);
  // After the auxiliary, only a closing verb bounds the title; after a cue, the clause's end does when no verb closes it,
  // unless an auxiliary before the cue makes the film the subject, its verb to come ("what genre does the film rare birds
  // belong to").
  if (fact < 0 && (opener === "asked" || (opener === "cue" && subjectCue(tokens, start)))) return undefined;
  // Before a closing fact or after a cue a tag's word is the title's too ("death" in "happy death day", "night" in "the movie
  // strangers prey at night"); elsewhere it is a name of its own.
  const held = (k: number) => {
    const by = covered(k);
    return by === "tag" ? (fact >= 0 || opener === "cue" ? undefined : "name") : by;
  };
  const rest = tokens.slice(end, fact >= 0 ? fact : last).map((t, k) => ({ t, k: end + k }));
  // A year closing the clause says which film it is ("beauty and the beast 2017"); a film word, what it is ("the kissing booth movie").
  while (rest.length && (isYearWord(rest.at(-1)!.t.folded) || (rest.length > 1 && SINGLE_MOVIE_WORDS.has(rest.at(-1)!.t.folded)))) rest.pop();
  // A part of the film said after its title is the film's ("let it go in frozen credits"); an auxiliary after it opens
  // what is said of it ("what character in star wars has a lightsaber").
  if (!rest.length || ASKING.has(rest[0]!.t.folded) || rest.some((x) => held(x.k) === "name" || (held(x.k) === undefined && (JOINERS.has(x.t.folded) || FILM_PART.has(x.t.folded))))) return undefined;
  // A title after it is one name with it only said right beside it: "avatar compared to titanic", "starfall but not
  // midnight ledger" set two side by side.
  // Nor when an article opens it: "cocktail the saint" names two films, "spider man homecoming" one.
  const free = rest.filter((x) => held(x.k) === undefined);
  if (free.length < rest.length && (free.length > 0 || ARTICLES.has(rest[0]!.t.folded))) return undefined;
  const titleWord = fact >= 0 ? (t: WordToken) => !saysWhichFilm(t) : (t: WordToken) => !isRuleWord(t.folded);
  const names = rest.some((x) => !STOP_WORDS.has(x.t.folded) && !/\d/.test(x.t.folded) && titleWord(x.t));
  const plain = rest.every((x) => titleWord(x.t) || STOP_WORDS.has(x.t.folded));
  return names && plain ? { tokenStart: start, tokenEnd: rest.at(-1)!.k + 1 } : undefined;
}

/**
 * What opens the place a film stands in, right before the title (an article between aside): a preposition of a film
 * ("in", "for") or "who" and a verb of making one; a title cue ("the movie", "called"); or the auxiliary a question opens
 * with ("when does", "what year was").
 */
function slotOpener(tokens: readonly WordToken[], start: number, end: number): "preposition" | "cue" | "asked" | undefined {
  const opener = ARTICLES.has(tokens[start - 1]?.folded ?? "") ? start - 2 : start - 1;
  const word = tokens[opener]?.folded ?? "";
  // "who directed crazy rich asians": the object of "who" and a verb of making a film is such a slot too.
  // (Not the question's own words with an article before them: "who directed the most westerns"; "the greatest" said whole is a title.)
  const ownWords = opener === start - 2 && tokens.slice(start, end).every((t) => isRuleWord(t.folded));
  if (SLOT_OPENERS.has(word) || (opener === 1 && asksWhoMade(tokens) && !ownWords)) return "preposition";
  // "the movie happy death day": a film word is a cue after "the" ("a movie like …" is none).
  if (TITLE_CUES.has(word) && (!MOVIE_WORDS.has(word) || tokens[opener - 1]?.folded === "the")) return "cue";
  const asking = opener >= 1 && opener <= ASKED_AUXILIARY_AT && WH.has(tokens[0]!.folded) && tokens.slice(1, opener).every((t) => !STOP_WORDS.has(t.folded));
  return asking && ASKING.has(word) ? "asked" : undefined;
}

/** A title cue right before `start` ("the movie"), itself right after an auxiliary ("does the film …"): the film is the clause's subject. */
function subjectCue(tokens: readonly WordToken[], start: number): boolean {
  const cue = ARTICLES.has(tokens[start - 1]?.folded ?? "") ? start - 2 : start - 1;
  const before = tokens[cue - 1]?.folded === "the" ? cue - 2 : cue - 1;
  return ASKING.has(tokens[before]?.folded ?? "");
}

/** Whether something opens a place a film stands in right before token `i` (an article opening the title or not). */
export function opensFilmSlot(tokens: readonly WordToken[], i: number): boolean {
  return !ARTICLES.has(tokens[i - 1]?.folded ?? "") && slotOpener(tokens, i, i + 1) !== undefined;
}

/** The furthest an auxiliary stands into a question it opens ("in what year was" is as far as it goes). */
const ASKED_AUXILIARY_AT = 3;

/**
 * Where a fact the question asks closes the clause: a verb of release, filming or setting ("come out", "released", "filmed",
 * "take place"), with whatever follows it ("in theaters"); -1 when none does.
 */
function closingFactAt(tokens: readonly WordToken[], from: number, last: number): number {
  for (let k = from; k < last; k++) if (closingVerbAt(tokens, k) > 0) return k;
  return -1;
}

/** How many words a verb of release, filming or setting takes at token `k` ("come out" two, "filmed" one), 0 when none is said there. */
export function closingVerbAt(tokens: readonly WordToken[], k: number): number {
  return CLOSING_VERBS.find((v) => v.every((w, n) => tokens[k + n]?.folded === w))?.length ?? 0;
}

/** A word said after a title that says which film or version it is, not more of its name ("movie", "sequel", "first", "originally", "2"). */
/** A word of manner ("originally", "officially"): how a film came out, no word of its title. */
export function saysHow(t: WordToken): boolean {
  return ADVERB.test(t.folded);
}

export function saysWhichFilm(t: WordToken): boolean {
  return WHICH_FILM.has(t.folded) || /\d/.test(t.folded) || ADVERB.test(t.folded) || WORD_TO_EDGES.has(t.folded) || WH.has(t.folded);
}

/** "who directed …", "who wrote …": "who" and a verb of making a film open the question; what follows is the film made. */
export function asksWhoMade(tokens: readonly { folded: string }[]): boolean {
  return tokens[0]?.folded === "who" && (makesFilm(tokens[1]?.folded ?? "") || MADE.has(tokens[1]?.folded ?? ""));
}
/** "who made the wizard of oz": the plain verb of making, its object the film made. */
const MADE: ReadonlySet<string> = new Set(PLAIN_MAKING_VERBS);
