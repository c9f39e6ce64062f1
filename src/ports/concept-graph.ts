/**
 * The concept layer: what films are *about*, as a graph beside the KB (FastGraphRAG / LazyGraphRAG
 * style, built at ingest with no model). A concept is a genre, a tag, a TMDB keyword, a noun phrase or
 * a proper name (a character, a place) found in the films' plots and overviews; films link to the
 * concepts they hold, weighted by how specific the concept is; concepts that share films are linked
 * (pruned), and seeded Louvain communities group them in a hierarchy, each with a report built from
 * the data. The embedded store answers from memory; Neo4j holds the same concepts and edges.
 *
 * Concept keys are stable strings (`type:folded name`, e.g. `keyword:strong woman`), so the two
 * backends, the snapshot and the trace name a concept the same way.
 */

/** What a concept is, where its source says so; `phrase` when nothing does (a plain noun phrase of a plot). */
export const CONCEPT_TYPES = ["genre", "theme", "setting", "character", "series", "mood", "phrase"] as const;
export type ConceptType = (typeof CONCEPT_TYPES)[number];

/** Where a film–concept link was found. */
export const CONCEPT_SOURCES = ["kb_genre", "kb_tag", "tmdb_genre", "tmdb_keyword", "plot", "overview", "title", "model"] as const;
export type ConceptSource = (typeof CONCEPT_SOURCES)[number];

export interface ConceptInfo {
  key: string;
  /** The spelling most of its films use. */
  name: string;
  type: ConceptType;
  /** How many films hold it. */
  films: number;
  sources: ConceptSource[];
}

/** A film's link to a concept: weight is the specificity-weighted strength (higher = more telling), comparable across concepts. */
export interface FilmConceptLink {
  concept: ConceptInfo;
  weight: number;
  sources: ConceptSource[];
}

export interface ConceptFilmLink {
  film: string;
  weight: number;
  sources: ConceptSource[];
}

export interface ConceptHit {
  concept: ConceptInfo;
  /** 1 for an exact match; BM25 scaled by the query's ceiling, in [0, 1), for a search match. */
  score: number;
  /** `exact`: the text is the concept's name (folded, singular or plural); `search`: BM25 over concept names. */
  match: "exact" | "search";
}

/** A community of concepts that share films, with a report computed from the data (no model). */
export interface CommunityReport {
  id: string;
  level: number;
  parent?: string;
  children: string[];
  /** A short title: its two or three most central concepts. */
  title: string;
  concepts: number;
  films: number;
  /** Most central concepts first (weight = strength inside the community × specificity). */
  topConcepts: { key: string; name: string; type: ConceptType; weight: number }[];
  /** Films that hold the most of its concepts, best first. */
  representativeFilms: { film: string; weight: number }[];
  genres: { name: string; share: number }[];
  decades: { decade: number; share: number }[];
  /** One or two sentences written from the fields above. */
  summary: string;
}

export interface CommunityHit {
  report: CommunityReport;
  score: number;
}

export interface ConceptGraphStats {
  concepts: number;
  conceptsByType: Record<ConceptType, number>;
  filmLinks: number;
  cooccurrenceEdges: number;
  communities: number;
  levels: number;
}

export interface ConceptGraph {
  readonly kind: string;
  stats(): Promise<ConceptGraphStats>;
  get(keys: readonly string[]): Promise<(ConceptInfo | undefined)[]>;
  /**
   * Concepts a phrase names: exact (folded, singular/plural, with or without a leading article) matches
   * first, most films first, then BM25 over concept names; `limit` 10 by default.
   */
  find(text: string, options?: { types?: readonly ConceptType[]; limit?: number }): Promise<ConceptHit[]>;
  /** Each film's concepts, strongest first (every film asked has an entry; unknown films an empty list); all of them unless `limit`. */
  conceptsOf(films: readonly string[], options?: { limit?: number }): Promise<Map<string, FilmConceptLink[]>>;
  /** Each known concept's films, strongest first (unknown keys have no entry); all of them unless `limit`. */
  filmsOf(keys: readonly string[], options?: { limit?: number }): Promise<Map<string, ConceptFilmLink[]>>;
  /** Concepts that share films with this one (the pruned co-occurrence edges), strongest first. */
  related(key: string, options?: { limit?: number }): Promise<{ concept: ConceptInfo; weight: number }[]>;
  community(id: string): Promise<CommunityReport | undefined>;
  /** The communities a concept belongs to, from the top level down to its leaf. */
  communitiesOf(key: string): Promise<string[]>;
  /** Communities whose reports match a query (BM25 over titles, concept names and summaries), best first; `limit` 10 by default. */
  searchCommunities(query: string, options?: { level?: number; limit?: number }): Promise<CommunityHit[]>;
  close?(): Promise<void>;
}
