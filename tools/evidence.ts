import { EDGE_SPECS, type EdgeType, type NodeType } from "../src/kb/schema";
import { fnv1a32 } from "../src/util/hash";

export const TOOL_NAMES = ["full_text", "depth_first", "breadth_first", "think_on_graph", "lookup_entity", "neighbors", "semantic_search", "find_movies", "find_concepts", "community_reports", "movie_story"] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** One edge of the graph, in its own direction: subject —edge→ object. */
export interface Triple {
  subject: string;
  edge: EdgeType;
  object: string;
}

/**
 * A piece of evidence and where it came from. Ids are content hashes, so the same fact found by two
 * tools (or twice) is one item; `sources` keeps every tool and step that produced it.
 */
export interface Evidence {
  id: string;
  kind: "node" | "triple" | "path" | "passage";
  /** A short text the answerer can quote. */
  text: string;
  /** Every KB node the evidence mentions. */
  nodeIds: string[];
  /** The node the evidence is about: a path's end, a node's id, a neighbour. */
  focus: string;
  focusType?: NodeType;
  /** The triple chain, for triple and path evidence, from the start entity outward. */
  path?: Triple[];
  score: number;
  sources: { tool: ToolName; step: number }[];
  /** Tool-specific details (support counts, relation path, match kind ...). */
  meta?: Record<string, string | number | boolean>;
}

export function evidenceId(kind: Evidence["kind"], key: string): string {
  const text = `${kind}|${key}`;
  return `ev_${fnv1a32(text).toString(16).padStart(8, "0")}${fnv1a32(text, 0x9747b28c).toString(16).padStart(8, "0")}`;
}

export function tripleText(t: Triple): string {
  return `${t.subject} ${EDGE_SPECS[t.edge].forwardLabel} ${t.object}`;
}

export function pathText(path: readonly Triple[]): string {
  return path.map(tripleText).join("; ");
}

/** A triple read from the node it was reached from: "Starfall" + ACTED_IN in + "Tom Harker". */
export function tripleFrom(from: string, edge: EdgeType, direction: "out" | "in", to: string): Triple {
  return direction === "out" ? { subject: from, edge, object: to } : { subject: to, edge, object: from };
}

/**
 * `scope` separates readings of the same fact that mean different things: a path that answers one
 * sub-question fully and another only in part is two items, so each part judges its own.
 */
export function makeEvidence(e: Omit<Evidence, "id" | "sources"> & { tool: ToolName; step: number; scope?: string }): Evidence {
  const base = e.path ? e.path.map((t) => `${t.subject}>${t.edge}>${t.object}`).join("|") : `${e.focus}|${e.text}`;
  const key = e.scope ? `${base}#${e.scope}` : base;
  const { tool, step, scope: _scope, ...rest } = e;
  return { id: evidenceId(e.kind, key), ...rest, sources: [{ tool, step }] };
}

/** Adds evidence to a list, merging duplicates by id (keeping the best score and every source). */
export function mergeEvidence(into: Evidence[], add: readonly Evidence[]): Evidence[] {
  const byId = new Map(into.map((e, i) => [e.id, i]));
  const out = [...into];
  for (const e of add) {
    const at = byId.get(e.id);
    if (at === undefined) {
      byId.set(e.id, out.length);
      out.push(e);
      continue;
    }
    const prev = out[at]!;
    const sources = [...prev.sources];
    for (const s of e.sources) if (!sources.some((x) => x.tool === s.tool && x.step === s.step)) sources.push(s);
    out[at] = { ...prev, score: Math.max(prev.score, e.score), sources };
  }
  return out;
}
