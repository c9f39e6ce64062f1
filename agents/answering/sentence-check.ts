import { foldText } from "../../src/util/text";

/** Below this share of distinct words a sentence is a loop ("2. 3. 2. 1. 2. 3. ..."). */
const MIN_DISTINCT_SHARE = 0.5;
const MIN_LETTER_SHARE = 0.6;

/**
 * Why a model's one-sentence answer cannot be shown, or undefined when it can: it must be made of
 * words rather than numbers and brackets, must not repeat itself, and must name at least one of the
 * answers it picked (a sentence that names none of them says something else).
 */
export function unusableSentence(sentence: string, picked: readonly string[]): string | undefined {
  const words = foldText(sentence).split(" ").filter(Boolean);
  if (words.length === 0) return "empty sentence";
  if (words.length >= 6 && new Set(words).size / words.length < MIN_DISTINCT_SHARE) return "the sentence repeats itself";
  const folded = ` ${words.join(" ")} `;
  if (picked.some((name) => folded.includes(` ${foldText(name)} `))) return undefined; // "1975" answers "when was Jaws released"
  const chars = sentence.replace(/\s+/g, "");
  const letters = (chars.match(/\p{L}/gu) ?? []).length;
  if (letters / Math.max(1, chars.length) < MIN_LETTER_SHARE) return "the sentence is mostly numbers and punctuation";
  if (picked.length > 0) return "the sentence names none of the answers it picked";
  return undefined;
}
