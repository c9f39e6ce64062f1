import { ARTICLES, STOP_WORDS, isPossessive, wordTokens } from "../../util/text";
import { ASKING_WORDS } from "../lexicon/cues";
import { DOMAIN_WORDS, FILM_MAKING_VERBS, OFF_DOMAIN_WORDS, REQUEST_ONLY_DOMAIN_WORDS } from "../lexicon/domain";
import { ROLE_WORDS } from "../lexicon/linking";
import { WORD_TO_EDGES } from "../lexicon/relations";
import { FACT_PHRASES } from "../lexicon/shapes";
import { WATCHING_TIME_WORDS } from "../lexicon/requests";
import type { Reading } from "../reading";
import { titleSlotAt, titleSlotOf } from "./title-slots";
import { lackedPerson, onlyTopics, seedsAfterCue, seedsBeforeCue } from "../rules/features";
import { asksNothing, lifeFactInStory } from "./life-fact";

/** Words that name a film relation plainly are film words too ("describing", "screenplay"), except generic ones ("when", "year", "kind"). */
const GENERIC_RELATION_WORDS = new Set("when year years date dates type types kind kinds words word about topic topics terms term".split(" "));
/** Film words other things share ("what songs did queen release"): beside an off-domain word they do not make a film question. */
const SHARED_WITH_OTHER_DOMAINS = new Set("release releases released releasing premiere premiered premieres debut debuted".split(" "));
const OFF = new Set(OFF_DOMAIN_WORDS);
/** A relation word that is also another domain's word ("rate" of an exchange rate) is no film word by itself. */
const DOMAIN = new Set([
  ...DOMAIN_WORDS,
  ...ROLE_WORDS,
  ...[...WORD_TO_EDGES.entries()].filter(([w, edges]) => edges.some((e) => e.weight >= 1) && !GENERIC_RELATION_WORDS.has(w) && !OFF.has(w)).map(([w]) => w),
]);
const REQUEST_ONLY = new Set(REQUEST_ONLY_DOMAIN_WORDS);
const MAKING: ReadonlySet<string> = new Set(FILM_MAKING_VERBS);
/** Off-domain words that say when, not what: "what should I watch tonight" is still about films. */
const WHEN = new Set(WATCHING_TIME_WORDS);
/** Words of facts about people in film the KB lacks ("born", "married", "old"): beside a named film or person they ask that fact, not another domain. */
const FACT_WORDS = new Set(FACT_PHRASES.flatMap((f) => f.phrase.split(" ")));

const sureName = (r: Reading) => r.analysis.topics.filter((t) => (t.types.includes("Movie") || t.types.includes("Person")) && (t.confidence >= 0.79 || (t.confidence >= 0.7 && t.alternatives[0]?.match === "exact")));
const inName = (readings: readonly Reading[], w: string) => readings.some((r) => r.named.some((t) => wordTokens(t.text).some((x) => x.folded === w)));

/**
 * Why a question is outside what the knowledge base covers, if it is: no film word, no confidently
 * named film or person, no kind of film and no period; or a topic of another domain ("the president
 * of France", "weather") with no film word and no named film or person it could be about.
 */
export function outOfDomain(question: string, readings: readonly Reading[]): string | undefined {
  // A film TMDB lists is a film, though the KB lacks it ("how long is the godfather part ii").
  if (readings.some((r) => r.notFound.some((n) => n.tmdb?.length))) return undefined;
  // So is a longer name a KB title opens, asked a fact or relation of ("who composed the score for the greatest showman").
  // Or a title said where a film stands, asked who was in it ("who was in the kissing booth").
  if (readings.some((r) => r.notFound.some((n) => n.asFilm) && (r.cues.fact !== undefined || r.analysis.cues.some((c) => c.weight >= 1) || r.analysis.answer.type === "Person"))) return undefined;
  const words = wordTokens(question).map((t) => t.folded);
  const told = readings.some((r) => r.told !== undefined);
  const named = readings.some((r) => sureName(r).length > 0);
  // A fact the KB lacks, asked of a film or person it has ("what was the cause of death of michel simon"): a film question it cannot fully answer.
  // A title the wording puts in a title slot is as distinct ("who wins in a league of their own").
  const slotted = (r: Reading, t: Reading["named"][number]) => t.type === "Movie" && titleSlotAt(r.text, r.tokens, t.tokenStart, r.tokens.slice(t.tokenStart, t.tokenEnd), false)?.says === true;
  const distinctive = (r: Reading) => r.named.some((t) => t.confidence >= 0.7 && (t.type === "Person" || severalContentWords(t.text) || slotted(r, t)));
  // So is one asked of a title said with its article ("what hotel was the basis for the shining").
  const titled = (r: Reading) => r.named.some((t) => t.type === "Movie" && t.confidence >= 0.75);
  if (readings.some((r) => r.cues.fact && (sureName(r).length > 0 || distinctive(r) || titled(r)))) return undefined;
  // "what country was pittsburgh released in": a film's making verb beside a title the KB names makes the fact a film's.
  const filmFact = (r: Reading) => r.cues.fact && words.some((w) => MAKING.has(w)) && r.named.some((t) => t.type === "Movie" && t.confidence >= 0.7);
  if (readings.some(filmFact)) return undefined;
  // "recommend a good laptop", "what songs did queen release": a request or release word alone does not outweigh what the question is about.
  const offBesideRequest = words.some((w) => OFF.has(w) && !WHEN.has(w)) && !words.some((w) => DOMAIN.has(w) && !REQUEST_ONLY.has(w) && !SHARED_WITH_OTHER_DOMAINS.has(w));
  if (!offBesideRequest && (words.some((w) => DOMAIN.has(w)) || /\b(?:came|come|comes|coming) out\b/i.test(question))) return undefined;
  // An off-domain word outside every named film ("who painted the Mona Lisa") says what the question is about,
  // unless it asks a fact of a person or film the KB names ("how old is Tom Hanks"): that is a fact the KB lacks.
  // So is a life's fact in a message that asks nothing ("1980-2010 A Married Couple and a Doctor"): the story's.
  const storyFact = readings.some(lifeFactInStory);
  const off = words.find((w) => OFF.has(w) && !inName(readings, w) && !((named || storyFact) && FACT_WORDS.has(w)));
  // So does one asked of a film or person the KB names distinctly ("who killed gwen in the amazing spiderman 2"): the fact
  // is beyond the KB, the question is not. Unless the name is what the off-domain word acts on ("who painted the Mona Lisa").
  if (off && !told && readings.some((r) => distinctive(r) && !r.named.some((t) => objectOf(r, t, off)))) return undefined;
  // A period opening a message that asks nothing is when the film sought came out ("1980-2010 A Married Couple and a
  // Doctor"), as requests for a film remembered are headed; "weather in 2010" is no such heading.
  const remembered = readings.every(asksNothing) && readings.some((r) => r.periods.some((p) => p.start === 0));
  if (off && !told && !remembered) return `"${off}" is about another domain and no film word or named film is in the question`;
  return readings.some(filmLike) ? undefined : "no film word, named film or person, kind of film or period";
}

/** A name of two content words or more ("Tom Hanks", "The Amazing Spider-Man 2"): no ordinary word alone. */
const severalContentWords = (text: string) => wordTokens(text).filter((x) => !STOP_WORDS.has(x.folded)).length >= 2;

/** The name is the object of the word ("painted the Mona Lisa"): the word right before it, an article aside. */
function objectOf(r: Reading, t: { tokenStart: number }, word: string): boolean {
  const before = r.analysis.tokens[t.tokenStart - 1]?.folded;
  const at = before !== undefined && ARTICLES.has(before) ? t.tokenStart - 2 : t.tokenStart - 1;
  return r.analysis.tokens[at]?.folded === word;
}

/** "I want something funny", "give me something scary": something of a kind of film, asked for to watch. */
const asksForAKind = (r: Reading) => r.request?.intent === "recommend" && r.concepts.length > 0;

/**
 * A name sure enough, a family of films placed, ranked or counted, a told story, a period, a kind of film said as one, films asked for or started from, or a person
 * the KB lacks in a slot only a person fills ("what has timothee chalamet been in").
 */
function saysAFilmThing(r: Reading): boolean {
  return sureName(r).length > 0 || onlyTopics(r) || (r.series !== undefined && (r.cues.ordinal || r.cues.superlative || r.cues.count) !== undefined) || r.told !== undefined || r.periods.length > 0 || r.concepts.some((c) => c.cued) || asksForAKind(r) || lackedPerson(r) || seedsAfterCue(r).length > 0 || seedsBeforeCue(r).length > 0;
}

type Named = Reading["analysis"]["topics"][number];

/** "tell me about memento": a name a request to describe is about; "what is the godfather": one of two words or more ("what is love" asks what love is). */
function described(r: Reading, names: readonly Named[]): boolean {
  const slot = (t: Named) => titleSlotOf(r.text, r.tokens, t.tokenStart, r.tokens.slice(t.tokenStart, t.tokenEnd));
  return names.some((t) => slot(t) === "tell-about" || (slot(t) === "what-is" && severalContentWords(t.text)));
}

/**
 * "where do they fly to in pretty woman", "how many fairies in the original sleeping beauty": a film the wording puts in a
 * title's slot (where something of its story happens, a version picked) is what the question is of.
 */
function askedInFilm(r: Reading, names: readonly Named[]): boolean {
  return names.some((t) => {
    const slot = t.types.includes("Movie") ? titleSlotAt(r.text, r.tokens, t.tokenStart, r.tokens.slice(t.tokenStart, t.tokenEnd), false) : undefined;
    return slot?.says === true && !SLOTS_READ_ELSEWHERE.has(slot.id);
  });
}
/** Slots whose names make a film question only as `described` reads them ("what is love" asks what love is). */
const SLOTS_READ_ELSEWHERE: ReadonlySet<string> = new Set(["what-is", "tell-about", "whole-message"]);

const ASKING: ReadonlySet<string> = ASKING_WORDS;

/** "dude wheres my car what are they looking for": a film named first, then a question, is what the question is of. */
function frontedFilm(r: Reading, names: readonly Named[]): boolean {
  return names.some((t) => t.types.includes("Movie") && (t.tokenStart === 0 || (t.tokenStart === 1 && ARTICLES.has(r.words[0] ?? ""))) && ASKING.has(r.words[t.tokenEnd] ?? ""));
}

/**
 * One film the KB has set against a figure it holds, a film it lacks or a language ("is titanic longer than 3 hours",
 * "which is longer, titanic or the hobbit", "is jaws in english or french"): a film question, though the title alone is
 * an ordinary word.
 */
function setAgainst(r: Reading, names: readonly Named[]): boolean {
  return names.length === 1 && (r.cues.comparative !== undefined || r.cues.figureBound !== undefined || r.notFound.some((n) => n.asFilm) || (r.cues.yesNo !== undefined && r.languages.length > 0));
}

/** What makes a clause a film question without a film word: a name given with a relation or a figure asked of it, a kind of film, a period, a story. */
function filmLike(r: Reading): boolean {
  const names = r.analysis.topics.filter((t) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= 0.7);
  // A person the KB has, named in full, makes it a question about film people ("what was robert pattinson's part in …").
  if (r.named.some((t) => t.type === "Person" && t.confidence >= 0.7 && severalContentWords(t.text))) return true;
  // So does a film of two words or more said in the possessive ("what was forrest gump's rank in the army"): its fact is asked.
  if (r.named.some((t) => t.type === "Movie" && t.confidence >= 0.7 && isPossessive(t.text) && severalContentWords(t.text))) return true;
  // A character named in a role frame ("who stared as Axel Foley"), or a person asked of a film ("who was the baby
  // in sweet home alabama"), is someone in a film's story.
  if (r.characters.length || (r.analysis.answer.type === "Person" && names.some((t) => t.type === "Movie"))) return true;
  if (saysAFilmThing(r)) return true;
  if (described(r, names) || setAgainst(r, names) || askedInFilm(r, names) || frontedFilm(r, names)) return true;
  if (names.length && (r.analysis.answer.edge !== undefined || r.analysis.cues.some((c) => c.weight >= 1) || r.cues.figure || r.cues.fact)) return true;
  // A yes/no question, a comparison, an order or a count asked of films or people the KB names ("is the lion king older than aladdin").
  const shaped = r.cues.yesNo || r.cues.comparative || r.cues.superlative || r.cues.ordinal || r.cues.count;
  if (shaped && (sureName(r).length > 0 || names.length >= 2)) return true;
  // "what do inception and interstellar have in common", "what is inception about".
  return names.length >= 2 || names.some((t) => t.types.includes("Movie") && r.analysis.tokens[t.tokenEnd]?.folded === "about");
}
