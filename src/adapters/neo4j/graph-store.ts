import type { GraphStats, GraphStore, NeighborQuery, Subgraph } from "../../ports/graph-store";
import { EDGE_TYPES, NODE_TYPES, type EdgeType, type KbNode, type Neighbor, type NodeType, type RelationCount } from "../../kb/schema";
import type { Neo4jConnection } from "./connection";
import { assertEdgeTypes, degreeQuery, edgesAmongQuery, neighborsQuery, nodesQuery, relationsQuery, statsQuery } from "./cypher";
import { DegreeRow, EdgeRow, NeighborRow, NodeRow, RelationRow, StatsRow, parseRows, toKbNode, toNeighbors, toRelations } from "./rows";
import { DEFAULT_LABEL } from "./schema";

const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * The knowledge graph in Neo4j: `(:Entity:<Type> {id, name, types, primaryType, degree, ord, ...})`
 * nodes and typed relationships carrying their KB edge index `ord`, as `ingestGraph` writes them.
 * Each port method is one parameterized query (batch forms included: one round trip per frontier);
 * `subgraph` is one per hop plus two.
 */
export class Neo4jGraphStore implements GraphStore {
  readonly kind = "neo4j";
  private statsOnce: Promise<GraphStats> | undefined;

  constructor(
    private readonly conn: Neo4jConnection,
    readonly label: string = DEFAULT_LABEL,
  ) {}

  /** Counted once per store: the service reads a graph that ingest, a separate process, has finished writing. */
  stats(): Promise<GraphStats> {
    this.statsOnce ??= this.countAll().catch((e: unknown) => {
      this.statsOnce = undefined;
      throw e;
    });
    return this.statsOnce;
  }

  /** Fresh counts, bypassing the cache (ingest compares them with the embedded store's). */
  async countAll(): Promise<GraphStats> {
    const rows = parseRows(StatsRow, await this.conn.read(statsQuery(this.label), { doing: "counting the graph" }), "stats");
    const byKey = new Map(rows.map((r) => [r.key, r.total]));
    const nodesByType = Object.fromEntries(NODE_TYPES.map((t) => [t, byKey.get(`node:${t}`) ?? 0])) as Record<NodeType, number>;
    const edgesByType: Record<string, number> = Object.fromEntries(EDGE_TYPES.map((t) => [t, byKey.get(`edge:${t}`) ?? 0]));
    const edges = Object.values(edgesByType).reduce((a, b) => a + b, 0);
    return { nodes: byKey.get("nodes") ?? 0, edges, nodesByType, edgesByType };
  }

  async getNode(id: string): Promise<KbNode | undefined> {
    return (await this.getNodes([id]))[0];
  }

  async getNodes(ids: readonly string[]): Promise<(KbNode | undefined)[]> {
    if (ids.length === 0) return [];
    const rows = parseRows(NodeRow, await this.conn.read(nodesQuery(this.label, unique(ids)), { doing: "reading nodes" }), "getNodes");
    const byId = new Map(rows.map((r) => [r.node.id, r.node]));
    return ids.map((id) => {
      const n = byId.get(id);
      return n ? toKbNode(n) : undefined;
    });
  }

  async neighbors(id: string, query?: NeighborQuery): Promise<Neighbor[]> {
    return (await this.neighborsMany([id], query)).get(id) ?? [];
  }

  async neighborsMany(ids: readonly string[], query?: NeighborQuery): Promise<Map<string, Neighbor[]>> {
    const out = new Map<string, Neighbor[]>();
    if (ids.length === 0) return out;
    const rows = parseRows(NeighborRow, await this.conn.read(neighborsQuery(this.label, unique(ids), query), { doing: "reading neighbours" }), "neighborsMany");
    const byId = new Map(rows.map((r) => [r.id, r.neighbors]));
    for (const id of ids) {
      const list = byId.get(id);
      if (list && !out.has(id)) out.set(id, toNeighbors(list));
    }
    return out;
  }

  async relations(id: string): Promise<RelationCount[]> {
    return (await this.relationsMany([id])).get(id) ?? [];
  }

  async relationsMany(ids: readonly string[]): Promise<Map<string, RelationCount[]>> {
    const out = new Map<string, RelationCount[]>();
    if (ids.length === 0) return out;
    const rows = parseRows(RelationRow, await this.conn.read(relationsQuery(this.label, unique(ids)), { doing: "reading relations" }), "relationsMany");
    const byId = new Map(rows.map((r) => [r.id, r.counts]));
    for (const id of ids) {
      const counts = byId.get(id);
      if (counts && !out.has(id)) out.set(id, toRelations(counts));
    }
    return out;
  }

  async degree(id: string, query?: Pick<NeighborQuery, "edges" | "direction">): Promise<number> {
    const rows = parseRows(DegreeRow, await this.conn.read(degreeQuery(this.label, id, query), { doing: "counting edges" }), "degree");
    return rows[0]?.degree ?? 0;
  }

  /**
   * Breadth first from the seeds, one neighbour query per hop, in the store's neighbour order; then
   * the nodes and the edges among them. Stops adding at `maxNodes` and says so.
   */
  async subgraph(seeds: readonly string[], hops: number, options: { maxNodes?: number; edges?: readonly EdgeType[] } = {}): Promise<Subgraph> {
    const maxNodes = options.maxNodes ?? 500;
    const edges = options.edges ? assertEdgeTypes(options.edges) : undefined;
    const seedNodes = await this.getNodes(unique(seeds));
    const nodes = new Map<string, KbNode>();
    for (const n of seedNodes) if (n && nodes.size < maxNodes) nodes.set(n.id, n);
    const order = [...nodes.keys()];
    const seen = new Set(order);
    let truncated = false;
    let frontier = [...order];
    for (let d = 0; d < hops && frontier.length > 0 && !truncated && edges?.length !== 0; d++) {
      const map = await this.neighborsMany(frontier, { edges });
      const next: string[] = [];
      for (const id of frontier) {
        for (const nb of map.get(id) ?? []) {
          if (seen.has(nb.id)) continue;
          if (seen.size >= maxNodes) {
            truncated = true;
            break;
          }
          seen.add(nb.id);
          next.push(nb.id);
        }
      }
      order.push(...next);
      frontier = next;
    }
    const fresh = order.filter((id) => !nodes.has(id));
    (await this.getNodes(fresh)).forEach((n, i) => {
      if (n) nodes.set(fresh[i]!, n);
    });
    return { nodes: order.map((id) => nodes.get(id)).filter((n): n is KbNode => n !== undefined), edges: await this.edgesAmong(order, edges), truncated };
  }

  private async edgesAmong(ids: string[], edges: EdgeType[] | undefined): Promise<Subgraph["edges"]> {
    if (ids.length === 0 || edges?.length === 0) return [];
    const rows = parseRows(EdgeRow, await this.conn.read(edgesAmongQuery(this.label, ids, edges), { doing: "reading subgraph edges" }), "subgraph edges");
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => position.get(a.source)! - position.get(b.source)! || a.ord - b.ord);
    return rows.map((r) => ({ source: r.source, target: r.target, type: r.type }));
  }
}
