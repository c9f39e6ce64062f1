import { readAs } from "./conversation.js";
import type { RunResult } from "./types.js";

/** Under a follow-up's question: the question it was read as and what its pointing words meant. */
export function ReadAs({ question, followUp, resolved, historyStart = 0 }: { question: string; followUp?: RunResult["followUp"]; resolved?: string; historyStart?: number }) {
  if (followUp) {
    const r = readAs(question, followUp, historyStart);
    return (
      <p class="read-as" title={`a follow-up (${followUp.kind}, rule ${followUp.rule})`}>
        read as: <q class="resolved">{r.resolved}</q> <span class="muted">({r.meaning})</span>
      </p>
    );
  }
  // A recalled turn keeps only the question it stood for.
  if (resolved && resolved !== question)
    return (
      <p class="read-as">
        read as: <q class="resolved">{resolved}</q>
      </p>
    );
  return null;
}
