/** Evidence as a prompt shows it: one line each, best first, cut to a few lines of bounded length (small local models have small contexts). */
export interface EvidenceLine {
  id: string;
  tool: string;
  text: string;
}

export function evidenceLines(evidence: readonly EvidenceLine[], shown: number, chars: number, label: (e: EvidenceLine, i: number) => string = (e) => `${e.id} (${e.tool})`): string[] {
  return evidence.slice(0, shown).map((e, i) => `  ${label(e, i)}: ${e.text.length > chars ? `${e.text.slice(0, chars)}…` : e.text}`);
}
