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
}

export interface TextHit {
  id: string;
  type: NodeType;
  score: number;
  /** The query terms that matched, and in which fields. */
  matched: Record<string, TextField[]>;
}

/** BM25 full-text search over titles, names, plots, overviews, tags and people. */
export interface TextIndex {
  readonly kind: string;
  search(query: string, options?: TextQuery): Promise<TextHit[]>;
}
