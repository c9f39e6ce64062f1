import { ApiError } from "./api.js";
import { useApiJson } from "./use-api.js";
import type { ConsoleConfig } from "./config.js";
import { turnsOfRun } from "./conversation.js";
import { when } from "./format.js";
import { ReadAs } from "./read-as.js";
import { routeHref } from "./route.js";
import { RunView } from "./run-view.js";
import { TurnView } from "./turn-view.js";
import type { StoredRun } from "./types.js";
import { Busy, ErrorBanner } from "./ui.js";

/** One stored run, as it ran, at a link that can be shared (`#/runs/<id>`); a follow-up shows the turns it was read against. */
export function RunPage({ config, id }: { config: ConsoleConfig; id: string }) {
  const { data: run, error } = useApiJson<StoredRun>(`/v1/runs/${encodeURIComponent(id)}`);

  if (error) return <ErrorBanner error={error} />;
  if (!run) return <Busy label={`loading run ${id}…`} />;
  const again = routeHref({ view: "ask", params: { q: run.request.question, strategy: run.request.strategy } });
  const earlier = turnsOfRun({ ...run, result: undefined }, 0);
  return (
    <div class="view-run">
      {earlier.length ? (
        <section class="conversation recalled" aria-label="Earlier in this conversation">
          <h2>
            Earlier in this conversation <span class="muted">({earlier.length} turn{earlier.length === 1 ? "" : "s"}, as this run's request sent them)</span>
          </h2>
          <ol class="turns">
            {earlier.map((t, i) => (
              <TurnView turn={t} number={i + 1} newest={false} />
            ))}
          </ol>
        </section>
      ) : null}
      <h2 class="run-question">{run.request.question}</h2>
      <ReadAs question={run.request.question} followUp={run.result?.followUp} />
      <p class="muted">
        <span class={`status status-${run.status}`}>{run.status}</span> · {run.request.strategy} · via {run.request.via} · started {when(run.createdAt)}
        {run.finishedAt ? ` · finished ${when(run.finishedAt)}` : ""} · <a href={again}>ask again</a>
        {run.result ? (
          <>
            {" "}
            · <a href={routeHref({ view: "ask", params: { after: run.runId, strategy: run.request.strategy } })} class="continue">
              continue this conversation
            </a>
          </>
        ) : null}
      </p>
      <p class="share">
        <label for="share-link">Link to this run</label> <input id="share-link" type="text" readonly value={`${location.origin}${location.pathname}${routeHref({ view: "run", id: run.runId, params: {} })}`} onFocus={(e: Event) => (e.target as HTMLInputElement).select()} />
      </p>
      {run.error ? <ErrorBanner error={new ApiError(0, run.error.code, run.error.message)} /> : null}
      {run.result ? <RunView steps={run.result.trace} result={run.result} running={false} config={config} /> : run.status === "running" ? <Busy label="this run is still going; reload to see it finish" /> : null}
    </div>
  );
}
