import { useState } from "hono/jsx/dom";
import { answerOverlap, figures, overlap, type Overlap, type RunFigures } from "./compare-model.js";
import type { ConsoleConfig } from "./config.js";
import { int, ms } from "./format.js";
import { routeHref } from "./route.js";
import { RunView } from "./run-view.js";
import { strategyOptions, usable } from "./strategy-options.js";
import { useResearch } from "./use-research.js";
import { ColumnHeads, ErrorBanner, QuestionInput, Select } from "./ui.js";

const pct = (o: Overlap) => `${o.shared} shared, ${o.onlyA} only left, ${o.onlyB} only right (Jaccard ${o.jaccard.toFixed(2)})`;
const tools = (f: RunFigures) =>
  Object.entries(f.toolCalls)
    .map(([t, n]) => `${t}×${n}`)
    .join(", ") || "none";

/** Compare: one question, two strategies run side by side, and how their answers and costs differ. */
export function CompareView({ config, params }: { config: ConsoleConfig; params: Record<string, string> }) {
  const [question, setQuestion] = useState(params.q ?? "");
  const [a, setA] = useState(usable(config, params.a, "heuristic"));
  const [b, setB] = useState(usable(config, params.b, "tog"));
  const [left, startLeft, stopLeft] = useResearch();
  const [right, startRight, stopRight] = useResearch();
  const running = left.running || right.running;

  const submit = (e: Event) => {
    e.preventDefault();
    history.replaceState(null, "", routeHref({ view: "compare", params: { q: question, a, b } }));
    void startLeft({ question, strategy: a });
    void startRight({ question, strategy: b });
  };

  const fa = left.result ? figures(left.result) : undefined;
  const fb = right.result ? figures(right.result) : undefined;
  return (
    <div class="view-compare">
      <form class="ask-form" onSubmit={submit}>
        <QuestionInput id="compare-question" placeholder="A question to run with two strategies" value={question} onChange={setQuestion} />
        <div class="ask-controls">
          <Select id="strategy-a" label="Left" value={a} options={strategyOptions(config)} onChange={setA} />
          <Select id="strategy-b" label="Right" value={b} options={strategyOptions(config)} onChange={setB} />
          <button type="submit" id="compare" disabled={running}>
            Compare
          </button>
          {running ? (
            <button type="button" onClick={() => (stopLeft(), stopRight())}>
              Stop
            </button>
          ) : null}
        </div>
      </form>
      {fa && fb ? (
        <table class="compare-table" aria-label="Comparison">
          <ColumnHeads corner labels={[left.result!.strategy, right.result!.strategy]} />
          <tbody>
            <Row label="first answers" a={fa.answers.slice(0, 3).join("; ") || "—"} b={fb.answers.slice(0, 3).join("; ") || "—"} />
            <Row label="answers" a={int(fa.answers.length)} b={int(fb.answers.length)} />
            <Row label="answer overlap (top 10)" both={pct(answerOverlap(fa, fb))} />
            <Row label="evidence" a={int(fa.evidenceIds.length)} b={int(fb.evidenceIds.length)} />
            <Row label="evidence overlap" both={pct(overlap(fa.evidenceIds, fb.evidenceIds))} />
            <Row label="cited evidence overlap" both={pct(overlap(fa.citedIds, fb.citedIds))} />
            <Row label="steps" a={int(fa.steps)} b={int(fb.steps)} />
            <Row label="tool calls" a={tools(fa)} b={tools(fb)} />
            <Row label="LLM calls" a={int(fa.llmCalls)} b={int(fb.llmCalls)} />
            <Row label="tokens (in + out)" a={`${int(fa.inputTokens)} + ${int(fa.outputTokens)}`} b={`${int(fb.inputTokens)} + ${int(fb.outputTokens)}`} />
            <Row label="time" a={ms(fa.ms)} b={ms(fb.ms)} />
          </tbody>
        </table>
      ) : null}
      <div class="side-by-side">
        <div class="side" aria-label={`Left: ${a}`}>
          <h2>{a}</h2>
          <ErrorBanner error={left.error} />
          <RunView steps={left.steps} result={left.result} running={left.running} config={config} compact />
        </div>
        <div class="side" aria-label={`Right: ${b}`}>
          <h2>{b}</h2>
          <ErrorBanner error={right.error} />
          <RunView steps={right.steps} result={right.result} running={right.running} config={config} compact />
        </div>
      </div>
    </div>
  );
}

function Row({ label, a, b, both }: { label: string; a?: string; b?: string; both?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {both !== undefined ? <td colspan={2}>{both}</td> : (
        <>
          <td>{a}</td>
          <td>{b}</td>
        </>
      )}
    </tr>
  );
}
