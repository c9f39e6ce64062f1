import Graph from "graphology";
import type { GraphStats, GraphStore, NeighborQuery, Subgraph } from "../../ports/graph-store";
import { EDGE_TYPES, EDGE_TYPE_INDEX, NODE_TYPES, NODE_TYPE_BIT, typesFromMask, type Direction, type EdgeType, type KbNode, type Neighbor, type RelationCount } from "../../kb/schema";
import { countGraph, type KbGraphData } from "../../kb/graph-data";
import { buildAdjacency, fullRange, range, type TypedAdjacency } from "./adjacency";
import { SharedStringMap, type SharedStringMapData } from "../../kb/shared/string-map";
import { toShared, type SharedStrings } from "../../kb/shared/strings";

const ALL_EDGE_TYPES = EDGE_TYPES.map((_, i) => i);

/**
 * What the graph store builds from the KB's arrays, once, in shared memory: the typed adjacency in
 * both directions, the names' index (name → node) and the counts. Worker threads read the same copy.
 */
export interface GraphIndexData {
  outAdj: TypedAdjacency;
  inAdj: TypedAdjacency;
  /** Name → [node]; the linker's exact-name map is this same map. */
  names: SharedStringMapData;
  counts: GraphStats;
}

export function buildGraphIndex(data: KbGraphData, names?: SharedStringMapData): GraphIndexData {
  const share = (a: TypedAdjacency): TypedAdjacency => ({ offsets: toShared(a.offsets), targets: toShared(a.targets) });
  return {
    outAdj: share(buildAdjacency(data, "out")),
    inAdj: share(buildAdjacency(data, "in")),
    names: names ?? SharedStringMap.build(data.names.map((n, i) => [n, [i]] as const)).data,
    counts: countGraph(data),
  };
}

const RELEASED_IN = EDGE_TYPE_INDEX.RELEASED_IN;

/** A column of texts by node: whether node i has one, and the text (decoded on ask when it lives in shared memory). */
export interface TextColumn {
  has(i: number): boolean;
  get(i: number): string;
}

const arrayColumn = (texts: readonly string[]): TextColumn => ({ has: (i) => Boolean(texts[i]), get: (i) => texts[i]! });

/** A shared-memory column: presence from the stored length, the text decoded only when read. */
export const sharedColumn = (texts: SharedStrings): TextColumn => ({ has: (i) => texts.lengthOf(i) > 0, get: (i) => texts.get(i) });

/** Defines `key` on the node as a value computed on first read (and kept), enumerable like a plain field. */
function lazyText(node: KbNode, key: "plot" | "overview", read: () => string): void {
  let value: string | undefined;
  Object.defineProperty(node, key, {
    enumerable: true,
    configurable: true,
    get: () => (value ??= read()),
    set: (v: string) => (value = v),
  });
}

/**
 * The in-process graph. Look-ups run on a typed adjacency index (microseconds at full KB scale);
 * a graphology graph over the same arrays is built on first use for traversal and graph analytics.
 */
export class EmbeddedGraphStore implements GraphStore {
  readonly kind = "embedded";
  private readonly index: SharedStringMap;
  private readonly outAdj: TypedAdjacency;
  private readonly inAdj: TypedAdjacency;
  private graphologyGraph: Graph | undefined;
  private readonly counts: GraphStats;

  private readonly texts: { plots: TextColumn; overviews: TextColumn };

  constructor(
    readonly data: KbGraphData,
    built: GraphIndexData = buildGraphIndex(data),
    texts?: { plots: TextColumn; overviews: TextColumn },
  ) {
    this.texts = texts ?? { plots: arrayColumn(data.plots), overviews: arrayColumn(data.overviews) };
    this.index = new SharedStringMap(built.names);
    this.outAdj = built.outAdj;
    this.inAdj = built.inAdj;
    this.counts = built.counts;
  }

  /** The index this store runs on, to share with another thread. */
  get built(): GraphIndexData {
    return { outAdj: this.outAdj, inAdj: this.inAdj, names: this.index.data, counts: this.counts };
  }

  /** A movie's release years, read off the adjacency. */
  private yearsOf(i: number): string[] | undefined {
    const [s, e] = range(this.outAdj, i, RELEASED_IN);
    if (s === e) return undefined;
    const out: string[] = [];
    for (let k = s; k < e; k++) out.push(this.data.names[this.outAdj.targets[k]!]!);
    return out;
  }

  // ---- synchronous core, used by the async port methods and by in-process callers ----

  indexOf(id: string): number | undefined {
    const hit = this.index.get(id);
    return hit && hit.length ? hit[0] : undefined;
  }

  nodeAt(i: number): KbNode {
    const d = this.data;
    const node: KbNode = {
      id: d.names[i]!,
      name: d.names[i]!,
      type: NODE_TYPES[d.primaryType[i]!]!,
      types: typesFromMask(d.typeMask[i]!),
      degree: this.degreeAt(i),
    };
    if ((d.typeMask[i]! & NODE_TYPE_BIT.Movie) !== 0) {
      // The texts are read when asked for: most callers want the node's name, type and years only
      // (and a worker thread decodes them from shared memory).
      if (this.texts.plots.has(i)) lazyText(node, "plot", () => this.texts.plots.get(i));
      if (this.texts.overviews.has(i)) lazyText(node, "overview", () => this.texts.overviews.get(i));
      const ys = this.yearsOf(i);
      if (ys) node.years = ys;
    }
    return node;
  }

  degreeAt(i: number, edges?: readonly EdgeType[], direction: Direction | "both" = "both"): number {
    const types = edges ? edges.map((t) => EDGE_TYPE_INDEX[t]) : undefined;
    let total = 0;
    for (const adj of this.adjacencies(direction)) {
      if (!types) {
        const [s, e] = fullRange(adj, i);
        total += e - s;
      } else {
        for (const t of types) {
          const [s, e] = range(adj, i, t);
          total += e - s;
        }
      }
    }
    return total;
  }

  /** Neighbour indices with their edge type and direction, in a stable order. */
  neighborIndices(i: number, query: NeighborQuery = {}): { node: number; edge: number; direction: Direction }[] {
    const types = query.edges ? [...new Set(query.edges.map((t) => EDGE_TYPE_INDEX[t]))].sort((a, b) => a - b) : ALL_EDGE_TYPES;
    const typeBit = query.neighborType ? NODE_TYPE_BIT[query.neighborType] : 0;
    const limit = query.limit ?? Infinity;
    const out: { node: number; edge: number; direction: Direction }[] = [];
    const dirs: Direction[] = query.direction === "in" ? ["in"] : query.direction === "out" ? ["out"] : ["out", "in"];
    for (const t of types) {
      for (const dir of dirs) {
        const adj = dir === "out" ? this.outAdj : this.inAdj;
        const [s, e] = range(adj, i, t);
        for (let p = s; p < e; p++) {
          const nb = adj.targets[p]!;
          if (typeBit && (this.data.typeMask[nb]! & typeBit) === 0) continue;
          out.push({ node: nb, edge: t, direction: dir });
          if (out.length >= limit) return out;
        }
      }
    }
    return out;
  }

  relationsAt(i: number): RelationCount[] {
    const out: RelationCount[] = [];
    for (let t = 0; t < EDGE_TYPES.length; t++) {
      for (const dir of ["out", "in"] as const) {
        const [s, e] = range(dir === "out" ? this.outAdj : this.inAdj, i, t);
        if (e > s) out.push({ edge: EDGE_TYPES[t]!, direction: dir, count: e - s });
      }
    }
    return out;
  }

  private adjacencies(direction: Direction | "both"): TypedAdjacency[] {
    return direction === "out" ? [this.outAdj] : direction === "in" ? [this.inAdj] : [this.outAdj, this.inAdj];
  }

  private toNeighbors(list: { node: number; edge: number; direction: Direction }[]): Neighbor[] {
    return list.map((x) => ({ id: this.data.names[x.node]!, edge: EDGE_TYPES[x.edge]!, direction: x.direction }));
  }

  // ---- GraphStore port ----

  async stats(): Promise<GraphStats> {
    return this.counts;
  }

  async getNode(id: string): Promise<KbNode | undefined> {
    const i = this.indexOf(id);
    return i === undefined ? undefined : this.nodeAt(i);
  }

  async getNodes(ids: readonly string[]): Promise<(KbNode | undefined)[]> {
    return ids.map((id) => {
      const i = this.indexOf(id);
      return i === undefined ? undefined : this.nodeAt(i);
    });
  }

  async neighbors(id: string, query?: NeighborQuery): Promise<Neighbor[]> {
    const i = this.indexOf(id);
    return i === undefined ? [] : this.toNeighbors(this.neighborIndices(i, query));
  }

  async neighborsMany(ids: readonly string[], query?: NeighborQuery): Promise<Map<string, Neighbor[]>> {
    const out = new Map<string, Neighbor[]>();
    for (const id of ids) {
      const i = this.indexOf(id);
      if (i !== undefined) out.set(id, this.toNeighbors(this.neighborIndices(i, query)));
    }
    return out;
  }

  async relations(id: string): Promise<RelationCount[]> {
    const i = this.indexOf(id);
    return i === undefined ? [] : this.relationsAt(i);
  }

  async relationsMany(ids: readonly string[]): Promise<Map<string, RelationCount[]>> {
    const out = new Map<string, RelationCount[]>();
    for (const id of ids) {
      const i = this.indexOf(id);
      if (i !== undefined) out.set(id, this.relationsAt(i));
    }
    return out;
  }

  async degree(id: string, query?: Pick<NeighborQuery, "edges" | "direction">): Promise<number> {
    const i = this.indexOf(id);
    return i === undefined ? 0 : this.degreeAt(i, query?.edges, query?.direction ?? "both");
  }

  async subgraph(seeds: readonly string[], hops: number, options: { maxNodes?: number; edges?: readonly EdgeType[] } = {}): Promise<Subgraph> {
    const g = this.graphology();
    const maxNodes = options.maxNodes ?? 500;
    const allowed = options.edges ? new Set<string>(options.edges) : undefined;
    const depth = new Map<string, number>();
    const queue: string[] = [];
    let truncated = false;
    for (const s of seeds) {
      if (g.hasNode(s) && !depth.has(s) && depth.size < maxNodes) {
        depth.set(s, 0);
        queue.push(s);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      const d = depth.get(node)!;
      if (d >= hops) continue;
      g.forEachEdge(node, (_edge, attrs, source, target) => {
        if (allowed && !allowed.has(attrs.type as string)) return;
        const other = source === node ? target : source;
        if (depth.has(other)) return;
        if (depth.size >= maxNodes) {
          truncated = true;
          return;
        }
        depth.set(other, d + 1);
        queue.push(other);
      });
    }
    const nodes = queue.map((id) => this.nodeAt(this.indexOf(id)!));
    const edges: Subgraph["edges"] = [];
    const inSet = new Set(queue);
    for (const id of queue) {
      g.forEachOutEdge(id, (_e, attrs, source, target) => {
        if (inSet.has(target) && (!allowed || allowed.has(attrs.type as string))) edges.push({ source, target, type: attrs.type as EdgeType });
      });
    }
    return { nodes, edges, truncated };
  }

  /** The graph as a graphology MultiDirectedGraph, built once on first use. */
  graphology(): Graph {
    if (!this.graphologyGraph) {
      const g = new Graph({ multi: true, type: "directed", allowSelfLoops: true });
      const d = this.data;
      for (let i = 0; i < d.names.length; i++) g.addNode(d.names[i]!, { type: NODE_TYPES[d.primaryType[i]!] });
      for (let e = 0; e < d.edgeType.length; e++) g.addEdge(d.names[d.edgeSrc[e]!]!, d.names[d.edgeDst[e]!]!, { type: EDGE_TYPES[d.edgeType[e]!] });
      this.graphologyGraph = g;
    }
    return this.graphologyGraph;
  }
}
