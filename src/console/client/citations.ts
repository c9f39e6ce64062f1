/** Citations in an answer's text: `[ev_…]`, or several ids in one bracket. */
export const CITATION = /\[(ev_[0-9a-f]{16}(?:\s*,\s*ev_[0-9a-f]{16})*)\]/g;

/** Cited evidence ids in the order the answer first cites them (numbered [1], [2] … in the text). */
export function citationOrder(answer: string): string[] {
  const seen: string[] = [];
  for (const m of answer.matchAll(CITATION)) for (const id of m[1]!.split(/\s*,\s*/)) if (!seen.includes(id)) seen.push(id);
  return seen;
}

/** The evidence ids a run's answer step cites. */
export function citedIds(run: { trace: readonly { node: string; evidenceIds: readonly string[] }[] }): Set<string> {
  return new Set(run.trace.filter((s) => s.node === "answer").flatMap((s) => s.evidenceIds));
}
