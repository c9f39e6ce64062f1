import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { PartOf, QueryPlan } from "../../src/plan/schema";
import type { Evidence } from "../../tools/evidence";
import { callSignature } from "../planners/planner";
import type { Judgement, PlannedCall, TraceStep } from "../research/types";
import { call } from "./calls";
import { compileReady, relaxedCalls, togFilters, unrankedCalls } from "./compile";
import { evaluatePlan, evidenceOfPart, type PartResult } from "./results";
import { startsOf } from "./results-paths";

/** Follow-ups run when the parts that need them are next in line; the next parts of the plan come first (score 1). */
export const NEXT_PART = 1;

/**
 * The judge: every part of the plan is a slot. A slot whose inputs are now done is compiled next; a
 * slot that came back empty where another reading could fill it gets scored follow-ups (a wider
 * path search, a path search where the exact hop found nothing, a looser text search). Enough when
 * every slot is filled or nothing is left to try.
 */
export async function judgePlan(plan: QueryPlan, state: { trace: readonly TraceStep[]; evidence: readonly Evidence[]; tried: readonly string[] }, kb: KnowledgeBase): Promise<Judgement> {
  const results = evaluatePlan(plan, state, kb);
  const tried = new Set(state.tried);
  const next = (await compileReady(plan, results, state, kb)).map((c) => ({ ...c, score: NEXT_PART }));
  const missing: string[] = [];
  const fallbacks: PlannedCall[] = [];
  for (const part of plan.parts) {
    const r = results.get(part.id)!;
    if (!r.done || r.figures.length) continue;
    const more = part.kind === "lookup" ? lookupFallbacks(part, r, state, results) : part.kind === "plot" && !r.items.length ? plotFallbacks(part) : part.kind === "films" && r.total === 0 ? relaxedCalls(part, plan, results) : part.kind === "order" ? unrankedCalls(part, plan, results) : [];
    const untried = more.filter((c) => !tried.has(callSignature(c)));
    if (untried.length) missing.push(`${part.id}: nothing found yet`);
    fallbacks.push(...untried);
  }
  const waiting = plan.parts.filter((p) => !results.get(p.id)!.done).map((p) => p.id);
  const followUps = [...next, ...fallbacks.sort((a, b) => (b.score ?? 0) - (a.score ?? 0))];
  const enough = followUps.length === 0;
  const rationale = enough
    ? waiting.length ? `nothing left to try; ${waiting.join(", ")} could not be filled` : "every part of the plan is filled"
    : [next.length ? `next: ${[...new Set(next.map((c) => c.serves))].join(", ")}` : "", ...missing].filter(Boolean).join("; ");
  return { enough, missing: [...missing, ...(next.length ? [] : waiting.map((w) => `${w}: waiting`))], followUps, rationale };
}

/** A lookup that found nothing: Think-on-Graph where the exact hop found nothing, a wider one where a path fell short, full text last. */
function lookupFallbacks(part: PartOf<"lookup">, r: PartResult, state: { trace: readonly TraceStep[]; evidence: readonly Evidence[] }, results: ReadonlyMap<string, PartResult>): PlannedCall[] {
  const names = [...new Set(startsOf(part, { results }).map((s) => s.id))].slice(0, 2);
  if (!names.length || part.figure) return [];
  const filters = togFilters(part);
  const evidence = evidenceOfPart(state, part.id);
  const viaPaths = evidence.some((e) => e.sources.some((s) => s.tool === "think_on_graph"));
  // An exact hop that found nothing means the KB lists no such fact: a longer path would answer another question.
  if (!viaPaths && part.path) return [];
  // A path search whose every start reached a path covering the whole question is done, whatever it found.
  const complete = viaPaths && names.every((n) => evidence.some((e) => e.kind === "path" && e.meta?.topic === n && e.meta?.complete === true));
  if (r.items.length && (!viaPaths || complete)) return [];
  const out: PlannedCall[] = names.map((n) =>
    viaPaths
      ? call("think_on_graph", { question: part.text, entities: [n], width: 5, depth: 4, scorer: "lexical", ...(filters ? { filters } : {}) }, `wider and deeper Think-on-Graph from ${n}`, part.id, 0.7)
      : call("think_on_graph", { question: part.text, entities: [n], width: 3, depth: 3, scorer: "lexical", ...(filters ? { filters } : {}) }, `the exact relation found nothing from ${n}: Think-on-Graph`, part.id, 0.6),
  );
  // A period may be misread; exclusions and kinds of film stay.
  if (filters?.years && viaPaths) for (const n of names) out.push(call("think_on_graph", { question: part.text, entities: [n], width: 3, depth: 3, scorer: "lexical" }, `Think-on-Graph from ${n} without the period, which may be misread`, part.id, 0.65));
  out.push(call("full_text", { query: part.text, limit: 10 }, "full-text search on the question", part.id, 0.3));
  return out;
}

function plotFallbacks(part: PartOf<"plot">): PlannedCall[] {
  return [
    call("full_text", { query: part.story, limit: 10, fuzzy: true }, "typo-tolerant full-text search", part.id, 0.4),
    call("semantic_search", { query: part.story, k: 8, threshold: 0.1 }, "semantic search with a lower threshold", part.id, 0.3),
  ];
}
