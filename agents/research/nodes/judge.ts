import { modelJudgement, researchView } from "../../judging/model-judge";
import { stopReason } from "../context";
import { tracedNode } from "../node";

/**
 * Is the evidence enough for every sub-question? If not, what is missing and what to try next. The
 * planner's judge (the rules' slot check) always runs; with `judge: model` the chat model then reads
 * the evidence and that verdict and decides.
 */
export const judge = tracedNode("judge", async (state, ctx) => {
  const stop = stopReason(ctx);
  if (stop) {
    const judgement = { enough: false, missing: [], followUps: [], rationale: `stopped: ${stop}` };
    return { update: { judgement, truncated: stop }, step: { decision: "stop", rationale: judgement.rationale, evidenceIds: [], notes: [] } };
  }
  const rules = await ctx.planner.judge(state, ctx);
  const j = ctx.judgeBy === "model" ? await modelJudgement(state, ctx, researchView(state, rules, ctx.planner.name === "agent"), rules) : rules;
  const { fallback, notes, truncated, ...judgement } = j;
  const decision = judgement.enough ? "enough" : judgement.followUps.length ? `more: ${judgement.followUps.length} follow-up(s)` : judgement.plannerChooses ? "more: the planner chooses" : "not enough, nothing left to try";
  return {
    update: { judgement, ...(truncated ? { truncated } : {}) },
    step: { decision, rationale: judgement.rationale, evidenceIds: [], notes: j === rules ? (notes ?? []) : [...(rules.notes ?? []), ...(notes ?? [])], ...(fallback ? { fallback } : {}) },
  };
});
