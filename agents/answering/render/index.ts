import type { KnowledgeBase } from "../../../src/kb/knowledge-base";
import type { PlanPart, QueryPlan } from "../../../src/plan/schema";
import type { Evidence } from "../../../tools/evidence";
import type { PlanResults } from "../../plan/results";
import type { AnswerPart, Draft, RankedAnswer } from "../../research/types";
import { citationsFor } from "./citations";
import { filmYears, resultOf, type RenderContext, type Rendered } from "./context";
import { renderAggregate, renderCheck, renderCombine, renderCompare, renderDistribution, renderFilms, renderOrder } from "./render-sets";
import { renderOpen } from "./render-open";
import { renderHeldNone, tmdbOnlyBeside, tmdbOnlyBesideRows } from "./render-tmdb-only";
import { renderBeyond, renderDescribe, renderLookup, renderPlot, renderReply, renderSimilar, renderUnknown } from "./render-paths";

/** One renderer per part kind: the answer a film fan would write, from that part's result; a family's films TMDB alone lists said beside. */
export function renderPart(part: PlanPart, ctx: RenderContext): Rendered {
  const held = renderHeldNone(part, resultOf(ctx, part.id), ctx);
  if (held) return held;
  const rendered = renderKind(part, ctx);
  const r = resultOf(ctx, part.id);
  const beside = tmdbOnlyBeside(part, r, ctx);
  if (!beside) return rendered;
  // A family counted with its films TMDB alone lists: the count is all of them ("4 in all"), as the text says.
  const counted = part.kind === "aggregate" && part.op === "count" && rendered.count !== undefined ? { count: rendered.count + tmdbOnlyBesideRows(r).length } : {};
  return { ...rendered, text: `${rendered.text}${beside}`, ...counted };
}

function renderKind(part: PlanPart, ctx: RenderContext): Rendered {
  const r = resultOf(ctx, part.id);
  switch (part.kind) {
    case "lookup":
      return renderLookup(part, r, ctx);
    case "films":
      return renderFilms(part, r, ctx);
    case "order":
      return renderOrder(part, r, ctx);
    case "aggregate":
      return renderAggregate(part, r, ctx);
    case "compare":
      return renderCompare(part, r, ctx);
    case "check":
      return renderCheck(part, r, ctx, (of) => renderPart(of, ctx));
    case "combine":
      return renderCombine(part, r, ctx);
    case "similar":
      return r.deep ? renderOpen(part, r, ctx) : renderSimilar(part, r, ctx);
    case "plot":
      return r.deep ? renderOpen(part, r, ctx) : renderPlot(part, r, ctx);
    case "open":
      return renderOpen(part, r, ctx);
    case "describe":
      return renderDescribe(part, r, ctx, renderDistribution);
    case "beyond":
      return renderBeyond(part, r, ctx, (about) => renderPart(about, ctx));
    case "reply":
      return renderReply(part);
    case "unknown":
      return renderUnknown(part, r, ctx);
  }
}

/**
 * The reply: each answered part rendered in the question's order (numbered when there are several),
 * with numbered citations; the ranked answers of every part, without repeats.
 */
export async function renderPlan(plan: QueryPlan, results: PlanResults, evidence: readonly Evidence[], kb: Pick<KnowledgeBase, "graph" | "editions">, clauses: readonly string[], truncated?: string): Promise<Draft> {
  const ctx: RenderContext = { plan, results, cite: citationsFor(evidence), years: await filmYears(plan, results, kb), editionYear: (movie, person) => kb.editions.yearFor(movie, person) };
  const parts: AnswerPart[] = plan.answer.map((id, i) => {
    const part = plan.parts.find((p) => p.id === id)!;
    const r = renderPart(part, ctx);
    return {
      partId: id,
      kind: part.kind,
      question: clauses[i] ?? plan.question,
      answers: r.answers,
      text: r.text,
      ...(r.count !== undefined ? { count: r.count } : {}),
      ...(r.verdict ? { verdict: r.verdict } : {}),
      ...(r.lacks ? { lacks: r.lacks } : {}),
    };
  });
  const body = parts.length === 1 ? parts[0]!.text : parts.map((p, i) => `${i + 1}. ${p.question}: ${p.text}`).join("\n");
  const text = body + (truncated ? `\n(The research stopped early: ${truncated}.)` : "");
  const answers: RankedAnswer[] = [];
  for (const p of parts) for (const a of p.answers) if (!answers.some((x) => x.name === a.name)) answers.push(a);
  return { text, answers, citations: ctx.cite.list(), author: "template", parts };
}
