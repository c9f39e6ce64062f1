import { callSignature } from "../../planners/planner";
import { stopReason } from "../context";
import { tracedNode } from "../node";

/** Calls one plan step may run in parallel: enough for a plot (two searches) beside another part. */
export const MAX_PARALLEL_CALLS = 4;

/**
 * Chooses the next tool calls or finishes. The step budget is enforced here: past it, or past the
 * deadline, the run goes on to answer with what it has and says it was truncated.
 */
export const plan = tracedNode("plan", async (state, ctx) => {
  const stop = stopReason(ctx) ?? (state.round >= ctx.budget.maxSteps ? `step budget of ${ctx.budget.maxSteps} reached` : undefined);
  if (stop) {
    return { update: { pending: [], truncated: stop }, step: { decision: "finish", rationale: `stopped: ${stop}`, evidenceIds: [], notes: [] } };
  }
  const r = await ctx.planner.plan(state, ctx);
  const tried = new Set(state.tried);
  // One round is one step, whatever its number of parallel calls (at most MAX_PARALLEL_CALLS).
  const calls = r.calls.filter((c) => !tried.has(callSignature(c))).slice(0, MAX_PARALLEL_CALLS);
  const decision = calls.length ? calls.map((c) => c.tool).join(" + ") : "finish";
  return {
    update: { pending: calls, round: state.round + (calls.length ? 1 : 0), tried: calls.map(callSignature), ...(r.truncated ? { truncated: r.truncated } : {}) },
    step: { decision, rationale: r.rationale, evidenceIds: [], notes: r.notes ?? [], ...(r.fallback ? { fallback: r.fallback } : {}) },
  };
});
