import type { NodeType } from "../../src/kb/schema";
import type { Evidence, ToolName } from "../../tools/evidence";

export const STRATEGIES = ["auto", "llm", "heuristic", "tog", "depth", "breadth", "fulltext", "simple"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Stages an ablation can switch off: `graph` removes the graph tools, leaving text retrieval. */
export const ABLATIONS = ["prime", "organize", "validate", "graph"] as const;
export type Ablation = (typeof ABLATIONS)[number];

export interface Budget {
  maxSteps: number;
  maxLlmCalls: number;
  maxTokens: number;
  deadlineMs: number;
}

export const DEFAULT_BUDGET: Budget = { maxSteps: 6, maxLlmCalls: 12, maxTokens: 60_000, deadlineMs: 60_000 };

/** One tool call the planner wants, with why. */
export interface PlannedCall {
  tool: ToolName;
  args: Record<string, unknown>;
  rationale: string;
  /** The sub-question (usually a topic entity id) it serves. */
  serves?: string;
  /** The judge's score for a follow-up; follow-ups are tried best first. */
  score?: number;
}

export interface SubQuestion {
  id: string;
  text: string;
  /** The topic entity it starts from, when there is one. */
  topic?: string;
}

export interface Judgement {
  enough: boolean;
  missing: string[];
  /** Ranked by score, best first. */
  followUps: PlannedCall[];
  rationale: string;
}

export interface RankedAnswer {
  name: string;
  type?: NodeType;
  score: number;
  /** Evidence that supports it. */
  evidenceIds: string[];
  /** Set by validation when no evidence supports the name. */
  unsupported?: boolean;
}

export interface Draft {
  text: string;
  answers: RankedAnswer[];
  citations: string[];
  /** Who wrote the text: a template over the evidence, or a model (whose names are checked). */
  author: "template" | "model";
}

export interface TraceStep {
  index: number;
  node: string;
  decision: string;
  rationale: string;
  tool?: ToolName;
  args?: Record<string, unknown>;
  evidenceIds: string[];
  notes: string[];
  ms: number;
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Set when a model step failed and the heuristic took over. */
  fallback?: string;
}

export interface RunResult {
  runId: string;
  question: string;
  strategy: Strategy;
  /** The planner that ran ("heuristic" for auto without a model). */
  planner: string;
  route: "simple" | "research";
  answer: string;
  answers: RankedAnswer[];
  evidence: Evidence[];
  trace: TraceStep[];
  usage: { llmCalls: number; inputTokens: number; outputTokens: number; cachedCalls: number };
  timings: { totalMs: number; toolMs: number; llmMs: number; nonModelMs: number; byNode: Record<string, number>; byTool: Record<string, number> };
  truncated: boolean;
  truncatedReason?: string;
  ablations: Ablation[];
}
