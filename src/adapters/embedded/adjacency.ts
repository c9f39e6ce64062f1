import { EDGE_TYPES } from "../../kb/schema";
import type { KbGraphData } from "../../kb/graph-data";

const T = EDGE_TYPES.length;

/**
 * Compressed adjacency by node and edge type, one for each direction: the neighbours of node n over
 * edge type t are targets[offsets[n*(T+1)+t] .. offsets[n*(T+1)+t+1]), in KB order. Built in
 * O(edges) by counting sort; answers a neighbour look-up without scanning other edge types.
 */
export interface TypedAdjacency {
  offsets: Int32Array;
  targets: Int32Array;
}

export function buildAdjacency(data: KbGraphData, direction: "out" | "in"): TypedAdjacency {
  const n = data.names.length;
  const m = data.edgeType.length;
  const from = direction === "out" ? data.edgeSrc : data.edgeDst;
  const to = direction === "out" ? data.edgeDst : data.edgeSrc;
  const offsets = new Int32Array(n * (T + 1) + 1);
  for (let e = 0; e < m; e++) offsets[from[e]! * (T + 1) + data.edgeType[e]! + 1]!++;
  for (let i = 1; i < offsets.length; i++) offsets[i]! += offsets[i - 1]!;
  const cursor = offsets.slice(0, offsets.length - 1);
  const targets = new Int32Array(m);
  for (let e = 0; e < m; e++) targets[cursor[from[e]! * (T + 1) + data.edgeType[e]!]!++] = to[e]!;
  return { offsets, targets };
}

/** [start, end) of node `n`'s neighbours over edge type index `t`. */
export function range(adj: TypedAdjacency, n: number, t: number): [number, number] {
  const base = n * (T + 1) + t;
  return [adj.offsets[base]!, adj.offsets[base + 1]!];
}

/** All of node `n`'s neighbours in one direction, across edge types. */
export function fullRange(adj: TypedAdjacency, n: number): [number, number] {
  return [adj.offsets[n * (T + 1)]!, adj.offsets[n * (T + 1) + T]!];
}
