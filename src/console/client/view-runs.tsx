import { useEffect, useState } from "hono/jsx/dom";
import { getJson } from "./api.js";
import type { ConsoleConfig } from "./config.js";
import { ms, when } from "./format.js";
import { routeHref } from "./route.js";
import type { StoredRun } from "./types.js";
import { Busy, ColumnHeads, ErrorBanner, Select } from "./ui.js";

const STATUSES = ["running", "completed", "failed", "cancelled", "interrupted"];
const PAGE = 20;

/** Runs: the stored runs, newest first, filtered by strategy, status and text; each opens as it ran. */
export function RunsView({ config, params }: { config: ConsoleConfig; params: Record<string, string> }) {
  const [runs, setRuns] = useState<StoredRun[]>([]);
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [text, setText] = useState(params.q ?? "");
  const filter = { strategy: params.strategy ?? "", status: params.status ?? "", q: params.q ?? "" };

  const load = async (after?: number) => {
    setLoading(true);
    setError(undefined);
    const query = new URLSearchParams({ limit: String(PAGE) });
    for (const [k, v] of Object.entries(filter)) if (v) query.set(k, v);
    if (after !== undefined) query.set("cursor", String(after));
    try {
      const page = await getJson<{ runs: StoredRun[]; nextCursor?: number }>(`/v1/runs?${query}`);
      setRuns((prev) => (after === undefined ? page.runs : [...prev, ...page.runs]));
      setCursor(page.nextCursor);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => void load(), [filter.strategy, filter.status, filter.q]);

  // Filters live in the URL, so a filtered list can be shared.
  const go = (change: Record<string, string>) => {
    location.hash = routeHref({ view: "runs", params: { ...filter, ...change } });
  };

  return (
    <div class="view-runs">
      <form
        class="filters"
        onSubmit={(e: Event) => {
          e.preventDefault();
          go({ q: text.trim() });
        }}
      >
        <Select id="runs-strategy" label="Strategy" value={filter.strategy} options={[{ value: "", label: "any" }, ...config.strategies.map((s) => ({ value: s, label: s }))]} onChange={(v) => go({ strategy: v })} />
        <Select id="runs-status" label="Status" value={filter.status} options={[{ value: "", label: "any" }, ...STATUSES.map((s) => ({ value: s, label: s }))]} onChange={(v) => go({ status: v })} />
        <label for="runs-q">
          Question contains <input id="runs-q" type="search" maxlength={200} value={text} onInput={(e: Event) => setText((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">Filter</button>
      </form>
      <ErrorBanner error={error} />
      <table class="runs-table">
        <ColumnHeads labels={["started", "question", "strategy", "status", "answers", "time"]} />
        <tbody>
          {runs.map((r) => (
            <tr class={`run-row status-${r.status}`} data-run={r.runId}>
              <td class="nowrap">{when(r.createdAt)}</td>
              <td>
                <a href={routeHref({ view: "run", id: r.runId, params: {} })}>{r.request.question}</a>
              </td>
              <td>{r.request.strategy}</td>
              <td>
                <span class={`status status-${r.status}`}>{r.status}</span>
              </td>
              <td>{r.result ? r.result.answers.length : "—"}</td>
              <td class="nowrap">{r.result ? ms(r.result.timings.totalMs) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {loading ? <Busy label="loading runs…" /> : null}
      {!loading && !runs.length && !error ? <p class="muted">No runs{filter.strategy || filter.status || filter.q ? " match these filters" : " yet: ask a question first"}.</p> : null}
      {cursor !== undefined && !loading ? (
        <button type="button" onClick={() => void load(cursor)}>
          Load more
        </button>
      ) : null}
    </div>
  );
}
