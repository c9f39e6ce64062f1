import type { NodeType } from "../kb/schema";

export type MatchKind = "exact" | "folded" | "fuzzy" | "partial";

export interface EntityCandidate {
  id: string;
  name: string;
  type: NodeType;
  types: NodeType[];
  /** In (0, 1]; exact matches score highest, then folded, fuzzy and partial ones. */
  score: number;
  match: MatchKind;
  degree: number;
}

export interface LinkOptions {
  types?: readonly NodeType[];
  limit?: number;
  /** Only names equal to the mention, exactly or folded (case, accents, punctuation): no spelling corrections or partial names. */
  exact?: boolean;
}

/** A span of a question that names a KB entity. */
export interface Mention {
  text: string;
  start: number;
  end: number;
  candidates: EntityCandidate[];
  /** How sure the linker is that this span is an entity at all, in (0, 1]. */
  confidence: number;
}

/** Mentions → ranked KB nodes: exact, case- and accent-insensitive, typo-tolerant and partial. */
export interface EntityLinker {
  link(mention: string, options?: LinkOptions): EntityCandidate[];
  /** Finds the entity mentions in free text (no brackets needed), best first, non-overlapping. */
  findMentions(text: string, options?: { limit?: number }): Mention[];
}
