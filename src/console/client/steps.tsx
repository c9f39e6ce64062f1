import { args, ms } from "./format.js";
import type { TraceStep } from "./types.js";

/**
 * The run's steps as they happen: router, prime, plan (the chosen tool and why), each tool call with
 * its arguments, time and evidence count, the judge's verdict and follow-ups, organize, answer.
 */
export function StepList({ steps, running, heading = true }: { steps: readonly TraceStep[]; running: boolean; heading?: boolean }) {
  return (
    <section class="steps" aria-label="Steps">
      {heading ? <h3>Steps</h3> : null}
      <ol class="step-list" aria-live="polite" aria-busy={running ? "true" : "false"}>
        {steps.map((s) => (
          <StepItem step={s} />
        ))}
      </ol>
      {running ? <p class="muted step-waiting">waiting for the next step…</p> : null}
    </section>
  );
}

function StepItem({ step: s }: { step: TraceStep }) {
  const failed = Boolean(s.error);
  return (
    <li class={`step node-${s.node}${failed ? " failed" : ""}`} data-node={s.node}>
      <div class="step-head">
        <span class="badge">{s.node}</span>
        <span class="decision">{s.decision}</span>
        <span class="step-meta">
          {ms(s.ms)}
          {s.node === "act" ? ` · ${s.evidenceIds.length} evidence` : ""}
          {s.llmCalls ? ` · ${s.llmCalls} LLM call${s.llmCalls > 1 ? "s" : ""}, ${s.inputTokens}+${s.outputTokens} tokens` : ""}
        </span>
      </div>
      {s.tool ? (
        <div class="tool">
          <code>
            {s.tool}({args(s.args)})
          </code>
        </div>
      ) : null}
      {s.rationale ? <div class="rationale">{s.rationale}</div> : null}
      {s.fallback ? <div class="fallback">fallback: {s.fallback}</div> : null}
      {s.error ? (
        <div class="step-error">
          {s.error.code}: {s.error.message}
        </div>
      ) : null}
      {s.notes.length ? (
        <details>
          <summary>{s.notes.length} note{s.notes.length > 1 ? "s" : ""}</summary>
          <ul>
            {s.notes.map((n) => (
              <li>{n}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
