/**
 * The graph model (see DESIGN.md): typed nodes keyed by their exact KB name, and typed edges.
 * MetaQA triples are all `movie|relation|value`; person roles become person → movie edges, the
 * rest movie → value edges, as in the design's Cypher-style model.
 */

export const NODE_TYPES = ["Movie", "Person", "Genre", "Tag", "Language", "Year", "Rating", "Votes"] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const EDGE_TYPES = [
  "DIRECTED",
  "WROTE",
  "ACTED_IN",
  "RELEASED_IN",
  "IN_LANGUAGE",
  "HAS_GENRE",
  "HAS_TAG",
  "HAS_RATING",
  "HAS_VOTES",
] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

export type Direction = "out" | "in";
export type DirectionFilter = Direction | "both";

export interface EdgeSpec {
  type: EdgeType;
  /** The MetaQA relation this edge type comes from. */
  metaqa: MetaqaRelation;
  from: NodeType;
  to: NodeType;
  /** Phrases that name the edge when read from→to and to→from; used by prompts and scorers. */
  forwardLabel: string;
  backwardLabel: string;
}

export const METAQA_RELATIONS = [
  "directed_by",
  "written_by",
  "starred_actors",
  "release_year",
  "in_language",
  "has_genre",
  "has_tags",
  "has_imdb_rating",
  "has_imdb_votes",
] as const;
export type MetaqaRelation = (typeof METAQA_RELATIONS)[number];

export const EDGE_SPECS: Readonly<Record<EdgeType, EdgeSpec>> = {
  DIRECTED: { type: "DIRECTED", metaqa: "directed_by", from: "Person", to: "Movie", forwardLabel: "directed", backwardLabel: "directed by" },
  WROTE: { type: "WROTE", metaqa: "written_by", from: "Person", to: "Movie", forwardLabel: "wrote", backwardLabel: "written by" },
  ACTED_IN: { type: "ACTED_IN", metaqa: "starred_actors", from: "Person", to: "Movie", forwardLabel: "acted in", backwardLabel: "starred" },
  RELEASED_IN: { type: "RELEASED_IN", metaqa: "release_year", from: "Movie", to: "Year", forwardLabel: "released in", backwardLabel: "year of release of" },
  IN_LANGUAGE: { type: "IN_LANGUAGE", metaqa: "in_language", from: "Movie", to: "Language", forwardLabel: "in language", backwardLabel: "language of" },
  HAS_GENRE: { type: "HAS_GENRE", metaqa: "has_genre", from: "Movie", to: "Genre", forwardLabel: "has genre", backwardLabel: "genre of" },
  HAS_TAG: { type: "HAS_TAG", metaqa: "has_tags", from: "Movie", to: "Tag", forwardLabel: "has tag", backwardLabel: "tag of" },
  HAS_RATING: { type: "HAS_RATING", metaqa: "has_imdb_rating", from: "Movie", to: "Rating", forwardLabel: "rated", backwardLabel: "rating of" },
  HAS_VOTES: { type: "HAS_VOTES", metaqa: "has_imdb_votes", from: "Movie", to: "Votes", forwardLabel: "imdb votes", backwardLabel: "votes of" },
};

const BY_METAQA = new Map<string, EdgeSpec>(Object.values(EDGE_SPECS).map((s) => [s.metaqa, s]));

/** The edge a MetaQA relation becomes, and whether the KB subject (a movie) is the edge's source. */
export function edgeForMetaqa(relation: string): { spec: EdgeSpec; movieIsSource: boolean } | undefined {
  const spec = BY_METAQA.get(relation);
  if (!spec) return undefined;
  return { spec, movieIsSource: spec.from === "Movie" };
}

export const EDGE_TYPE_INDEX: Readonly<Record<EdgeType, number>> = Object.fromEntries(
  EDGE_TYPES.map((t, i) => [t, i]),
) as Record<EdgeType, number>;

export const NODE_TYPE_BIT: Readonly<Record<NodeType, number>> = Object.fromEntries(
  NODE_TYPES.map((t, i) => [t, 1 << i]),
) as Record<NodeType, number>;

export function typesFromMask(mask: number): NodeType[] {
  return NODE_TYPES.filter((t) => (mask & NODE_TYPE_BIT[t]) !== 0);
}

/** A node as the ports return it. `id` is the exact KB name: answers are compared by name. */
export interface KbNode {
  id: string;
  name: string;
  /** The type with the most edges; a few names are several things at once ("War" is a genre and a film). */
  type: NodeType;
  types: NodeType[];
  degree: number;
  /** Movies only. */
  plot?: string;
  overview?: string;
  years?: string[];
}

export interface Neighbor {
  id: string;
  edge: EdgeType;
  /** "out" when the asked node is the edge's source. */
  direction: Direction;
}

export interface RelationCount {
  edge: EdgeType;
  direction: Direction;
  count: number;
}
