import { AnswerList, AnswerText } from "./evidence.js";
import { int, ms } from "./format.js";
import type { RunResult } from "./types.js";

/** A run's answer: the text with numbered citations, the run's numbers and link, its plan, the ranked answers. */
export function AnswerSection({ result, onCite, level = 3 }: { result: RunResult; onCite: (id: string) => void; level?: 3 | 4 }) {
  return (
    <section class="answer" aria-label="Answer">
      {level === 3 ? <h3>Answer</h3> : <h4>Answer</h4>}
      <AnswerText answer={result.answer} citations={result.citations ?? []} evidence={result.evidence} onCite={onCite} />
      <p class="run-numbers muted">
        {result.strategy} · planner {result.planner} · route {result.route} · {result.trace.length} steps · {result.trace.filter((s) => s.node === "act").length} tool calls · {result.usage.llmCalls} LLM calls ·{" "}
        {int(result.usage.inputTokens)}+{int(result.usage.outputTokens)} tokens · {ms(result.timings.totalMs)} ·{" "}
        <a href={`#/runs/${encodeURIComponent(result.runId)}`} class="permalink">
          link to this run
        </a>
      </p>
      {result.plan ? <PlanLine plan={result.plan} /> : null}
      <AnswerList result={result} onCite={onCite} />
    </section>
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
