import { MAX_QUESTION_CHARS } from "../../agents/research/types";

/**
 * A request cut to the service's question cap as a user would have to cut it: at the last sentence
 * end before the cap when that keeps at least half of it, else at the last space before the cap.
 * Lengths are code points, as the service counts them.
 */
export function cutToCap(text: string, cap: number = MAX_QUESTION_CHARS): { text: string; cut: boolean } {
  const points = [...text.trim()];
  if (points.length <= cap) return { text: text.trim(), cut: false };
  const head = points.slice(0, cap + 1).join("");
  let sentenceEnd = -1;
  for (const m of head.matchAll(/[.!?…](?=\s)|\n/gu)) sentenceEnd = m.index + m[0].length;
  const byPoints = (s: string) => [...s].length;
  if (sentenceEnd > 0 && byPoints(head.slice(0, sentenceEnd)) >= cap / 2) return { text: head.slice(0, sentenceEnd).trim(), cut: true };
  const space = head.search(/\s\S*$/u);
  const kept = space > 0 ? head.slice(0, space) : points.slice(0, cap).join("");
  return { text: kept.trim(), cut: true };
}
