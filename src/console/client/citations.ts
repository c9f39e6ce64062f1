/**
 * Citations in an answer's text: "[n]" for the run's `citations[n-1]`, or (in runs stored before
 * answers were numbered) `[ev_…]`, several ids possibly in one bracket.
 */
export const CITATION = /\[(\d{1,3}|ev_[0-9a-f]{16}(?:\s*,\s*ev_[0-9a-f]{16})*)\]/g;

/** The evidence ids one citation mark stands for (none when a number has no entry). */
export function citedBy(mark: string, citations: readonly string[]): string[] {
  if (/^\d+$/.test(mark)) {
    const id = citations[Number(mark) - 1];
    return id ? [id] : [];
  }
  return mark.split(/\s*,\s*/);
}

/** Cited evidence ids in the order the answer first cites them (numbered [1], [2] … in the text). */
export function citationOrder(answer: string, citations: readonly string[] = []): string[] {
  const seen: string[] = [];
  for (const m of answer.matchAll(CITATION)) for (const id of citedBy(m[1]!, citations)) if (!seen.includes(id)) seen.push(id);
  return seen;
}

/** The evidence ids a run's answer step cites. */
export function citedIds(run: { trace: readonly { node: string; evidenceIds: readonly string[] }[] }): Set<string> {
  return new Set(run.trace.filter((s) => s.node === "answer").flatMap((s) => s.evidenceIds));
}
