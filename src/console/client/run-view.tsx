import { useMemo, useState } from "hono/jsx/dom";
import { citedIds } from "./citations.js";
import type { ConsoleConfig } from "./config.js";
import { AnswerList, AnswerText, EvidenceList } from "./evidence.js";
import { int, ms } from "./format.js";
import { EvidenceGraph } from "./graph.js";
import { StepList } from "./steps.js";
import type { RunResult, TraceStep } from "./types.js";

/** One run as it ran: its answer with citations, the numbers, the steps, the evidence and its graph. */
export function RunView({ steps, result, running, config, compact }: { steps: readonly TraceStep[]; result: RunResult | undefined; running: boolean; config: ConsoleConfig; compact?: boolean }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const cited = useMemo(() => (result ? citedIds(result) : new Set<string>()), [result]);
  const cite = (id: string) => {
    setSelected(id);
    // After the re-render marks it, bring the evidence into view and give it focus.
    requestAnimationFrame(() => {
      const el = document.getElementById(`ev-${id}`);
      el?.scrollIntoView({ block: "center" });
      el?.focus({ preventScroll: true });
    });
  };
  return (
    <div class="run-view">
      {result ? (
        <section class="answer" aria-label="Answer">
          <h3>Answer</h3>
          <AnswerText answer={result.answer} citations={result.citations ?? []} evidence={result.evidence} onCite={cite} />
          <p class="run-numbers muted">
            {result.strategy} · planner {result.planner} · route {result.route} · {result.trace.length} steps · {result.trace.filter((s) => s.node === "act").length} tool calls · {result.usage.llmCalls} LLM calls ·{" "}
            {int(result.usage.inputTokens)}+{int(result.usage.outputTokens)} tokens · {ms(result.timings.totalMs)} ·{" "}
            <a href={`#/runs/${encodeURIComponent(result.runId)}`} class="permalink">
              link to this run
            </a>
          </p>
          {result.plan ? <PlanLine plan={result.plan} /> : null}
          <AnswerList result={result} onCite={cite} />
        </section>
      ) : null}
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

/** The plan the run followed: each part's id and kind (answered ones starred), the rules that wrote it, the whole plan on demand. */
function PlanLine({ plan }: { plan: NonNullable<RunResult["plan"]> }) {
  const parts = plan.parts.map((p) => `${plan.answer.includes(p.id) ? "*" : ""}${p.id} ${p.kind}`).join(" · ");
  return (
    <details class="plan">
      <summary>
        Plan: {parts}
        {plan.rules.length ? <span class="muted"> (rules {plan.rules.join(", ")})</span> : null}
      </summary>
      <pre>{JSON.stringify(plan.parts, null, 2)}</pre>
    </details>
  );
}
