import { callSignature } from "../../planners/planner";
import { DEEP_PARALLEL, DEEP_ROUNDS, firstRound } from "../../deep/traverse";
import { stopReason } from "../context";
import { tracedNode } from "../node";

/** The deep route's local steps for this round: the primer's sub-queries first, then the assessment's follow-ups, each with its tool and why. */
export const traverse = tracedNode("traverse", async (state, ctx) => {
  const m = state.deep;
  const stop = stopReason(ctx) ?? (m && m.round >= DEEP_ROUNDS ? `${DEEP_ROUNDS} rounds done` : state.round >= ctx.budget.maxSteps ? `step budget of ${ctx.budget.maxSteps} reached` : undefined);
  if (!m || stop) return { update: { pending: [], ...(stop && !stop.includes("rounds") ? { truncated: stop } : {}) }, step: { decision: "finish", rationale: stop ? `stopped: ${stop}` : "no deep memory", evidenceIds: [], notes: [] } };
  const tried = new Set(state.tried);
  const calls = (m.round === 0 ? firstRound(m, ctx.kb) : m.next).filter((c) => !tried.has(callSignature(c))).slice(0, DEEP_PARALLEL);
  return {
    update: { pending: calls, round: state.round + (calls.length ? 1 : 0), tried: calls.map(callSignature) },
    step: { decision: calls.length ? calls.map((c) => c.tool).join(" + ") : "finish", rationale: calls.map((c) => c.rationale).join("; ") || "nothing left to try", evidenceIds: [], notes: [] },
  };
});
