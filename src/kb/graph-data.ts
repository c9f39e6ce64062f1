import type { TmdbFacts, TmdbOnlyFilm } from "../ports/movie-catalog";
import type { FilmEdition } from "../ports/film-editions";
import { EDGE_SPECS, EDGE_TYPES, NODE_TYPES, NODE_TYPE_BIT, type NodeType } from "./schema";

/**
 * The knowledge base in flat arrays: what ingestion produces, what the snapshot stores, and what
 * the embedded adapters index. Node `i` is `names[i]`; edge `e` goes `edgeSrc[e] → edgeDst[e]`
 * with type `EDGE_TYPES[edgeType[e]]`.
 */
export interface KbGraphData {
  names: string[];
  typeMask: Uint16Array;
  primaryType: Uint8Array;
  edgeSrc: Int32Array;
  edgeDst: Int32Array;
  edgeType: Uint8Array;
  /** Per node; empty for non-movies and movies without text. */
  plots: string[];
  overviews: string[];
  /** TMDB facts of the movies a TMDB row joins, one record per movie, in node order. */
  tmdbFacts: TmdbFacts[];
  /** Films TMDB lists whose title no KB film has: known by their TMDB facts alone. */
  tmdbOnly: TmdbOnlyFilm[];
  /** The films of each merged title (two or more WikiMovies records with different years), with their people. */
  editions: FilmEdition[];
}

export function primaryTypeOf(data: KbGraphData, node: number): NodeType {
  return NODE_TYPES[data.primaryType[node]!]!;
}

export function isType(data: KbGraphData, node: number, type: NodeType): boolean {
  return (data.typeMask[node]! & NODE_TYPE_BIT[type]) !== 0;
}

export interface GraphCounts {
  nodes: number;
  edges: number;
  nodesByType: Record<NodeType, number>;
  edgesByType: Record<string, number>;
}

/** Counts by type; a node with several types counts once under each. */
export function countGraph(data: KbGraphData): GraphCounts {
  const nodesByType = Object.fromEntries(NODE_TYPES.map((t) => [t, 0])) as Record<NodeType, number>;
  for (let i = 0; i < data.names.length; i++) {
    for (const t of NODE_TYPES) if ((data.typeMask[i]! & NODE_TYPE_BIT[t]) !== 0) nodesByType[t]++;
  }
  const edgesByType: Record<string, number> = Object.fromEntries(EDGE_TYPES.map((t) => [t, 0]));
  for (let e = 0; e < data.edgeType.length; e++) edgesByType[EDGE_TYPES[data.edgeType[e]!]!]!++;
  return { nodes: data.names.length, edges: data.edgeType.length, nodesByType, edgesByType };
}

export { EDGE_SPECS };
