import { tokenize } from "../util/text";

/** How ordinary a word is: the share of movie plots and overviews it occurs in. */
export interface WordStats {
  share(foldedWord: string): number;
  readonly documents: number;
}

/**
 * Document frequencies over the films' plots and overviews, so linking can tell an ordinary word
 * ("boy", "memory") from a name ("Memento") without a hand-written list. Built at load, ~100 ms.
 */
export function buildWordStats(texts: readonly string[]): WordStats {
  const df = new Map<string, number>();
  let documents = 0;
  for (const text of texts) {
    if (!text) continue;
    documents++;
    for (const w of new Set(tokenize(text))) df.set(w, (df.get(w) ?? 0) + 1);
  }
  return { documents, share: (w) => (documents ? (df.get(w) ?? 0) / documents : 0) };
}
