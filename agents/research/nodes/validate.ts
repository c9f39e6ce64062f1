import type { Draft } from "../types";
import type { Evidence } from "../../../tools/evidence";
import { checkClaims } from "../../answering/claims";
import { statedByTmdbOnly } from "../../../tools/tmdb-only-evidence";
import { tracedNode } from "../node";

/**
 * Checks the draft against the evidence: an answer entity no evidence mentions is dropped from
 * `answers` and flagged; a citation number with no evidence behind it is removed from the text; in a model's text,
 * every name, year and number is checked against the evidence its sentence cites and an unsupported
 * one is marked (template text is built from evidence).
 */
export const validate = tracedNode("validate", async (state, ctx) => {
  const draft = state.draft!;
  if (ctx.ablations.has("validate")) return { update: {}, step: { decision: "skipped", rationale: "validate switched off (ablation)", evidenceIds: [], notes: [] } };
  const checked = validateDraft(draft, state.evidence, state.question);
  return {
    update: { draft: checked.draft },
    step: { decision: checked.flags.length ? `flagged ${checked.flags.length}` : "all supported", rationale: checked.flags.length ? checked.flags.join("; ") : "every answer and cited id is supported by the evidence", evidenceIds: [], notes: [] },
  };
});

export function validateDraft(draft: Draft, evidence: readonly Evidence[], question: string): { draft: Draft; flags: string[] } {
  // An answer is a node some evidence mentions, a figure some evidence states (a runtime, a budget), or a fact of a film
  // the KB lacks that its TMDB row states (its name, year, genres, figures).
  const mentioned = new Set([...evidence.flatMap((e) => e.nodeIds), ...evidence.flatMap((e) => (e.meta?.value !== undefined ? [String(e.meta.value)] : [])), ...evidence.flatMap(statedByTmdbOnly)]);
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
  // A model's text: every name, year and number checked against the evidence its sentence cites.
  if (draft.author === "model") {
    const claims = checkClaims({ text, citations: draft.citations, evidence: new Map(evidence.map((e) => [e.id, e.text])), trusted: [draft.rulesText ?? "", question] });
    text = claims.text;
    if (claims.check.unsupported) flags.push(`${claims.check.unsupported} of ${claims.check.checked} claims in the model's text have no support in the evidence they cite: ${claims.check.flagged.join(", ")}; marked [unsupported]`);
    return { draft: { ...draft, text, answers, claims: claims.check }, flags };
  }
  // Citations keep their numbers: one that is not evidence stays listed (its marks were removed above) so the others still match.
  return { draft: { ...draft, text, answers }, flags };
}
