import { isDeepPart, primeDeep } from "../../deep/primer";
import { modelSubQueries } from "../../deep/model-steps";
import { tracedNode } from "../node";

/**
 * The deep route's primer: the request's facets mapped to concepts, the communities ranked against
 * them, one sub-query per facet (and for the films to start from, the constraints, the story) with
 * the tool chosen for it.
 */
export const primer = tracedNode("primer", async (state, ctx) => {
  const plan = state.queryPlan!;
  const part = plan.parts.find((p) => p.id === plan.answer[0]);
  if (!isDeepPart(part)) return { update: {}, step: { decision: "nothing to prime", rationale: "the plan's answered part is not an open request", evidenceIds: [], notes: [] } };
  const { memory, notes } = await primeDeep(part, ctx.kb);
  memory.subQueries = [...memory.subQueries, ...(await modelSubQueries(memory, ctx, notes))];
  const decision = `${memory.intent}: ${memory.facets.length} facet(s), ${memory.subQueries.length} sub-quer${memory.subQueries.length === 1 ? "y" : "ies"}`;
  return {
    update: { deep: memory },
    step: { decision, rationale: memory.subQueries.map((q) => `${q.serves} → ${q.tool}: ${q.why}`).join("; ") || "nothing to search", evidenceIds: [], notes },
  };
});
