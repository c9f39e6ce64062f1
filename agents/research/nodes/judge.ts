import { stopReason } from "../context";
import { tracedNode } from "../node";

/** Is the evidence enough for every sub-question? If not, what is missing and what to try next. */
export const judge = tracedNode("judge", async (state, ctx) => {
  const stop = stopReason(ctx);
  if (stop) {
    const judgement = { enough: false, missing: [], followUps: [], rationale: `stopped: ${stop}` };
    return { update: { judgement, truncated: stop }, step: { decision: "stop", rationale: judgement.rationale, evidenceIds: [], notes: [] } };
  }
  const j = await ctx.planner.judge(state, ctx);
  const { fallback, notes, truncated, ...judgement } = j;
  const decision = judgement.enough ? "enough" : judgement.followUps.length ? `more: ${judgement.followUps.length} follow-up(s)` : "not enough, nothing left to try";
  return {
    update: { judgement, ...(truncated ? { truncated } : {}) },
    step: { decision, rationale: judgement.rationale, evidenceIds: [], notes: notes ?? [], ...(fallback ? { fallback } : {}) },
  };
});
