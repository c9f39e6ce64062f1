import { tracedNode } from "../node";

/** The plan the run follows: the rules' reading kept, or edited by the planner's model; the trace carries it and its rule ids. */
export const prime = tracedNode("prime", async (state, ctx) => {
  const r = await ctx.planner.prime(state, ctx);
  return {
    update: { queryPlan: r.plan, clauses: r.clauses, ...(r.analysis ? { analysis: r.analysis } : {}), ...(r.truncated ? { truncated: r.truncated } : {}) },
    step: { decision: `${r.plan.parts.length} part(s): ${r.plan.parts.map((p) => `${p.id} ${p.kind}`).join(", ")}`, rationale: r.rationale, evidenceIds: [], notes: [`rules: ${r.plan.rules.join(", ") || "none"}`, ...(r.notes ?? [])], plan: r.plan, ...(r.fallback ? { fallback: r.fallback } : {}) },
  };
});
