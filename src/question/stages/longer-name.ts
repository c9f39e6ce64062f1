import { ARTICLES, CLAUSE_BREAK, STOP_WORDS, isYearWord, type WordToken } from "../../util/text";
import { isRuleWord } from "./spelling";
import { FILM_PART_WORDS, FILM_SLOT_PREPOSITIONS } from "../lexicon/shapes";
import { NAME_JOINING_WORDS } from "../lexicon/linking";
import { makesFilm } from "../lexicon/relations";

const SLOT_OPENERS: ReadonlySet<string> = new Set(FILM_SLOT_PREPOSITIONS);
const FILM_PART: ReadonlySet<string> = new Set(FILM_PART_WORDS);
const JOINERS: ReadonlySet<string> = new Set(NAME_JOINING_WORDS);

/**
 * "who composed the score for the greatest showman", "who dies in the maze runner the death cure": a title the KB
 * holds ("The Greatest", "The Maze Runner") said right after "in", "from" or "for", with more words after it to the
 * clause's end that name nothing else, is the start of a longer name, not that film. The tokens of the whole name
 * said (from the title's first word to the clause's end, a year after it aside), or undefined.
 *
 * `covered` says what holds a token: another film ("spider man homecoming" is one name), another name, or nothing. The
 * words after the title must be no other name's, join nothing ("titanic and jaws" are two), and hold a word that is no
 * small word, number or word the rules read ("besides kate winslet", "in 1997" leave the title as it is), and no part of a
 * film ("frozen credits").
 */
export function longerNameAt(question: string, tokens: readonly WordToken[], start: number, end: number, covered: (k: number) => "film" | "name" | undefined): { tokenStart: number; tokenEnd: number } | undefined {
  const opener = ARTICLES.has(tokens[start - 1]?.folded ?? "") ? start - 2 : start - 1;
  // "who directed crazy rich asians": the object of "who" and a verb of making a film is such a slot too.
  // (Not the question's own words with an article before them: "who directed the most westerns"; "the greatest" said whole is a title.)
  const ownWords = opener === start - 2 && tokens.slice(start, end).every((t) => isRuleWord(t.folded));
  const objectSlot = opener === 1 && asksWhoMade(tokens) && !ownWords;
  if ((!SLOT_OPENERS.has(tokens[opener]?.folded ?? "") && !objectSlot) || end >= tokens.length) return undefined;
  let last = end;
  while (last < tokens.length && !CLAUSE_BREAK.test(question.slice(tokens[last - 1]!.end, tokens[last]!.start))) last++;
  const rest = tokens.slice(end, last).map((t, k) => ({ t, k: end + k }));
  // A year closing the clause says which film it is ("beauty and the beast 2017").
  while (rest.length && isYearWord(rest.at(-1)!.t.folded)) rest.pop();
  // A part of the film said after its title is the film's ("let it go in frozen credits").
  if (!rest.length || rest.some((x) => covered(x.k) === "name" || (covered(x.k) === undefined && (JOINERS.has(x.t.folded) || FILM_PART.has(x.t.folded))))) return undefined;
  // A title after it is one name with it only said right beside it: "avatar compared to titanic", "starfall but not
  // midnight ledger" set two side by side.
  // Nor when an article opens it: "cocktail the saint" names two films, "spider man homecoming" one.
  const free = rest.filter((x) => covered(x.k) === undefined);
  if (free.length < rest.length && (free.length > 0 || ARTICLES.has(rest[0]!.t.folded))) return undefined;
  const names = rest.some((x) => !STOP_WORDS.has(x.t.folded) && !/\d/.test(x.t.folded) && !isRuleWord(x.t.folded));
  const plain = rest.every((x) => !isRuleWord(x.t.folded) || STOP_WORDS.has(x.t.folded));
  return names && plain ? { tokenStart: start, tokenEnd: rest.at(-1)!.k + 1 } : undefined;
}

/** "who directed …", "who wrote …": "who" and a verb of making a film open the question; what follows is the film made. */
export function asksWhoMade(tokens: readonly { folded: string }[]): boolean {
  return tokens[0]?.folded === "who" && makesFilm(tokens[1]?.folded ?? "");
}
