import { z } from "zod";
import { BudgetExceededError } from "../../src/ports/chat-model";
import { describePart } from "../../src/plan/describe";
import { sufficiencyPrompt } from "../../prompts/sufficiency";
import type { StepNote } from "../planners/planner";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Judgement, PlannedCall } from "../research/types";

/** Follow-ups the model is shown to choose from (the rules' best first). */
export const JUDGE_OPTIONS = 6;

/** The model judge's reply: its reason first, then enough, what is missing, and the number of the search to run next (0: none). */
export const Sufficiency = z
  .object({
    reason: z.string().max(300),
    enough: z.boolean(),
    missing: z.string().max(300),
    next: z.number().int().min(0).max(JUDGE_OPTIONS),
  })
  .strict();
export type Sufficiency = z.infer<typeof Sufficiency>;

/** What the model judge needs of a run: the question, what the answer needs, the evidence, and what can run next. */
export interface JudgeView {
  question: string;
  parts: string[];
  options: PlannedCall[];
  /** The planner may choose its own next calls (the agent), so "not enough" with no search chosen goes back to it. */
  plannerChooses: boolean;
}

/** A call as the judge sees it: tool, short arguments, and why the rules would run it. */
function optionLine(c: PlannedCall): string {
  const args = JSON.stringify(c.args);
  return `${c.tool} ${args.length > 140 ? `${args.slice(0, 140)}…` : args} (${c.rationale})`;
}

/**
 * Sufficiency judged by the chat model: it sees the evidence and the rules' verdict, says whether the
 * evidence is enough, what is missing, and which of the rules' follow-ups to run. No call is made when
 * nothing could run whatever it said (the rules found every slot filled, or nothing left to try, and
 * the planner cannot choose). A failed call keeps the rules' verdict (the trace says why); a spent
 * budget ends the research.
 */
export async function modelJudgement(state: Pick<ResearchStateValue, "evidence">, ctx: RunContext, view: JudgeView, rules: Judgement & StepNote): Promise<Judgement & StepNote> {
  if (!ctx.model) return rules;
  const options = view.options.slice(0, JUDGE_OPTIONS);
  if (!options.length && !view.plannerChooses) return { ...rules, rationale: `${rules.rationale} (nothing could run next: the model was not asked)` };
  let reply: Sufficiency;
  try {
    const evidence = [...state.evidence].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).map((e) => ({ id: e.id, tool: e.sources[0]?.tool ?? "?", text: e.text }));
    const p = sufficiencyPrompt({ question: view.question, parts: view.parts, evidence, rules: `${rules.enough ? "enough" : "not enough"}: ${rules.rationale}`, options: options.map(optionLine) });
    reply = (await ctx.model.structured({ name: "judge", schema: Sufficiency, ...p, signal: ctx.signal })).value;
  } catch (e) {
    ctx.signal.throwIfAborted();
    if (e instanceof BudgetExceededError) return { ...rules, enough: true, followUps: [], rationale: `${e.message}: answering from what was found`, fallback: e.message, truncated: e.message };
    return { ...rules, fallback: `the model judge failed (${(e as Error).message.slice(0, 200)}): the rules' verdict stands` };
  }
  const said = [`the model: ${JSON.stringify(reply)}`, `the rules: ${rules.enough ? "enough" : "not enough"}: ${rules.rationale}`];
  if (reply.enough) return { enough: true, missing: [], followUps: [], rationale: `the model judged the evidence enough: ${reply.reason || "no reason given"}`, notes: said };
  const missing = reply.missing ? [reply.missing] : rules.missing;
  const chosen = reply.next > 0 ? options[reply.next - 1] : undefined;
  if (chosen) return { enough: false, missing, followUps: [{ ...chosen, rationale: `the model judge chose it: ${chosen.rationale}` }], rationale: `not enough (${reply.missing || reply.reason}): the model chose ${chosen.tool}`, notes: said };
  if (view.plannerChooses) return { enough: false, missing, followUps: [], plannerChooses: true, rationale: `not enough (${reply.missing || reply.reason}): the planner chooses the next calls`, notes: said };
  // Not enough, and no search chosen: the rules' follow-ups run if there are any; otherwise nothing is left.
  if (rules.followUps.length) return { enough: false, missing, followUps: rules.followUps, rationale: `not enough (${reply.missing || reply.reason}) and no search chosen: the rules' follow-ups run`, notes: said };
  return { enough: false, missing, followUps: [], rationale: `not enough (${reply.missing || reply.reason}), and nothing left to try`, notes: said };
}

/** The judge's view of a research run: the plan's parts the answer needs, the rules' follow-ups. */
export function researchView(state: ResearchStateValue, rules: Judgement, plannerChooses: boolean): JudgeView {
  const plan = state.queryPlan!;
  const needed = new Set(plan.answer);
  return { question: state.question, parts: plan.parts.map((p) => `${needed.has(p.id) ? "*" : ""}${p.id} ${describePart(p)}`), options: rules.followUps, plannerChooses };
}
