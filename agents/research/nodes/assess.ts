import { assessRound } from "../../deep/assess";
import { constraintCheck, filmTextsOf } from "../../deep/context";
import { modelRelevance } from "../../deep/model-steps";
import { tracedNode } from "../node";

/** The deep route's test: candidates checked against the constraints and tested facet by facet; loop while a facet lacks support and budget is left. */
export const assess = tracedNode("assess", async (state, ctx) => {
  const m = state.deep!;
  const modelNotes: string[] = [];
  const a = await assessRound(m, state, ctx.kb, filmTextsOf(ctx), constraintCheck(m, ctx, state.round), modelRelevance(ctx, modelNotes));
  const supported = a.memory.facets.map((f) => `${f.id} ${f.supported}/${f.tested}`).join(", ");
  return {
    update: { deep: a.memory },
    step: { decision: a.enough ? "enough" : `more: ${a.next.length} follow-up(s)`, rationale: a.rationale, evidenceIds: [], notes: [...a.notes, ...modelNotes, ...(supported ? [`films meeting each facet (of those tested): ${supported}`] : []), `${a.memory.candidates.length} candidates; tests ${a.memory.testsSpent}/${a.memory.testBudget}`] },
  };
});
