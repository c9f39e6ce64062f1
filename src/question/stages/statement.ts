import { readTokens } from "../../kb/concepts/offline/nlp";
import { TALK_PRONOUNS } from "../lexicon/smalltalk";

/** Parts of speech a story's first word is not: a command ("convert …"), an exclamation or a reply ("sorry, never mind", "great, see you later"), a pronoun ("i cant sleep"). */
const NOT_OPENING: ReadonlySet<string> = new Set(["VERB", "AUX", "INTJ", "ADJ", "ADV", "PRON"]);

/**
 * A statement of something happening, as people remember a film's story ("Kid bullied into eating worms", "Woman
 * burned alive"): it opens with whom or what it is about and has a verb. A command ("convert 100 fahrenheit to
 * celsius"), a phrase with no verb ("recipe for chocolate chip cookies") or a reply is none. Read by wink's parts of
 * speech; only short messages with nothing else to go on are read this way.
 */
export function tellsSomethingHappening(text: string): boolean {
  const tokens = readTokens(text).flat();
  const first = tokens[0];
  // "hmm let me think": the speaker or the listener in it makes it talk, not a story.
  if (tokens.some((t) => TALK.has(t.folded))) return false;
  return first !== undefined && !NOT_OPENING.has(first.pos) && tokens.slice(1).some((t) => t.pos === "VERB");
}

const TALK: ReadonlySet<string> = new Set(TALK_PRONOUNS);
