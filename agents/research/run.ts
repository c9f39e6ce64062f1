import { randomUUID } from "node:crypto";
import { GraphRecursionError, type BaseCheckpointSaver } from "@langchain/langgraph";
import { InvalidInputError } from "../../src/errors";
import { codePointLength } from "../../src/util/text";
import { overLimitMessage } from "../../src/util/limits";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { ChatModel } from "../../src/ports/chat-model";
import { BudgetMeter } from "../../src/llm/budget";
import { MeteredChatModel } from "../../src/llm/metered";
import { NO_TRACING, type Tracing } from "../../src/ports/tracing";
import { mergeEvidence, type Evidence } from "../../tools/evidence";
import { MAX_HISTORY_TURNS, checkHistory, type ConversationTurn } from "../../src/conversation/turns";
import type { FollowUp } from "../../src/question/followup/resolve";
import { barePlan } from "../planners/heuristic";
import { plannerFor } from "../planners/index";
import type { RunContext } from "./context";
import { buildResearchGraph } from "./graph";
import { turnInput, type ResearchStateValue, type ResearchUpdate } from "./state";
import { ABLATIONS, DEFAULT_BUDGET, JUDGES, MAX_QUESTION_CHARS, STRATEGIES, WRITERS, modelNeeds, type Ablation, type Budget, type JudgeBy, type RunResult, type Strategy, type TraceStep, type Writer } from "./types";

export { MAX_QUESTION_CHARS } from "./types";

/** The default deadline of a run with a local model (within the configured cap). */
export const LOCAL_DEADLINE_MS = 120_000;

export interface ResearchDeps {
  kb: KnowledgeBase;
  model?: ChatModel;
  /** OpenTelemetry spans (invoke_agent, execute_tool, retrieval, chat); none by default. */
  tracing?: Tracing;
  /** Upper bounds a request's budget may not exceed. */
  caps?: Budget;
  /** The checkpointer threads keep their state in, opened on first use (runs outside a thread need none). */
  checkpointer?: () => Promise<BaseCheckpointSaver>;
}

export interface ResearchOptions {
  strategy?: Strategy;
  budget?: Partial<Budget>;
  /** Cancels the run (a client that went away); the deadline, by contrast, only ends the research. */
  signal?: AbortSignal;
  runId?: string;
  ablations?: readonly Ablation[];
  /** Who judges whether the evidence is enough (default rules; model needs a chat model). */
  judge?: JudgeBy;
  /** Who writes the answer's text (default rules; model needs a chat model, and its claims are checked). */
  writer?: Writer;
  /** Called with each trace step as its node completes. */
  onStep?: (step: TraceStep) => void;
  /** The conversation's earlier turns, oldest first: the question is read as a follow-up to them. */
  history?: ConversationTurn[];
  /**
   * Run as a turn of this thread: its state is checkpointed after every step and the earlier turns
   * are the thread's own (`history` is ignored). `resume` continues the thread's last run from its
   * last checkpoint instead of starting a turn (the question is then the one that run was asked).
   */
  thread?: { id: string; resume?: boolean };
}

let compiled: ReturnType<typeof buildResearchGraph> | undefined;
const graph = () => (compiled ??= buildResearchGraph());
const threaded = new WeakMap<BaseCheckpointSaver, ReturnType<typeof buildResearchGraph>>();
/** The research graph compiled with a thread's checkpointer (one per saver). */
export function threadGraph(saver: BaseCheckpointSaver): ReturnType<typeof buildResearchGraph> {
  let g = threaded.get(saver);
  if (!g) threaded.set(saver, (g = buildResearchGraph(saver)));
  return g;
}

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
function checkedRequest(question: string, deps: ResearchDeps, options: ResearchOptions): { q: string; strategy: Strategy; ablations: Ablation[]; budget: Budget; judgeBy: JudgeBy; writer: Writer } {
  const q = question.trim();
  if (q.length === 0) throw new InvalidInputError("question must not be empty");
  const chars = codePointLength(q);
  if (chars > MAX_QUESTION_CHARS) throw new InvalidInputError(overLimitMessage("question", chars, MAX_QUESTION_CHARS), { field: "question", limit: MAX_QUESTION_CHARS });
  const strategy = options.strategy ?? "auto";
  if (!STRATEGIES.includes(strategy)) throw new InvalidInputError(`unknown strategy "${strategy}"; choose one of ${STRATEGIES.join(", ")}`);
  const ablations = [...new Set(options.ablations ?? [])];
  for (const a of ablations) if (!ABLATIONS.includes(a)) throw new InvalidInputError(`unknown ablation "${a}"; choose from ${ABLATIONS.join(", ")}`);
  const judgeBy = options.judge ?? "rules";
  const writer = options.writer ?? "rules";
  if (!JUDGES.includes(judgeBy)) throw new InvalidInputError(`unknown judge "${judgeBy}"; choose one of ${JUDGES.join(", ")}`);
  if (!WRITERS.includes(writer)) throw new InvalidInputError(`unknown writer "${writer}"; choose one of ${WRITERS.join(", ")}`);
  const [need] = deps.model ? [] : modelNeeds({ strategy, judge: judgeBy, writer });
  if (need) throw new InvalidInputError(`${need.what} needs a chat model: set CHAT_MODEL (local after \`npm run models:fetch\`, openai, or gemini), or use ${need.instead} (offline)`, { field: need.field });
  // A model on this machine's cores answers in seconds, not milliseconds: unless asked otherwise, its run may take up to the cap.
  const local = deps.model?.id.startsWith("local:") && options.budget?.deadlineMs === undefined;
  const requested = local ? { ...options.budget, deadlineMs: Math.min(deps.caps?.deadlineMs ?? LOCAL_DEADLINE_MS, LOCAL_DEADLINE_MS) } : options.budget;
  return { q, strategy, ablations, budget: resolveBudget(requested, deps.caps), judgeBy, writer };
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
  const { q, strategy, ablations, budget, judgeBy, writer } = checkedRequest(question, deps, options);

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
  const ctx: RunContext = { kb: deps.kb, model, planner, meter, budget, signal, deadline, deadlineAt: started + budget.deadlineMs, ablations: new Set(ablations), judgeBy, writer, timings, span };
  try {
    const result = await research(q, strategy, ablations, budget, runId, ctx, options, deps);
    span.set({ "gen_ai.usage.input_tokens": result.usage.inputTokens, "gen_ai.usage.output_tokens": result.usage.outputTokens, "movie_graph.llm_calls": result.usage.llmCalls, "movie_graph.plan.kinds": result.parts.map((p) => p.kind), "movie_graph.plan.rules": result.plan.rules, "movie_graph.truncated": result.truncated, "movie_graph.route": result.route });
    return result;
  } catch (e) {
    span.fail(e);
    throw e;
  } finally {
    span.end();
  }
}

/** What a thread run starts from: the thread's graph and the input of a new turn (its history the thread's earlier turns), or null to resume. */
async function threadRun(thread: NonNullable<ResearchOptions["thread"]>, q: string, strategy: Strategy, deps: ResearchDeps): Promise<{ graph: ReturnType<typeof buildResearchGraph>; input: ResearchUpdate | null }> {
  if (!deps.checkpointer) throw new InvalidInputError("threads need a checkpointer; this service was started without one");
  const g = threadGraph(await deps.checkpointer());
  const config = { configurable: { thread_id: thread.id } };
  if (thread.resume) {
    const last = await g.getState(config);
    if (!last.next.length) throw new InvalidInputError(`thread ${thread.id} has no unfinished run to resume`, { field: "thread" });
    return { graph: g, input: null };
  }
  const prev = await g.getState(config);
  const values = prev.values as Partial<ResearchStateValue>;
  return { graph: g, input: turnInput(q, strategy, turnsOf(values), values.truncated !== undefined) };
}

/** A thread's turns so far: the history its last turn was read against, and that turn itself when it was answered. */
export function turnsOf(values: Partial<ResearchStateValue>): ConversationTurn[] {
  const earlier = values.history ?? [];
  const d = values.draft;
  if (!values.question || !d) return earlier.slice(-MAX_HISTORY_TURNS);
  const said = values.followUp?.said ?? values.question;
  const last: ConversationTurn = { question: said, answer: d.text, answers: d.answers.map((a) => a.name), ...(said !== values.question ? { resolved: values.question } : {}) };
  return [...earlier, last].slice(-MAX_HISTORY_TURNS);
}

/** Fills what the result needs from the thread's state after the run (a resumed run streams only the steps after its checkpoint). */
async function fromThreadState(g: ReturnType<typeof buildResearchGraph>, id: string, state: Collected, trace: TraceStep[]): Promise<void> {
  const v = (await g.getState({ configurable: { thread_id: id } })).values as ResearchStateValue;
  Object.assign(state, { question: v.followUp?.said ?? v.question, evidence: v.evidence, analysis: v.analysis, queryPlan: v.queryPlan, clauses: v.clauses, route: v.route, draft: v.draft, truncated: v.truncated, followUp: v.followUp });
  trace.splice(0, trace.length, ...v.trace.map((s, index) => ({ ...s, index })));
  state.trace = [...trace];
}

/** The graph run itself, folded into the result. */
async function research(q: string, strategy: Strategy, ablations: Ablation[], budget: Budget, runId: string, ctx: RunContext, options: ResearchOptions, deps: ResearchDeps): Promise<RunResult> {
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
    const thread = options.thread ? await threadRun(options.thread, q, strategy, deps) : undefined;
    const input = thread ? thread.input : { question: q, strategy, history: checkHistory(options.history) };
    const g = thread ? thread.graph : graph();
    const stream = await g.stream(input, { configurable: { run: ctx, ...(thread ? { thread_id: options.thread!.id } : {}) }, streamMode: "updates", recursionLimit: 8 * budget.maxSteps + 30 });
    for await (const chunk of stream as AsyncIterable<Record<string, ResearchUpdate | undefined>>) {
      for (const update of Object.values(chunk)) if (update) collect(state, update, trace, options.onStep);
    }
    // A thread's state holds the whole turn, also the steps run before a resume.
    if (thread) await fromThreadState(thread.graph, options.thread!.id, state, trace);
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
    question: state.question,
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
    judge: ctx.judgeBy,
    writer: ctx.writer,
    ...(draft.claims ? { claims: draft.claims } : {}),
  };
}
