import { analyzeQuestion, type QuestionAnalysis, type TopicEntity } from "../../src/question/analyze";
import { wordTokens } from "../../src/util/text";
import { rankAnswers } from "../answering/candidates";
import { draftFromAnswers } from "../answering/text";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Draft, Judgement, PlannedCall } from "../research/types";
import { callSignature, type PlanResult, type Planner, type PrimeResult, type StepNote } from "./planner";

/**
 * The offline planner: rule- and score-based, no model. It links the question's entities, plans
 * Think-on-Graph from each (with the question's year and entity constraints as filters), judges a
 * sub-question answered when a complete relation path reaches entities, and otherwise follows up
 * with the best-scored fallback (a wider search, the next candidate entity, full text). Answers are
 * computed from the evidence exactly (see answering/candidates.ts).
 */
export class HeuristicPlanner implements Planner {
  readonly name: string = "heuristic";

  async prime(state: ResearchStateValue, ctx: RunContext): Promise<PrimeResult> {
    const analysis = ctx.ablations.has("prime") ? bareAnalysis(state.question) : analyzeQuestion(state.question, ctx.kb.linker);
    const subQuestions = analysis.topics.length
      ? analysis.topics.map((t) => ({ id: t.id, text: `${state.question} (from ${t.name})`, topic: t.id }))
      : [{ id: "q", text: state.question }];
    return { analysis, subQuestions, rationale: describeAnalysis(analysis, ctx.ablations.has("prime")) };
  }

  async plan(state: ResearchStateValue, ctx: RunContext): Promise<PlanResult> {
    const tried = new Set(state.tried);
    if (state.round === 0) {
      const calls = this.firstCalls(state.analysis!, state.question, ctx);
      return { calls, rationale: calls.map((c) => c.rationale).join("; ") };
    }
    const next = (state.judgement?.followUps ?? []).filter((c) => !tried.has(callSignature(c)));
    if (next.length === 0) return { calls: [], rationale: "no untried follow-up left" };
    // The best follow-up, plus the best for each other sub-question scoring at least half as well,
    // in parallel, in the judge's order.
    const best = next[0]!.score ?? 0;
    const picked: PlannedCall[] = [];
    for (const c of next) if (!picked.some((p) => p.serves === c.serves) && (c.score ?? 0) >= best / 2) picked.push(c);
    return { calls: picked.slice(0, 3), rationale: `follow-ups by judge score: ${picked.map((c) => `${c.tool} (${c.score ?? "?"})`).join(", ")}` };
  }

  protected firstCalls(a: QuestionAnalysis, question: string, ctx: RunContext): PlannedCall[] {
    const graph = !ctx.ablations.has("graph");
    if (graph && a.topics.length > 0) {
      const filters = filtersFrom(a);
      return a.topics.map((t) => ({
        tool: "think_on_graph" as const,
        args: { question, entities: [t.name], width: 3, depth: 3, scorer: "lexical", ...(filters ? { filters } : {}) },
        rationale: `Think-on-Graph from ${t.name} (${t.type})${filters ? " with the question's constraints as filters" : ""}`,
        serves: t.id,
      }));
    }
    if (graph && a.topics.length === 0 && ctx.ablations.has("prime")) {
      return [
        { tool: "think_on_graph", args: { question }, rationale: "no prime: let Think-on-Graph link the question itself", serves: "q" },
        { tool: "full_text", args: { query: question, limit: 10 }, rationale: "no prime: full-text search on the question", serves: "q" },
      ];
    }
    if (graph && a.constraints.some((c) => c.kind === "entity" && (c.type === "Genre" || c.type === "Tag"))) {
      return [{ tool: "breadth_first", args: { query: question }, rationale: "the question is about a genre or tag: concepts first", serves: "q" }];
    }
    return [
      { tool: "full_text", args: { query: question, limit: 10 }, rationale: "no linked entity: full-text search", serves: "q" },
      { tool: "semantic_search", args: { query: question, k: 8 }, rationale: "no linked entity: semantic search", serves: "q" },
    ];
  }

  async judge(state: ResearchStateValue, ctx: RunContext): Promise<Judgement & StepNote> {
    const a = state.analysis!;
    const missing: string[] = [];
    const followUps: PlannedCall[] = [];
    const graph = !ctx.ablations.has("graph");
    if (a.topics.length > 0 && graph) {
      for (const t of a.topics) {
        const paths = state.evidence.filter((e) => e.kind === "path" && e.meta?.topic === t.id);
        if (paths.some((e) => e.meta?.complete === true)) continue;
        missing.push(paths.length ? `no path from ${t.name} covers the whole question` : `nothing reached from ${t.name}`);
        followUps.push(...this.fallbacksFor(t, state.question, filtersFrom(a)));
      }
      const op = a.operators.find((o) => o.kind === "intersection");
      if (missing.length === 0 && op && rankAnswers(a, state.evidence).answers.length === 0) {
        missing.push(`the answers for ${a.topics.map((t) => t.name).join(" and ")} have nothing in common`);
        for (const t of a.topics) followUps.push({ tool: "think_on_graph", args: { question: state.question, entities: [t.name], width: 5, depth: 3, scorer: "lexical" }, rationale: `wider search from ${t.name} for common answers`, serves: t.id, score: 0.5 });
      }
    } else if (state.evidence.length === 0) {
      missing.push("no evidence yet");
      followUps.push(
        { tool: "full_text", args: { query: state.question, limit: 10, fuzzy: true }, rationale: "typo-tolerant full-text search", serves: "q", score: 0.4 },
        { tool: "semantic_search", args: { query: state.question, k: 8, threshold: 0.1 }, rationale: "semantic search with a lower threshold", serves: "q", score: 0.3 },
      );
    }
    const tried = new Set(state.tried);
    const ranked = followUps.filter((c) => !tried.has(callSignature(c))).sort((x, y) => (y.score ?? 0) - (x.score ?? 0));
    const enough = missing.length === 0;
    return {
      enough,
      missing,
      followUps: ranked,
      rationale: enough ? "every sub-question has a complete path to its answers" : `${missing.join("; ")}${ranked.length ? "" : "; nothing left to try"}`,
    };
  }

  /** What to try when a topic's paths fall short, scored by how likely each is to help. */
  protected fallbacksFor(t: TopicEntity, question: string, filters: ReturnType<typeof filtersFrom>): PlannedCall[] {
    const f = filters ? { filters } : {};
    const out: PlannedCall[] = [
      { tool: "think_on_graph", args: { question, entities: [t.name], width: 5, depth: 4, scorer: "lexical", ...f }, rationale: `wider and deeper Think-on-Graph from ${t.name}`, serves: t.id, score: 0.7 },
    ];
    if (filters) out.push({ tool: "think_on_graph", args: { question, entities: [t.name], width: 3, depth: 3, scorer: "lexical" }, rationale: `Think-on-Graph from ${t.name} without the constraints, which may be misread`, serves: t.id, score: 0.65 });
    t.alternatives
      .filter((c) => c.id !== t.id && c.score >= 0.5)
      .slice(0, 2)
      .forEach((c, i) => out.push({ tool: "think_on_graph", args: { question, entities: [c.name], width: 3, depth: 3, scorer: "lexical", ...f }, rationale: `the mention "${t.text}" may mean ${c.name} (${c.type})`, serves: t.id, score: 0.6 - 0.05 * i }));
    out.push({ tool: "full_text", args: { query: question, limit: 10 }, rationale: "full-text search on the question", serves: t.id, score: 0.3 });
    return out;
  }

  async answer(state: ResearchStateValue, ctx: RunContext): Promise<Draft & StepNote> {
    const analysis = state.analysis ?? analyzeQuestion(state.question, ctx.kb.linker);
    const set = rankAnswers(analysis, state.evidence);
    const draft = draftFromAnswers(analysis, set, state.evidence, state.truncated);
    return { ...draft, rationale: `${set.answers.length} answers: ${set.basis}` };
  }
}

/** The question with nothing read into it (the `prime` ablation). */
function bareAnalysis(question: string): QuestionAnalysis {
  return { question, tokens: wordTokens(question), topics: [], constraints: [], cues: [], answer: {}, sharing: false, operators: [] };
}

function filtersFrom(a: QuestionAnalysis): { years?: { from: number; to: number }; linkedTo?: string[] } | undefined {
  let years: { from: number; to: number } | undefined;
  for (const c of a.constraints) if (c.kind === "year") years = years ? { from: Math.max(years.from, c.from), to: Math.min(years.to, c.to) } : { from: c.from, to: c.to };
  const linkedTo = a.constraints.flatMap((c) => (c.kind === "entity" ? [c.id] : []));
  if (!years && linkedTo.length === 0) return undefined;
  return { ...(years ? { years } : {}), ...(linkedTo.length ? { linkedTo } : {}) };
}

export function describeAnalysis(a: QuestionAnalysis, ablated = false): string {
  if (ablated) return "prime switched off (ablation): no linking, decomposition or constraints";
  const topics = a.topics.length ? a.topics.map((t) => `${t.name} (${t.type}, ${t.confidence.toFixed(2)})`).join(", ") : "none";
  const parts = [`linked: ${topics}`];
  if (a.answer.type || a.answer.edge) parts.push(`answer: ${a.answer.type ?? "?"}${a.answer.edge ? ` via ${a.answer.edge}` : ""}`);
  const cues = a.cues.filter((c) => !c.inAnswerPhrase).map((c) => `${c.word}→${c.edge}`);
  if (cues.length) parts.push(`relation words: ${cues.join(", ")}`);
  if (a.operators.length) parts.push(`operations: ${a.operators.map((o) => (o.kind === "count" ? `count${o.min ? ` ≥ ${o.min}` : ""}` : o.kind)).join(", ")}`);
  if (a.constraints.length) parts.push(`constraints: ${a.constraints.map((c) => c.text).join(", ")}`);
  return parts.join("; ");
}
