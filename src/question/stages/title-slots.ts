import { ARTICLES, CLAUSE_BREAK, STOP_WORDS, YEAR_DIGITS, capitalised, isYearWord, capitalOrDigitFirst, isPossessive, opensSentence, titleCased, type WordToken } from "../../util/text";
import { QUESTION_WORDS } from "../../linking/question-words";
import { WORD_TO_EDGES } from "../lexicon/relations";
import { DESCRIBE_REQUEST_PHRASES, DESCRIBING_LEADS, FILM_DETERMINERS, PAIR_OPENERS, ROLE_VERBS, TITLE_CUE_WORDS, VERSION_WORDS } from "../lexicon/linking";
import { CONCEPT_HEAD_WORDS } from "../lexicon/concepts";
import { FIGURE_PHRASES, SIDE_BY_SIDE_PHRASES } from "../lexicon/cues";
import { BE_FORMS, POINTING_WORDS, SUBJECT_AUXILIARIES, WHICH_ONE_ASKERS, COMPARATIVE_PHRASES, SEQUEL_PHRASES, STORY_BEINGS, STORY_PRONOUNS, CREATURE_WORDS, GAP_UNITS, FACT_PHRASES, FACT_AUXILIARIES, FACT_ASKER_WORDS, FACT_CLOSING_PREPOSITIONS, STORY_THING_ASKERS, TITLE_YEAR_PREPOSITIONS, FILM_PART_WORDS, IN_FILM_WORDS, ORDINAL_WORDS, STORY_THING_WORDS, STORY_TOLD_NOUNS, THING_KIND_WORDS, YES_NO_OPENERS } from "../lexicon/shapes";
import { DESCRIBED_PEOPLE, MOVIE_WORDS, PERSON_WORDS, SINGLE_MOVIE_WORDS } from "../lexicon/relations";
import { firstOf } from "./phrases";
import { relationOfOneFilm } from "./described-words";
import { asksWhoMade } from "./longer-name";
import { sequelNumberAfter } from "./sequel-number";
import { ROLE_IN_FILM_WORDS } from "../lexicon/followup";
import { EXCEPT_LEADS } from "../lexicon/requests";
import { isGivenName } from "../../linking/name-gender";

const TITLE_CUES = new Set(TITLE_CUE_WORDS);
const DESCRIBING: ReadonlySet<string> = new Set(DESCRIBING_LEADS);
const ROLE_VERB = new Set(ROLE_VERBS);
const HEADS = new Set(CONCEPT_HEAD_WORDS);
const PAIR = new Set(PAIR_OPENERS);
const YES_NO = new Set(YES_NO_OPENERS);
const COMPARATIVES = Object.keys(COMPARATIVE_PHRASES);
const SIDE_BY_SIDE: readonly string[] = SIDE_BY_SIDE_PHRASES;
const DESCRIBE_REQUESTS: readonly string[] = DESCRIBE_REQUEST_PHRASES;
const FIGURES = new Set(Object.keys(FIGURE_PHRASES).filter((p) => !p.includes(" ")));
/** One-word facts a question asks of a film or person, held here or not ("producer", "music", "country"). */
const FACT_WORDS = new Set(FACT_PHRASES.map((f) => f.phrase).filter((p) => !p.includes(" ")));
const COPULAS = new Set(["is", "was"]);
/** The copulas of things asked, one or many ("what color wizards are in …"). */
const THINGS_COPULAS: ReadonlySet<string> = new Set(BE_FORMS);
/** Whole phrases of facts, and the question words and auxiliaries that ask one of a film named between them. */
const FACT_PHRASE_SET: ReadonlySet<string> = new Set(FACT_PHRASES.map((f) => f.phrase));
const FACT_ASKERS: ReadonlySet<string> = new Set(FACT_ASKER_WORDS);
const FACT_AUXILIARIES_SET: ReadonlySet<string> = new Set(FACT_AUXILIARIES);
const PLAYED: ReadonlySet<string> = new Set(ROLE_IN_FILM_WORDS);
const FILM_PART: ReadonlySet<string> = new Set(FILM_PART_WORDS);
const ORDINAL_WORD: ReadonlySet<string> = new Set(Object.keys(ORDINAL_WORDS).filter((w) => !w.includes(" ")));
const PERSON_ASKED: ReadonlySet<string> = new Set(["who", "whom"]);
const AUXILIARIES = new Set(["is", "was", "did"]);
const IN_FILM: ReadonlySet<string> = new Set(IN_FILM_WORDS);
const SEQUEL_WORD: ReadonlySet<string> = new Set(Object.keys(SEQUEL_PHRASES));
/** The slot right after someone or something of a story: it says even a one-word title ("the shark in jaws"). */
export const STORY_NOUN_SLOT = "after-story-noun";
export const IN_STORY_SLOT = "in-after-story-subject";
export const IN_ROLE_OR_FACT_SLOT = "in-after-role-or-fact";
export const AFTER_YEAR_SLOT = "after-year";
export const BEFORE_FILM_PART_SLOT = "before-film-part";
export const AFTER_TITLE_CUE_SLOT = "after-title-cue";
export const CLOSING_FACT_SLOT = "before-closing-fact";
/** People, creatures and things of a film's story ("the kid", "the shark", "the song", "her name"). */
const STORY_NOUNS: ReadonlySet<string> = new Set([...DESCRIBED_PEOPLE, ...PERSON_WORDS, ...CREATURE_WORDS, ...THING_KIND_WORDS, ...STORY_THING_WORDS]);

/** A span of the question that might be a title or a name, with the words around it. */
export interface SpanContext {
  question: string;
  tokens: readonly WordToken[];
  /** Index of the span's first token. */
  at: number;
  span: readonly WordToken[];
  /** Whether some person's name matches the span too. */
  personLike: boolean;
  /** Folded word `k` tokens before the span (1 = the word right before it). */
  before(k: number): string | undefined;
  /** Folded word right after the span. */
  next: string | undefined;
  /** Nothing but punctuation follows the span up to the end of its clause. */
  endsClause: boolean;
}

/** A wording that says a span is (or is not) said as a title: checked in order, the first that holds decides. */
export interface TitleSlot {
  id: string;
  says: boolean;
  when(c: SpanContext): boolean;
}

const PRONOUNS_OF_STORY: ReadonlySet<string> = new Set(STORY_PRONOUNS);
const VERSION: ReadonlySet<string> = new Set(VERSION_WORDS);
const STORY_THINGS: ReadonlySet<string> = new Set(STORY_THING_WORDS);
const STORY_TOLD: ReadonlySet<string> = new Set(STORY_TOLD_NOUNS);
const THING_KINDS: ReadonlySet<string> = new Set(THING_KIND_WORDS);
const THING_ASKERS: ReadonlySet<string> = new Set(STORY_THING_ASKERS);
/** A kind of thing asked ("what car", "what kind of car"), not one said in passing ("drives a sports car"). */
const thingAsked = (tokens: readonly WordToken[], t: WordToken) => {
  const before = tokens[tokens.indexOf(t) - 1]?.folded ?? "";
  return THING_KINDS.has(t.folded) && (THING_ASKERS.has(before) || before === "of");
};
/** Someone a story is told of: "they", a being ("the dog"), a given name ("elise"). */
const WHO_WHAT: ReadonlySet<string> = new Set(["who", "what"]);
/** Question words that ask which someone of a story is meant, and the auxiliaries that open what is said of them. */
const WH_ASKERS: ReadonlySet<string> = new Set(WHICH_ONE_ASKERS);
const SAID_OF: ReadonlySet<string> = new Set([...SUBJECT_AUXILIARIES, "can"]);
/** One-word nouns of a part in a story ("character", "characters"). */
const CHARACTER_NOUNS: ReadonlySet<string> = new Set(FACT_PHRASES.filter((f) => f.fact === "character" && !f.phrase.includes(" ")).map((f) => f.phrase));
const storySubject = (t: WordToken) => PRONOUNS_OF_STORY.has(t.folded) || STORY_BEINGS.has(t.folded) || isGivenName(t.folded);

/** Units of a running time ("how many minutes is …"). */
const RUNTIME_UNITS: ReadonlySet<string> = new Set(Object.entries(GAP_UNITS).filter(([, by]) => by === "runtime").map(([unit]) => unit));
const lengthAsked = (w: string | undefined, before: string | undefined) => w === "long" && before === "how";
const isHead = (w: string | undefined) => w !== undefined && HEADS.has(w);
const isRelation = (w: string | undefined) => w !== undefined && WORD_TO_EDGES.has(w);
/** A relation the KB holds or a fact it may lack: either asks about the span after it. */
const asksAbout = (w: string | undefined) => isRelation(w) || (w !== undefined && FACT_WORDS.has(w));

/** The slots, most specific first; each names the kind of wording it reads. */
export const TITLE_SLOTS: readonly TitleSlot[] = [
  { id: "quoted", says: true, when: quoted },
  // Question wording ("together", "what", "next") is a title only when quoted.
  { id: "question-words", says: false, when: (c) => c.span.every((t) => QUESTION_WORDS.has(t.folded)) },
  // "the first movie hitchcock directed": a name between a film word and a role verb is who did it, unless
  // it is capitalised and no person's name matches ("the movie Big starring …").
  { id: "maker-between-film-and-verb", says: false, when: (c) => isHead(c.before(1)) && c.next !== undefined && ROLE_VERB.has(c.next) && !titled(c) },
  // "watch heat", "the film her" (a stop word after a cue only when it ends the clause), "starring her".
  { id: AFTER_TITLE_CUE_SLOT, says: true, when: afterTitleCue },
  // "what is go about": the slot a question about a film's story asks of.
  { id: "story-of", says: true, when: (c) => COPULAS.has(c.before(1) ?? "") && c.next === "about" && /^\s*about\s*(?:$|[?.!,;:])/.test(c.question.slice(c.span.at(-1)!.end)) },
  // "henry thomas's country", "forrest gump's rank": a name of two words or more said in the possessive is whose fact is asked.
  { id: "possessive-name", says: true, when: (c) => c.span.length >= 2 && isPossessive(c.span.at(-1)!.text) },
  // "the name of the shark in jaws", "the kid from home alone", "the song from titanic": right after someone or something of a
  // story and "in" or "from", at the clause's end, in a clause with no film word (a film asked about "a girl in paris" is set there), the film it is of.
  { id: STORY_NOUN_SLOT, says: true, when: (c) => IN_FILM.has(c.before(1) ?? "") && c.endsClause && STORY_NOUNS.has(c.before(2) ?? "") && !c.tokens.some((t) => MOVIE_WORDS.has(t.folded)) },
  // "who is the voice of woody in toy story", "what was the shark's name in jaws", "who is the bad guy in die hard": after "in" (or
  // "from") at the clause's end, with a role, a part played or a fact asked before it, or a person asked by "who", the film it is of.
  // So does a thing of a story asked before it ("what is the name of the seagull in little mermaid", "what kind of car is in
  // back to the future").
  { id: IN_ROLE_OR_FACT_SLOT, says: true, when: (c) => IN_FILM.has(c.before(1) ?? "") && c.endsClause && (PERSON_ASKED.has(c.tokens[0]?.folded ?? "") || c.tokens.slice(0, c.at - 1).some((t) => ROLE_VERB.has(t.folded) || FACT_WORDS.has(t.folded) || PLAYED.has(t.folded) || STORY_THINGS.has(t.folded) || thingAsked(c.tokens, t))) },
  // "where do they fly to in pretty woman", "what's wrong with elise in mr nobody": after "in" (or "from") at the end of a
  // question asked of someone of a story (a pronoun of people told of, a being, a given name), the film it happens in.
  { id: IN_STORY_SLOT, says: true, when: (c) => IN_FILM.has(c.before(1) ?? "") && c.endsClause && QUESTION_WORDS.has(c.tokens[0]?.folded ?? "") && c.tokens.slice(1, c.at - 1).some(storySubject) && !c.tokens.some((t) => MOVIE_WORDS.has(t.folded)) },
  // "what is gimli in lord of the rings", "who was elsa in frozen": after "who" or "what", its copula, someone of a few
  // words and "in", closing the clause, the film they are someone in.
  // So after "what" and the noun it asks ("what year was the future in back to the future").
  { id: "in-after-who-is", says: true, when: (c) => IN_FILM.has(c.before(1) ?? "") && c.endsClause && WHO_WHAT.has(c.tokens[0]?.folded ?? "") && whoIsAt(c) > 0 && c.at >= whoIsAt(c) + 3 && c.at <= whoIsAt(c) + 5 && !c.tokens.some((t) => MOVIE_WORDS.has(t.folded)) },
  // "what color wizards are in lord of the rings", "which animals were in the jungle book": after a question word, the things
  // it asks (one to three words), their copula and "in", closing the clause, the film they are in.
  { id: "in-after-what-things-are", says: true, when: (c) => IN_FILM.has(c.before(1) ?? "") && c.endsClause && WH_ASKERS.has(c.tokens[0]?.folded ?? "") && THINGS_COPULAS.has(c.before(2) ?? "") && c.at >= 4 && c.at <= 6 && !c.tokens.some((t) => MOVIE_WORDS.has(t.folded)) },
  // "what is the plot of titanic", "a synopsis of alien": after a noun for the story told and "of", at the clause's end, the film told.
  { id: "of-after-story-told", says: true, when: (c) => c.before(1) === "of" && STORY_TOLD.has(c.before(2) ?? "") && c.endsClause },
  // "who does anna from frozen end up with": right after someone of a story and "from", in a question, the film they are of,
  // though the question goes on.
  { id: "from-after-story-subject", says: true, when: (c) => c.before(1) === "from" && c.at >= 2 && storySubject(c.tokens[c.at - 2]!) && QUESTION_WORDS.has(c.tokens[0]?.folded ?? "") && !c.tokens.some((t) => MOVIE_WORDS.has(t.folded)) },
  // "which character in toy story is a cowboy", "what character in titanic has a necklace": after a question word, someone
  // of a story and "in", right before an auxiliary opening what is said of them, the film they are in.
  { id: "in-after-which-subject", says: true, when: (c) => IN_FILM.has(c.before(1) ?? "") && c.at === 3 && WH_ASKERS.has(c.tokens[0]?.folded ?? "") && (storySubject(c.tokens[1]!) || CHARACTER_NOUNS.has(c.tokens[1]!.folded)) && SAID_OF.has(c.next ?? "") },
  // "let it go in frozen credits", "the song from titanic soundtrack": after a film's preposition and right before a part of
  // a film, the film it is part of.
  { id: BEFORE_FILM_PART_SLOT, says: true, when: (c) => IN_FILM.has(c.before(ARTICLES.has(c.before(1) ?? "") ? 2 : 1) ?? "") && FILM_PART.has(c.next ?? "") && !c.span.some((t) => FILM_PART.has(t.folded)) },
  // "the song at the end of dirty dancing", "the opening of jaws": after a part of a film and "of", the film it is part of.
  { id: "of-after-film-part", says: true, when: (c) => c.before(1) === "of" && FILM_PART.has(c.before(2) ?? "") },
  // "when did the original death wish come out", "the new mary poppins": after a word picking a version and "the", that film.
  { id: "after-version", says: true, when: (c) => VERSION.has(c.before(1) ?? "") && c.before(2) === "the" },
  // "who directed the 1997 titanic", "the 1932 mummy": after "the" and a year, the film of that year.
  { id: AFTER_YEAR_SLOT, says: true, when: (c) => isYearWord(c.before(1) ?? "") && c.before(2) === "the" },
  // "the villain in the first die hard", "the last harry potter": after an ordinal and its article, the film of that place.
  { id: "after-ordinal", says: true, when: (c) => ORDINAL_WORD.has(c.before(1) ?? "") && c.before(2) === "the" },
  // "the sequel to alien", "the prequel of saw", "the follow up to jaws": the film whose sequel it is.
  { id: "sequel-of", says: true, when: (c) => c.at > 0 && sequelLeadsTo(c.tokens, c.at - 1) },
  // "tell me about memento", "what do you know about heat": the name a request to describe is about, at the clause's end.
  { id: "tell-about", says: true, when: (c) => c.endsClause && DESCRIBE_REQUESTS.some((p) => saidRightBefore(c, p)) },
  // "what is the godfather", "what was jaws": the name a question asks what it is, at the clause's end.
  { id: "what-is", says: true, when: (c) => COPULAS.has(c.before(1) ?? "") && c.before(2) === "what" && c.at === 2 && c.endsClause },
  // "who starred in titanic".
  { id: "in-after-relation", says: true, when: (c) => c.before(1) === "in" && isRelation(c.before(2)) },
  // "the runtime of titanic", "the director of heat", "the producer of it's alive", "music to beauty shop", "the award for baby jane".
  { id: "of-after-figure-or-fact", says: true, when: (c) => (c.before(1) === "of" && (FIGURES.has(c.before(2) ?? "") || asksAbout(c.before(2)))) || ((c.before(1) === "to" || c.before(1) === "for") && FACT_WORDS.has(c.before(2) ?? "")) },
  // "where was titanic filmed", "when does titanic take place", "where is titanic set": between a question word and its
  // auxiliary and a fact closing the clause, the film the fact is asked of.
  { id: CLOSING_FACT_SLOT, says: true, when: (c) => FACT_AUXILIARIES_SET.has(c.before(1) ?? "") && factAsked(c) && factCloses(c) },
  // "where is the resort dirty dancing was filmed": before an auxiliary and a fact closing the clause, the film it is of.
  { id: "before-aux-fact", says: true, when: (c) => FACT_AUXILIARIES_SET.has(c.next ?? "") && factCloses(c, 1) },
  // "what language is spirited away in", "when did titanic come out", "what country is in hell set in".
  { id: "relation-slot", says: true, when: (c) => AUXILIARIES.has(c.before(1) ?? "") && asksAbout(c.before(2)) },
  // "how much did titanic make", "how much money did titanic make".
  { id: "how-much", says: true, when: (c) => AUXILIARIES.has(c.before(1) ?? "") && ((c.before(2) === "much" && c.before(3) === "how") || (c.before(3) === "much" && c.before(4) === "how")) },
  // "how long is titanic", "how many minutes was heat": what a length is asked of, at the clause's end.
  { id: "length-of", says: true, when: (c) => COPULAS.has(c.before(1) ?? "") && c.endsClause && (lengthAsked(c.before(2), c.before(3)) || (c.before(3) === "many" && c.before(4) === "how" && RUNTIME_UNITS.has(c.before(2) ?? ""))) },
  // "the godfather", "jaws 2": a message that is nothing but a name of two words or more is that film or person.
  { id: "whole-message", says: true, when: (c) => c.span.length >= 2 && wholeMessage(c.tokens, c.at, c.span.length) },
  // "is toy story an animated film", "was tom hanks in cast away".
  { id: "yes-no-subject", says: true, when: yesNoSubject },
  // "which came out first, alien or blade runner".
  { id: "compared-side", says: true, when: comparedSide },
  // "in both titanic and the departed".
  { id: "pair", says: true, when: pairMember },
  // "what kind of movie is alien".
  { id: "kind-of-film-is", says: true, when: (c) => COPULAS.has(c.before(1) ?? "") && isHead(c.before(2)) },
  // "something similar to the shining", "watch the heat".
  // "the titanic movie cast", "jaws movie director": opening the message (an article aside), right before one film word and
  // a relation of it, the film it is asked of.
  { id: "before-film-word-relation", says: true, when: (c) => (c.at === 0 || (c.at === 1 && c.before(1) === "the")) && relationOfOneFilm(c.tokens, c.at + c.span.length) },
  { id: "similar-to", says: true, when: (c) => c.before(1) === "to" && c.before(2) === "similar" },
  // "action movies except die hard", "comedies other than airplane": what is left out of the films asked for is a film.
  // "best action movies, not die hard": so is a film after a "not" that opens a clause.
  { id: "left-out", says: true, when: (c) => EXCEPT_LEADS.some((lead) => lead.split(" ").every((w, i, all) => c.before(all.length - i) === w)) || (c.before(1) === "not" && c.at >= 2 && /,\s*$/.test(c.question.slice(c.tokens[c.at - 2]!.end, c.tokens[c.at - 1]!.start))) },
  { id: "article-after-cue", says: true, when: (c) => c.before(1) === "the" && TITLE_CUES.has(c.before(2) ?? "") },
];

/** Where the copula of "who is", "what is" or "what <noun> is" stands (1 or 2), or -1. */
function whoIsAt(c: SpanContext): number {
  if (COPULAS.has(c.tokens[1]?.folded ?? "")) return 1;
  // "what time is it in tokyo": a pointing word after the copula is what is asked of, no one of a story.
  const asked = c.tokens[0]?.folded !== "who" && !STOP_WORDS.has(c.tokens[1]?.folded ?? "") && COPULAS.has(c.tokens[2]?.folded ?? "");
  return asked && !POINTING.has(c.tokens[3]?.folded ?? "") ? 2 : -1;
}
const POINTING: ReadonlySet<string> = new Set(POINTING_WORDS);

/** Token `k` is "to" or "of" right after a sequel's word ("the sequel to …", "the next movie of …"): the film it follows comes after. */
export function sequelLeadsTo(tokens: readonly WordToken[], k: number): boolean {
  const lead = tokens[k]?.folded;
  return (lead === "to" || lead === "of") && k > 0 && (SEQUEL_WORD.has(tokens[k - 1]!.folded) || SEQUEL_WORD.has(`${tokens[k - 2]?.folded} ${tokens[k - 1]!.folded}`));
}

/** A span of `length` tokens from `at` is the whole message, but for an article before it (punctuation is no token). */
export function wholeMessage(tokens: readonly WordToken[], at: number, length: number): boolean {
  const start = at === 0 || (at === 1 && ARTICLES.has(tokens[0]!.folded));
  // "king kong 1976": a year after the name says which film; the message is still the name alone.
  const end = at + length === tokens.length - 1 && isYearWord(tokens.at(-1)!.folded) ? tokens.length - 1 : tokens.length;
  return start && at + length === end;
}

/**
 * Quoted, right after a title cue or in a slot a relation, figure, yes/no or comparison asks about, or
 * capitalised inside the sentence (or at its start right before a relation word: "Her was directed by").
 */
export function saidAsTitle(question: string, tokens: readonly WordToken[], at: number, span: readonly WordToken[], personLike = true): boolean {
  const c = spanContext(question, tokens, at, span, personLike);
  const slot = TITLE_SLOTS.find((s) => s.when(c));
  return slot ? slot.says : capitalisedAsName(c);
}

/** The slot that decides whether a span is said as a title, if any does. */
export function titleSlotOf(question: string, tokens: readonly WordToken[], at: number, span: readonly WordToken[], personLike = true): string | undefined {
  return titleSlotAt(question, tokens, at, span, personLike)?.id;
}

/** The slot that decides whether a span is said as a title, with what it says. */
export function titleSlotAt(question: string, tokens: readonly WordToken[], at: number, span: readonly WordToken[], personLike = true): TitleSlot | undefined {
  return TITLE_SLOTS.find((s) => s.when(spanContext(question, tokens, at, span, personLike)));
}

function spanContext(question: string, tokens: readonly WordToken[], at: number, span: readonly WordToken[], personLike: boolean): SpanContext {
  let opening: number | undefined;
  return {
    question,
    tokens,
    at,
    span,
    personLike,
    // A cue stands in the span's own sentence: "my favorite movie. yes" puts no title after "movie".
    before: (k) => (at - k >= (opening ??= sentenceOpening(question, tokens, at)) ? tokens[at - k]?.folded : undefined),
    next: tokens[at + span.length]?.folded,
    endsClause: endsClauseAfter(question.slice(span.at(-1)!.end)),
  };
}

/** The token that opens the sentence token `at` stands in. */
function sentenceOpening(question: string, tokens: readonly WordToken[], at: number): number {
  let j = at;
  while (j > 0 && !opensSentence(question, tokens, j)) j--;
  return j;
}

/**
 * Whether the clause ends right after a span: a year or a sequel's number after a title says which film it is ("jungle book
 * 2016", "scarface (1983)", "titanic in 1997", "scary movie 1"), and the clause ends with it all the same.
 */
const ENDS_CLAUSE = new RegExp(`^\\s*(?:(?:(?:${TITLE_YEAR_PREPOSITIONS.join("|")})\\s+)?\\(?${YEAR_DIGITS}\\)?\\s*)?(?:$|[?.!,;:)])`, "i");

/** One film word said right after a title ("in street fighter movie"): it says what the title is, and the clause may end after it. */
const FILM_WORD_AFTER = new RegExp(`^\\s+(?:${[...SINGLE_MOVIE_WORDS].join("|")})\\b`, "i");

function endsClauseAfter(rest: string): boolean {
  const film = FILM_WORD_AFTER.exec(rest)?.[0];
  const after = film ? rest.slice(film.length) : rest;
  const number = sequelNumberAfter(after);
  return ENDS_CLAUSE.test(number ? after.slice(number.length) : after);
}

const CLOSING_PREPOSITION = new RegExp(` (?:${FACT_CLOSING_PREPOSITIONS.join("|")})$`);

/** The most words a question word and the noun it asks may take before the auxiliary ("what time period is …"). */
const FACT_ASKED_WORDS = 3;
/** The clause opens with a question word asking a fact ("where was", "when does"), or "what"/"which" and the noun it asks ("what era is"). */
function factAsked(c: SpanContext): boolean {
  const opener = c.tokens[0]?.folded ?? "";
  if (c.at === 2) return FACT_ASKERS.has(opener);
  return c.at > 2 && c.at - 1 <= FACT_ASKED_WORDS && THING_ASKERS.has(opener) && c.tokens.slice(1, c.at - 1).every((t) => !STOP_WORDS.has(t.folded));
}

/** The words after the span (past `skip` of them) to its clause's end are a fact's phrase, with a preposition closing it or not ("set in"). */
function factCloses(c: SpanContext, skip = 0): boolean {
  const rest: string[] = [];
  for (let k = c.at + c.span.length + skip; k < c.tokens.length && !CLAUSE_BREAK.test(c.question.slice(c.tokens[k - 1]!.end, c.tokens[k]!.start)); k++) rest.push(c.tokens[k]!.folded);
  const said = rest.join(" ");
  return said !== "" && [said, said.replace(CLOSING_PREPOSITION, "")].some((p) => FACT_PHRASE_SET.has(p));
}

function quoted(c: SpanContext): boolean {
  const before = c.question.slice(Math.max(0, c.span[0]!.start - 1), c.span[0]!.start);
  const after = c.question.slice(c.span.at(-1)!.end, c.span.at(-1)!.end + 1);
  return /["“'‘*_]/.test(before) && /["”'’*_?!]/.test(after);
}

/** Capitalised and no person's name matches, or an article opens a capitalised span of several words. */
function titled(c: SpanContext): boolean {
  const first = c.span[0]!;
  return capitalised(first.text) && (!c.personLike || (ARTICLES.has(first.folded) && c.span.length >= 2));
}

function afterTitleCue(c: SpanContext): boolean {
  const prev = c.before(1);
  // "a coming of age movie about a boy": a lowercase span opening with a describing word describes the film (About a Boy is written so).
  if (prev === undefined || (DESCRIBING.has(c.span[0]!.folded) && !capitalised(c.span[0]!.text))) return false;
  const capitalsSayNothing = c.span.every((t) => t.text === t.text.toLowerCase()) || titleCased(c.question);
  if (!cueReaches(c) || (MOVIE_WORDS.has(prev) && kindBeforeFilmWord(c) && capitalsSayNothing)) return false;
  const onlyStopWords = c.span.every((t) => STOP_WORDS.has(t.folded));
  // "the film her husband made" is no title: a stop word after a cue is one only when it ends the clause.
  // "who made titanic": right after "who" and the plain verb of making, the film made.
  if (!onlyStopWords && c.at === 2 && asksWhoMade(c.tokens)) return true;
  return onlyStopWords ? ROLE_VERB.has(prev) || (TITLE_CUES.has(prev) && c.endsClause) : TITLE_CUES.has(prev);
}

/**
 * A cue reads the words right after it. A comma or a dash ends its reach ("80's horror movie - woman stuck with …", "WW2
 * film, American and Japanese soldiers"), and a cue joined by a hyphen to the word before is half of a describing word
 * ("well-liked man").
 */
function cueReaches(c: SpanContext): boolean {
  const cue = c.tokens[c.at - 1]!;
  const between = c.question.slice(cue.end, c.span[0]!.start);
  const joined = cue.start > 0 && c.question[cue.start - 1] === "-";
  return !/[,;–—]|(?:^|\s)-(?:\s|$)/.test(between) && !joined;
}

/**
 * A kind of film said before the film word with no article or other determiner ("WW2 movie following a group", "Horror
 * movie help name this"): the film word names the kind, and lowercase words after it (or any, in title case: "Monster
 * Movie Set During A War") describe the film sought. "the
 * movie heat", "the 80s horror movie heat" and a film word opening the message ("movie heat cast") still name one.
 */
function kindBeforeFilmWord(c: SpanContext): boolean {
  const film = c.tokens[c.at - 1]!;
  const clause = c.tokens.slice(Math.max(0, c.at - 1 - KIND_WORDS_BACK), c.at - 1).filter((t) => !/[,;.!?:()–—]/.test(c.question.slice(t.end, film.start)));
  const kind = clause.at(-1);
  return kind !== undefined && !STOP_WORDS.has(kind.folded) && !TITLE_CUES.has(kind.folded) && !clause.some((t) => DETERMINERS.has(t.folded));
}

/** How far back a determiner of a kind of film is looked for ("the 80s horror movie"). */
const KIND_WORDS_BACK = 3;
/** Words that make a film word name one film: "the movie", "that film", "his movie". */
const DETERMINERS: ReadonlySet<string> = new Set([...ARTICLES, ...FILM_DETERMINERS]);

function yesNoSubject(c: SpanContext): boolean {
  if (!YES_NO.has(c.tokens[0]?.folded ?? "")) return false;
  return (c.at === 1 && !isHead(c.next)) || (c.before(1) === "in" && c.endsClause);
}

/** Whether the phrase ends right before the span ("compared to" before "titanic"). */
function saidRightBefore(c: SpanContext, phrase: string): boolean {
  return phrase.split(" ").reverse().every((w, i) => c.before(i + 1) === w);
}

function comparedSide(c: SpanContext): boolean {
  const prev = c.before(1);
  // "the budget of avatar compared to titanic", "jaws vs alien": set side by side with another, whatever the figure.
  if (SIDE_BY_SIDE.some((p) => saidRightBefore(c, p))) return true;
  const side = prev === "or" || c.next === "or" || prev === "than";
  return side && firstOf(c.tokens.map((t) => t.folded), COMPARATIVES) !== undefined;
}

function pairMember(c: SpanContext): boolean {
  const prev = c.before(1);
  if (prev !== undefined && PAIR.has(prev)) return true;
  return prev === "and" && c.tokens.slice(Math.max(0, c.at - 6), c.at - 1).some((t) => PAIR.has(t.folded));
}

/** In mixed-case text: capitalised inside a sentence, several capitalised words opening one, or a name right before a relation word. */
function capitalisedAsName(c: SpanContext): boolean {
  const first = c.span[0]!;
  const mixedCase = c.question !== c.question.toLowerCase() && c.question !== c.question.toUpperCase();
  if (!mixedCase || !capitalOrDigitFirst(first.text)) return false;
  const sentenceStart = c.at === 0 || /[.!?:;]\s*$/.test(c.question.slice(0, first.start));
  if (!sentenceStart) return true;
  // "Evil Aliens is a film ...": several words each capitalised at the start of a sentence are a title.
  const content = c.span.filter((t) => !STOP_WORDS.has(t.folded));
  if (content.length >= 2 && c.span.every((t) => STOP_WORDS.has(t.folded) || capitalOrDigitFirst(t.text))) return true;
  // "Will Smith fights aliens": so are two words or more all capitalised, small words too.
  if (c.span.length >= 2 && content.length >= 1 && c.span.every((t) => capitalOrDigitFirst(t.text))) return true;
  const nextWord = c.tokens.slice(c.at + c.span.length).find((t) => !STOP_WORDS.has(t.folded));
  return nextWord !== undefined && isRelation(nextWord.folded);
}
