import type { QueryPlan } from "../../../src/plan/schema";
import { understandQuestion, understandRecent } from "../../../src/question/understand";
import type { Reading } from "../../../src/question/reading";
import { describeFollowUp, resolveFollowUp } from "../../../src/question/followup/resolve";
import type { Route } from "../types";
import { isDeepPart } from "../../deep/primer";
import { asOpenPlan } from "../../deep/open-plan";
import { tracedNode } from "../node";

/** A plan answered without retrieval: small talk, out of domain, or only a fact the knowledge base lacks with nothing named to say beside it. */
export function needsNoRetrieval(plan: QueryPlan): boolean {
  return plan.answer.every((id) => {
    const p = plan.parts.find((x) => x.id === id);
    return p?.kind === "reply" || (p?.kind === "beyond" && !p.about);
  });
}

/** Strategies whose open requests take the deep route (the fixed baselines and SimpleRAG keep theirs). */
const DEEP_STRATEGIES: ReadonlySet<string> = new Set(["auto", "heuristic", "agent", "deep"]);

/** What each content word of each clause became, for the trace: names, constraints, cues, filler, facets. */
function wordNotes(readings: readonly Reading[]): string[] {
  return readings.map((r) => {
    // Neighbouring words read as one thing ("Christopher Nolan", "strong female lead") are shown together.
    const groups: { words: string[]; as: string; by?: string }[] = [];
    for (const w of r.ledger.uses) {
      if (w.as === "stop" || w.as === "question") continue;
      const last = groups.at(-1);
      if (last && last.as === w.as && last.by === w.by && w.as !== "filler") last.words.push(w.word);
      else groups.push({ words: [w.word], as: w.as, ...(w.by ? { by: w.by } : {}) });
    }
    return `${r.id} words: ${groups.map((g) => `${g.words.join(" ")} → ${g.as}${g.by ? ` (${g.by})` : ""}`).join("; ") || "none"}`;
  });
}

/**
 * Reads the question into its plan (no model) and picks the route: a short reply when the plan needs
 * no retrieval, SimpleRAG for `simple` (and, for `auto` with a model, for a question that names
 * nothing, no kind of film and no period), the research loop otherwise.
 */
export const router = tracedNode("router", async (state, ctx) => {
  if (ctx.ablations.has("prime")) return { update: { route: state.strategy === "simple" ? "simple" : "research" }, step: { decision: state.strategy === "simple" ? "simple" : "research", rationale: "prime switched off (ablation): the question is not read", evidenceIds: [], notes: [] } };
  const followUp = state.history.length && !ctx.ablations.has("followup") ? await resolveFollowUp(state.question, state.history, ctx.kb) : undefined;
  const question = followUp?.question ?? state.question;
  // A follow-up that stood alone was just read by the resolver: the same reading serves.
  const u = followUp ? await understandRecent(question, ctx.kb) : await understandQuestion(question, ctx.kb);
  let route: Route = "research";
  let rationale = `strategy ${state.strategy}: research loop with the ${ctx.planner.name} planner`;
  const nothingNamed = u.readings.every((r) => r.named.length === 0 && r.concepts.length === 0 && r.periods.length === 0);
  let plan = u.plan;
  const answered = plan.answer.length === 1 ? plan.parts.find((p) => p.id === plan.answer[0]) : undefined;
  if (needsNoRetrieval(u.plan)) {
    route = "reply";
    rationale = `the plan needs no retrieval (${u.plan.rules.join(", ")}): a short reply`;
  } else if (state.strategy === "deep" || (DEEP_STRATEGIES.has(state.strategy) && isDeepPart(answered))) {
    route = "deep";
    if (!isDeepPart(answered)) plan = await asOpenPlan(u.plan, u.readings, ctx.kb);
    rationale = isDeepPart(answered) ? `an open request (${answered.kind === "plot" ? "a film described" : answered.kind === "similar" ? "films like others" : "facets and constraints"}): the deep route` : "strategy deep: the whole question as an open request";
  } else if (state.strategy === "simple") {
    route = "simple";
    rationale = "strategy simple: SimpleRAG";
  } else if (state.strategy === "auto" && ctx.model && nothingNamed) {
    route = "simple";
    rationale = "auto: no entity, kind of film or period in the question: SimpleRAG";
  }
  const clauses = u.readings.map((r) => r.text);
  const read = followUp ? [describeFollowUp(followUp, state.history.length)] : [];
  return {
    update: { route, queryPlan: plan, clauses: clauses.length ? clauses : [question], ...(u.readings[0] ? { analysis: u.readings[0].analysis } : {}), ...(followUp ? { followUp, question } : {}) },
    step: { decision: route, rationale, evidenceIds: [], notes: [...read, ...u.stages, ...wordNotes(u.readings)], plan },
  };
});
