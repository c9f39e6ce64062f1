/**
 * Words that make a question a follow-up to the conversation before it. Each list names what the
 * words point back at; the follow-up rules (src/question/followup/) decide what to do with them.
 * Phrases are folded text (lower case, no accents), matched at word boundaries.
 */

/** Point at one film the conversation was about ("when did it come out", "who directed that one"). */
export const FILM_ANAPHORS = ["the same film", "the same movie", "that film", "that movie", "this film", "this movie", "the film", "the movie", "that one", "this one", "it", "its"];
/** Point at one person ("what else did he direct", "how old is she"). */
export const PERSON_ANAPHORS = ["that actor", "that actress", "that director", "that writer", "this actor", "this actress", "this director", "he", "him", "his", "she", "her", "hers"];
/** Point at several answers at once ("when were they released", "which of those are comedies"). */
export const PLURAL_ANAPHORS = ["those films", "those movies", "these films", "these movies", "the same films", "those ones", "the ones", "those", "these", "they", "them", "their"];

/** Open a question asked again of another name: "what about Alien?", "how about for Ridley Scott?". */
export const SUBSTITUTION_OPENERS = ["and what about", "what about", "how about", "and how about", "same for", "same question for", "the same for", "and for", "what of", "and"];
/** Open a narrowing of the previous answer set: "only the ones after 2000", "just the comedies", "which of them are in French". */
export const REFINEMENT_OPENERS = [
  "which of those are",
  "which of these are",
  "which of them are",
  "which of those were",
  "which of them were",
  "which of those",
  "which of them",
  "which of these",
  "of those",
  "of these",
  "only the ones",
  "just the ones",
  "only those",
  "just those",
  "only the",
  "just the",
  "only ones",
  "only",
  "just",
  "but only",
  "and only",
  "now only",
  "restricted to",
  "limited to",
];
/** Words a fragment may open with that say it continues the conversation ("and when…", "also, who…"). */
export const CONTINUATION_OPENERS = ["and", "also", "then", "so", "ok", "okay", "and also", "what about", "how about"];
/** Words that open a constraint rather than a new subject ("…with Meg Ryan", "…after 2000", "…in French"). */
export const CONSTRAINT_WORDS = ["with", "without", "after", "before", "since", "from", "in", "during", "between", "starring", "featuring", "directed", "written", "not", "released", "made", "that", "which", "where"];
