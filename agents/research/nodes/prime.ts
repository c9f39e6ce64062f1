import { tracedNode } from "../node";

/** Links the question's entities, splits it into sub-questions, and picks the starting points. */
export const prime = tracedNode("prime", async (state, ctx) => {
  const r = await ctx.planner.prime(state, ctx);
  return {
    update: { analysis: r.analysis, subQuestions: r.subQuestions, ...(r.understanding ? { understanding: r.understanding } : {}), ...(r.truncated ? { truncated: r.truncated } : {}) },
    step: { decision: `${r.subQuestions.length} sub-question(s)`, rationale: r.rationale, evidenceIds: [], notes: r.notes ?? [], ...(r.fallback ? { fallback: r.fallback } : {}) },
  };
});
