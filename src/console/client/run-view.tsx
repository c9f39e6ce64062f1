import { useMemo } from "hono/jsx/dom";
import { AnswerSection } from "./answer-section.js";
import { citedIds } from "./citations.js";
import type { ConsoleConfig } from "./config.js";
import { EvidenceList } from "./evidence.js";
import { EvidenceGraph } from "./graph.js";
import { StepList } from "./steps.js";
import type { RunResult, TraceStep } from "./types.js";
import { useCite } from "./use-cite.js";

/** One run as it ran: its answer with citations, the numbers, the steps, the evidence and its graph. */
export function RunView({ steps, result, running, config, compact }: { steps: readonly TraceStep[]; result: RunResult | undefined; running: boolean; config: ConsoleConfig; compact?: boolean }) {
  const [selected, cite] = useCite();
  const cited = useMemo(() => (result ? citedIds(result) : new Set<string>()), [result]);
  return (
    <div class="run-view">
      {result ? <AnswerSection result={result} onCite={cite} /> : null}
      <StepList steps={steps} running={running} />
      {result && !compact ? (
        <>
          <EvidenceGraph evidence={result.evidence} cited={cited} config={config} />
          <EvidenceList evidence={result.evidence} cited={cited} selected={selected} />
        </>
      ) : null}
      {result && compact ? (
        <details>
          <summary>Evidence ({result.evidence.length})</summary>
          <EvidenceList evidence={result.evidence} cited={cited} selected={selected} />
        </details>
      ) : null}
    </div>
  );
}
