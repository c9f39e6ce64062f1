import type { NodeType } from "../../src/kb/schema";
import type { Intent } from "../../src/question/intents";
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
  /** Each sub-question's answer (the template answerer fills it; a model's draft has one part). */
  parts?: AnswerPart[];
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
  /** The sub-question a tool call served (act steps). */
  serves?: string;
  /** A tool call that failed with a known error (a backend down, bad arguments): its code and message; the run goes on without its evidence. */
  error?: { code: string; message: string };
}

/** Where the router sent a question: a short reply (chit-chat, out of domain), SimpleRAG, or research. */
export type Route = "reply" | "simple" | "research";

/** One part of the answer: a sub-question with its own intent, ranked answers and text. */
export interface AnswerPart {
  question: string;
  intent: Intent;
  answers: RankedAnswer[];
  /** Count questions: the size of the set. */
  count?: number;
  text: string;
}

export interface RunResult {
  runId: string;
  question: string;
  strategy: Strategy;
  /** The planner that ran ("heuristic" for auto without a model). */
  planner: string;
  route: Route;
  /** The question's intent as read by prime (multi_part when it holds several questions). */
  intent: Intent;
  answer: string;
  /** Each sub-question's answer, in the question's order (one part for a single question). */
  parts: AnswerPart[];
  answers: RankedAnswer[];
  evidence: Evidence[];
  trace: TraceStep[];
  usage: { llmCalls: number; inputTokens: number; outputTokens: number; cachedCalls: number };
  timings: { totalMs: number; toolMs: number; llmMs: number; nonModelMs: number; byNode: Record<string, number>; byTool: Record<string, number> };
  truncated: boolean;
  truncatedReason?: string;
  ablations: Ablation[];
}
