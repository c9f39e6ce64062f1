import { ARTICLES, STOP_WORDS, isPossessive, isYearWord, withoutLeadingArticle, type WordToken } from "../../util/text";
import { QUESTION_WORDS } from "../../linking/question-words";
import { FORM_WORDS, TITLE_CUE_WORDS, VERSION_WORDS } from "../lexicon/linking";
import { ORDINAL_WORDS } from "../lexicon/shapes";
import { MOVIE_WORDS } from "../lexicon/relations";

/** How many words may stand between an article and the word it heads ("the quidditch world cup"). */
const MODIFIERS_AT_MOST = 3;

/** Words that pick a film out of a title's films, not words of another name ("the new batman", "the animated hercules", "the first rocky"). */
const PICKS_A_FILM: ReadonlySet<string> = new Set([...VERSION_WORDS, ...FORM_WORDS, ...TITLE_CUE_WORDS, ...MOVIE_WORDS, ...Object.keys(ORDINAL_WORDS).filter((w) => !w.includes(" "))]);

/**
 * A one-word title that opens with an article ("The Cup", "The Panther"), said without it as the last word of a noun
 * phrase an article opens ("the quidditch world cup", "the black panther movie"): the article is the phrase's, and
 * the words between make it another name. Words that pick one of a title's films ("the new", "the animated", "the
 * first"), a year, a possessive or a film word between leave the title its own.
 */
export function headOfLongerPhrase(tokens: readonly WordToken[], at: number, title: string): boolean {
  if (withoutLeadingArticle(title) === title) return false;
  for (let k = at - 1, modifiers = 0; k >= 0 && modifiers <= MODIFIERS_AT_MOST; k--, modifiers++) {
    const w = tokens[k]!.folded;
    if (ARTICLES.has(w)) return modifiers > 0;
    if (STOP_WORDS.has(w) || QUESTION_WORDS.has(w) || PICKS_A_FILM.has(w) || isYearWord(w) || isPossessive(tokens[k]!.text)) return false;
  }
  return false;
}
