import type { OpenIntent } from "../../plan/schema";
import { STOP_WORDS } from "../../util/text";
import { EXPLORE_PHRASES, KNOWN_ITEM_PHRASES, LOVED_PHRASES, RECOMMEND_PHRASES, SEEN_PHRASES } from "../lexicon/requests";
import { findPhrase, firstOf } from "./phrases";

/** The words that say what kind of open request a message is: which phrase, where. */
export interface RequestCue {
  intent: OpenIntent;
  phrase: string;
  at: number;
  end: number;
}

/** Where the person names films they loved or have seen: the token after each phrase. */
export interface TasteCues {
  loved: number[];
  seen: number[];
}

/**
 * A story told at such length that it is a film being described, not a question: several sentences
 * and many content words. Real requests of this kind run to hundreds of words and name actors or other
 * films on the way ("it was like Taken"), which must not turn them into questions about those.
 */
const LONG_STORY_WORDS = 30;
const LONG_STORY_SENTENCES = 2;

/** The request's kind, by the first cue of the most telling kind: remembering a film outranks asking for some, which outranks asking which ones. */
export function requestCue(words: readonly string[]): RequestCue | undefined {
  const known = firstOf(words, KNOWN_ITEM_PHRASES);
  if (known) return { intent: "known_item", ...known };
  const recommend = firstOf(words, RECOMMEND_PHRASES);
  if (recommend) return { intent: "recommend", ...recommend };
  const explore = firstOf(words, EXPLORE_PHRASES);
  return explore ? { intent: "explore", ...explore } : undefined;
}

export function tasteCues(words: readonly string[]): TasteCues {
  const after = (phrases: readonly string[]) => phrases.flatMap((p) => findPhrase(words, p).map((at) => at + p.split(" ").length));
  return { loved: [...new Set(after(LOVED_PHRASES))].sort((a, b) => a - b), seen: [...new Set(after(SEEN_PHRASES))].sort((a, b) => a - b) };
}

/** Several sentences and many content words: a film described at length. */
export function isLongStory(text: string, words: readonly string[]): boolean {
  const sentences = text.split(/[.!?\n]+\s*/u).filter((s) => /\p{L}{2}/u.test(s)).length;
  const content = words.filter((w) => w.length > 2 && !STOP_WORDS.has(w)).length;
  return sentences >= LONG_STORY_SENTENCES && content >= LONG_STORY_WORDS;
}

/**
 * A message to read as one request rather than split into clauses: remembering a film, asking for
 * films to watch, or a long story. Its sentences are the parts of one request ("Hi! I loved Heat.
 * I've seen all of Mann's films. Anything similar?"), not questions of their own.
 */
export function isOneRequest(text: string, words: readonly string[]): boolean {
  const cue = requestCue(words);
  return cue?.intent === "known_item" || cue?.intent === "recommend" || isLongStory(text, words);
}
