import { renderPlan } from "../../answering/render/index";
import { evaluatePlan } from "../../plan/results";
import { tracedNode } from "../node";

/** A plan that needs no retrieval (small talk, out of domain, a fact the KB lacks about nothing it names): rendered at once, no tool call. */
export const reply = tracedNode("reply", async (state, ctx) => {
  const plan = state.queryPlan!;
  const draft = await renderPlan(plan, evaluatePlan(plan, { trace: [], evidence: [] }, ctx.kb), [], ctx.kb, state.clauses);
  const kinds = plan.parts.map((p) => (p.kind === "reply" ? p.reason : p.kind === "beyond" ? `beyond: ${p.fact}` : p.kind)).join(", ");
  return { update: { draft }, step: { decision: kinds, rationale: "no retrieval: the plan's reply rendered", evidenceIds: [], notes: [] } };
});
