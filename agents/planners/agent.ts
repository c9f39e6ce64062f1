import { BudgetExceededError, type ChatModel } from "../../src/ports/chat-model";
import { describePart } from "../../src/plan/describe";
import { stableStringify } from "../../src/util/stable-json";
import { agentPrompt, agentTools } from "../../prompts/agent";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Judgement, PlannedCall, TraceStep } from "../research/types";
import { compilePart } from "../plan/compile";
import { evaluatePlan, type PartResult } from "../plan/results";
import type { QueryPlan } from "../../src/plan/schema";
import { AGENT_CALLS_PER_STEP, AgentStep, checkStep, type CheckedStep } from "./agent-step";
import { HeuristicPlanner } from "./heuristic";
import { callSignature, type PlanResult, type StepNote } from "./planner";

/** Notes of a plan step that go back to the model on its next step. */
const TO_MODEL = "to the model: ";
/** Said back, once a run, when the model finishes while an answered part is empty and a call could still fill it. */
const FINISHED_EMPTY = "You finished while an answered part is still empty";

/**
 * The agent: a chat model chooses each step's tool calls (or finishes) from the question, the
 * rules' plan as a hint, the tools' schemas and the evidence so far; the graph runs them in parallel
 * (act), the rules' judge checks every part's slot, and the loop goes on until the parts are filled,
 * the model finishes, or a budget runs out. Arguments are validated with each tool's schema; a call
 * already made is refused; an unusable step is said back to the model once, in the same step, and a
 * second unusable one falls back to the rules' calls (the trace says so). Without a model, the
 * rules' calls run and the trace says why.
 */
export class AgentPlanner extends HeuristicPlanner {
  override readonly name = "agent";

  override async plan(state: ResearchStateValue, ctx: RunContext): Promise<PlanResult> {
    if (!ctx.model) return { ...(await super.plan(state, ctx)), fallback: "no chat model configured: the rules' calls ran" };
    if (ctx.ablations.has("graph")) return super.plan(state, ctx);
    const notes: string[] = [];
    let feedback = lastFeedback(state.trace);
    // The calls the rules would make now: shown to the model as suggestions it may take, change or ignore.
    const rules = await this.suggestions(state, ctx);
    for (let attempt = 1; attempt <= 2; attempt++) {
      let step: AgentStep;
      try {
        step = await this.ask(ctx.model, state, feedback, rules.calls, ctx.signal);
      } catch (e) {
        return this.fallback(state, ctx, e, notes);
      }
      notes.push(`the model: ${stableStringify(step)}`);
      // Finishing before anything was searched answers from no evidence: said back, like an unusable step.
      // So is finishing with an answered part empty while a suggested call could fill it, once a run.
      const early = step.finish && state.tried.length === 0;
      const unfilled = step.finish && !early && rules.refills.length > 0 && !saidBefore(state.trace, FINISHED_EMPTY) && !notes.some((n) => n.startsWith(`${TO_MODEL}${FINISHED_EMPTY}`));
      if (step.finish && !early && !unfilled) return { calls: [], rationale: `the model finished: ${step.reason || "no reason given"}`, notes };
      const checked = early
        ? { calls: [], feedback: ["You finished before any tool was called: there is no evidence yet, and the answer must come from evidence. Call a tool."], chosen: [] }
        : unfilled
          ? { calls: [], feedback: [`${FINISHED_EMPTY} (${rules.refills.join(", ")}): call a tool for it, such as a suggested call, or finish again to answer with it empty.`], chosen: [] }
          : this.check(step, state);
      if (checked.calls.length) return { calls: checked.calls, rationale: `the model chose ${checked.calls.map((c) => c.tool).join(" + ")}: ${step.reason || "no reason given"}`, notes: [...notes, ...checked.feedback.map((f) => `${TO_MODEL}${f}`)] };
      // No call it asked for can run: said back once, in this step.
      feedback = checked.feedback.length ? checked.feedback : ["You asked for no call and did not finish: call a tool or finish."];
      notes.push(...feedback.map((f) => `${TO_MODEL}${f}`));
    }
    return { calls: rules.calls, rationale: rules.rationale, notes: [...notes, ...(rules.notes ?? [])], fallback: "the model's calls were unusable twice: the rules' calls ran" };
  }

  /**
   * The rules' calls now; where they have none but an answered part is still empty (a call of the
   * model's served it and found nothing, so the rules count it as tried), that part compiled afresh,
   * less the calls already made. `refills` names the parts those fresh calls serve.
   */
  private async suggestions(state: ResearchStateValue, ctx: RunContext): Promise<PlanResult & { refills: string[] }> {
    const rules = await super.plan(state, ctx);
    if (rules.calls.length || state.round === 0) return { ...rules, refills: [] };
    const plan = state.queryPlan!;
    const results = evaluatePlan(plan, state, ctx.kb);
    const tried = new Set(state.tried);
    const calls: PlannedCall[] = [];
    for (const id of emptyAnswered(plan, results)) {
      const part = plan.parts.find((p) => p.id === id)!;
      calls.push(...(await compilePart(part, plan, results, ctx.kb)).filter((c) => !tried.has(callSignature(c))));
    }
    const refills = [...new Set(calls.map((c) => c.serves ?? "?"))];
    return calls.length ? { calls, rationale: `${refills.join(", ")} still empty: compiled afresh`, refills } : { ...rules, refills: [] };
  }

  /**
   * The rules' judge reads every part's slot; where it has nothing left to try but an answered part
   * is still empty, the model chooses the next step (unless it has just finished).
   */
  override async judge(state: ResearchStateValue, ctx: RunContext): Promise<Judgement & StepNote> {
    const rules = await super.judge(state, ctx);
    if (!ctx.model || !rules.enough || ctx.ablations.has("graph")) return rules;
    const lastPlan = lastPlanStep(state.trace);
    if (!lastPlan || lastPlan.decision === "finish") return rules;
    const plan = state.queryPlan!;
    const empty = emptyAnswered(plan, evaluatePlan(plan, state, ctx.kb));
    if (!empty.length) return rules;
    return { enough: false, missing: empty.map((id) => `${id}: nothing found yet`), followUps: [], plannerChooses: true, rationale: `${empty.join(", ")} still empty: the model chooses the next step` };
  }

  /**
   * One step's choice: through the model's own tool calling where it has it (native tool binding, or a
   * grammar built from the tools' schemas; before any search it must call), otherwise as one flat JSON
   * reply. Either way the calls come back as an AgentStep, checked alike.
   */
  private async ask(model: ChatModel, state: ResearchStateValue, feedback: string[], suggested: readonly PlannedCall[], signal: AbortSignal): Promise<AgentStep> {
    const input = { ...this.promptInput(state, feedback), suggested: suggested.map((c) => `${c.tool} ${stableStringify(c.args)} (serves ${c.serves ?? "?"}: ${c.rationale})`) };
    if (!model.toolCalls) return (await model.structured({ name: "agent_step", schema: AgentStep, ...agentPrompt(input), signal })).value;
    const { value } = await model.toolCalls({ name: "agent_tools", ...agentPrompt(input, "tools"), tools: agentTools(), mustCall: state.tried.length === 0, maxCalls: AGENT_CALLS_PER_STEP, signal });
    // A native call names no part: one that agrees with a suggestion on every field it wrote serves that
    // suggestion's part; any other serves the part the suggestions are for (the next in line), else the answered one.
    const next = suggested[0]?.serves ?? state.queryPlan!.answer[0] ?? "p1";
    const partOf = (c: { tool: string; args: Record<string, unknown> }) => suggested.find((s) => s.tool === c.tool && Object.entries(c.args).every(([k, v]) => stableStringify(v) === stableStringify(s.args[k])))?.serves ?? next;
    return {
      finish: value.calls.length === 0,
      reason: value.reason,
      calls: value.calls.map((c) => ({ tool: c.tool as AgentStep["calls"][number]["tool"], part: partOf(c), args: JSON.stringify(c.args), reason: value.reason.slice(0, 300) })),
    };
  }

  private check(step: AgentStep, state: ResearchStateValue): CheckedStep {
    const plan = state.queryPlan!;
    return checkStep(step, { tried: new Set(state.tried), parts: plan.parts.map((p) => p.id), defaultPart: plan.answer[0] ?? plan.parts[0]?.id ?? "p1" });
  }

  private promptInput(state: ResearchStateValue, feedback: string[]) {
    const plan = state.queryPlan!;
    const evidence = [...state.evidence].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).map((e) => ({ id: e.id, tool: e.sources[0]?.tool ?? "?", text: e.text }));
    const tried = state.trace.filter((s) => s.node === "act" && s.tool).map((s) => `${s.tool} ${JSON.stringify(s.args)}`);
    return { question: state.question, planParts: plan.parts.map((p) => `${p.id} ${describePart(p)}`), answers: plan.answer, evidence, tried, feedback, missing: state.judgement?.missing ?? [] };
  }

  /** A failed model step: a spent budget or the deadline end the research; anything else runs the rules' calls. */
  private async fallback(state: ResearchStateValue, ctx: RunContext, e: unknown, notes: string[]): Promise<PlanResult> {
    ctx.signal.throwIfAborted();
    if (e instanceof BudgetExceededError) return { calls: [], rationale: `${e.message}: the agent answers from what it has`, notes, fallback: e.message, truncated: e.message };
    if (ctx.deadline.aborted) return { calls: [], rationale: "deadline reached during the agent's step", notes, fallback: "deadline reached", truncated: `deadline of ${ctx.budget.deadlineMs} ms reached` };
    const rules = await super.plan(state, ctx);
    return { ...rules, notes: [...notes, ...(rules.notes ?? [])], fallback: `the agent's step failed (${(e as Error).message.slice(0, 200)}): the rules' calls ran` };
  }
}

/** The answered parts with nothing in them yet. A count of none is an answer; an empty list, path or ranking is not. */
function emptyAnswered(plan: QueryPlan, results: ReadonlyMap<string, PartResult>): string[] {
  return plan.answer.filter((id) => {
    const r = results.get(id);
    const counted = plan.parts.find((p) => p.id === id)?.kind === "aggregate" && r?.total !== undefined;
    return !r || (!r.items.length && !r.verdict && !r.figures.length && !counted && !r.deep);
  });
}

/** Whether a plan step of this run already said this back to the model. */
function saidBefore(trace: readonly TraceStep[], opening: string): boolean {
  return trace.some((s) => s.node === "plan" && (s.notes ?? []).some((n) => n.startsWith(`${TO_MODEL}${opening}`)));
}

/** What the last plan step said back to the model (refused repeats, invalid arguments). */
function lastFeedback(trace: readonly TraceStep[]): string[] {
  return (lastPlanStep(trace)?.notes ?? []).filter((n) => n.startsWith(TO_MODEL)).map((n) => n.slice(TO_MODEL.length));
}

function lastPlanStep(trace: readonly TraceStep[]): TraceStep | undefined {
  return trace.findLast((s) => s.node === "plan");
}
