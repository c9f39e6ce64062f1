import { analyzeQuestion } from "../../../src/question/analyze";
import { tracedNode } from "../node";

/**
 * Picks SimpleRAG or the research loop. `simple` always takes SimpleRAG; `auto` with a model sends
 * open descriptions (no entity, no operation) to SimpleRAG and the rest to research; `auto`
 * without a model always researches with the heuristic planner. Costs no model call.
 */
export const router = tracedNode("router", async (state, ctx) => {
  let route: "simple" | "research" = "research";
  let rationale = `strategy ${state.strategy}: research loop with the ${ctx.planner.name} planner`;
  if (state.strategy === "simple") {
    route = "simple";
    rationale = "strategy simple: SimpleRAG";
  } else if (state.strategy === "auto") {
    if (!ctx.model) rationale = "auto without a model: research loop with the heuristic planner";
    else {
      const a = analyzeQuestion(state.question, ctx.kb.linker);
      if (a.topics.length === 0 && a.operators.length === 0 && a.constraints.length === 0) {
        route = "simple";
        rationale = "auto: no entity, operation or constraint in the question: SimpleRAG";
      } else rationale = `auto: the question names ${a.topics.map((t) => t.name).join(", ") || "constraints"}: research loop with the ${ctx.planner.name} planner`;
    }
  }
  return { update: { route }, step: { decision: route, rationale, evidenceIds: [], notes: [] } };
});
