import { STOP_WORDS, tokenize } from "../../util/text";
import { ABOUT_SERVICE_PHRASES, GREETING_WORDS, INTERJECTIONS, LISTENER_WORDS, REPLY_WORDS, SMALLTALK_FILLER, SOCIAL_PHRASES, THANKS_WORDS, WELLBEING_WORDS } from "../lexicon/smalltalk";

export type SmallTalk = "greeting" | "thanks" | "about_service";

const GREETINGS = new Set(GREETING_WORDS);
const THANKS = new Set(THANKS_WORDS);
const FILLER = new Set(SMALLTALK_FILLER);
const GENERIC = new Set(["movie", "movies", "film", "films", "cinema"]);

/** The words of a text once the phrases are taken out, and whether any was. */
function withoutPhrases(text: string, phrases: readonly string[]): { words: string[]; found: boolean } {
  let folded = ` ${tokenize(text).join(" ")} `;
  let found = false;
  for (const p of phrases) {
    while (folded.includes(` ${p} `)) {
      found = true;
      folded = folded.replace(` ${p} `, " ");
    }
  }
  return { words: folded.trim().split(" ").filter(Boolean), found };
}

/**
 * Greetings, thanks and questions about the service itself, with nothing else asked: what is left
 * once those phrases and filler words are removed must be empty (or, after a question about the
 * service, only generic words like "movies": "what can you tell me about films?").
 */
export function detectSmallTalk(question: string): SmallTalk | undefined {
  const { words, found: about } = withoutPhrases(question, ABOUT_SERVICE_PHRASES);
  let greeting = false;
  let thanks = false;
  const rest = words.filter((w) => {
    if (GREETINGS.has(w)) return !(greeting = true);
    if (THANKS.has(w)) return !(thanks = true);
    if (FILLER.has(w) || STOP_WORDS.has(w)) return false;
    return !(about && (GENERIC.has(w) || w === "tell" || w === "ask" || w === "know" || w === "answer"));
  });
  if (rest.length > 0 || !(about || greeting || thanks)) return undefined;
  return about ? "about_service" : thanks ? "thanks" : "greeting";
}

/** One sentence of a message, as written, and where it starts. */
export interface Sentence {
  text: string;
  start: number;
}

/** A message's sentences: each runs to a ".", "!", "?" or ";" followed by a space, or to the end. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?;]+\s+/g)) {
    const end = m.index + m[0].length;
    if (end < text.length) out.push({ text: text.slice(start, end), start });
    if (end < text.length) start = end;
  }
  out.push({ text: text.slice(start), start });
  return out.filter((s) => s.text.trim().length > 0);
}

const SOCIAL_WORDS: ReadonlySet<string> = new Set([...GREETING_WORDS, ...THANKS_WORDS, ...REPLY_WORDS, ...INTERJECTIONS, ...WELLBEING_WORDS]);
const SOCIAL_TALK_PHRASES = [...ABOUT_SERVICE_PHRASES, ...SOCIAL_PHRASES];

/**
 * A sentence that is only social talk: a greeting, thanks, how the speaker is, a question back ("what about you?"), a
 * reply or a reaction ("Yes!", "Oh yeah.", "Sounds good."). Every word is one of those or a word with no content, and
 * at least one is social ("Very much so." counts; "Comedy." and "I like them." do not).
 */
export function isSocialSentence(sentence: string): boolean {
  const { words, found: phrase } = withoutPhrases(sentence, SOCIAL_TALK_PHRASES);
  if (words.some((w) => !SOCIAL_WORDS.has(w) && !FILLER.has(w) && !STOP_WORDS.has(w))) return false;
  // A question is social talk when it asks the listener back ("Good, yourself?"); "Is it any good?" asks of a film.
  if (/\?\s*$/.test(sentence) && !phrase && !words.some((w) => LISTENER.has(w))) return false;
  return phrase || words.some((w) => SOCIAL_WORDS.has(w));
}
const LISTENER: ReadonlySet<string> = new Set(LISTENER_WORDS);

/**
 * A message of several sentences written as a chat ("Im good. How are you? I like comedies. Oh yeah."): the sentences
 * that are only social talk ask nothing and are set aside, so the rest is read as the request. Nothing is set aside
 * when every sentence is social talk (the message is small talk) or the message is one sentence.
 */
export function setAsideSmallTalk(text: string): { text: string; aside: string[] } {
  const sentences = sentencesOf(text);
  const social = sentences.map((s) => isSocialSentence(s.text));
  if (sentences.length < 2 || !social.includes(true) || social.every(Boolean)) return { text, aside: [] };
  return {
    text: sentences.filter((_, k) => !social[k]).map((s) => s.text.trim()).join(" "),
    aside: sentences.filter((_, k) => social[k]).map((s) => s.text.trim()),
  };
}

/** A message of several sentences, every one social talk ("Im good. How are you?"). */
export function allSmallTalk(text: string): boolean {
  const sentences = sentencesOf(text);
  return sentences.length >= 2 && sentences.every((s) => isSocialSentence(s.text));
}
