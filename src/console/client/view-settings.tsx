import { useState } from "hono/jsx/dom";
import { apiKey, getJson } from "./api.js";
import type { ConsoleConfig } from "./config.js";
import { ErrorBanner } from "./ui.js";
import { useApiJson } from "./use-api.js";

interface Health {
  version: string;
  stores: Record<string, string>;
  modelProvider: string;
  counts: { nodes: number; edges: number };
  executor: string;
  runs: { stored: number };
}

/** Settings: the API key (kept in this browser only), and what the server runs. */
export function SettingsView({ config }: { config: ConsoleConfig }) {
  const [key, setKey] = useState(apiKey.get());
  const [remember, setRemember] = useState(apiKey.remembered());
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const { data: health, error: healthError } = useApiJson<Health>("/v1/health");

  const save = async (e: Event) => {
    e.preventDefault();
    apiKey.set(key.trim(), remember);
    setStatus(undefined);
    setError(undefined);
    try {
      // Runs need a key when auth is on: a cheap call that says whether this one works.
      await getJson("/v1/runs?limit=1");
      setStatus(key.trim() ? "Saved; the server accepts this key." : config.authRequired ? "Cleared." : "Cleared; this server needs no key.");
    } catch (err) {
      setError(err);
    }
  };

  return (
    <div class="view-settings">
      <h2>API key</h2>
      <p class="muted">{config.authRequired ? "This server requires an API key for every API call." : "This server has no API keys configured; none is needed."} The key stays in this browser and is sent only to this server.</p>
      <form onSubmit={save} class="key-form">
        <label for="api-key">API key</label> <input id="api-key" type="password" autocomplete="off" value={key} onInput={(e: Event) => setKey((e.target as HTMLInputElement).value)} />{" "}
        <label>
          <input type="checkbox" checked={remember} onChange={(e: Event) => setRemember((e.target as HTMLInputElement).checked)} /> remember on this computer
        </label>{" "}
        <button type="submit" id="save-key">
          Save
        </button>
      </form>
      {status ? (
        <p role="status" class="ok">
          {status}
        </p>
      ) : null}
      <ErrorBanner error={error} />
      <h2>Server</h2>
      <ErrorBanner error={healthError} />
      {health ? (
        <dl class="health">
          <dt>version</dt>
          <dd>{health.version}</dd>
          <dt>chat model</dt>
          <dd>{health.modelProvider}</dd>
          <dt>stores</dt>
          <dd>
            {Object.entries(health.stores)
              .map(([k, v]) => `${k}: ${v}`)
              .join(", ")}
          </dd>
          <dt>graph</dt>
          <dd>
            {health.counts.nodes.toLocaleString("en-US")} nodes, {health.counts.edges.toLocaleString("en-US")} edges
          </dd>
          <dt>executor</dt>
          <dd>{health.executor}</dd>
          <dt>stored runs</dt>
          <dd>{health.runs.stored}</dd>
        </dl>
      ) : null}
    </div>
  );
}
