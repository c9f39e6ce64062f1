/**
 * The console's places, kept in the URL's hash so every one can be shared and reloaded:
 * `#/ask?q=…&strategy=…`, `#/compare?q=…&a=…&b=…`, `#/runs?strategy=…&status=…&q=…`,
 * `#/runs/<id>`, `#/evals`, `#/evals/<name>`, `#/settings`.
 */
export type View = "ask" | "compare" | "runs" | "run" | "evals" | "eval" | "settings";

export interface Route {
  view: View;
  /** The run id or report name of `run` and `eval`. */
  id?: string;
  params: Record<string, string>;
}

const TOP: Record<string, View> = { ask: "ask", compare: "compare", runs: "runs", evals: "evals", settings: "settings" };

export function parseRoute(hash: string): Route {
  const body = hash.replace(/^#\/?/, "");
  const q = body.indexOf("?");
  const path = (q === -1 ? body : body.slice(0, q)).split("/").filter(Boolean).map((s) => safeDecode(s));
  const params = Object.fromEntries([...new URLSearchParams(q === -1 ? "" : body.slice(q + 1))].filter(([, v]) => v !== ""));
  const [head, id] = path;
  if (head === "runs" && id) return { view: "run", id, params };
  if (head === "evals" && id) return { view: "eval", id, params };
  return { view: (head && TOP[head]) || "ask", params };
}

export function routeHref(route: Route): string {
  const base = route.view === "run" ? `runs/${encodeURIComponent(route.id ?? "")}` : route.view === "eval" ? `evals/${encodeURIComponent(route.id ?? "")}` : route.view;
  const entries = Object.entries(route.params).filter(([, v]) => v !== undefined && v !== "");
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(entries).toString();
  return `#/${base}${query ? `?${query}` : ""}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
