/**
 * Words that make a question a follow-up to the conversation before it. Each list names what the
 * words point back at; the follow-up rules (src/question/followup/) decide what to do with them.
 * Phrases are folded text (lower case, no accents), matched at word boundaries.
 */

/** The pronouns alone: of one film, of one person, of several. */
export const FILM_PRONOUNS = ["it", "its"];
export const PERSON_PRONOUNS = ["he", "him", "his", "she", "her", "hers"];
/** Pointing words that say the person's gender: "she" is one of the women in context, "he" one of the men. */
export const GENDERED_POINTERS: Readonly<Record<string, "female" | "male">> = { she: "female", her: "female", hers: "female", "that actress": "female", "this actress": "female", he: "male", him: "male", his: "male" };
export const PLURAL_PRONOUNS = ["they", "them", "their"];
/** Point at one film the conversation was about ("when did it come out", "who directed that one"). */
export const FILM_ANAPHORS = ["the same film", "the same movie", "that film", "that movie", "this film", "this movie", "the film", "the movie", "that one", "this one", ...FILM_PRONOUNS];
/** Point at one person ("what else did he direct", "how old is she"). */
export const PERSON_ANAPHORS = ["that actor", "that actress", "that director", "that writer", "this actor", "this actress", "this director", ...PERSON_PRONOUNS];
/** Said of a person's films after a turn about one film, these leave that film out ("what other films did he direct"). */
export const OTHER_WORDS = ["other", "else", "another"];
/** Point at several answers at once ("when were they released", "which of those are comedies"). */
export const PLURAL_ANAPHORS = ["those films", "those movies", "these films", "these movies", "the same films", "those ones", "the ones", "those", "these", ...PLURAL_PRONOUNS];

/** Open a question asked again of another name: "what about Alien?", "how about for Ridley Scott?". */
export const SUBSTITUTION_OPENERS = ["and what about", "what about", "how about", "and how about", "same for", "same question for", "the same for", "and for", "what of", "and"];
/** Open a narrowing of the previous answer set: "only the ones after 2000", "just the comedies", "which of them are in French". */
export const REFINEMENT_OPENERS = [
  "which of those are",
  "which of these are",
  "which of them are",
  "which of those were",
  "which of them were",
  "which ones are",
  "which ones were",
  "which of those",
  "which of them",
  "which of these",
  "which ones",
  "are any of those",
  "are any of them",
  "were any of those",
  "were any of them",
  "any of those",
  "any of these",
  "any of them",
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
/** Words that ask whether any of the earlier set meets a constraint said next ("any with Tom Cruise?", "are there any from the 90s?"). */
export const ANY_LEADS = ["any", "anything", "any ones", "any films", "any movies", "are there any", "were there any", "is there any", "is there anything"];
/** Auxiliaries that open a question asked of the set, not a condition on it ("which ones did he write"). */
export const ASKING_AUXILIARIES = ["did", "does", "do", "can", "could", "would", "should", "will"];
/** Words a fragment may open with that say it continues the conversation ("and when…", "also, who…"); the resolved question drops them. */
export const CONTINUATION_WORDS = ["and", "also", "so", "then", "ok", "okay"];
/** Pointing words that are possessives: "its genre" becomes "Jaws's genre". */
export const POSSESSIVE_POINTERS = ["its", "his", "their", "hers"];
/** Words that ask for a role or character in some film ("who played Sharpay?", "the main protagonist"). */
export const ROLE_IN_FILM_WORDS = ["play", "plays", "played", "playing", "voice", "voiced", "protagonist", "character", "role", "lead"];
/** Cast words that, beside a name the KB lacks, make that name a character ("actor of Axel?", "who starred as Axel Foley?"). */
export const CAST_WORDS = ["actor", "actress", "actors", "starred", "stared", "stars", "as"];
/** Words that ask for the films two people made together. */
export const TOGETHER_WORDS = ["together"];
/** What follows "which" or "what" to choose among earlier films ("which one is longer?", "which of them"). */
export const CHOICE_PHRASES = ["one", "of them", "of the two", "of those", "of these", "of both"];
/** Words a substitution's rest may hold beside the name it brings ("what about for the film Alien then"). */
export const SUBSTITUTION_FILLER = ["the", "a", "for", "with", "film", "movie", "then"];
/** Words a fragment that says only a relative age may hold beside it ("something a bit newer?", "any older ones?"). */
export const AGE_FRAGMENT_FILLER = ["something", "anything", "any", "a", "bit", "little", "one", "ones", "film", "films", "movie", "movies", "but", "maybe", "please", "slightly", "somewhat"];
/** Words a refinement's rest may open with before its constraint ("only the ones that…", "just films from…"). */
export const REFINEMENT_FILLER = ["ones", "films", "movies"];
/** Words before "which one" that keep it a choice among earlier films ("and which one…", "so which of them…"). */
export const CHOICE_LEADS = ["and", "so"];
/** Question words after a constraint word that make it a question of its own. */
export const CONSTRAINT_QUESTION_WORDS = ["what", "which", "who", "whom", "when"];
/** Verbs a refinement's kind of film may open with ("which of those are comedies"). */
export const COPULAS = ["are", "were", "is"];
/** Words that open a question of its own, not a constraint on the previous one. */
export const QUESTION_OPENERS = ["who", "whom", "whose", "what", "which", "when", "where", "why", "how", "is", "are", "was", "were", "do", "does", "did", "can", "could", "has", "have", "had", "tell", "list", "name", "show", "give", "find"];
/** Constraint words that open a question when a question word follows ("in which year…", "with whom…"). */
export const ASKING_CONSTRAINT_WORDS = ["in", "from", "that", "which", "where", "with"];
/** Words that open a constraint rather than a new subject ("…with Meg Ryan", "…after 2000", "…in French"). */
export const CONSTRAINT_WORDS = ["with", "without", "after", "before", "since", "from", "in", "during", "between", "starring", "featuring", "directed", "written", "not", "released", "made", "that", "which", "where"];

/** Words a follow-up points at a film's family with ("the series", "the sequel"), and the ordinals of "the second one". */
export const FAMILY_WORDS = "series franchise trilogy saga sequels prequels sequel prequel".split(" ");
/** Words before a family word that point at the family of the film in context ("any sequels?", "how many sequels?"). */
export const FAMILY_POINTER_LEADS = ["the", "a", "any", "how many"];
export const FAMILY_ORDINALS = "first second third fourth fifth last latest next".split(" ");

/** "that city", "the same place", "there": the place an earlier turn asked about (where someone was born, where a film is set). */
export const PLACE_POINTERS = ["that city", "that town", "that place", "that state", "that country", "that island", "that village", "that location", "this city", "this town", "this place", "the same city", "the same place", "the same town", "the same country"];

/** Where an ordinal points in a listed answer: "the first one" is the first listed, "the last one" the last (-1). */
export const LIST_PLACES: Readonly<Record<string, number>> = { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, last: -1 };
