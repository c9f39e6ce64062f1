import { useEffect, useState } from "hono/jsx/dom";
import { getText } from "./api.js";
import { useApiJson } from "./use-api.js";
import { int, ms, num, when } from "./format.js";
import { routeHref } from "./route.js";
import type { Aggregate, Report, ReportListing } from "./types.js";
import { Busy, ColumnHeads, ErrorBanner, Select } from "./ui.js";

/** Eval reports: the summaries under the server's eval folder. */
export function EvalsView() {
  const { data: listing, error } = useApiJson<ReportListing>("/v1/evals");
  if (error) return <ErrorBanner error={error} />;
  if (!listing) return <Busy label="loading reports…" />;
  return (
    <div class="view-evals">
      <p class="muted">
        Reports in <code>{listing.dir}</code>, newest first. {listing.hint ?? ""}
      </p>
      <table class="reports-table">
        <ColumnHeads labels={["report", "datasets", "split", "strategies", "questions", "judge", "written"]} />
        <tbody>
          {listing.reports.map((r) =>
            "error" in r ? (
              <tr class="broken">
                <td>{r.name}</td>
                <td colspan={6} class="error-text">
                  {r.error}
                </td>
              </tr>
            ) : (
              <tr data-report={r.name}>
                <td>
                  <a href={routeHref({ view: "eval", id: r.name, params: {} })}>{r.name}</a>
                </td>
                <td>{r.datasets.join(", ")}</td>
                <td>{r.split ?? "—"}</td>
                <td>{r.strategies.join(", ")}</td>
                <td>{int(r.n)}</td>
                <td>{r.judge ? "yes" : "no"}</td>
                <td class="nowrap">{when(r.modifiedAt)}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

const COLUMNS: { label: string; value: (a: Aggregate) => string }[] = [
  { label: "n", value: (a) => int(a.n) },
  { label: "Hits@1", value: (a) => num(a.hits1) },
  { label: "F1", value: (a) => num(a.f1) },
  { label: "context recall", value: (a) => num(a.contextRecall) },
  { label: "steps", value: (a) => num(a.avgSteps, 2) },
  { label: "tool calls", value: (a) => num(a.avgToolCalls, 2) },
  { label: "LLM calls", value: (a) => num(a.avgLlmCalls, 2) },
  { label: "tokens in+out", value: (a) => `${int(a.avgInputTokens)}+${int(a.avgOutputTokens)}` },
  { label: "p50", value: (a) => ms(a.p50Ms) },
  { label: "p95", value: (a) => ms(a.p95Ms) },
  { label: "fallback", value: (a) => (a.fallbackRate === undefined ? "—" : num(a.fallbackRate)) },
  { label: "errors", value: (a) => int(a.errors) },
];

/** One report: overall, per dataset and per category tables for the chosen strategies, the judge, the chart. */
export function EvalPage({ name, params }: { name: string; params: Record<string, string> }) {
  const { data: report, error } = useApiJson<Report>(`/v1/evals/${encodeURIComponent(name)}`);
  const [chart, setChart] = useState<string | undefined>(undefined);
  useEffect(() => {
    // The chart is fetched with the API key and shown from a blob: an <img src> could not send the key.
    let url: string | undefined;
    getText(`/v1/evals/${encodeURIComponent(name)}/chart.svg`).then(
      (svg) => setChart((url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" })))),
      () => setChart(undefined),
    );
    return () => url && URL.revokeObjectURL(url);
  }, [name]);

  if (error) return <ErrorBanner error={error} />;
  if (!report) return <Busy label={`loading ${name}…`} />;
  const s = report.summary;
  const strategy = params.strategy ?? "";
  const shown = s.strategies.filter((x) => !strategy || x.strategy === strategy);
  const categories = [...new Set(shown.flatMap((x) => Object.keys(x.byCategory ?? {})))].sort();
  const category = params.category ?? "";
  const pick = (change: Record<string, string>) => (location.hash = routeHref({ view: "eval", id: name, params: { strategy, category, ...change } }));
  return (
    <div class="view-eval">
      <h2>{name}</h2>
      <p class="muted">
        {s.datasets.join(", ")}
        {report.run ? ` · split ${report.run.split ?? "—"} · seed ${report.run.seed ?? "—"}${report.run.limit ? ` · limit ${report.run.limit}` : ""}` : ""} · <a href="#/evals">all reports</a>
      </p>
      <div class="filters">
        <Select id="eval-strategy" label="Strategy" value={strategy} options={[{ value: "", label: "all" }, ...s.strategies.map((x) => ({ value: x.strategy, label: x.strategy }))]} onChange={(v) => pick({ strategy: v })} />
        {categories.length ? <Select id="eval-category" label="Category" value={category} options={[{ value: "", label: "all" }, ...categories.map((c) => ({ value: c, label: c }))]} onChange={(v) => pick({ category: v })} /> : null}
      </div>
      <h3>Overall</h3>
      <AggTable rows={shown.map((x) => [x.strategy, x])} />
      {s.datasets.length > 1 ? (
        <>
          <h3>By dataset</h3>
          <AggTable rows={shown.flatMap((x) => Object.entries(x.byDataset).map(([d, a]) => [`${x.strategy} · ${d}`, a] as [string, Aggregate]))} />
        </>
      ) : null}
      {categories.length ? (
        <>
          <h3>By category</h3>
          <AggTable rows={shown.flatMap((x) => Object.entries(x.byCategory ?? {}).filter(([c]) => !category || c === category).sort(([a], [b]) => (a < b ? -1 : 1)).map(([c, a]) => [`${x.strategy} · ${c}`, a] as [string, Aggregate]))} />
        </>
      ) : null}
      <h3>LLM-as-judge</h3>
      {s.judgeConfigured ? (
        <table class="data">
          <ColumnHeads labels={["strategy", "judged", "unjudged", "faithfulness", "relevancy", "context precision", "context recall", "correctness", "overall"]} />
          <tbody>
            {shown.map((x) => (
              <tr>
                <th scope="row">{x.strategy}</th>
                {x.judge ? [int(x.judge.n), int(x.judge.unjudged ?? 0), num(x.judge.faithfulness), num(x.judge.answerRelevancy), num(x.judge.contextPrecision), num(x.judge.contextRecall), num(x.judge.answerCorrectness), num(x.judge.overall)].map((v) => <td>{v}</td>) : <td colspan={8}>no judged answers</td>}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p class="muted">No judge model scored this run (run the eval with --judge and a CHAT_MODEL).</p>
      )}
      {chart ? (
        <>
          <h3>Chart</h3>
          <img class="chart" src={chart} alt={`Chart of ${name}: accuracy and cost per strategy`} />
        </>
      ) : null}
    </div>
  );
}

function AggTable({ rows }: { rows: [string, Aggregate][] }) {
  return (
    <div class="table-scroll">
      <table class="data">
        <ColumnHeads corner labels={COLUMNS.map((c) => c.label)} />
        <tbody>
          {rows.map(([label, a]) => (
            <tr>
              <th scope="row">{label}</th>
              {COLUMNS.map((c) => (
                <td>{c.value(a)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
