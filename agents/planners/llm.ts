import { BudgetExceededError } from "../../src/ports/chat-model";
import { describePlan } from "../../src/plan/describe";
import { FlatPlan, toFlat } from "../../src/plan/flat";
import { stableStringify } from "../../src/util/stable-json";
import { planEditPrompt } from "../../prompts/plan-edit";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import { FlatPlanError, planFromFlat } from "./flat-edit";
import { HeuristicPlanner } from "./heuristic";
import type { PrimeResult } from "./planner";

/**
 * A chat model (Gemini, an OpenAI-compatible server, or a local GGUF model) reads the question and
 * the rules' plan as flat fields, and keeps it or writes a corrected one; the same compiler, judge and
 * renderer then run whichever plan it chose. One model call a question, and none for a reply or a
 * plan of several clauses. A failed call, a spent budget, or a plan naming something the knowledge
 * base lacks leaves the rules' plan in place, and the trace says why.
 */
export class LlmPlanner extends HeuristicPlanner {
  override readonly name = "llm";

  override async prime(state: ResearchStateValue, ctx: RunContext): Promise<PrimeResult> {
    const draft = await super.prime(state, ctx);
    const flat = toFlat(draft.plan);
    if (!flat || ctx.ablations.has("prime")) return { ...draft, rationale: `${draft.rationale} (a plan of several clauses or none: no model call)` };
    if (!ctx.model) return { ...draft, fallback: "no chat model configured" };
    let reply: FlatPlan;
    try {
      reply = (await ctx.model.structured({ name: "plan", schema: FlatPlan, ...planEditPrompt(state.question, flat), signal: ctx.signal })).value;
    } catch (e) {
      ctx.signal.throwIfAborted();
      if (e instanceof BudgetExceededError) return { ...draft, fallback: `${e.message}; the rules' plan kept`, truncated: e.message };
      if (ctx.deadline.aborted) return { ...draft, fallback: "deadline reached during the plan edit; the rules' plan kept", truncated: `deadline of ${ctx.budget.deadlineMs} ms reached` };
      return { ...draft, fallback: `plan edit failed: ${(e as Error).message}; the rules' plan kept` };
    }
    const said = `from the model: ${stableStringify(reply)}`;
    try {
      const plan = await planFromFlat(reply, draft.plan, ctx.kb);
      if (plan === draft.plan || stableStringify(plan.parts) === stableStringify(draft.plan.parts)) return { ...draft, rationale: `the model kept the rules' plan: ${describePlan(draft.plan)}`, notes: [said, ...(draft.notes ?? [])] };
      return { plan, clauses: [state.question], ...(draft.analysis ? { analysis: draft.analysis } : {}), rationale: `the model rewrote the plan: ${describePlan(plan)} (the rules read: ${describePlan(draft.plan)})`, notes: [said, ...(draft.notes ?? [])] };
    } catch (e) {
      if (!(e instanceof FlatPlanError) && !(e instanceof Error && e.name === "ZodError")) throw e;
      return { ...draft, fallback: `the model's plan is unusable (${e.message.slice(0, 200)}); the rules' plan kept`, notes: [said, ...(draft.notes ?? [])] };
    }
  }
}
