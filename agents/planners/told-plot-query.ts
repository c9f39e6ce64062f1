import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { indexTerm } from "../../src/kb/text-fields";
import { STOP_WORDS, wordTokens } from "../../src/util/text";
import { ASKING_TALK_WORDS, KNOWN_ITEM_PHRASES, MEMORY_TALK_WORDS, REQUEST_TALK_PHRASES } from "../../src/question/lexicon/requests";
import { findPhrase } from "../../src/question/stages/phrases";

/** Strips "the movie where", "I'm trying to remember" from a told plot, keeping the story. */
export function storyOf(text: string): string {
  return text
    .replace(/^(?:[^.!?\n]*?\b(?:remember|find|recall|looking for)\b[^,.!?\n]*?\b(?:movie|film)\b\s*)/i, "")
    .replace(/\b(?:(?:what(?:'s| is)|which is)\s+(?:the\s+)?(?:(?:name|title)\s+of\s+)?|(?:name|title)\s+of\s+)(?:the|that|a)\s+(?:movie|film)\s*/gi, "")
    .replace(/\b(?:the|a|that|this)\s+(?:movie|film|one)\s+(?:where|in which|about|with)\b/gi, "")
    .replace(/\b(?:movie|film)\s+(?:where|in which|about|with)\b/gi, "")
    .replace(/[?!]+$/g, "")
    .trim()
    .replace(/^(?:where|in which|about|with)\s+/i, "") || text;
}

/**
 * Words of spoken storytelling that say how the user talks, not what happens in the film ("a guy
 * who somehow ends up", "kind of like", "I think"): never searched for.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  ..."like kind sort guy guys thing things stuff somehow even really basically actually think remember maybe probably pretty whole something someone somebody lot bunch literally totally movie movies film films".split(" "),
  // Talk about remembering and watching ("I vaguely remember seeing it, any help appreciated").
  ...MEMORY_TALK_WORDS,
  ...ASKING_TALK_WORDS,
]);

/** Phrases of talk around a story ("any ideas", "trying to find", "thanks in advance"): their words are not searched, though "idea" alone may be the story's. */
const TALK_PHRASES: readonly string[] = [...KNOWN_ITEM_PHRASES, ...REQUEST_TALK_PHRASES];

/**
 * Share of plots above which a word says nothing about which film is meant ("man", "life"), dropped
 * unless the story has little else. Per-term BM25 already weighs words by rarity, so this only trims
 * the very commonest: a stricter cut (1%) lost films whose description shares mostly everyday words.
 */
const UNINFORMATIVE_SHARE = 0.1;
/** A story with fewer searchable words than this keeps its common ones too. */
const MIN_WORDS = 3;
const MAX_QUERY = 500;

/**
 * The words of a told plot to search for, one by one: no stop words, fillers or two-letter words,
 * each index term once (in its first spelling), the commonest words dropped when enough remain.
 */
export function toldPlotWords(story: string, kb: Pick<KnowledgeBase, "words">): string[] {
  const seen = new Set<string>();
  const words: { text: string; share: number }[] = [];
  const tokens = wordTokens(story);
  const folded = tokens.map((t) => t.folded);
  const talk = new Set<number>();
  for (const phrase of TALK_PHRASES) for (const at of findPhrase(folded, phrase)) for (let k = 0; k < phrase.split(" ").length; k++) talk.add(at + k);
  for (const [k, t] of tokens.entries()) {
    if (talk.has(k) || t.folded.length <= 2 || STOP_WORDS.has(t.folded) || FILLER_WORDS.has(t.folded)) continue;
    const term = indexTerm(t.folded);
    if (!term || seen.has(term)) continue;
    seen.add(term);
    words.push({ text: t.folded, share: kb.words.share(t.folded) });
  }
  const informative = words.filter((w) => w.share < UNINFORMATIVE_SHARE);
  return (informative.length >= MIN_WORDS ? informative : words).map((w) => w.text);
}

/**
 * What the planner searches for a told plot: the story itself (for the vector search, which reads
 * whole sentences) and its searchable words (for per-term full text, summed).
 */
export function toldPlotQuery(text: string, kb: Pick<KnowledgeBase, "words">): { story: string; keywords: string } {
  const story = storyOf(text);
  const words = toldPlotWords(story, kb);
  let keywords = "";
  for (const w of words) if (keywords.length + w.length + 1 <= MAX_QUERY) keywords = keywords ? `${keywords} ${w}` : w;
  return { story, keywords: keywords || story.slice(0, MAX_QUERY) };
}
