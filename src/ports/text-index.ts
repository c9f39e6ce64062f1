import type { NodeType } from "../kb/schema";

export const TEXT_FIELDS = ["name", "plot", "overview", "tags", "people"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface TextQuery {
  types?: readonly NodeType[];
  limit?: number;
  /** Typo tolerance as a fraction of term length (MiniSearch semantics); 0 disables it. */
  fuzzy?: number;
  prefix?: boolean;
  /** Search only these fields (all when absent). */
  fields?: readonly TextField[];
  /** A weight per index term (as `indexTerm` makes it; 1 when absent): a term said twice or in a title counts more. */
  termWeights?: Readonly<Record<string, number>>;
  /**
   * How much matching more of the query's terms lifts a document: its summed BM25 is multiplied by
   * (terms matched)^coordination. 1 (the default) is MiniSearch's own; 0.5 lets one rare word
   * outweigh several common ones, as a long told plot needs.
   */
  coordination?: number;
}

export interface TextHit {
  id: string;
  type: NodeType;
  score: number;
  /** The query terms that matched, and in which fields. */
  matched: Record<string, TextField[]>;
}

/** A search of the films' stories (each film's title, plot, overview, keywords and tags as one text). */
export interface StoryQuery {
  limit?: number;
  /** A weight per index term (1 when absent; 0 leaves it out). */
  termWeights?: Readonly<Record<string, number>>;
  /** Count a term only where these texts hold it (all of the story when absent). */
  fields?: readonly TextField[];
  /** A film's summed score times (terms matched)^coordination (0, plain BM25, when absent). */
  coordination?: number;
  /** Only these films (KB names): a story among the films of the years remembered, or of a person. */
  among?: ReadonlySet<string>;
}

/** BM25 full-text search over titles, names, plots, overviews, tags and people. */
export interface TextIndex {
  readonly kind: string;
  search(query: string, options?: TextQuery): Promise<TextHit[]>;
  /** Plain BM25 over each film's story as one text, summed over the query's terms: a film told in the user's words. */
  searchStories(query: string, options?: StoryQuery): Promise<TextHit[]>;
}
