import { contentTerms } from "../../../src/util/text";
import type { Evidence } from "../../../tools/evidence";
import { rankAnswers } from "../../answering/candidates";
import { tracedNode } from "../node";

export const CONTEXT_CAP = 12;
export const NEAR_DUPLICATE = 0.65;

/**
 * Prepares the answer's context: rerank by relevance (the tool's score, normalised per tool, plus
 * a boost for evidence behind the leading answer candidates), drop near-duplicates (term Jaccard
 * above 0.65 with something already kept), and cap it, important items first.
 */
export const organize = tracedNode("organize", async (state, ctx) => {
  if (ctx.ablations.has("organize")) {
    const context = state.evidence.slice(0, CONTEXT_CAP);
    return { update: { context }, step: { decision: `kept the first ${context.length}`, rationale: "organize switched off (ablation): first items in arrival order, no reranking or deduplication", evidenceIds: context.map((e) => e.id), notes: [] } };
  }
  const context = organizeEvidence(state.evidence, state.analysis);
  return {
    update: { context },
    step: { decision: `kept ${context.length} of ${state.evidence.length}`, rationale: `reranked by relevance, dropped near-duplicates (similarity > ${NEAR_DUPLICATE}), capped at ${CONTEXT_CAP}`, evidenceIds: context.map((e) => e.id), notes: [] },
  };
});

export function organizeEvidence(evidence: readonly Evidence[], analysis: Parameters<typeof rankAnswers>[0], cap = CONTEXT_CAP): Evidence[] {
  if (evidence.length === 0) return [];
  const maxByTool = new Map<string, number>();
  for (const e of evidence) {
    const tool = e.sources[0]!.tool;
    maxByTool.set(tool, Math.max(maxByTool.get(tool) ?? 0, e.score));
  }
  const leaders = rankAnswers(analysis, evidence).answers.slice(0, 20);
  const boost = new Map<string, number>();
  leaders.forEach((a, rank) => a.evidenceIds.forEach((id) => boost.set(id, Math.max(boost.get(id) ?? 0, 1 - rank / 20))));
  const scored = evidence.map((e, i) => {
    const max = maxByTool.get(e.sources[0]!.tool) || 1;
    const norm = max > 0 ? e.score / max : 0;
    return { e, i, relevance: norm + 0.5 * (boost.get(e.id) ?? 0) };
  });
  scored.sort((a, b) => b.relevance - a.relevance || a.i - b.i);
  const kept: { e: Evidence; terms: Set<string> }[] = [];
  for (const { e } of scored) {
    if (kept.length >= cap) break;
    const terms = new Set(contentTerms(e.text));
    if (kept.some((k) => jaccard(k.terms, terms) > NEAR_DUPLICATE)) continue;
    kept.push({ e, terms });
  }
  return kept.map((k) => k.e);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}
