import { useMemo, useState } from "hono/jsx/dom";
import { getJson } from "./api.js";
import type { ConsoleConfig } from "./config.js";
import { buildGraph, type Neighbour } from "./graph-model.js";
import type { Evidence, KbNode, Neighbor } from "./types.js";
import { ErrorBanner } from "./ui.js";

const W = 760;
const H = 420;
const NEIGHBOURS = 12;

interface Panel {
  entity: KbNode;
  neighbors: Neighbour[];
  total: number;
}

const short = (s: string) => (s.length > 26 ? `${s.slice(0, 25)}…` : s);

/**
 * The evidence's triple paths drawn as a graph, nodes coloured by type and cited ones ringed.
 * Clicking a node (or Enter on it) shows the entity and draws its neighbours from the entities
 * endpoint; the drawing grows as you explore.
 */
export function EvidenceGraph({ evidence, cited, config }: { evidence: readonly Evidence[]; cited: ReadonlySet<string>; config: ConsoleConfig }) {
  const [expanded, setExpanded] = useState<Map<string, Neighbour[]>>(new Map());
  const [panel, setPanel] = useState<Panel | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState<string | undefined>(undefined);
  const graph = useMemo(() => buildGraph(evidence, config.edges, cited, expanded), [evidence, cited, expanded]);
  const types = [...new Set(graph.nodes.map((n) => n.type))].sort();

  const open = async (id: string) => {
    setError(undefined);
    setLoading(id);
    try {
      const r = await getJson<{ entity: KbNode; neighbors: Neighbor[]; total: number }>(`/v1/entities/${encodeURIComponent(id)}/neighbors?limit=${NEIGHBOURS}`);
      const neighbors = r.neighbors.map((n) => {
        const spec = config.edges[n.edge];
        return { id: n.id, edge: n.edge, direction: n.direction, type: (n.direction === "out" ? spec?.to : spec?.from) ?? "Unknown" };
      });
      setPanel({ entity: r.entity, neighbors, total: r.total });
      setExpanded((prev) => new Map(prev).set(id, neighbors));
    } catch (e) {
      setError(e);
    } finally {
      setLoading(undefined);
    }
  };

  if (!graph.nodes.length) return null;
  const at = new Map(graph.nodes.map((n) => [n.id, n]));
  return (
    <section class="graph" aria-label="Evidence graph">
      <h3>
        Evidence graph <span class="muted">({graph.nodes.length} nodes{graph.omitted ? `, ${graph.omitted} more not drawn` : ""}; select a node to see its neighbours)</span>
      </h3>
      <div class="legend">
        {types.map((t) => (
          <span class="legend-item">
            <svg width="12" height="12" aria-hidden="true">
              <circle cx="6" cy="6" r="5" class={`gn gn-${t}`} />
            </svg>{" "}
            {t}
          </span>
        ))}
        <span class="legend-item">
          <svg width="14" height="14" aria-hidden="true">
            <circle cx="7" cy="7" r="5" class="gn cited-ring" />
          </svg>{" "}
          cited
        </span>
      </div>
      <svg class="graph-canvas" viewBox={`0 0 ${W} ${H}`} role="group" aria-label="evidence graph">
        {graph.edges.map((e) => {
          const a = at.get(e.source)!;
          const b = at.get(e.target)!;
          return (
            <line x1={a.x * W} y1={a.y * H} x2={b.x * W} y2={b.y * H} class={`ge${e.cited ? " cited" : ""}`}>
              <title>
                {e.source} {e.label} {e.target}
              </title>
            </line>
          );
        })}
        {graph.nodes.map((n) => (
          <g
            class={`gnode${n.cited ? " cited" : ""}${n.added ? " added" : ""}${panel?.entity.id === n.id ? " current" : ""}`}
            transform={`translate(${(n.x * W).toFixed(1)},${(n.y * H).toFixed(1)})`}
            tabindex={0}
            role="button"
            aria-label={`${n.id} (${n.type})${n.cited ? ", cited" : ""}: show neighbours`}
            data-node={n.id}
            onClick={() => void open(n.id)}
            onKeyDown={(e: KeyboardEvent) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                void open(n.id);
              }
            }}
          >
            <circle r={n.cited ? 9 : 7} class={`gn gn-${n.type}`} />
            <text x={11} y={4}>
              {short(n.id)}
            </text>
            <title>
              {n.id} ({n.type})
            </title>
          </g>
        ))}
      </svg>
      {loading ? <p class="muted">loading the neighbours of {loading}…</p> : null}
      <ErrorBanner error={error} />
      {panel ? (
        <div class="node-panel" aria-live="polite">
          <h4>
            {panel.entity.name} <span class={`type type-${panel.entity.type}`}>{panel.entity.type}</span>{" "}
            <span class="muted">
              degree {panel.entity.degree}; showing {panel.neighbors.length} of {panel.total} neighbours
            </span>
          </h4>
          {panel.entity.plot ? <p class="plot">{panel.entity.plot.length > 400 ? `${panel.entity.plot.slice(0, 400)}…` : panel.entity.plot}</p> : null}
          <ul class="neighbours">
            {panel.neighbors.map((n) => (
              <li>
                <span class="muted">{n.direction === "out" ? `${config.edges[n.edge]?.label ?? n.edge} →` : `← ${config.edges[n.edge]?.label ?? n.edge}`}</span>{" "}
                <button type="button" class="link" onClick={() => void open(n.id)}>
                  {n.id}
                </button>{" "}
                <span class={`type type-${n.type}`}>{n.type}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
