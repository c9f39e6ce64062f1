import Graph from "graphology";
import louvain from "graphology-communities-louvain";
import { fnv1a32 } from "../../../util/hash";
import { seededRandom } from "../../../util/random";
import type { CooccurrenceEdge } from "./cooccurrence";

/**
 * Communities of concepts that share films: seeded Louvain (graphology) on the co-occurrence graph,
 * run again inside every community larger than `maxSize` for the next level down, to `maxLevels`.
 * Level 0 covers every concept with an edge; a concept's path runs from its level-0 community to its
 * leaf. The same graph and seed give the same communities, numbered the same, on every run.
 */
export interface CommunityOptions {
  maxSize: number;
  maxLevels: number;
  seed: number;
  resolution: number;
}

export const COMMUNITY_DEFAULTS: CommunityOptions = { maxSize: 60, maxLevels: 3, seed: 20261126, resolution: 1 };

export interface DetectedCommunity {
  /** "c3" at level 0, "c3.2" its second child, … (by size within the parent, largest first). */
  id: string;
  level: number;
  /** Index of the parent in the list, or -1. */
  parent: number;
  children: number[];
  /** Concept indices, ascending. */
  members: number[];
}

export interface CommunityTree {
  /** Parents before children; siblings largest first. */
  communities: DetectedCommunity[];
  /** Per concept, its leaf community's index, or -1 (a concept with no edge). */
  leafOf: Int32Array;
}

export function detectCommunities(concepts: number, edges: readonly CooccurrenceEdge[], options: CommunityOptions = COMMUNITY_DEFAULTS): CommunityTree {
  const adjacency = new Map<number, { to: number; w: number }[]>();
  for (const e of edges) {
    (adjacency.get(e.a) ?? adjacency.set(e.a, []).get(e.a)!).push({ to: e.b, w: e.npmi });
    (adjacency.get(e.b) ?? adjacency.set(e.b, []).get(e.b)!).push({ to: e.a, w: e.npmi });
  }
  const nodes = [...adjacency.keys()].sort((a, b) => a - b);
  const communities: DetectedCommunity[] = [];
  const leafOf = new Int32Array(concepts).fill(-1);
  const split = (members: number[], level: number, parent: number, prefix: string) => {
    const groups = partition(members, adjacency, options, `${options.seed}:${prefix}`);
    groups.forEach((group, i) => {
      const index = communities.length;
      const id = `${prefix}${i + 1}`;
      communities.push({ id, level, parent, children: [], members: group });
      if (parent >= 0) communities[parent]!.children.push(index);
      for (const m of group) leafOf[m] = index;
    });
    return groups.length;
  };
  split(nodes, 0, -1, "c");
  // Breadth first: a level's communities are all listed before the next level's.
  for (let i = 0; i < communities.length; i++) {
    const c = communities[i]!;
    if (c.members.length <= options.maxSize || c.level + 1 >= options.maxLevels) continue;
    const before = communities.length;
    if (split(c.members, c.level + 1, i, `${c.id}.`) < 2) {
      // Louvain kept it whole: it stays a leaf.
      communities.length = before;
      c.children = [];
      for (const m of c.members) leafOf[m] = i;
    }
  }
  return { communities, leafOf };
}

/** Louvain over the subgraph the members induce; groups largest first, then by their smallest member. */
function partition(members: readonly number[], adjacency: ReadonlyMap<number, { to: number; w: number }[]>, options: CommunityOptions, seedKey: string): number[][] {
  const inside = new Set(members);
  const graph = new Graph({ type: "undirected", multi: false, allowSelfLoops: false });
  for (const m of members) graph.addNode(String(m));
  for (const m of members) {
    for (const { to, w } of adjacency.get(m) ?? []) {
      if (to > m && inside.has(to)) graph.addUndirectedEdge(String(m), String(to), { weight: w });
    }
  }
  const assignment = louvain(graph, { getEdgeWeight: "weight", rng: seededRandom(fnv1a32(seedKey)), resolution: options.resolution });
  const groups = new Map<number, number[]>();
  for (const m of members) {
    const g = assignment[String(m)]!;
    (groups.get(g) ?? groups.set(g, []).get(g)!).push(m);
  }
  return [...groups.values()].map((g) => g.sort((a, b) => a - b)).sort((a, b) => b.length - a.length || a[0]! - b[0]!);
}
