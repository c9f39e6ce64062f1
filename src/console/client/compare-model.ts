/** How two runs of one question differ: what the Compare view tabulates. Pure. */
import { citedIds } from "./citations.js";

export interface RunFigures {
  answers: string[];
  evidenceIds: string[];
  citedIds: string[];
  steps: number;
  toolCalls: Record<string, number>;
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  ms: number;
}

export interface Overlap {
  shared: number;
  onlyA: number;
  onlyB: number;
  /** |A ∩ B| / |A ∪ B|; 1 when both are empty. */
  jaccard: number;
}

export function overlap(a: readonly string[], b: readonly string[]): Overlap {
  const A = new Set(a);
  const B = new Set(b);
  const shared = [...A].filter((x) => B.has(x)).length;
  const union = A.size + B.size - shared;
  return { shared, onlyA: A.size - shared, onlyB: B.size - shared, jaccard: union ? shared / union : 1 };
}

export interface RunLike {
  answers: { name: string }[];
  evidence: { id: string }[];
  trace: { node: string; tool?: string; evidenceIds: string[] }[];
  usage: { llmCalls: number; inputTokens: number; outputTokens: number };
  timings: { totalMs: number };
}

export function figures(r: RunLike): RunFigures {
  const toolCalls: Record<string, number> = {};
  for (const s of r.trace) if (s.node === "act" && s.tool) toolCalls[s.tool] = (toolCalls[s.tool] ?? 0) + 1;
  return {
    answers: r.answers.map((a) => a.name),
    evidenceIds: r.evidence.map((e) => e.id),
    citedIds: [...citedIds(r)],
    steps: r.trace.length,
    toolCalls,
    llmCalls: r.usage.llmCalls,
    inputTokens: r.usage.inputTokens,
    outputTokens: r.usage.outputTokens,
    ms: r.timings.totalMs,
  };
}

/** Answers compared on their top ten, names matched case-insensitively. */
export function answerOverlap(a: RunFigures, b: RunFigures, top = 10): Overlap {
  const norm = (xs: string[]) => xs.slice(0, top).map((x) => x.toLowerCase());
  return overlap(norm(a.answers), norm(b.answers));
}
