import type { NodeType } from "../kb/schema";

export interface VectorItem {
  id: string;
  vector: Float32Array;
  type: NodeType;
  name: string;
}

export interface VectorQuery {
  k?: number;
  /** Minimum cosine similarity. */
  threshold?: number;
  types?: readonly NodeType[];
  /** Only these items (by id). */
  ids?: readonly string[];
}

export interface VectorHit {
  id: string;
  score: number;
  type: NodeType;
}

/** Cosine nearest neighbours over unit vectors. */
export interface VectorStore {
  readonly kind: string;
  readonly dimension: number;
  size(): Promise<number>;
  upsert(items: readonly VectorItem[]): Promise<void>;
  search(vector: Float32Array, query?: VectorQuery): Promise<VectorHit[]>;
  close?(): Promise<void>;
}
