import type { NodeType } from "../../src/kb/schema";
import type { FactKind, PartKind, QueryPlan } from "../../src/plan/schema";
import type { Evidence, ToolName } from "../../tools/evidence";

export const STRATEGIES = ["auto", "llm", "agent", "heuristic", "deep", "tog", "depth", "breadth", "fulltext", "simple"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Who judges whether the evidence is enough: the rules' slot check (default), or the chat model, which sees the evidence and the rules' verdict. */
export const JUDGES = ["rules", "model"] as const;
export type JudgeBy = (typeof JUDGES)[number];

/** Who writes the answer's text: the rules' renderer (default, offline), or the chat model from the organized evidence, its claims then checked. */
export const WRITERS = ["rules", "model"] as const;
export type Writer = (typeof WRITERS)[number];

/**
 * What a run asks of a chat model, each with the offline choice that needs none: the llm strategy,
 * the model judge, the model writer. Empty when the run needs no model. The agent needs none (without
 * one it runs the rules' calls and says so).
 */
export function modelNeeds(req: { strategy?: Strategy | undefined; judge?: JudgeBy | undefined; writer?: Writer | undefined }): { what: string; field: "strategy" | "judge" | "writer"; instead: string }[] {
  return [
    ...(req.strategy === "llm" ? [{ what: "strategy llm", field: "strategy" as const, instead: "strategy heuristic" }] : []),
    ...(req.judge === "model" ? [{ what: "judge model", field: "judge" as const, instead: "judge rules" }] : []),
    ...(req.writer === "model" ? [{ what: "writer model", field: "writer" as const, instead: "writer rules" }] : []),
  ];
}

/** Stages an ablation can switch off: `graph` removes the graph tools, leaving text retrieval; `followup` reads a conversation's turns as if each stood alone. */
export const ABLATIONS = ["prime", "organize", "validate", "graph", "followup"] as const;
export type Ablation = (typeof ABLATIONS)[number];

export interface Budget {
  maxSteps: number;
  maxLlmCalls: number;
  maxTokens: number;
  deadlineMs: number;
}

/** The longest question accepted, in characters (code points). */
export const MAX_QUESTION_CHARS = 2000;

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

export interface Judgement {
  enough: boolean;
  missing: string[];
  /** Ranked by score, best first. */
  followUps: PlannedCall[];
  /** Not enough, and the planner itself chooses the next calls (the agent's model), with no follow-up given. */
  plannerChooses?: boolean;
  rationale: string;
}

/** A follow-up as a run reports it: its kind, the rule that read it, the question it stood for, and the earlier answers or topics it pointed at. */
export interface ResolvedFollowUp {
  kind: "anaphor" | "ellipsis" | "substitution" | "refinement";
  rule: string;
  resolved: string;
  referents: { name: string; type: NodeType; from: "answer" | "topic"; turn: number }[];
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
  /** The reply; "[n]" cites `citations[n-1]`. */
  text: string;
  answers: RankedAnswer[];
  /** Evidence ids in the order the text numbers them. */
  citations: string[];
  /** Who wrote the text: a template over the evidence, or a model (whose names are checked). */
  author: "template" | "model";
  /** Each answered part of the plan. */
  parts?: AnswerPart[];
  /** A model's text: the rules' text it was written from (trusted as support: built from the evidence). */
  rulesText?: string;
  /** Set by validation on a model's text. */
  claims?: ClaimCheck;
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
  /** The plan part a tool call served (act steps). */
  serves?: string;
  /** The router's and prime's steps: the plan as read (router) and as the planner will run it (prime). */
  plan?: QueryPlan;
  /** A tool call that failed with a known error (a backend down, bad arguments): its code and message; the run goes on without its evidence. */
  error?: { code: string; message: string };
}

/** Where the router sent a question: a short reply (chit-chat, out of domain), SimpleRAG, research, or the deep route (open requests). */
export const ROUTES = ["reply", "simple", "research", "deep"] as const;
export type Route = (typeof ROUTES)[number];

/** One answered part of the plan: its kind, the clause it answers, ranked answers and text. */
export interface AnswerPart {
  /** The plan part it answers. */
  partId: string;
  kind: PartKind;
  question: string;
  answers: RankedAnswer[];
  /** The size of the set, or the count asked. */
  count?: number;
  /** Yes/no questions: the answer. */
  verdict?: "yes" | "no";
  /** The kind of fact asked that the knowledge base does not hold. */
  lacks?: FactKind;
  text: string;
}

export interface RunResult {
  runId: string;
  question: string;
  strategy: Strategy;
  /** The planner that ran ("heuristic" for auto without a model). */
  planner: string;
  route: Route;
  /** How a question asked in a conversation was read against the turns before it (absent when it stands alone). */
  followUp?: ResolvedFollowUp;
  /** What the question asks: the typed plan every strategy ran (its parts, each with its kind, and the rules that wrote it). */
  plan: QueryPlan;
  /** The reply; "[n]" cites the evidence `citations[n-1]`. */
  answer: string;
  citations: string[];
  /** Each answered part, in the question's order (one for a single question). */
  parts: AnswerPart[];
  answers: RankedAnswer[];
  evidence: Evidence[];
  trace: TraceStep[];
  usage: { llmCalls: number; inputTokens: number; outputTokens: number; cachedCalls: number };
  timings: { totalMs: number; toolMs: number; llmMs: number; nonModelMs: number; byNode: Record<string, number>; byTool: Record<string, number> };
  truncated: boolean;
  truncatedReason?: string;
  ablations: Ablation[];
  /** Who judged sufficiency and who wrote the text. */
  judge: JudgeBy;
  writer: Writer;
  /** A model-written text's claims (names, years, numbers) checked against the evidence each sentence cites. */
  claims?: ClaimCheck;
}

/** The post-generation check of a model's text: claims found, and those no cited evidence supports (marked in the text). */
export interface ClaimCheck {
  checked: number;
  unsupported: number;
  /** Each unsupported claim as written. */
  flagged: string[];
}
