import { tracedNode } from "../node";

/** Grounded text citing evidence ids, and the ranked answer entities apart from it. */
export const answer = tracedNode("answer", async (state, ctx) => {
  const d = await ctx.planner.answer(state, ctx);
  const { rationale, fallback, notes, truncated, ...draft } = d;
  return {
    update: { draft, ...(truncated ? { truncated } : {}) },
    step: { decision: `${draft.answers.length} answer(s)`, rationale, evidenceIds: draft.citations, notes: notes ?? [], ...(fallback ? { fallback } : {}) },
  };
});
