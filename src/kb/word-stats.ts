import { tokenize } from "../util/text";
import { SharedStringMap, type SharedStringMapData } from "./shared/string-map";

/**
 * How ordinary a word is: the share of texts it occurs in. The loader passes one "plot overview"
 * text per KB node (non-films give an empty pair), so shares are of all nodes; the linking
 * thresholds are set on that scale.
 */
export interface WordStats {
  share(foldedWord: string): number;
  readonly documents: number;
}

/** Document frequencies as stored in the snapshot: computed once at ingest, not at every load. */
export interface WordCounts {
  words: string[];
  counts: Int32Array;
  documents: number;
}

/**
 * Document frequencies over the films' plots and overviews, so linking can tell an ordinary word
 * ("boy", "memory") from a name ("Memento") without a hand-written list.
 */
export function countWords(texts: readonly string[]): WordCounts {
  const df = new Map<string, number>();
  let documents = 0;
  for (const text of texts) {
    if (!text) continue;
    documents++;
    for (const w of new Set(tokenize(text))) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const words = [...df.keys()].sort();
  return { words, counts: Int32Array.from(words, (w) => df.get(w)!), documents };
}

export function wordStatsFrom(c: WordCounts): WordStats {
  const df = new Map(c.words.map((w, i) => [w, c.counts[i]!]));
  return { documents: c.documents, share: (w) => (c.documents ? (df.get(w) ?? 0) / c.documents : 0) };
}

/** The counts as a shared map (word → [count]), so worker threads read one copy. */
export interface SharedWordCounts {
  counts: SharedStringMapData;
  documents: number;
}

export function shareWordCounts(c: WordCounts): SharedWordCounts {
  return { counts: SharedStringMap.build(c.words.map((w, i) => [w, [c.counts[i]!]] as const)).data, documents: c.documents };
}

export function sharedWordStats(c: SharedWordCounts): WordStats {
  const map = new SharedStringMap(c.counts);
  return { documents: c.documents, share: (w) => (c.documents ? (map.get(w)?.[0] ?? 0) / c.documents : 0) };
}
