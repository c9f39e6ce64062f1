/**
 * The evidence as a small graph: the triples of path evidence become typed nodes and edges, and
 * node or passage evidence its focus node. Node types come from the edge schema the server sends
 * (a DIRECTED edge joins a Person to a Movie). Pure, so the layout is the same on every machine.
 */

export interface EvidenceLike {
  id: string;
  kind: string;
  focus: string;
  focusType?: string;
  nodeIds: string[];
  path?: { subject: string; edge: string; object: string }[];
  score: number;
}

export interface EdgeSchema {
  from: string;
  to: string;
  label: string;
}

export interface GraphNode {
  id: string;
  type: string;
  /** Cited by the answer (directly or through a cited path). */
  cited: boolean;
  /** Added by expanding a neighbour, not from the run's evidence. */
  added: boolean;
  x: number;
  y: number;
}

export interface GraphEdge {
  source: string;
  target: string;
  type: string;
  label: string;
  cited: boolean;
}

export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Nodes left out to keep the drawing readable. */
  omitted: number;
}

export interface Neighbour {
  id: string;
  type: string;
  edge: string;
  direction: "out" | "in";
}

const edgeKey = (s: string, t: string, type: string) => `${s}\u0000${type}\u0000${t}`;

export function buildGraph(
  evidence: readonly EvidenceLike[],
  schema: Readonly<Record<string, EdgeSchema>>,
  cited: ReadonlySet<string>,
  expanded: ReadonlyMap<string, readonly Neighbour[]> = new Map(),
  maxNodes = 40,
): Graph {
  const types = new Map<string, string>();
  const citedNodes = new Set<string>();
  const edges = new Map<string, GraphEdge>();
  const order: string[] = [];
  const see = (id: string, type: string | undefined) => {
    if (!types.has(id)) order.push(id);
    if (type && (!types.get(id) || types.get(id) === "Unknown")) types.set(id, type);
    else if (!types.has(id)) types.set(id, "Unknown");
  };
  // Cited evidence first, then by score, so the cap drops the least useful.
  const ranked = [...evidence].sort((a, b) => Number(cited.has(b.id)) - Number(cited.has(a.id)) || b.score - a.score || (a.id < b.id ? -1 : 1));
  for (const e of ranked) {
    const isCited = cited.has(e.id);
    if (e.path?.length) {
      for (const t of e.path) {
        const spec = schema[t.edge];
        see(t.subject, spec?.from);
        see(t.object, spec?.to);
        if (isCited) citedNodes.add(t.subject).add(t.object);
        const key = edgeKey(t.subject, t.object, t.edge);
        const prev = edges.get(key);
        edges.set(key, { source: t.subject, target: t.object, type: t.edge, label: spec?.label ?? t.edge, cited: isCited || (prev?.cited ?? false) });
      }
    } else if (e.focus) {
      see(e.focus, e.focusType);
      if (isCited) citedNodes.add(e.focus);
    }
  }
  const fromEvidence = new Set(order);
  for (const [id, list] of [...expanded.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const n of list) {
      see(n.id, n.type);
      const [s, t] = n.direction === "out" ? [id, n.id] : [n.id, id];
      const key = edgeKey(s, t, n.edge);
      if (!edges.has(key)) edges.set(key, { source: s, target: t, type: n.edge, label: schema[n.edge]?.label ?? n.edge, cited: false });
    }
  }
  // Keep cited nodes, then the rest in the order met, up to the cap (expanded nodes always stay).
  const keep = new Set<string>([...citedNodes, ...expanded.keys()].filter((id) => types.has(id)));
  for (const id of order) if (keep.size < maxNodes || expanded.has(id)) keep.add(id);
  for (const list of expanded.values()) for (const n of list) keep.add(n.id);
  const nodes = order.filter((id) => keep.has(id)).map((id) => ({ id, type: types.get(id) ?? "Unknown", cited: citedNodes.has(id), added: !fromEvidence.has(id), x: 0, y: 0 }));
  const kept = [...edges.values()].filter((e) => keep.has(e.source) && keep.has(e.target));
  return { nodes: layout(nodes, kept), edges: kept, omitted: order.length - nodes.length };
}

/**
 * A force-directed layout (Fruchterman–Reingold) in the unit square, started from a circle in a
 * fixed order and cooled over a fixed number of rounds: deterministic, and a few milliseconds for
 * the forty-odd nodes drawn.
 */
export function layout(nodes: GraphNode[], edges: readonly GraphEdge[], rounds = 200): GraphNode[] {
  const n = nodes.length;
  if (n === 0) return nodes;
  if (n === 1) return [{ ...nodes[0]!, x: 0.5, y: 0.5 }];
  const index = new Map(nodes.map((v, i) => [v.id, i]));
  const x = nodes.map((_, i) => 0.5 + 0.4 * Math.cos((2 * Math.PI * i) / n));
  const y = nodes.map((_, i) => 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / n));
  const k = Math.sqrt(1 / n) * 0.9;
  const links = edges.map((e) => [index.get(e.source)!, index.get(e.target)!] as const).filter(([a, b]) => a !== b);
  let temperature = 0.1;
  for (let r = 0; r < rounds; r++) {
    const dx = new Float64Array(n);
    const dy = new Float64Array(n);
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        let ddx = x[i]! - x[j]!;
        let ddy = y[i]! - y[j]!;
        let d = Math.hypot(ddx, ddy);
        if (d < 1e-6) {
          ddx = 1e-3 * (i - j);
          ddy = 1e-3;
          d = Math.hypot(ddx, ddy);
        }
        const f = (k * k) / d;
        dx[i]! += (ddx / d) * f;
        dy[i]! += (ddy / d) * f;
        dx[j]! -= (ddx / d) * f;
        dy[j]! -= (ddy / d) * f;
      }
    for (const [a, b] of links) {
      const ddx = x[a]! - x[b]!;
      const ddy = y[a]! - y[b]!;
      const d = Math.max(1e-6, Math.hypot(ddx, ddy));
      const f = (d * d) / k;
      dx[a]! -= (ddx / d) * f;
      dy[a]! -= (ddy / d) * f;
      dx[b]! += (ddx / d) * f;
      dy[b]! += (ddy / d) * f;
    }
    for (let i = 0; i < n; i++) {
      // A weak pull to the centre keeps unconnected parts on the canvas.
      dx[i]! += (0.5 - x[i]!) * k * 0.5;
      dy[i]! += (0.5 - y[i]!) * k * 0.5;
      const d = Math.max(1e-9, Math.hypot(dx[i]!, dy[i]!));
      const step = Math.min(d, temperature);
      x[i] = x[i]! + (dx[i]! / d) * step;
      y[i] = y[i]! + (dy[i]! / d) * step;
    }
    temperature = Math.max(0.002, temperature * 0.97);
  }
  // Fit into [0.06, 0.94] so labels stay inside.
  const [minX, maxX, minY, maxY] = [Math.min(...x), Math.max(...x), Math.min(...y), Math.max(...y)];
  const sx = maxX - minX || 1;
  const sy = maxY - minY || 1;
  return nodes.map((v, i) => ({ ...v, x: 0.06 + (0.88 * (x[i]! - minX)) / sx, y: 0.08 + (0.84 * (y[i]! - minY)) / sy }));
}
