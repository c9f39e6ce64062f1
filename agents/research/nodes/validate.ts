import type { Draft } from "../types";
import type { Evidence } from "../../../tools/evidence";
import type { KnowledgeBase } from "../../../src/kb/knowledge-base";
import { tracedNode } from "../node";

/**
 * Checks the draft against the evidence: an answer entity no evidence mentions is dropped from
 * `answers` and flagged; a citation number with no evidence behind it is removed from the text; in a model's text,
 * a KB name that no evidence mentions is flagged at the end (template text is built from evidence).
 */
export const validate = tracedNode("validate", async (state, ctx) => {
  const draft = state.draft!;
  if (ctx.ablations.has("validate")) return { update: {}, step: { decision: "skipped", rationale: "validate switched off (ablation)", evidenceIds: [], notes: [] } };
  const checked = validateDraft(draft, state.evidence, ctx.kb);
  return {
    update: { draft: checked.draft },
    step: { decision: checked.flags.length ? `flagged ${checked.flags.length}` : "all supported", rationale: checked.flags.length ? checked.flags.join("; ") : "every answer and cited id is supported by the evidence", evidenceIds: [], notes: [] },
  };
});

export function validateDraft(draft: Draft, evidence: readonly Evidence[], kb: KnowledgeBase): { draft: Draft; flags: string[] } {
  // An answer is a node some evidence mentions, or a figure some evidence states (a runtime, a budget).
  const mentioned = new Set([...evidence.flatMap((e) => e.nodeIds), ...evidence.flatMap((e) => (e.meta?.value !== undefined ? [String(e.meta.value)] : []))]);
  const ids = new Set(evidence.map((e) => e.id));
  const flags: string[] = [];
  const answers = draft.answers.filter((a) => {
    if (mentioned.has(a.name)) return true;
    flags.push(`answer "${a.name}" is in no evidence; removed`);
    return false;
  });
  // "[n]" cites citations[n-1]: a number with no evidence behind it is removed.
  let text = draft.text.replace(/\[(\d{1,3})\]/g, (m, n: string) => {
    const id = draft.citations[Number(n) - 1];
    if (id && ids.has(id)) return m;
    flags.push(`citation [${n}] ${id ? `(${id}) is not evidence` : "has no source"}; removed`);
    return "";
  });
  // Only confident, exact, multi-word names of people and films: a stray capitalised word that
  // happens to be a title must not be flagged.
  const fresh = draft.author !== "model" ? [] : [
    ...new Set(
      kb.linker
        .findMentions(text, { limit: 20 })
        .map((m) => ({ m, c: m.candidates[0] }))
        .filter(({ m, c }) => c && m.confidence >= 0.8 && c.match === "exact" && /\s/.test(c.name) && (c.type === "Person" || c.type === "Movie") && !mentioned.has(c.id))
        .map(({ c }) => c!.name),
    ),
  ];
  if (fresh.length) {
    flags.push(`names in the text with no supporting evidence: ${fresh.join(", ")}`);
    text = `${text}\n[unsupported by the evidence: ${fresh.join(", ")}]`;
  }
  // Citations keep their numbers: one that is not evidence stays listed (its marks were removed above) so the others still match.
  return { draft: { ...draft, text, answers }, flags };
}
