import { NO_RETRIEVAL_INTENTS } from "../../../src/question/intents";
import { understandQuestion } from "../../../src/question/understand";
import type { Route } from "../types";
import { tracedNode } from "../node";

/**
 * Reads the question (no model) and picks the route: a short reply for chit-chat and questions
 * outside the knowledge base, SimpleRAG for `simple` (and, for `auto` with a model, for open
 * descriptions with nothing to start a graph search from), the research loop otherwise.
 */
export const router = tracedNode("router", async (state, ctx) => {
  const u = ctx.ablations.has("prime") ? undefined : await understandQuestion(state.question, ctx.kb);
  let route: Route = "research";
  let rationale = `strategy ${state.strategy}: research loop with the ${ctx.planner.name} planner`;
  if (u && NO_RETRIEVAL_INTENTS.has(u.intent)) {
    route = "reply";
    rationale = `${u.intent === "chitchat" ? "chit-chat" : "outside what the knowledge base covers"} (${u.stages[u.stages.length - 1]}): a short reply, no retrieval`;
  } else if (state.strategy === "simple") {
    route = "simple";
    rationale = "strategy simple: SimpleRAG";
  } else if (state.strategy === "auto") {
    if (!ctx.model) rationale = `auto without a model: research loop with the heuristic planner (intent ${u?.intent ?? "not read"})`;
    else if (u && u.parts.every((p) => p.analysis.topics.length === 0 && p.concepts.length === 0 && p.periods.length === 0)) {
      route = "simple";
      rationale = "auto: no entity, concept or period in the question: SimpleRAG";
    } else rationale = `auto: intent ${u?.intent ?? "not read"}: research loop with the ${ctx.planner.name} planner`;
  }
  return { update: { route, ...(u ? { understanding: u } : {}) }, step: { decision: route, rationale, evidenceIds: [], notes: u?.stages ?? [] } };
});
