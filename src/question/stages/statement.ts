import { readTokens, type TextToken } from "../../kb/concepts/offline/nlp";
import { TALK_PRONOUNS } from "../lexicon/smalltalk";
import { ASKING_WORDS } from "../lexicon/cues";
import { STORY_BEINGS, STORY_PRONOUNS } from "../lexicon/shapes";

/** Parts of speech a story's first word is not: a command ("convert …"), an exclamation or a reply ("sorry, never mind", "great, see you later"), a pronoun ("i cant sleep"). */
const NOT_OPENING: ReadonlySet<string> = new Set(["VERB", "AUX", "INTJ", "ADJ", "ADV", "PRON"]);
/** What a subject is made of: "the", "two", "Italian", "grandpa". */
const SUBJECT: ReadonlySet<string> = new Set(["DET", "NUM", "ADJ", "NOUN", "PROPN"]);
const NAMING: ReadonlySet<string> = new Set(["NOUN", "PROPN"]);
/** What follows a verb wink read as a plural noun: "moves in", "figures out", "reborns as", "fights shorter men", "runs". */
const AFTER_VERB: ReadonlySet<string> = new Set(["ADP", "PART", "DET", "ADJ", "ADV", "PRON", "NUM"]);
/** "have" and "do" as the verb itself ("have different lives", "do a quantic travel"), not as a helper. */
const MAIN_AUX_LEMMAS: ReadonlySet<string> = new Set(["have", "do"]);
const OBJECT_START: ReadonlySet<string> = new Set(["DET", "ADJ", "NOUN", "PROPN", "NUM"]);
const TALK: ReadonlySet<string> = new Set(TALK_PRONOUNS);
const STORY_PRONOUN: ReadonlySet<string> = new Set(STORY_PRONOUNS);

/**
 * A statement of something happening, as people remember a film's story ("Kid bullied into eating worms", "Woman
 * burned alive"): it opens with whom or what it is about and has a verb, and asks nothing. A command ("convert 100
 * fahrenheit to celsius"), a phrase with no verb ("recipe for chocolate chip cookies"), a question or a reply is none.
 * Read by wink's parts of speech; only short messages with nothing else to go on are read this way.
 */
export function tellsSomethingHappening(text: string): boolean {
  const tokens = readTokens(text).flat();
  // "hmm let me think": the speaker or the listener in it makes it talk, not a story.
  if (tokens.length === 0 || tokens.some((t) => TALK.has(t.folded))) return false;
  if (tokens.some((_, i) => asks(tokens, i))) return false;
  return opensWithSubject(tokens) && tokens.some((_, i) => i > 0 && isVerb(tokens, i));
}

/** Whether a question word in the text asks (see `asks`): "the plane who falls out" asks nothing. */
export function asksByQuestionWord(text: string): boolean {
  const tokens = readTokens(text).flat();
  return tokens.some((_, i) => asks(tokens, i));
}

/**
 * A question word asks, unless it follows whom or what it tells of: right after a noun, a name, a number or "someone"
 * it is relative ("two detectives who investigate a murder", "travel back in time when dad tells him") and part of what
 * is told. "in which year", "he plays in what" still ask.
 */
function asks(tokens: readonly TextToken[], i: number): boolean {
  const t = tokens[i]!;
  if (!ASKING_WORDS.has(t.folded)) return false;
  const before = tokens[i - 1];
  return t.sentenceStart || before === undefined || !(RELATIVE_AFTER.has(before.pos) || STORY_BEINGS.has(before.folded));
}

/** What a relative question word follows: "detectives who", "time when", "2 who". */
const RELATIVE_AFTER: ReadonlySet<string> = new Set(["NOUN", "PROPN", "NUM"]);

/**
 * Whom the story is about comes first: a noun or a name ("someone" too), someone told of before ("They land and shoot
 * someone …", after "Plane hijackers."), or a describing word before a noun ("Italian grandpa", "Black man").
 */
function opensWithSubject(tokens: readonly TextToken[]): boolean {
  const first = tokens[0]!;
  if (!NOT_OPENING.has(first.pos) || STORY_BEINGS.has(first.folded) || STORY_PRONOUN.has(first.folded)) return true;
  return first.pos === "ADJ" && NAMING.has(tokens[1]?.pos ?? "");
}

/**
 * The statement's verb. wink's lite tagger reads some verbs as nouns, and its reading is taken back where English
 * grammar says otherwise:
 * - "have" or "do" before what they act on is the verb itself ("2 versions of the same woman have different lives"),
 *   and so is "be" saying what a being of the story is ("Guy is a ghost?");
 * - a word in -s right after the subject that opens the statement, at its end or before what a verb takes (a preposition,
 *   particle, article, describing word or pronoun), is the subject's verb when the subject is one being of a story, who can act ("Italian grandpa moves in with …", "Dad
 *   reborns as a dog"); after a thing it is a plural of a compound ("stock prices in new york", "car parts for sale").
 */
function isVerb(tokens: readonly TextToken[], i: number): boolean {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  if (t.pos === "VERB") return true;
  if (t.pos === "AUX") return next !== undefined && OBJECT_START.has(next.pos) && (MAIN_AUX_LEMMAS.has(t.lemma) || (t.lemma === "be" && afterSubject(tokens, i)));
  return t.pos === "NOUN" && /[^s]s$/.test(t.folded) && (next === undefined || AFTER_VERB.has(next.pos)) && afterSubject(tokens, i);
}

/** Everything before the word is the opening subject, and it ends in one being ("grandpa", "woman"), not in a thing or in several. */
function afterSubject(tokens: readonly TextToken[], i: number): boolean {
  const last = tokens[i - 1];
  return last !== undefined && STORY_BEINGS.has(last.folded) && !/s$/.test(last.folded) && tokens.slice(0, i).every((t) => SUBJECT.has(t.pos) || STORY_BEINGS.has(t.folded));
}
