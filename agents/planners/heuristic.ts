import { fitPlan } from "../../src/plan/fit";
import type { QueryPlan } from "../../src/plan/schema";
import { describePlan } from "../../src/plan/describe";
import { analyzeQuestion } from "../../src/question/analyze";
import { understandQuestion } from "../../src/question/understand";
import { renderPlan } from "../answering/render/index";
import { renderEvidenceAnswer, renderRetrievedFilms } from "../answering/text";
import { call } from "../plan/calls";
import { compileReady } from "../plan/compile";
import { judgePlan, NEXT_PART } from "../plan/judge";
import { evaluatePlan } from "../plan/results";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Draft, Judgement, PlannedCall } from "../research/types";
import { callSignature, type PlanResult, type Planner, type PrimeResult, type StepNote } from "./planner";

/** No understanding (the prime ablation): the question's words searched as a description, nothing linked or split. */
export function barePlan(question: string): QueryPlan {
  // A question is at most 2,000 characters, as a plan's story is: nothing is cut here.
  return fitPlan({ question, parts: [{ id: "p1", kind: "plot", story: question }], answer: ["p1"], rules: ["ablation.prime"] }).plan;
}

/**
 * The offline planner: no model. Prime keeps the plan the rules wrote (src/question); plan compiles
 * the plan's ready parts to typed tool calls (agents/plan/compile.ts); judge checks every part's slot
 * against the evidence and compiles the next parts or follow-ups; answer renders each answered part
 * by its kind. Every other strategy shares these steps and differs in one of them.
 */
export class HeuristicPlanner implements Planner {
  readonly name: string = "heuristic";

  async prime(state: ResearchStateValue, ctx: RunContext): Promise<PrimeResult> {
    if (ctx.ablations.has("prime")) return { plan: barePlan(state.question), clauses: [state.question], analysis: analyzeQuestion("", ctx.kb.linker), rationale: "prime switched off (ablation): the question's words searched as a description; no linking, splitting or rules" };
    if (state.queryPlan) return { plan: state.queryPlan, clauses: state.clauses, rationale: `rules ${state.queryPlan.rules.join(", ") || "none"}: ${describePlan(state.queryPlan)}` };
    const u = await understandQuestion(state.question, ctx.kb);
    return { plan: u.plan, clauses: u.readings.map((r) => r.text), ...(u.readings[0] ? { analysis: u.readings[0].analysis } : {}), rationale: `rules ${u.plan.rules.join(", ")}: ${describePlan(u.plan)}`, notes: u.stages };
  }

  async plan(state: ResearchStateValue, ctx: RunContext): Promise<PlanResult> {
    const plan = state.queryPlan!;
    if (ctx.ablations.has("graph")) return this.textOnly(state);
    if (state.round === 0) {
      const calls = await compileReady(plan, evaluatePlan(plan, state, ctx.kb), state, ctx.kb);
      return { calls, rationale: calls.length ? calls.map((c) => `${c.serves}: ${c.tool}: ${c.rationale}`).join("; ") : "no part of the plan needs a tool call" };
    }
    const tried = new Set(state.tried);
    const next = (state.judgement?.followUps ?? []).filter((c) => !tried.has(callSignature(c)));
    if (next.length === 0) return { calls: [], rationale: "no untried call left" };
    const parts = next.filter((c) => c.score === NEXT_PART);
    // Follow-ups: the best for each part scoring at least half as well as the best, in the judge's order.
    const fallbacks = next.filter((c) => c.score !== NEXT_PART);
    const best = fallbacks[0]?.score ?? 0;
    const picked: PlannedCall[] = [];
    for (const c of fallbacks) if (!picked.some((p) => p.serves === c.serves) && !parts.some((p) => p.serves === c.serves) && (c.score ?? 0) >= best / 2) picked.push(c);
    const calls = [...parts, ...picked.slice(0, 3)];
    return { calls, rationale: [parts.length ? `next parts: ${[...new Set(parts.map((c) => c.serves))].join(", ")}` : "", picked.length ? `follow-ups by judge score: ${picked.map((c) => `${c.tool} (${c.score})`).join(", ")}` : ""].filter(Boolean).join("; ") };
  }

  /** Graph tools switched off (ablation): full-text search on each answered clause. */
  private textOnly(state: ResearchStateValue): PlanResult {
    if (state.round > 0) return { calls: [], rationale: "graph tools switched off (ablation): one text search round" };
    const calls = state.queryPlan!.answer.map((id, i) => call("full_text", { query: state.clauses[i] ?? state.question, limit: 10 }, "graph tools switched off (ablation): full-text search", id));
    return { calls, rationale: "graph tools switched off (ablation): full-text search per answered part" };
  }

  async judge(state: ResearchStateValue, ctx: RunContext): Promise<Judgement & StepNote> {
    if (ctx.ablations.has("graph")) return { enough: true, missing: [], followUps: [], rationale: "graph tools switched off (ablation): one round" };
    return judgePlan(state.queryPlan!, state, ctx.kb);
  }

  async answer(state: ResearchStateValue, ctx: RunContext): Promise<Draft & StepNote> {
    const plan = state.queryPlan ?? barePlan(state.question);
    if (state.route === "simple") {
      const d = renderRetrievedFilms(plan, state.evidence, state.clauses, state.truncated);
      return { ...d, rationale: `SimpleRAG: the ${d.answers.length} retrieved film(s), best first` };
    }
    if (ctx.ablations.has("graph") || !this.compilesPlan) {
      const d = renderEvidenceAnswer(state.analysis, plan, state.evidence, state.clauses, state.truncated);
      return { ...d, rationale: `answered from the evidence (${ctx.ablations.has("graph") ? "graph tools switched off" : `fixed strategy ${this.name}`}): ${d.answers.length} answer(s)` };
    }
    const results = evaluatePlan(plan, state, ctx.kb);
    const draft = await renderPlan(plan, results, state.evidence, ctx.kb, state.clauses, state.truncated);
    return { ...draft, rationale: (draft.parts ?? []).map((p) => `${p.partId} ${p.kind}: ${p.answers.length} answer(s)${p.verdict ? `, ${p.verdict}` : ""}${p.count !== undefined ? `, count ${p.count}` : ""}`).join("; ") };
  }

  /** Whether this strategy's calls are the plan's own (the fixed strategies run one tool whatever the plan says). */
  protected get compilesPlan(): boolean {
    return true;
  }
}
