import type { DirectionFilter, EdgeType, KbNode, Neighbor, NodeType, RelationCount } from "../kb/schema";

export interface NeighborQuery {
  /** Only edges of these types; all when absent. */
  edges?: readonly EdgeType[];
  direction?: DirectionFilter;
  /** Only neighbours of this type. */
  neighborType?: NodeType;
  /** At most this many neighbours, in a stable order (edge type, then KB order). */
  limit?: number;
}

export interface Subgraph {
  nodes: KbNode[];
  edges: { source: string; target: string; type: EdgeType }[];
  /** True when `maxNodes` cut the expansion short. */
  truncated: boolean;
}

export interface GraphStats {
  nodes: number;
  edges: number;
  nodesByType: Record<NodeType, number>;
  edgesByType: Record<string, number>;
}

/**
 * The knowledge graph. Node ids are the KB's exact names. Batch forms exist so that a scale-out
 * store answers a whole frontier in one round trip.
 */
export interface GraphStore {
  readonly kind: string;
  stats(): Promise<GraphStats>;
  getNode(id: string): Promise<KbNode | undefined>;
  getNodes(ids: readonly string[]): Promise<(KbNode | undefined)[]>;
  neighbors(id: string, query?: NeighborQuery): Promise<Neighbor[]>;
  /** Neighbours of many nodes at once; the map has an entry for every known id. */
  neighborsMany(ids: readonly string[], query?: NeighborQuery): Promise<Map<string, Neighbor[]>>;
  /** The edge types and directions a node takes part in, with counts. */
  relations(id: string): Promise<RelationCount[]>;
  /** Relations of many nodes at once; the map has an entry for every known id. */
  relationsMany(ids: readonly string[]): Promise<Map<string, RelationCount[]>>;
  degree(id: string, query?: Pick<NeighborQuery, "edges" | "direction">): Promise<number>;
  /** Nodes within `hops` of the seeds, breadth first, stopping at `maxNodes`. */
  subgraph(seeds: readonly string[], hops: number, options?: { maxNodes?: number; edges?: readonly EdgeType[] }): Promise<Subgraph>;
  close?(): Promise<void>;
}
