import { randomUUID } from "node:crypto";
import { GraphRecursionError } from "@langchain/langgraph";
import { InvalidInputError } from "../../src/errors";
import { codePointLength } from "../../src/util/text";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { ChatModel } from "../../src/ports/chat-model";
import { BudgetMeter } from "../../src/llm/budget";
import { MeteredChatModel } from "../../src/llm/metered";
import { NO_TRACING, type Tracing } from "../../src/ports/tracing";
import { mergeEvidence, type Evidence } from "../../tools/evidence";
import { checkHistory, type ConversationTurn } from "../../src/conversation/turns";
import type { FollowUp } from "../../src/question/followup/resolve";
import { barePlan } from "../planners/heuristic";
import { plannerFor } from "../planners/index";
import type { RunContext } from "./context";
import { buildResearchGraph } from "./graph";
import type { ResearchStateValue, ResearchUpdate } from "./state";
import { ABLATIONS, DEFAULT_BUDGET, MAX_QUESTION_CHARS, STRATEGIES, type Ablation, type Budget, type RunResult, type Strategy, type TraceStep } from "./types";

export { MAX_QUESTION_CHARS } from "./types";

export interface ResearchDeps {
  kb: KnowledgeBase;
  model?: ChatModel;
  /** OpenTelemetry spans (invoke_agent, execute_tool, retrieval, chat); none by default. */
  tracing?: Tracing;
  /** Upper bounds a request's budget may not exceed. */
  caps?: Budget;
}

export interface ResearchOptions {
  strategy?: Strategy;
  budget?: Partial<Budget>;
  /** Cancels the run (a client that went away); the deadline, by contrast, only ends the research. */
  signal?: AbortSignal;
  runId?: string;
  ablations?: readonly Ablation[];
  /** Called with each trace step as its node completes. */
  onStep?: (step: TraceStep) => void;
  /** The conversation's earlier turns, oldest first: the question is read as a follow-up to them. */
  history?: ConversationTurn[];
}

let compiled: ReturnType<typeof buildResearchGraph> | undefined;
const graph = () => (compiled ??= buildResearchGraph());

/** Checks a request's budget against the caps; the error names the cap that was exceeded. */
export function resolveBudget(requested: Partial<Budget> | undefined, caps: Budget | undefined): Budget {
  const budget = { ...DEFAULT_BUDGET, ...requested };
  for (const key of Object.keys(DEFAULT_BUDGET) as (keyof Budget)[]) {
    const v = budget[key];
    if (!Number.isInteger(v) || v < (key === "maxLlmCalls" ? 0 : 1)) throw new InvalidInputError(`budget.${key} must be a positive integer, got ${v}`);
    if (caps && v > caps[key]) throw new InvalidInputError(`budget.${key} is ${v}, above the configured cap of ${caps[key]}`, { field: `budget.${key}`, cap: caps[key] });
  }
  return budget;
}

/**
 * Runs one research question end to end and returns the result with its full trace. Budgets are
 * enforced in code; when one runs out the agent answers from what it has and sets `truncated`.
 */
/** The request checked: the question trimmed and within its limit, a known strategy (llm only with a model), known ablations, a budget within the caps. */
function checkedRequest(question: string, deps: ResearchDeps, options: ResearchOptions): { q: string; strategy: Strategy; ablations: Ablation[]; budget: Budget } {
  const q = question.trim();
  if (q.length === 0) throw new InvalidInputError("question must not be empty");
  const chars = codePointLength(q);
  if (chars > MAX_QUESTION_CHARS) throw new InvalidInputError(`question is ${chars} characters; the limit is ${MAX_QUESTION_CHARS}`);
  const strategy = options.strategy ?? "auto";
  if (!STRATEGIES.includes(strategy)) throw new InvalidInputError(`unknown strategy "${strategy}"; choose one of ${STRATEGIES.join(", ")}`);
  if (strategy === "llm" && !deps.model) throw new InvalidInputError("strategy llm needs a chat model: set CHAT_MODEL (local after `npm run models:fetch`, openai, or gemini), or use heuristic (offline)");
  const ablations = [...new Set(options.ablations ?? [])];
  for (const a of ablations) if (!ABLATIONS.includes(a)) throw new InvalidInputError(`unknown ablation "${a}"; choose from ${ABLATIONS.join(", ")}`);
  return { q, strategy, ablations, budget: resolveBudget(options.budget, deps.caps) };
}

type Collected = Pick<ResearchStateValue, "question" | "strategy" | "evidence" | "analysis" | "queryPlan" | "clauses" | "truncated" | "draft" | "route" | "trace" | "followUp">;

/** Folds one node's update into what the result needs, numbering its trace steps as they arrive. */
function collect(state: Collected, update: ResearchUpdate, trace: TraceStep[], onStep: ResearchOptions["onStep"]): void {
  if (update.evidence) state.evidence = mergeEvidence(state.evidence, update.evidence as Evidence[]);
  if (update.analysis) state.analysis = update.analysis;
  if (update.queryPlan) state.queryPlan = update.queryPlan as ResearchStateValue["queryPlan"];
  if (update.clauses) state.clauses = update.clauses as string[];
  if (update.route) state.route = update.route;
  if (update.followUp) state.followUp = update.followUp as FollowUp;
  if (update.draft) state.draft = update.draft;
  if (update.truncated) state.truncated ??= update.truncated as string;
  for (const step of (update.trace as TraceStep[] | undefined) ?? []) {
    const numbered = { ...step, index: trace.length };
    trace.push(numbered);
    state.trace.push(numbered);
    onStep?.(numbered);
  }
}

export async function runResearch(question: string, deps: ResearchDeps, options: ResearchOptions = {}): Promise<RunResult> {
  const { q, strategy, ablations, budget } = checkedRequest(question, deps, options);

  const started = performance.now();
  const signal = options.signal ?? new AbortController().signal;
  // The deadline is checked by the clock between nodes; a timer signal is only worth its cost when
  // a model call may need to be cut short.
  const deadline = deps.model ? AbortSignal.any([signal, AbortSignal.timeout(budget.deadlineMs)]) : signal;
  const meter = new BudgetMeter(budget.maxLlmCalls, budget.maxTokens);
  const timings = { toolMs: 0, llmMs: 0, byNode: {} as Record<string, number>, byTool: {} as Record<string, number> };
  const runId = options.runId ?? randomUUID();
  const span = (deps.tracing ?? NO_TRACING).root("invoke_agent research", { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "research", "gen_ai.agent.id": strategy, "gen_ai.conversation.id": runId, "movie_graph.strategy": strategy });
  const model = deps.model ? new MeteredChatModel(deps.model, meter, timings, deadline, span) : undefined;
  const planner = plannerFor(strategy, deps.model);
  const ctx: RunContext = { kb: deps.kb, model, planner, meter, budget, signal, deadline, deadlineAt: started + budget.deadlineMs, ablations: new Set(ablations), timings, span };
  try {
    const result = await research(q, strategy, ablations, budget, runId, ctx, options);
    span.set({ "gen_ai.usage.input_tokens": result.usage.inputTokens, "gen_ai.usage.output_tokens": result.usage.outputTokens, "movie_graph.llm_calls": result.usage.llmCalls, "movie_graph.plan.kinds": result.parts.map((p) => p.kind), "movie_graph.plan.rules": result.plan.rules, "movie_graph.truncated": result.truncated, "movie_graph.route": result.route });
    return result;
  } catch (e) {
    span.fail(e);
    throw e;
  } finally {
    span.end();
  }
}

/** The graph run itself, folded into the result. */
async function research(q: string, strategy: Strategy, ablations: Ablation[], budget: Budget, runId: string, ctx: RunContext, options: ResearchOptions): Promise<RunResult> {
  const { meter, timings, planner } = ctx;
  const started = ctx.deadlineAt - budget.deadlineMs;

  // Only node updates are streamed ("values" would copy the whole state every superstep, which
  // costs more than the nodes themselves); what the result needs is folded in as it arrives.
  const state: Collected = { question: q, strategy, evidence: [], analysis: undefined, queryPlan: undefined, clauses: [], truncated: undefined, draft: undefined, route: undefined, trace: [], followUp: undefined };
  const trace: TraceStep[] = [];
  let recursion: string | undefined;
  try {
    // Cancellation is checked at every node (tracedNode) rather than raced inside LangGraph, which
    // would add listeners and promises to every step of every run.
    const stream = await graph().stream({ question: q, strategy, history: checkHistory(options.history) }, { configurable: { run: ctx }, streamMode: "updates", recursionLimit: 8 * budget.maxSteps + 30 });
    for await (const chunk of stream as AsyncIterable<Record<string, ResearchUpdate | undefined>>) {
      for (const update of Object.values(chunk)) if (update) collect(state, update, trace, options.onStep);
    }
  } catch (e) {
    if (!(e instanceof GraphRecursionError)) throw e;
    recursion = "graph step limit reached";
  }

  let draft = state.draft;
  let truncated = state.truncated ?? recursion;
  if (!draft) {
    // Only reachable after a recursion stop: answer from the evidence gathered so far.
    const d = await plannerFor("heuristic", undefined).answer(state as unknown as ResearchStateValue, ctx);
    draft = { text: d.text, answers: d.answers, citations: d.citations, author: d.author, ...(d.parts ? { parts: d.parts } : {}) };
    truncated ??= "stopped before answering";
  }
  const totalMs = performance.now() - started;
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    runId,
    question: q,
    strategy,
    planner: planner.name,
    route: state.route ?? "research",
    ...(state.followUp && state.followUp.kind !== "standalone" ? { followUp: { kind: state.followUp.kind, rule: state.followUp.rule, resolved: state.followUp.question, referents: state.followUp.referents.map((r) => ({ name: r.name, type: r.type, from: r.from, turn: r.turn })) } } : {}),
    plan: state.queryPlan ?? barePlan(q),
    answer: draft.text,
    citations: draft.citations,
    answers: draft.answers,
    parts: draft.parts ?? [{ partId: "p1", kind: "plot", question: q, answers: draft.answers, text: draft.text }],
    evidence: state.evidence,
    trace,
    usage: { ...meter.snapshot() },
    timings: {
      totalMs: r3(totalMs),
      toolMs: r3(timings.toolMs),
      llmMs: r3(timings.llmMs),
      nonModelMs: r3(totalMs - timings.llmMs),
      byNode: Object.fromEntries(Object.entries(timings.byNode).map(([k, v]) => [k, r3(v)])),
      byTool: Object.fromEntries(Object.entries(timings.byTool).map(([k, v]) => [k, r3(v)])),
    },
    truncated: truncated !== undefined,
    ...(truncated ? { truncatedReason: truncated } : {}),
    ablations,
  };
}
