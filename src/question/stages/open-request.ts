import type { OpenIntent } from "../../plan/schema";
import { STOP_WORDS, wordTokens } from "../../util/text";
import { ASKING_WORDS, PART_OPENERS } from "../lexicon/cues";
import { asksByQuestionWord } from "./statement";
import { ASKING_FOR_FILMS, EXPLORE_PHRASES, KNOWN_ITEM_PHRASES, LOVED_PHRASES, RECOMMEND_PHRASES, SEEN_PHRASES, SHOW_LEADS, INDEFINITE_OPENERS, TASTE_PHRASES, WANT_BREAKS, WANT_LEADS, WANTED_HEADS } from "../lexicon/requests";
import { CONCEPT_HEAD_WORDS } from "../lexicon/concepts";
import { findPhrase, firstOf } from "./phrases";
import { detectSmallTalk } from "./smalltalk";
import { FILM_PRONOUNS } from "../lexicon/followup";
import { QUALITY_WORDS } from "../lexicon/relations";

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
  const asking = firstOf(words, ASKING_FOR_FILMS);
  if (asking) return { intent: "recommend", ...asking };
  const known = firstOf(words, KNOWN_ITEM_PHRASES);
  if (known) return { intent: "known_item", ...known };
  const recommend = firstOf(words, RECOMMEND_PHRASES) ?? wantCue(words);
  if (recommend) return { intent: "recommend", ...recommend };
  const explore = firstOf(words, EXPLORE_PHRASES);
  if (explore) return { intent: "explore", ...explore };
  const taste = firstOf(words, TASTE_PHRASES);
  return taste ? { intent: "recommend", ...taste } : undefined;
}

const WANTED: ReadonlySet<string> = new Set([...CONCEPT_HEAD_WORDS, ...WANTED_HEADS]);
const WANT_BREAK: ReadonlySet<string> = new Set(WANT_BREAKS);
/** How many words may stand between a want and the film wanted ("i need a really good old horror film"). */
const WANT_REACH = 4;

/** "I want a funny movie", "give me something scary": a want followed closely by a film word, nothing in between that makes it a question or a list. */
export function wantCue(words: readonly string[]): { phrase: string; at: number; end: number } | undefined {
  for (const lead of WANT_LEADS) {
    for (const at of findPhrase(words, lead)) {
      const end = at + lead.split(" ").length;
      if (SHOW_LEADS.includes(lead) && !INDEFINITE_OPENERS.includes(words[end] ?? "")) continue;
      for (let k = end; k < Math.min(words.length, end + WANT_REACH + 1) && !WANT_BREAK.has(words[k]!); k++) {
        if (WANTED.has(words[k]!)) return { phrase: lead, at, end };
      }
    }
  }
  return undefined;
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
  // Tastes alone ("I like comedies. Frozen 2, saw it last night.") are one request unless a question is asked too.
  const tastesOnly = cue?.intent === "recommend" && TASTE_PHRASES.includes(cue.phrase);
  return cue?.intent === "known_item" || (cue?.intent === "recommend" && (!tastesOnly || !asksQuestion(text))) || isLongStory(text, words) || tellsOnly(text, words) || seenBesideFilmsAsked(text);
}

/**
 * "What's a good action movie from the 90s? I already saw Die Hard and Terminator 2": a sentence telling the films the
 * person has seen, beside one asking for good films or films to watch, is part of that request (its films are left out
 * of the answer), not a question of its own. "I saw Heat, who directed it?" asks of Heat.
 */
function seenBesideFilmsAsked(text: string): boolean {
  const sentences = (text.match(/[^.!?;\n]+[.!?;\n]*/gu) ?? []).map((s) => ({ words: wordTokens(s).map((t) => t.folded), asks: /\?/.test(s) })).filter((s) => s.words.length > 0);
  if (sentences.length < 2) return false;
  const tellsSeen = (w: readonly string[]) => SEEN_PHRASES.some((p) => findPhrase(w, p).some((at) => at <= SEEN_OPENING));
  const asksForGood = (w: readonly string[]) => w.some((x) => QUALITY_WORDS.has(x)) || requestCue(w)?.intent === "recommend";
  return sentences.some((s, i) => tellsSeen(s.words) && !s.asks && sentences.some((o, j) => j !== i && asksForGood(o.words)));
}
/** How far into its sentence a phrase of having seen may start ("but i already saw …", "oh and ive seen …"). */
const SEEN_OPENING = 2;

/**
 * Sentences that ask nothing (no question word, none opening as a question or a request) tell one film and its
 * hints: "Paralyzed lady shows man her progress. He thinks she can stand, instead she picks up a potato chip.",
 * "2010s Family moves to new town. Strange neighbors. Supernatural element." They are not questions of their own.
 */
function tellsOnly(text: string, words: readonly string[]): boolean {
  const sentences = text.split(/[.!?;\n]+\s*/u).filter((s) => /\p{L}{2}/u.test(s));
  // A relative question word is part of what is told ("someone in the plane who falls out").
  if (sentences.length < 2 || (words.some((w) => ASKING_WORDS.has(w)) && asksByQuestionWord(text))) return false;
  return sentences.every((s) => !OPENERS.has(wordTokens(s)[0]?.folded ?? ""));
}

const OPENERS: ReadonlySet<string> = new Set(PART_OPENERS);

/**
 * A question asked besides small talk ("How are you?" and "and you?" ask nothing of films) and besides asking for films
 * to watch ("What else would I like?" is the request itself; "Is it any good?" asks of a film).
 */
function asksQuestion(text: string): boolean {
  const questions = text.match(/[^.!?\n]*\?/gu) ?? [];
  return questions.some((q) => q.trim().split(/\s+/).length > 3 && detectSmallTalk(q.trim()) === undefined && !asksForFilmsItself(q));
}

function asksForFilmsItself(question: string): boolean {
  const words = wordTokens(question).map((t) => t.folded);
  return requestCue(words)?.intent === "recommend" && !words.some((w) => FILM_POINTERS.has(w));
}
const FILM_POINTERS: ReadonlySet<string> = new Set(FILM_PRONOUNS);

/**
 * Asking for films outright ("recommend", "I'm in the mood for", "I want a comedy", "how about a comedy"): such a
 * message is no film described, however long.
 */
export function asksForFilms(cue: RequestCue | undefined): boolean {
  return cue?.intent === "recommend" && (ASKING_FOR_FILMS.includes(cue.phrase) || ASKING_TASTES.has(cue.phrase) || WANT_LEADS.includes(cue.phrase));
}
const ASKING_TASTES: ReadonlySet<string> = new Set(["i prefer", "im in the mood", "i m in the mood", "fan of"]);
