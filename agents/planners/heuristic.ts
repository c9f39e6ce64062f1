import { analyzeQuestion, type Operator, type QuestionAnalysis, type TopicEntity } from "../../src/question/analyze";
import { onlyUnknownNames, understandQuestion, type PartUnderstanding, type Understanding } from "../../src/question/understand";
import { wordTokens } from "../../src/util/text";
import type { Evidence } from "../../tools/evidence";
import { rankAnswers } from "../answering/candidates";
import { answerPart } from "../answering/compose";
import { draftFromAnswers } from "../answering/text";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { AnswerPart, Draft, Judgement, PlannedCall, RankedAnswer } from "../research/types";
import { callSignature, type PlanResult, type Planner, type PrimeResult, type StepNote } from "./planner";
import { callsFor, togFilters } from "./tool-choice";

/**
 * The offline planner: no model. Prime reads the question in stages (intent, parts, linked
 * entities and concepts, periods; src/question); plan picks, per part, the tool that fits its
 * intent (tool-choice.ts) and says why; judge checks each part has what it needs (a complete
 * relation path, a ranked list, similar films, plot matches, a distribution) and otherwise follows
 * up with the best-scored fallback; answer builds each part's answer exactly from its evidence.
 */
export class HeuristicPlanner implements Planner {
  readonly name: string = "heuristic";

  async prime(state: ResearchStateValue, ctx: RunContext): Promise<PrimeResult> {
    if (ctx.ablations.has("prime")) {
      const analysis = bareAnalysis(state.question);
      return { analysis, subQuestions: [{ id: "q", text: state.question }], rationale: describeAnalysis(analysis, true) };
    }
    const u = state.understanding ?? (await understandQuestion(state.question, ctx.kb));
    if (u.parts.length === 0) {
      const analysis = analyzeQuestion(state.question, ctx.kb.linker);
      return { analysis, subQuestions: [{ id: "q", text: state.question }], understanding: u, rationale: describeAnalysis(analysis) };
    }
    for (const p of u.parts) p.analysis = withIntentOperators(p);
    const subQuestions = u.parts.map((p) => ({ id: p.id, text: p.text, ...(p.analysis.topics[0] ? { topic: p.analysis.topics[0].id } : {}) }));
    const rationale = `intent ${u.intent}; ${u.parts.map((p) => `${p.id} ${p.intent}: ${describeAnalysis(p.analysis)}`).join(" | ")}`;
    return { analysis: u.parts[0]!.analysis, subQuestions, understanding: u, rationale, notes: u.stages };
  }

  async plan(state: ResearchStateValue, ctx: RunContext): Promise<PlanResult> {
    const tried = new Set(state.tried);
    if (state.round === 0) {
      const parts = partsOf(state);
      const calls = parts ? await this.partCalls(parts, state.question, ctx) : this.firstCalls(state.analysis!, state.question, ctx);
      return { calls, rationale: calls.map((c) => `${c.serves ?? "q"}: ${c.tool}: ${c.rationale}`).join("; ") };
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

  private async partCalls(parts: readonly PartUnderstanding[], question: string, ctx: RunContext): Promise<PlannedCall[]> {
    const out: PlannedCall[] = [];
    for (const p of parts) {
      if (ctx.ablations.has("graph")) {
        out.push({ tool: "full_text", args: { query: p.text.slice(0, 500), limit: 10 }, rationale: "graph tools switched off (ablation): full-text search", serves: p.id });
        continue;
      }
      if (onlyUnknownNames(p)) continue; // said as not found, nothing to search from
      out.push(...(await callsFor(p, ctx.kb)));
    }
    if (out.length === 0 && parts.every((p) => !p.notFound.length)) out.push({ tool: "full_text", args: { query: question.slice(0, 500), limit: 10 }, rationale: "nothing to start from: full-text search", serves: parts[0]?.id ?? "q" });
    return out;
  }

  /** The pre-understanding first round, kept for the `prime` ablation. */
  protected firstCalls(a: QuestionAnalysis, question: string, ctx: RunContext): PlannedCall[] {
    const graph = !ctx.ablations.has("graph");
    if (graph && a.topics.length === 0 && ctx.ablations.has("prime")) {
      return [
        { tool: "think_on_graph", args: { question }, rationale: "no prime: let Think-on-Graph link the question itself", serves: "q" },
        { tool: "full_text", args: { query: question, limit: 10 }, rationale: "no prime: full-text search on the question", serves: "q" },
      ];
    }
    if (graph && a.topics.length > 0) return a.topics.map((t) => ({ tool: "think_on_graph" as const, args: { question, entities: [t.name], width: 3, depth: 3, scorer: "lexical" }, rationale: `Think-on-Graph from ${t.name} (${t.type})`, serves: "q" }));
    return [
      { tool: "full_text", args: { query: question, limit: 10 }, rationale: "no linked entity: full-text search", serves: "q" },
      { tool: "semantic_search", args: { query: question, k: 8 }, rationale: "no linked entity: semantic search", serves: "q" },
    ];
  }

  async judge(state: ResearchStateValue, ctx: RunContext): Promise<Judgement & StepNote> {
    const missing: string[] = [];
    const followUps: PlannedCall[] = [];
    const graph = !ctx.ablations.has("graph");
    const parts = partsOf(state) ?? [];
    for (const p of parts) {
      const ev = evidenceOfPart(state, p.id);
      const viaPaths = state.trace.some((s) => s.node === "act" && s.serves === p.id && s.tool === "think_on_graph");
      if (viaPaths && graph) {
        const started = (t: TopicEntity) => state.trace.some((s) => s.node === "act" && s.serves === p.id && s.tool === "think_on_graph" && Array.isArray(s.args?.entities) && (s.args.entities as unknown[]).includes(t.name));
        const topics = p.analysis.topics.filter((t) => ev.some((e) => e.meta?.topic === t.id) || started(t));
        for (const t of topics) {
          const paths = ev.filter((e) => e.kind === "path" && e.meta?.topic === t.id);
          if (paths.some((e) => e.meta?.complete === true)) continue;
          missing.push(`${p.id}: ${paths.length ? `no path from ${t.name} covers the whole question` : `nothing reached from ${t.name}`}`);
          followUps.push(...this.fallbacksFor(t, p));
        }
        if (p.analysis.operators.some((o) => o.kind === "intersection") && missing.length === 0 && rankAnswers(p.analysis, ev).answers.length === 0) {
          missing.push(`${p.id}: the answers for ${p.analysis.topics.map((t) => t.name).join(" and ")} have nothing in common`);
          for (const t of p.analysis.topics) followUps.push({ tool: "think_on_graph", args: { question: p.text, entities: [t.name], width: 5, depth: 3, scorer: "lexical" }, rationale: `wider search from ${t.name} for common answers`, serves: p.id, score: 0.5 });
        }
      } else if (ev.length === 0 && !onlyUnknownNames(p)) {
        missing.push(`${p.id}: no evidence yet`);
        followUps.push(
          { tool: "full_text", args: { query: p.text.slice(0, 500), limit: 10, fuzzy: true }, rationale: "typo-tolerant full-text search", serves: p.id, score: 0.4 },
          { tool: "semantic_search", args: { query: p.text, k: 8, threshold: 0.1 }, rationale: "semantic search with a lower threshold", serves: p.id, score: 0.3 },
        );
      }
    }
    const tried = new Set(state.tried);
    const ranked = followUps.filter((c) => !tried.has(callSignature(c))).sort((x, y) => (y.score ?? 0) - (x.score ?? 0));
    const enough = missing.length === 0;
    return { enough, missing, followUps: ranked, rationale: enough ? "every part has the evidence its intent needs" : `${missing.join("; ")}${ranked.length ? "" : "; nothing left to try"}` };
  }

  /** What to try when a topic's paths fall short, scored by how likely each is to help. */
  protected fallbacksFor(t: TopicEntity, p: PartUnderstanding): PlannedCall[] {
    const filters = togFilters(p);
    const f = filters ? { filters } : {};
    const out: PlannedCall[] = [{ tool: "think_on_graph", args: { question: p.text, entities: [t.name], width: 5, depth: 4, scorer: "lexical", ...f }, rationale: `wider and deeper Think-on-Graph from ${t.name}`, serves: p.id, score: 0.7 }];
    // Without the filters only when they are a period that may be misread; exclusions and kinds of film stay.
    if (filters?.years && !filters.linkedTo && !filters.notLinkedTo) out.push({ tool: "think_on_graph", args: { question: p.text, entities: [t.name], width: 3, depth: 3, scorer: "lexical" }, rationale: `Think-on-Graph from ${t.name} without the period, which may be misread`, serves: p.id, score: 0.65 });
    t.alternatives
      .filter((c) => c.id !== t.id && c.score >= 0.5)
      .slice(0, 2)
      .forEach((c, i) => out.push({ tool: "think_on_graph", args: { question: p.text, entities: [c.name], width: 3, depth: 3, scorer: "lexical", ...f }, rationale: `the mention "${t.text}" may mean ${c.name} (${c.type})`, serves: p.id, score: 0.6 - 0.05 * i }));
    out.push({ tool: "full_text", args: { query: p.text.slice(0, 500), limit: 10 }, rationale: "full-text search on the question", serves: p.id, score: 0.3 });
    return out;
  }

  async answer(state: ResearchStateValue, ctx: RunContext): Promise<Draft & StepNote> {
    const parts = partsOf(state);
    // Calls another strategy planned (fixed tools, a model) serve no part: answer from all the evidence.
    const acts = state.trace.filter((s) => s.node === "act");
    const servedParts = parts && (acts.length === 0 || acts.some((s) => parts.some((p) => p.id === s.serves)));
    if (!parts || parts.length === 0 || !servedParts) {
      const analysis = state.analysis ?? analyzeQuestion(state.question, ctx.kb.linker);
      const set = rankAnswers(analysis, state.evidence);
      const draft = draftFromAnswers(analysis, set, state.evidence, state.truncated);
      const intent = state.understanding?.intent ?? "fact";
      return { ...draft, parts: [{ question: state.question, intent, answers: set.answers, text: draft.text, ...(set.count !== undefined ? { count: set.count } : {}) }], rationale: `${set.answers.length} answers: ${set.basis}` };
    }
    const answered: AnswerPart[] = parts.map((p) => answerPart(p, evidenceOfPart(state, p.id), ctx.kb.catalog, ctx.kb.embedder.id));
    const text = (answered.length === 1 ? answered[0]!.text : answered.map((a, i) => `${i + 1}. ${a.question}: ${a.text}`).join("\n")) + (state.truncated ? `\n(The run stopped early: ${state.truncated}.)` : "");
    const answers: RankedAnswer[] = [];
    for (const a of answered) for (const x of a.answers) if (!answers.some((y) => y.name === x.name)) answers.push(x);
    const ids = new Set(state.evidence.map((e) => e.id));
    const citations = [...new Set([...text.matchAll(/\[(ev_[0-9a-f]+)\]/g)].map((m) => m[1]!))].filter((id) => ids.has(id));
    return { text, answers, citations, author: "template", parts: answered, rationale: answered.map((a) => `${a.intent}: ${a.answers.length} answer(s)${a.count !== undefined ? `, count ${a.count}` : ""}`).join("; ") };
  }
}

/** The question's parts when prime read it in stages (not under the prime ablation). */
function partsOf(state: ResearchStateValue): PartUnderstanding[] | undefined {
  const u: Understanding | undefined = state.understanding;
  return u && u.parts.length ? u.parts : undefined;
}

/** The evidence a part's own tool calls found (a fact two parts found serves both). */
export function evidenceOfPart(state: Pick<ResearchStateValue, "trace" | "evidence">, partId: string): Evidence[] {
  const ids = new Set(state.trace.filter((s) => s.node === "act" && s.serves === partId).flatMap((s) => s.evidenceIds));
  return state.evidence.filter((e) => ids.has(e.id));
}

/** The set operation a part's intent implies, added to its relation analysis when the wording left it implicit. */
function withIntentOperators(p: PartUnderstanding): QuestionAnalysis {
  const ops: Operator[] = p.analysis.operators.filter((o) => o.kind !== "count" || p.intent === "count" || p.intent === "threshold");
  if (p.intent === "threshold" && !ops.some((o) => o.kind === "count" && o.min !== undefined)) ops.push({ kind: "count", min: p.threshold ?? 2, text: "threshold" });
  if (p.intent === "most_common" && !ops.some((o) => o.kind === "aggregate")) ops.push({ kind: "aggregate", text: "most common" });
  if (p.intent === "intersection" && !ops.some((o) => o.kind === "intersection")) {
    const ids = p.analysis.topics.filter((t) => t.types.includes("Person") || t.types.includes("Movie")).map((t) => t.id);
    if (ids.length >= 2) ops.push({ kind: "intersection", topics: ids });
  }
  return { ...p.analysis, operators: ops };
}

/** The question with nothing read into it (the `prime` ablation). */
function bareAnalysis(question: string): QuestionAnalysis {
  return { question, tokens: wordTokens(question), topics: [], constraints: [], cues: [], answer: {}, sharing: false, operators: [] };
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
