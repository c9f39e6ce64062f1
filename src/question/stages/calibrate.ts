import { linksWhole } from "../../linking/match";
import type { EntityCandidate, EntityLinker, Mention } from "../../ports/entity-linker";
import { ARTICLES, INDEFINITE_ARTICLES, STOP_WORDS, capitalised, editDistance, isInitials, isPossessive, isYearWord, linkKey, withoutLeadingArticle, wordTokens, type WordToken } from "../../util/text";
import { QUESTION_WORDS } from "../../linking/question-words";
import { MOVIE_WORDS, WORD_TO_EDGES } from "../lexicon/relations";
import { DESCRIBING_LEADS, DESCRIPTION_OPENERS, PAIR_OPENERS, ROLE_VERBS, ROLE_WORDS, SUBJECT_PRONOUNS, TAG_CUE_WORDS } from "../lexicon/linking";
import { CONCEPT_HEAD_WORDS } from "../lexicon/concepts";
import { AWARD_ADJECTIVES, AWARD_VERBS, AWARD_WORDS, PART_OF_WORDS, CHARACTER_ACTIVE_VERBS, CHARACTER_ASKERS, CHARACTER_FOR_NOUNS, CHARACTER_OF_NOUNS, FACT_AUXILIARIES, FACT_PHRASES, FILM_SLOT_PREPOSITIONS, IN_FILM_WORDS, NAME_QUALIFIERS, SINGING_VERBS, SONG_WORDS, STORY_BEINGS, WH_NOUN_LEADS } from "../lexicon/shapes";
import { isGivenName } from "../../linking/name-gender";
import { INTERJECTIONS, REPLY_WORDS } from "../lexicon/smalltalk";
import { ASKED_PRONOUNS, REQUEST_TALK_WORDS, TASTE_VERBS } from "../lexicon/requests";
import { FILM_PRONOUNS, PERSON_PRONOUNS, PLURAL_PRONOUNS } from "../lexicon/followup";
import { AFTER_YEAR_SLOT, BEFORE_FILM_PART_SLOT, IN_STORY_SLOT, STORY_NOUN_SLOT, saidAsTitle, titleSlotAt, wholeMessage, type TitleSlot } from "./title-slots";
import { countOrTime, opensRequest, relationOfOneFilm, wordsOfDescription } from "./described-words";
import { namesTheFirst, sequelNumberAfter, sequelShownAs } from "./sequel-number";
import { longerNameAt } from "./longer-name";
import { headOfLongerPhrase } from "./phrase-head";

/** Share of the movie plots a word occurs in: high for ordinary words ("boy", "her", "memory"). */
export type WordCommonness = (foldedWord: string) => number;

/** A word in more than this share of plots is ordinary language, not a name, unless the wording says so. */
export const COMMON_WORD_SHARE = 0.0005;
const DROPPED = 0.05;

const ROLES = new Set(ROLE_WORDS);
const COORDINATORS: ReadonlySet<string> = new Set(["and", "or", "nor"]);
const ROLE_VERB = new Set(ROLE_VERBS);
const TAG_CUES = new Set(TAG_CUE_WORDS);
const HEADS = new Set(CONCEPT_HEAD_WORDS);
const DESCRIBES = new Set(DESCRIPTION_OPENERS);
const LEADS: ReadonlySet<string> = new Set(DESCRIBING_LEADS);
const PAIR = new Set(PAIR_OPENERS);
const WH_NOUN: ReadonlySet<string> = new Set(WH_NOUN_LEADS);
/** A surname names a person when that person has this many edges and twice as many as anyone else of that name. */
const PROMINENT_SURNAME_DEGREE = 8;
/** A lowercase word is read as a surname only when it is all but absent from plots ("dicaprio", not "lean"). */
const RARE_WORD_SHARE = 0.0004;

/** One mention with what calibration reads around it. */
interface MentionContext {
  m: Mention;
  question: string;
  tokens: readonly WordToken[];
  span: readonly WordToken[];
  at: number;
  top: EntityCandidate;
  words: readonly string[];
  /** Every word is a number, a stop or question word, a relation word, or ordinary language. */
  ordinary: boolean;
  hasRoleWord: boolean;
  /** The word after the span is a film word ("high school movies"). */
  filmWordNext: boolean;
  /** The last word is all but absent from plots and long enough to be a surname ("scorsese"). */
  rareName: boolean;
  commonness: WordCommonness;
  people: PeopleNamed;
  saidAsTitle(personLike?: boolean): boolean;
  /** The title slot that decides the span, if any. */
  slot(): TitleSlot | undefined;
}

/** A calibration: when it applies to a mention, the mention as it should be read; checked in order, the first that applies decides. */
interface Calibration {
  id: string;
  apply(c: MentionContext): Mention | undefined;
}

const promote = (m: Mention, chosen: EntityCandidate, confidence?: number): Mention => ({
  ...m,
  candidates: [chosen, ...m.candidates.filter((c) => c !== chosen)],
  ...(confidence === undefined ? {} : { confidence: Math.max(m.confidence, confidence) }),
});
const sameName = (c: EntityCandidate, text: string) => linkKey(c.name) === linkKey(text);
/** The same letters, spaces aside ("Shah Rukh Khan", "shahrukh khan"). */
const sameLetters = (a: string, b: string) => linkKey(a).replace(/ /g, "") === linkKey(b).replace(/ /g, "");

const AWARD_ADJECTIVE: ReadonlySet<string> = new Set(AWARD_ADJECTIVES);
const FACT_AUXILIARY: ReadonlySet<string> = new Set(FACT_AUXILIARIES);
const SUBJECT: ReadonlySet<string> = new Set(SUBJECT_PRONOUNS);
const IN_FILM: ReadonlySet<string> = new Set(IN_FILM_WORDS);
/** "… in pearl harbor": "in", "from" or "on" with a film's words after it (an article aside), from `from` on. */
function filmSaidLater(tokens: readonly WordToken[], from: number): boolean {
  return tokens.slice(from).some((t, j, rest) => {
    if (!IN_FILM.has(t.folded)) return false;
    const next = rest[j + 1]?.folded === "the" ? rest[j + 2] : rest[j + 1];
    return next !== undefined && !STOP_WORDS.has(next.folded);
  });
}
const NAME_QUALIFIER: ReadonlySet<string> = new Set(NAME_QUALIFIERS);
/** "name", or "real name", "full name", at `at`. */
function nameAskedAt(tokens: readonly WordToken[], at: number): boolean {
  const k = NAME_QUALIFIER.has(tokens[at]?.folded ?? "") ? at + 1 : at;
  return tokens[k]?.folded === "name";
}
const SONG: ReadonlySet<string> = new Set(SONG_WORDS);
const SING: ReadonlySet<string> = new Set(SINGING_VERBS);
/** How far after "song" a song's name may run and still hold a word. */
const SONG_NAME_WORDS = 6;
/** Words that say a song's film right after the song word ("the song from titanic", "the theme song for jaws", "the song of grease"). */
const SONG_OF_FILM: ReadonlySet<string> = new Set([...FILM_SLOT_PREPOSITIONS, "of", "to"]);
const FILM_SLOT: ReadonlySet<string> = new Set(FILM_SLOT_PREPOSITIONS);
/**
 * The name of `length` words at `at` is within a song's name said after "song": the name runs from the song word
 * (an article aside) to the first word saying its film ("the song the shadow of your smile from": not Smile), and
 * "of" or "to" say its film only right after the song word. So is one inside a longer name sung ("who sings the
 * circle of life": not The Circle); a name that is all that is sung may be the film's ("who sang titanic").
 */
function songNamed(tokens: readonly WordToken[], at: number, length: number): boolean {
  for (let k = at - 1; k >= Math.max(0, at - SONG_NAME_WORDS); k--) {
    const w = tokens[k]!.folded;
    if (SONG.has(w)) return songNameFrom(tokens, k + 1, at, length);
    if (SING.has(w)) return sungWords(tokens, k + 1) > length;
    if (FILM_SLOT.has(w) || (QUESTION_WORDS.has(w) && !STOP_WORDS.has(w))) return false;
  }
  return false;
}
/** Whether the name after a song word at `from - 1` holds the `length` words at `at`: with more words, or after "the song". */
function songNameFrom(tokens: readonly WordToken[], from: number, at: number, length: number): boolean {
  if (SONG_OF_FILM.has(tokens[from]?.folded ?? "")) return false;
  let end = from;
  while (end < tokens.length && !FILM_SLOT.has(tokens[end]!.folded) && !(QUESTION_WORDS.has(tokens[end]!.folded) && !STOP_WORDS.has(tokens[end]!.folded))) end++;
  const start = ARTICLES.has(tokens[from]?.folded ?? "") ? from + 1 : from;
  const words = at + length - Math.max(at, start);
  return at >= from && at + length <= end && (end - start > words || ARTICLES.has(tokens[from - 2]?.folded ?? ""));
}
/** How many words are sung from token `from`: up to a preposition leading to its film or place ("in", "at the end of"), or a question word. */
function sungWords(tokens: readonly WordToken[], from: number): number {
  let k = from;
  while (k < tokens.length && !SUNG_UNTIL.has(tokens[k]!.folded) && !(QUESTION_WORDS.has(tokens[k]!.folded) && !STOP_WORDS.has(tokens[k]!.folded))) k++;
  return k - from;
}
const SUNG_UNTIL: ReadonlySet<string> = new Set([...FILM_SLOT_PREPOSITIONS, "at", "on", "during"]);
const REPLY: ReadonlySet<string> = new Set(REPLY_WORDS);
/** Nouns of a part in a film ("the role of", "the voices of"): a title of those words before what they are of is the part. */
const PART_NOUN: ReadonlySet<string> = new Set([...CHARACTER_OF_NOUNS, ...CHARACTER_FOR_NOUNS]);
const PART_OF: ReadonlySet<string> = new Set(PART_OF_WORDS);
const PART_VERB: ReadonlySet<string> = new Set(CHARACTER_ACTIVE_VERBS);
/** Words a verb of playing a part follows in a question of who played it ("who voices", "the actor that plays", "actress plays"). */
const PART_VERB_ASKERS: ReadonlySet<string> = new Set([...CHARACTER_ASKERS, "that"]);
const AWARD_VERB: ReadonlySet<string> = new Set(AWARD_VERBS);
const AWARD: ReadonlySet<string> = new Set(AWARD_WORDS);
/** One-word facts a question may ask ("sang", "composer", "budget"): words the rules read, never a surname. */
const FACT_WORD: ReadonlySet<string> = new Set(FACT_PHRASES.map((f) => f.phrase).filter((p) => !p.includes(" ")));

const CALIBRATIONS: readonly Calibration[] = [
  // "Which Oscar-winning film", "won an Oscar": an award's name said as an adjective or as what was won is the award, not a film.
  { id: "award-name", apply: (c) => (c.span.length === 1 && AWARD.has(c.words[0]!) && (AWARD_ADJECTIVE.has(c.tokens[c.at + 1]?.folded ?? "") || AWARD_VERB.has(c.tokens[c.at - 1]?.folded ?? "")) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "what movie is the song feels like home in": a name said as a song's, right after "song" (or "song called"), is the
  // song's words, not a film; one after "in" or "from" ("the song from titanic") is the film it is in.
  { id: "song-title", apply: (c) => ((c.top.type === "Movie" || c.top.type === "Tag") && songNamed(c.tokens, c.at, c.span.length) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "when did they film titanic", "what year did they make grease": a subject pronoun right after an auxiliary, with its
  // verb after it and written in lowercase, is the clause's subject, not the film of that name (They, Us).
  // "actor who voices captain underpants": a title that is a verb of playing a part ("The Voices", "Played"), said bare right
  // after "who", "that" or a noun asking who played, is that verb.
  { id: "part-verb", apply: (c) => (c.top.type === "Movie" && c.span.length === 1 && PART_VERB.has(c.words[0]!) && PART_VERB_ASKERS.has(c.tokens[c.at - 1]?.folded ?? "") && c.m.text === c.m.text.toLowerCase() ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "who did the voices of the new ninja turtles": a title that is a noun of a part ("The Voices") said before "of", "in" or
  // "for" is that part, asked of what follows.
  { id: "part-noun", apply: (c) => (c.top.type === "Movie" && c.words.every((w) => ARTICLES.has(w) || PART_NOUN.has(w)) && PART_OF.has(c.tokens[c.at + c.span.length]?.folded ?? "") && c.m.text === c.m.text.toLowerCase() ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "which harry potter movie has the quidditch world cup": the article heads a longer phrase whose last word a title opening with one shares (not The Cup).
  { id: "head-of-longer-phrase", apply: (c) => (c.top.type === "Movie" && c.span.length === 1 && c.m.text === c.m.text.toLowerCase() && headOfLongerPhrase(c.tokens, c.at, c.top.name) && !slotSaysTitle(c) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "have you seen any good movies": a word of talk about films ("seen", "good", "favorite"), in lowercase, is no tag of
  // that name unless the wording says a title.
  { id: "talk-not-tag", apply: (c) => (c.top.type === "Tag" && c.span.length === 1 && REQUEST_TALK.has(c.words[0]!) && c.m.text === c.m.text.toLowerCase() && !slotSaysTitle(c) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "i like them", "saw it last night": a pronoun in lowercase right after a verb of liking or watching is its object, not the
  // film of that name (Them!, It, Her).
  { id: "object-pronoun", apply: (c) => (c.top.type === "Movie" && c.span.length === 1 && OBJECT_PRONOUN.has(c.words[0]!) && TASTE_VERB.has(c.tokens[c.at - 1]?.folded ?? "") && c.m.text === c.m.text.toLowerCase() ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  { id: "subject-pronoun", apply: (c) => (c.top.type === "Movie" && c.span.length === 1 && SUBJECT.has(c.words[0]!) && FACT_AUXILIARY.has(c.tokens[c.at - 1]?.folded ?? "") && c.tokens[c.at + 1] !== undefined && c.m.text === c.m.text.toLowerCase() ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "what is the fox's name on fox and the hound": a name in the possessive before the name asked of it, with a film said
  // after it, is someone of that film's story, not the film of that name (The Fox).
  { id: "possessive-story-name", apply: (c) => (c.top.type === "Movie" && isPossessive(c.span.at(-1)!.text) && nameAskedAt(c.tokens, c.at + c.span.length) && filmSaidLater(c.tokens, c.at + c.span.length) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "Thief/Heist movie", "a horror film about rat monsters", "Girl wakes up", "a movie I saw": dictionary words the
  // description of a film sought is made of are that description, unless a title slot says otherwise; so is a number
  // that counts things or time ("4 scenes", "10 years ago"), whatever it links to.
  { id: "words-of-description", apply: (c) => (!slotSaysTitle(c) && (c.top.type === "Movie" ? wordsOfDescription(c) : countOrTime(c)) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "a good scary movie", "Scary movie on Netflix": a title that is a kind of film, written as the phrase, describes a film.
  { id: "description", apply: description },
  // "where does she live in london", "where did they go in the holidays": where a story happens may be a place the KB tags
  // films with or a near spelling of a title; only a title said whole and no place is the film it happens in.
  { id: "place-not-story-film", apply: (c) => (c.slot()?.id === IN_STORY_SLOT && (!linksWhole(c.top) || c.m.candidates.some((x) => x.type === "Tag" && sameName(x, c.m.text))) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "titanic (1997)", "king kong 1976": a title said whole with a year right after it, in brackets or closing the message, is
  // that film (a genre or language of that name aside).
  { id: "title-with-year", apply: titleWithYear },
  // "Her", "Go", "Boy", "1969": ordinary words are a title or name only when the wording says so.
  { id: "ordinary-words", apply: ordinaryWords },
  // "let it go in frozen credits", "the song from titanic soundtrack": a title said whole after "in", "from" or "for" and
  // right before a part of a film (its credits, soundtrack, ending) is that film (a part's own name aside: "the end").
  { id: "title-before-film-part", apply: titleBeforeFilmPart },
  // "which country was the shrink is in released in": a title of several words in a slot a relation or fact asks about is that film.
  // One word only right after someone or something of a story ("the shark in jaws", "the song from titanic").
  { id: "title-in-slot", apply: titleInSlot },
  // "who sings let it go in frozen": any other title said whole where the wording puts a title is that film,
  // however rare its word.
  { id: "title-said-in-slot", apply: (c) => (c.top.type === "Movie" && linksWhole(c.top) && c.m.confidence < 0.7 && slotSaysTitle(c) ? { ...c.m, confidence: 0.7 } : undefined) },
  // "what breed is toto", "which studio made it": one lowercase word a "what" or "which" asks for is the noun asked, not a title.
  { id: "wh-noun", apply: (c) => (c.top.type === "Movie" && c.span.length === 1 && c.m.text === c.m.text.toLowerCase() && WH_NOUN.has(c.tokens[c.at - 1]?.folded ?? "") && !c.saidAsTitle(false) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "inception": one word no ordinary language, sent alone, that names a film exactly is that film.
  { id: "whole-message-title", apply: (c) => (!c.ordinary && c.words.length === 1 && !REPLY.has(c.words[0]!) && c.top.type === "Movie" && linksWhole(c.top) && c.m.confidence < 0.8 && wholeMessage(c.tokens, c.at, c.span.length) ? { ...c.m, confidence: 0.8 } : undefined) },
  // "who does evelyn end up with in pearl harbor": a given name alone as the subject of a question's auxiliary, with a film
  // said after "in" or "from" later, is someone of that film's story, not the film of that name.
  { id: "story-subject-name", apply: (c) => (c.top.type === "Movie" && c.span.length === 1 && isGivenName(c.words[0]!) && FACT_AUXILIARY.has(c.tokens[c.at - 1]?.folded ?? "") && QUESTION_WORDS.has(c.tokens[c.at - 2]?.folded ?? "") && filmSaidLater(c.tokens, c.at + 2) && !c.saidAsTitle(false) ? { ...c.m, confidence: Math.min(c.m.confidence, DROPPED) } : undefined) },
  // "trainspotting", "amelie": one word that is no ordinary language and names a film exactly is that film.
  { id: "rare-exact-title", apply: (c) => (!c.ordinary && c.words.length === 1 && c.top.type === "Movie" && linksWhole(c.top) && c.commonness(c.words[0]!) < RARE_WORD_SHARE && c.m.confidence < 0.7 ? { ...c.m, confidence: 0.7 } : undefined) },
  // "what kind of movie is alien": said as a title, a word that is a tag and a film is the film.
  { id: "tag-said-as-title", apply: tagSaidAsTitle },
  // "high school movies": a lowercase title that is also a tag, followed by a film word, is the kind of film.
  { id: "kind-before-film-word", apply: kindBeforeFilmWord },
  // "james franco" typed in lowercase is the person, not the tag of that name, unless the wording asks about tags.
  { id: "person-over-tag", apply: personOverTag },
  // "Caine", "nolan", "de niro": a bare surname means the one prominent person of that name.
  { id: "surname", apply: surname },
  // "How many films did Hitchcock make", "what movies did elvis star in": one word (a title, a tag) as the subject of a
  // making verb is a prominent person of that surname, or the one a given name alone names.
  { id: "maker-subject", apply: makerSubject },
];

/**
 * Linking with calibrated confidence. A span made only of ordinary words or a number ("Her", "Go",
 * "Boy", "What?", "Assassins", "1969") is a title or name only when the wording says so: quoted,
 * capitalised inside the sentence, or right after a cue ("the film", "watch", "directed"). A concept
 * word that merely occurs in a description ("child", "memory") is left to the concept stage. A bare
 * surname that is also a tag ("nolan") links to the prominent person when a role word is nearby,
 * with the tag kept as an alternative.
 */
export function calibrateMentions(question: string, mentions: readonly Mention[], commonness: WordCommonness, people: PeopleNamed = () => []): Mention[] {
  const tokens = wordTokens(question);
  const hasRoleWord = tokens.some((t) => ROLES.has(t.folded));
  const out: Mention[] = [];
  for (const m of mentions) {
    const c = mentionContext(question, tokens, m, hasRoleWord, commonness, people);
    if (!c) continue;
    out.push(firstApplying(c) ?? m);
  }
  return out;
}

function firstApplying(c: MentionContext): Mention | undefined {
  for (const calibration of CALIBRATIONS) {
    const read = calibration.apply(c);
    if (read) return read;
  }
  return undefined;
}

function mentionContext(question: string, tokens: readonly WordToken[], m: Mention, hasRoleWord: boolean, commonness: WordCommonness, people: PeopleNamed): MentionContext | undefined {
  const span = tokens.filter((t) => t.start >= m.start && t.end <= m.end);
  const first = span[0];
  const top = m.candidates[0];
  if (!first || !top) return undefined;
  const at = tokens.indexOf(first);
  const words = span.map((t) => t.folded);
  const lastWord = words[words.length - 1]!;
  const next = tokens[at + span.length]?.folded;
  return {
    m,
    question,
    tokens,
    span,
    at,
    top,
    words,
    ordinary: words.every((w) => ordinaryWord(w, commonness)),
    hasRoleWord,
    filmWordNext: next !== undefined && HEADS.has(next),
    rareName: commonness(lastWord) < RARE_WORD_SHARE && lastWord.length >= 4,
    commonness,
    people,
    saidAsTitle: (personLike = true) => saidAsTitle(question, tokens, at, span, personLike),
    slot: () => titleSlotAt(question, tokens, at, span, false),
  };
}

/** A title slot decides the span and says it is a title ("the movie Heist", "something like Alien"). */
const slotSaysTitle = (c: MentionContext) => c.slot()?.says === true;

/**
 * Ordinary language: a number, a stop, question or relation word, a word common in the KB's texts, or a word of talk
 * about films and of chat ("saw", "yes", "honestly"), which plots seldom use but people asking always do.
 */
function ordinaryWord(w: string, commonness: WordCommonness): boolean {
  return /^\d+$/.test(w) || STOP_WORDS.has(w) || QUESTION_WORDS.has(w) || WORD_TO_EDGES.has(w) || TALK_WORDS.has(w) || commonness(w) >= COMMON_WORD_SHARE;
}
const OBJECT_PRONOUN: ReadonlySet<string> = new Set([...FILM_PRONOUNS, ...PERSON_PRONOUNS, ...PLURAL_PRONOUNS, ...ASKED_PRONOUNS, "you"]);
const TASTE_VERB: ReadonlySet<string> = new Set(TASTE_VERBS);
const REQUEST_TALK: ReadonlySet<string> = new Set(REQUEST_TALK_WORDS);
const TALK_WORDS: ReadonlySet<string> = new Set([...REQUEST_TALK_WORDS, ...REPLY_WORDS, ...INTERJECTIONS]);

const NON_NAME_TYPES = new Set(["Genre", "Tag", "Language"]);

/** How surely a span said as a title is the film: right after someone or something of a story ("the song in titanic") as surely as after a cue. */
const titleConfidence = (c: MentionContext) => (c.slot()?.id === STORY_NOUN_SLOT ? 0.8 : 0.7);

function ordinaryWords(c: MentionContext): Mention | undefined {
  const { m, top, words } = c;
  const entityLike = top.types.includes("Movie") || top.types.includes("Person");
  const namesSomethingElse = top.types.some((t) => NON_NAME_TYPES.has(t) || (t === "Year" && /^\d{4}$/.test(words[0]!)));
  // "ocean's 11 cast": a possessive and a number are a title's name and number, no ordinary words ("top 5" is a ranking).
  const numbered = words.length === 2 && /^\d+$/.test(words[1]!) && isPossessive(c.span[0]!.text) && top.type === "Movie";
  if (!c.ordinary || words.length > 2 || !entityLike || namesSomethingElse || numbered) return undefined;
  const paired = c.span.length >= 2 && PAIR.has(c.tokens[c.at - 1]?.folded ?? "");
  // "LATE 90s EARLY 2000s", "Hollywood movie": ordinary words that are only part of a film's title are that film in a
  // title slot alone; a capital does not make "Early" Late August, Early September.
  const partOfTitle = top.type === "Movie" && top.match === "partial" && !slotSaysTitle(c);
  const said = !partOfTitle && (c.saidAsTitle(m.candidates.some((x) => x.type === "Person")) || paired);
  if (!said) return { ...m, confidence: Math.min(m.confidence, DROPPED) };
  // "rocky 4", "the road": ordinary words sent alone as a name are as sure a title as any other words sent so.
  return (c.slot()?.id === "whole-message" ? titleInSlot(c) : undefined) ?? { ...m, confidence: Math.max(m.confidence, titleConfidence(c)) };
}

function titleInSlot(c: MentionContext): Mention | undefined {
  const slotted = c.top.type === "Movie" && (c.words.length >= 2 || c.slot()?.id === STORY_NOUN_SLOT) && c.m.confidence < 0.8 && linksWhole(c.top);
  return slotted && c.saidAsTitle(false) ? { ...c.m, confidence: 0.8 } : undefined;
}

/**
 * A title that is a kind of film ("Scary Movie", "Romantic Comedy") written as the phrase: its later words in lowercase,
 * its first too unless it opens the request ("Scary movie with a man in a full-body cast", "2010s Scary movie in
 * Spanish"). After an article or a liking word it describes; elsewhere too, unless it is the whole message or a fact of
 * it is asked right after ("scary movie cast").
 */
function description(c: MentionContext): Mention | undefined {
  const { m, words } = c;
  if (c.top.type !== "Movie" || words.length < 2) return undefined;
  const kindName = HEADS.has(words[words.length - 1]!) || m.candidates.some((x) => (x.type === "Tag" || x.type === "Genre") && sameName(x, m.text));
  return kindName && writtenAsKind(c) ? { ...m, confidence: Math.min(m.confidence, DROPPED) } : undefined;
}

/** A span of several words written as a phrase where a kind of film is said, not as a title (see `description`). */
function writtenAsKind(c: MentionContext): boolean {
  if (c.span.length < 2 || slotSaysTitle(c)) return false;
  const lower = (t: WordToken) => t.text === t.text.toLowerCase();
  if (!c.span.slice(1).every(lower) || !(lower(c.span[0]!) || opensRequest(c))) return false;
  const next = c.tokens[c.at + c.span.length]?.folded;
  const asked = next !== undefined && !STOP_WORDS.has(next) && !LEADS.has(next) && (WORD_TO_EDGES.has(next) || FACT_WORD.has(next));
  return DESCRIBES.has(c.tokens[c.at - 1]?.folded ?? "") || (!asked && !wholeMessage(c.tokens, c.at, c.span.length));
}

function titleWithYear(c: MentionContext): Mention | undefined {
  const film = c.m.candidates.find((x) => x.type === "Movie" && sameName(x, c.m.text));
  const year = c.tokens[c.at + c.span.length];
  if (!film || c.m.confidence >= 0.8 || !year || !isYearWord(year.folded)) return undefined;
  if (c.m.candidates.some((x) => (x.type === "Genre" || x.type === "Language") && sameName(x, c.m.text))) return undefined;
  const gap = c.question.slice(c.span.at(-1)!.end, year.start);
  const bracketed = /^\s*\(\s*$/.test(gap);
  return bracketed || (/^\s*$/.test(gap) && wholeMessage(c.tokens, c.at, c.span.length)) ? promote(c.m, film, 0.8) : undefined;
}

/** "let it go in frozen credits", "the song in titanic credits": a title said whole after a film's preposition, right before a part of a film. */
function titleBeforeFilmPart(c: MentionContext): Mention | undefined {
  const film = c.m.candidates.find((x) => x.type === "Movie" && linksWhole(x));
  return film && c.slot()?.id === BEFORE_FILM_PART_SLOT ? promote(c.m, film, 0.7) : undefined;
}

function tagSaidAsTitle(c: MentionContext): Mention | undefined {
  const { m } = c;
  const long = c.span.length > 2;
  if (!(c.top.type === "Tag" || c.top.type === "Genre")) return undefined;
  // "the 1932 mummy": the title's article said before the year is the title's still. A tag of three words or more
  // is a title without its article ("who is gimli in lord of the rings"): said as a title, it is the film.
  const articleBeforeYear = c.slot()?.id === AFTER_YEAR_SLOT;
  // Initials a title opens with ("E.T.", "A.I.") are that title's short name.
  const initials = isInitials(m.text);
  const film = m.candidates.find((x) => x.type === "Movie" && ((sameName(x, m.text) && !long) || ((articleBeforeYear || long) && withoutLeadingArticle(linkKey(x.name)) === linkKey(m.text)) || (initials && linkKey(x.name).startsWith(`${linkKey(m.text)} `))));
  if (!film || !c.saidAsTitle()) return undefined;
  // "acted for both hitchcock and john ford": a prominent person's surname is the person, whatever cue precedes it.
  if (c.hasRoleWord && surnamePerson([...m.candidates, ...c.people(m.text)], c.words)) return undefined;
  return promote(m, film, titleConfidence(c));
}

function kindBeforeFilmWord(c: MentionContext): Mention | undefined {
  const { m } = c;
  // "War movies about submarines", "Western films": a genre's name before a film word is the genre, however capitalised.
  const genre = c.filmWordNext && c.span.length === 1 ? m.candidates.find((x) => x.type === "Genre" && sameName(x, m.text)) : undefined;
  if (genre) return { ...m, candidates: [{ ...genre, types: ["Genre"] }, ...m.candidates.filter((x) => x !== genre && x.type !== "Movie")] };
  if (!(c.top.type === "Movie" || c.top.type === "Tag") || (c.rareName && c.words.length <= 2) || m.text !== m.text.toLowerCase() || !c.filmWordNext || relationOfOneFilm(c.tokens, c.at + c.span.length)) return undefined;
  const kind = m.candidates.find((x) => x.type === "Tag" && sameName(x, m.text));
  if (!kind || m.candidates.some((x) => x.type === "Person" && sameName(x, m.text))) return undefined;
  return promote(m, kind);
}

function personOverTag(c: MentionContext): Mention | undefined {
  const { m, top } = c;
  if (top.type !== "Tag" || c.tokens.some((t) => TAG_CUES.has(t.folded))) return undefined;
  // A title of several words likewise, unless an article or liking word makes it a kind ("a romantic comedy"), or it is
  // written as the phrase ("2000s romantic comedy in an irish setting").
  const titleOfSeveral = (x: EntityCandidate) => x.type === "Movie" && c.span.length >= 2 && !DESCRIBES.has(c.tokens[c.at - 1]?.folded ?? "") && !writtenAsKind(c);
  // Spaces aside: "shahrukh khan" is Shah Rukh Khan.
  const same = m.candidates.find((x) => (x.type === "Person" || titleOfSeveral(x)) && sameLetters(x.name, top.name));
  return same ? promote(m, same, 0.75) : undefined;
}

/** With a role word nearby, or on its own when the name is all but absent from plots ("scorsese films"). */
function surname(c: MentionContext): Mention | undefined {
  const { m, top, words } = c;
  const loose = top.type === "Tag" || top.match === "partial" || (top.type === "Movie" && c.filmWordNext && c.rareName);
  // An ordinary word ("love", "young") is no surname, whatever role word the question has.
  const cued = (c.hasRoleWord && !c.filmWordNext && c.commonness(words[words.length - 1]!) < COMMON_WORD_SHARE) || c.rareName;
  if (c.span.length > 2 || !cued || !loose || words.some((w) => QUESTION_WORDS.has(w))) return undefined;
  const person = surnamePerson([...m.candidates, ...c.people(m.text)], words);
  return person ? promote(m, person, 0.7) : undefined;
}

/** Verbs whose subject makes films: a film is never their subject. */
const MAKING_VERBS: ReadonlySet<string> = new Set([...ROLE_VERBS, "make", "made", "makes", "direct", "write", "star", "act", "acted", "film", "shoot", "shot"]);
const AUXILIARY: ReadonlySet<string> = new Set(["did", "does", "do", "has", "have", "had"]);

function makerSubject(c: MentionContext): Mention | undefined {
  if (c.span.length !== 1 || (c.top.type !== "Movie" && c.top.type !== "Tag") || !makerSlot(c.question, c.tokens, c.at)) return undefined;
  const candidates = [...c.m.candidates, ...c.people(c.m.text)];
  // "what movies did elvis star in": a word a prominent person's name opens with, and no surname, is what fans call them.
  // A film of that one word keeps it unless a surname says otherwise ("did rocky make more money than rambo").
  const person = surnamePerson(candidates, c.words) ?? (c.top.type === "Tag" ? givenNamePerson(candidates, c.words[0]!) : undefined);
  return person ? promote(c.m, person, 0.75) : undefined;
}

/**
 * The maker's place: the subject of a making verb ("did X make", "X has made"), or the owner of films ("X's first
 * movie"). A film never makes, a tag never stars, and films are no film's own.
 */
function makerSlot(question: string, tokens: readonly WordToken[], at: number): boolean {
  const word = (k: number) => tokens[k]?.folded ?? "";
  const owned = /['’]s$/.test(tokens[at]!.text) || /^['’]s\b/.test(question.slice(tokens[at]!.end));
  const possessive = owned && [at + 1, at + 2].some((k) => MOVIE_WORDS.has(word(k)));
  return possessive || (AUXILIARY.has(word(at - 1)) && MAKING_VERBS.has(word(at + 1))) || (AUXILIARY.has(word(at + 1)) && MAKING_VERBS.has(word(at + 2)));
}

/** Looks up people whose names hold a word ("scorsese" → Martin Scorsese), for surname reading. */
export type PeopleNamed = (text: string) => readonly EntityCandidate[];

/** A prominent person whose name ends with the mention (a surname), when the best match is a minor tag, film or partial. */
function surnamePerson(candidates: readonly EntityCandidate[], words: readonly string[]): EntityCandidate | undefined {
  const tail = ` ${words.join(" ")}`;
  const seen = new Set<string>();
  const people = candidates
    .filter((c) => c.type === "Person" && ` ${linkKey(c.name)}`.endsWith(tail) && linkKey(c.name) !== words.join(" ") && !seen.has(c.id) && (seen.add(c.id), true))
    .sort((a, b) => b.degree - a.degree);
  return theProminentOne(people);
}

/** A prominent person whose name opens with the word (a given name a star is known by alone: "Elvis", "Arnold"). */
function givenNamePerson(candidates: readonly EntityCandidate[], word: string): EntityCandidate | undefined {
  const seen = new Set<string>();
  const people = candidates
    .filter((c) => c.type === "Person" && linkKey(c.name).startsWith(`${word} `) && !seen.has(c.id) && (seen.add(c.id), true))
    .sort((a, b) => b.degree - a.degree);
  return theProminentOne(people);
}

/** Of people sharing a surname (most connected first), the one a film fan means: prominent, and twice as connected as the next. */
function theProminentOne(people: readonly EntityCandidate[]): EntityCandidate | undefined {
  const [first, second] = people;
  return first && first.degree >= PROMINENT_SURNAME_DEGREE && !(second && second.degree * 2 > first.degree) ? first : undefined;
}

/**
 * Names the span-by-span lookup cannot see: a typo in a lowercase name ("andrew sttanton",
 * "Monstes, Inc."), or a bare surname no name starts with ("dicaprio"). Each found span replaces
 * weaker mentions it overlaps.
 */
/** Texts longer than this many words are searched for typo'd names only where a name is capitalised. */
const LOOSE_SCAN_TOKENS = 60;

/** Two words one slip apart, or two in a long word ("mrgan" for "morgan"). */
function nearSpelling(a: string, b: string): boolean {
  return editDistance(a, b) <= (Math.min(a.length, b.length) >= 6 ? 2 : 1);
}

/** "the" right before the word at `at`, or before one describing word before it ("the great …"; "the director …" is a role). */
function articleBefore(tokens: readonly WordToken[], at: number): boolean {
  const before = tokens[at - 1]?.folded ?? "";
  return ARTICLES.has(before) || (ARTICLES.has(tokens[at - 2]?.folded ?? "") && !STOP_WORDS.has(before) && !ROLES.has(before) && !WORD_TO_EDGES.has(before));
}

export function findLooseNames(question: string, mentions: readonly Mention[], linker: EntityLinker, commonness: WordCommonness): Mention[] {
  const tokens = wordTokens(question);
  // In a long text (a film described at length) a lower-case typo'd name is no more than a hint: only capitalised spans are tried.
  const long = tokens.length > LOOSE_SCAN_TOKENS;
  const strong = (m: Mention) => m.confidence >= 0.5;
  // A typo'd name of n words may replace a shorter mention inside it ("Frank" in "Frank Daabont").
  const coveredBy = (t: WordToken, n: number) => mentions.some((m) => strong(m) && t.start >= m.start && t.end <= m.end && wordTokens(m.text).length >= n);
  const covered = (t: WordToken) => coveredBy(t, 1);
  const heldAs = (t: WordToken) => {
    const by = mentions.filter((m) => strong(m) && t.start >= m.start && t.end <= m.end);
    return by.length === 0 ? undefined : by.every((m) => m.candidates[0]?.type === "Tag") ? ("tag" as const) : ("name" as const);
  };
  const plain = (t: WordToken) => !STOP_WORDS.has(t.folded) && !QUESTION_WORDS.has(t.folded) && !WORD_TO_EDGES.has(t.folded) && !/^\d+$/.test(t.folded);
  const found: Mention[] = [];
  const taken = new Set<number>();
  for (const n of [4, 3, 2]) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const span = tokens.slice(i, i + n);
      // A title may open with its article ("the godfater"): the article then starts the span.
      // A capitalised word inside the sentence opens a name even when it is also a word ("Will Sith").
      const capitalisedSpan = i > 0 && capitalised(span[0]!.text) && capitalised(span[n - 1]!.text);
      // So may a film's whole title open with a small word ("no escape"), said where the wording puts a title (spanName).
      const wholeTitle = () => kbTitleSaid(question, span, linker);
      const opens = long ? capitalisedSpan : plain(span[0]!) || (ARTICLES.has(span[0]!.folded) && plain(span[1]!)) || capitalisedSpan || wholeTitle();
      // A title may end with a word questions also use ("schindlers list") when a rare word opens it.
      // So may a title of three words or more end with a small word ("babys day out"), when a rare word opens it.
      const rareOpening = plain(span[0]!) && commonness(span[0]!.folded) < COMMON_WORD_SHARE;
      const closes = plain(span[n - 1]!) || (rareOpening && ((QUESTION_WORDS.has(span[n - 1]!.folded) && !WORD_TO_EDGES.has(span[n - 1]!.folded)) || (n >= 3 && STOP_WORDS.has(span[n - 1]!.folded))));
      if (span.some((t, k) => taken.has(i + k) || coveredBy(t, n)) || !opens || !closes) continue;
      const text = question.slice(span[0]!.start, span[n - 1]!.end);
      const top = spanName(question, tokens, i, span, linker, commonness);
      if (!top || !slipOfName(question, tokens, i, n, top, mentions, (k) => heldAs(tokens[k]!))) continue;
      found.push({ text, start: span[0]!.start, end: span[n - 1]!.end, candidates: [top], confidence: 0.7 });
      for (let k = i; k < i + n; k++) taken.add(k);
    }
  }
  const hasRoleWord = tokens.some((t) => ROLES.has(t.folded));
  if (hasRoleWord) {
    tokens.forEach((t, i) => {
      if (taken.has(i) || covered(t) || !plain(t) || FACT_WORD.has(t.folded) || t.folded.length < 4 || commonness(t.folded) >= RARE_WORD_SHARE || (long && !capitalised(t.text))) return;
      const next = tokens[i + 1]?.folded;
      if (next && HEADS.has(next)) return;
      const prev = tokens[i - 1]?.folded;
      if (prev && HEADS.has(prev) && !(next && ROLE_VERB.has(next))) return;
      const person = surnamePerson(linker.link(t.text, { types: ["Person"], limit: 10 }), [t.folded]) ?? typoSurname(linker, t.folded);
      // A surname after a rare word no name covers, and no word of the person's name, is the end of a name the KB lacks
      // ("gilly hopkins" is no Anthony Hopkins; "keanu reaves" is Keanu Reeves, "mrgan freeman" Morgan Freeman).
      const before = tokens[i - 1];
      const otherName = before && plain(before) && !covered(before) && commonness(before.folded) < RARE_WORD_SHARE && person && !wordTokens(person.name).some((w) => nearSpelling(w.folded, before.folded));
      if (person && !otherName) found.push({ text: t.text, start: t.start, end: t.end, candidates: [person], confidence: 0.7 });
    });
  }
  if (found.length === 0) return [...mentions];
  const kept = mentions.filter((m) => !found.some((f) => m.start < f.end && f.start < m.end));
  return [...found, ...kept].sort((a, b) => b.confidence - a.confidence || a.start - b.start);
}

/**
 * Whether the `n` words at `i` are a slip of the name `top`: not the start of a longer name to the clause's end ("in
 * the kissing booth" is no The Missing), no person's name after "the" ("the great gilly hopkins" is a title's words),
 * and no part or thing of a film named after it ("the future in back to the future").
 */
function slipOfName(question: string, tokens: readonly WordToken[], i: number, n: number, top: EntityCandidate, mentions: readonly Mention[], heldAs: (k: number) => "film" | "tag" | "name" | undefined): boolean {
  if (longerNameAt(question, tokens, i, i + n, heldAs)) return false;
  if (top.type === "Person" && articleBefore(tokens, i)) return false;
  const span = { start: tokens[i]!.start, end: tokens[i + n - 1]!.end, text: question.slice(tokens[i]!.start, tokens[i + n - 1]!.end) };
  return !partBeforeFilm(question, span, mentions);
}

/** The name a span the linker missed stands for: a typo'd name, or a title said by its distinctive end. */
function spanName(question: string, tokens: readonly WordToken[], i: number, span: readonly WordToken[], linker: EntityLinker, commonness: WordCommonness): EntityCandidate | undefined {
  const text = question.slice(span[0]!.start, span.at(-1)!.end);
  // A typo makes a word that is not ordinary language: "the start" is no misspelt The Star.
  const ordinary = span.every((t) => STOP_WORDS.has(t.folded) || commonness(t.folded) > COMMON_WORD_SHARE);
  // Nor is a being a story tells of: "who plays the frog" asks a character, no misspelt The Fog.
  const spelt = span.every((t) => STOP_WORDS.has(t.folded) || STORY_BEINGS.has(t.folded));
  const typo = ordinary || spelt ? undefined : typoName(linker, text);
  if (typo) return typo;
  // "what language are they speaking in no escape": a film's whole title said where the wording puts a title claims its
  // words before a shorter name inside it (the tag escape).
  // (Where the wording says so, capitals aside; and no place or kind of the same words: "in new york" is the place.)
  const whole = kbTitleSaid(question, span, linker);
  const kindOfSameWords = () => linker.link(text, { types: ["Tag", "Genre", "Language"], limit: 1, exact: true }).some(linksWhole);
  if (whole && titleSlotAt(question, tokens, i, span, false)?.says === true && !kindOfSameWords()) return whole;
  // A title said by its end only in a slot a title fills ("the dada teacher in half blood prince"), not in a told story,
  // and not right after "the movie": a name given there is given whole ("the movie la la land" is a film the KB lacks).
  const givenWhole = MOVIE_WORDS.has(tokens[i - 1]?.folded ?? "") && tokens[i - 2]?.folded === "the";
  // Nor after "a": "about a French family" is the request's own phrase, not the end of Sexual Chronicles of a French Family.
  const described = INDEFINITE_ARTICLES.has(tokens[i - 1]?.folded ?? "");
  return !givenWhole && !described && saidAsTitle(question, tokens, i, span, false) ? titleByItsEnd(linker, text) : undefined;
}

/** The film whose whole title the words are, if any. */
function kbTitleSaid(question: string, span: readonly WordToken[], linker: EntityLinker): EntityCandidate | undefined {
  return linker.link(question.slice(span[0]!.start, span.at(-1)!.end), { types: ["Movie"], limit: 1, exact: true }).find(linksWhole);
}

/** A film or person name typed with a slip or two ("andrew sttanton", "Monstes, Inc."). */
function typoName(linker: EntityLinker, text: string): EntityCandidate | undefined {
  const top = linker.link(text, { limit: 3 })[0];
  if (!top || top.match !== "fuzzy" || top.score < 0.8 || !(top.type === "Movie" || top.type === "Person")) return undefined;
  // A slip or two spells the name, not other words around one of its words ("sang the song" is no Song of Bernadette).
  const said = withoutLeadingArticle(linkKey(text));
  const name = withoutLeadingArticle(linkKey(top.name));
  const slips = Math.max(2, Math.floor(name.length / 6));
  // A plural of the title's word is the word, not a slip of it: "in the holidays" is no The Holiday.
  // A possessive's "s" is the title's own ("schindlers list" is Schindler's List).
  const own = name.split(" ");
  const inflected = top.type === "Movie" && !/['’]s\b/i.test(top.name) && said.split(" ").some((w, k) => own[k] !== undefined && w !== own[k] && (w === `${own[k]}s` || w === `${own[k]}es` || own[k] === `${w}s`));
  return !inflected && contentWords(linkKey(top.name)) === contentWords(linkKey(text)) && editDistance(said, name, slips) <= slips ? top : undefined;
}


/**
 * A title said by its distinctive end ("baby jane", "half blood prince"): the words close one film's
 * title, that title says more before them, and no other name in the KB holds them all.
 */
function titleByItsEnd(linker: EntityLinker, text: string): EntityCandidate | undefined {
  const key = linkKey(text);
  const words = key.split(" ");
  // "jack and rose": two names joined, not one title's end.
  if (contentWords(key) < 2 || words.some((w) => COORDINATORS.has(w))) return undefined;
  const holders = linker.link(text, { limit: 5 }).filter((c) => {
    const own = new Set(linkKey(c.name).split(" "));
    return words.every((w) => own.has(w));
  });
  const [only] = holders;
  if (holders.length !== 1 || only!.type !== "Movie") return undefined;
  const title = linkKey(only!.name);
  return title.endsWith(` ${key}`) && contentWords(title) > contentWords(key) ? only : undefined;
}

/** A surname typed with one slip ("hitchock", "scorcese"): the one prominent person whose surname is one edit away. */
function typoSurname(linker: EntityLinker, word: string): EntityCandidate | undefined {
  const near = linker
    .link(word, { types: ["Person"], limit: 10 })
    .filter((c) => {
      const last = linkKey(c.name).split(" ").at(-1)!;
      return last !== word && editDistance(last, word, 1) <= 1;
    })
    .sort((a, b) => b.degree - a.degree);
  return theProminentOne(near);
}

/** Words of a name that are not stop words: "the shawshank redemtion" and The Shawshank Redemption both have 2. */
function contentWords(key: string): number {
  // A possessive's lone "s" ("schindler s list") is no word of its own: "schindlers list" has 2 too.
  return key.split(" ").filter((t) => t.length > 1 && !STOP_WORDS.has(t)).length;
}

/** A linker whose mentions are calibrated: the analysis stage reads questions through it. */
export function calibratedLinker(linker: EntityLinker, commonness: WordCommonness): EntityLinker {
  return {
    link: (mention, options) => linker.link(mention, options),
    findMentions: (text, options) =>
      findLooseNames(text, relationNotTitle(text, startOfLongerName(text, sequelNotHeld(text, partOfAFilm(text, oneNameNotTwo(text, calibrateMentions(text, linker.findMentions(text, options), commonness, (name) => linker.link(name, { types: ["Person"], limit: 10 })))), linker)), linker), linker, commonness),
  };
}


/**
 * "the godfather part ii", "rocky 7": a title and a sequel's number name that sequel. When the KB has no film of the
 * whole name, the sequel is a film it lacks, not the first film; the title (and the number) are dropped, so the
 * whole name is said to be missing.
 */
function sequelNotHeld(question: string, mentions: readonly Mention[], linker: EntityLinker): Mention[] {
  const dropped = new Set<Mention>();
  const named = new Map<Mention, Mention>();
  for (const m of mentions) {
    const number = m.confidence >= 0.5 && m.candidates[0]?.type === "Movie" ? sequelNumberAfter(question.slice(m.end)) : undefined;
    if (!number) continue;
    const whole = question.slice(m.start, m.end + number.length);
    const held = linker.link(whole, { types: ["Movie"], limit: 1 })[0];
    // "back to the future 2": the whole name links a sequel ("Back to the Future Part II") the title alone did not.
    const sequel = held && linksWhole(held) ? held : undefined;
    if (sequel && sameName(sequel, m.candidates[0]!.name)) continue;
    // "scary movie 1", "rocky part 1": the first of a family is the film of the name itself.
    const first = namesTheFirst(number) ? m.candidates[0] : undefined;
    // "jaws 3": the number said without the format the sequel's title carries ("Jaws 3-D") names it all the same.
    const shown = sequel ?? first ?? sequelShownAs(whole, linker);
    if (shown) {
      named.set(m, { ...m, end: m.end + number.length, text: whole, candidates: [shown], confidence: Math.max(m.confidence, 0.8) });
      for (const o of mentions) if (o !== m && o.start >= m.start && o.end <= m.end + number.length) dropped.add(o);
      continue;
    }
    dropped.add(m);
    for (const o of mentions) if (o.start >= m.end && o.end <= m.end + number.length) dropped.add(o);
  }
  return mentions.map((m) => (dropped.has(m) ? { ...m, confidence: Math.min(m.confidence, DROPPED) } : (named.get(m) ?? m)));
}

/**
 * "the score for the greatest showman": a title said first in a longer name the rest of the clause gives is not that film;
 * it is dropped, so the whole name is said to be missing (unknown-names reads the same span).
 */
function startOfLongerName(question: string, mentions: readonly Mention[]): Mention[] {
  const tokens = wordTokens(question);
  const film = (m: Mention) => m.confidence >= 0.5 && m.candidates[0]?.type === "Movie";
  const tokenSpan = (m: Mention) => {
    const start = tokens.findIndex((t) => t.start >= m.start);
    const end = tokens.findIndex((t) => t.start >= m.end);
    return { start, end: end < 0 ? tokens.length : end };
  };
  const holder = (k: number, m: Mention) => mentions.find((o) => o !== m && o.confidence >= 0.5 && tokens[k]!.start >= o.start && tokens[k]!.end <= o.end);
  const longer = mentions.flatMap((m) => {
    const { start, end } = tokenSpan(m);
    if (!film(m) || start < 0) return [];
    const found = longerNameAt(question, tokens, start, end, (k) => {
      const o = holder(k, m);
      return o === undefined ? undefined : film(o) ? "film" : o.candidates[0]?.type === "Tag" ? "tag" : "name";
    });
    return found ? [found] : [];
  });
  // Every title inside a longer name is part of it ("spider man", "homecoming" in "spider man homecoming").
  const inside = (m: Mention) => longer.some((l) => tokens[l.tokenStart]!.start <= m.start && m.end <= tokens[l.tokenEnd - 1]!.end);
  return longer.length ? mentions.map((m) => (film(m) && inside(m) ? { ...m, confidence: Math.min(m.confidence, DROPPED) } : m)) : [...mentions];
}

/**
 * "westerns not directed by john ford": a lowercase title that is a role verb (and "by") before a person the KB has
 * whole is that role and that person, not the film of that name (Directed by John Ford). Said as a title, it stays one.
 */
function relationNotTitle(question: string, mentions: readonly Mention[], linker: EntityLinker): Mention[] {
  return mentions.map((m) => {
    const span = wordTokens(question.slice(m.start, m.end));
    if (m.candidates[0]?.type !== "Movie" || span.length < 3 || !ROLE_VERB.has(span[0]!.folded) || capitalised(span[0]!.text)) return m;
    const from = span[1]!.folded === "by" ? 2 : 1;
    const rest = question.slice(m.start + span[from]!.start, m.end);
    const person = linker.link(rest, { types: ["Person"], limit: 1 })[0];
    return person && linksWhole(person) ? { ...m, start: m.start + span[from]!.start, text: rest, candidates: [person], confidence: Math.max(m.confidence, 0.8) } : m;
  });
}

/**
 * "the song at the end of dirty dancing", "the beginning of Jaws": an article and one word right before "of" and a film
 * named surely is a part of that film, not the title The End; so before "in" and such a film, a thing of its story ("what
 * year was the future in back to the future", not The Future).
 */
function partOfAFilm(question: string, mentions: readonly Mention[]): Mention[] {
  const part = (m: Mention) => partBeforeFilm(question, m, mentions);
  return mentions.some(part) ? mentions.map((m) => (part(m) ? { ...m, confidence: Math.min(m.confidence, DROPPED) } : m)) : [...mentions];
}

/** An article and one word said right before "of" or "in" and a film named surely (see `partOfAFilm`). */
function partBeforeFilm(question: string, m: Pick<Mention, "start" | "end" | "text">, mentions: readonly Mention[]): boolean {
  const film = (o: Mention) => o.confidence >= 0.7 && o.candidates[0]?.type === "Movie";
  return /^(?:the|a) \S+$/i.test(m.text) && mentions.some((o) => o.start !== m.start && film(o) && /^ (?:of|in) $/i.test(question.slice(m.end, o.start)));
}

/**
 * "Mission Impossible": two capitalised words side by side, each a one-word title of its own, are one name the KB
 * lacks, not two films; both are dropped, so the name is said to be missing.
 */
function oneNameNotTwo(question: string, mentions: readonly Mention[]): Mention[] {
  const titleWord = (m: Mention) => m.confidence >= 0.5 && m.candidates[0]?.type === "Movie" && !/\s/.test(m.text) && capitalised(m.text);
  const words = mentions.filter(titleWord);
  const paired = new Set(words.filter((m) => words.some((o) => o !== m && /^[ ]$/.test(question.slice(Math.min(m.end, o.end), Math.max(m.start, o.start))))));
  return paired.size ? mentions.map((m) => (paired.has(m) ? { ...m, confidence: Math.min(m.confidence, DROPPED) } : m)) : [...mentions];
}
