import { useEffect, useState } from "hono/jsx/dom";
import type { ConsoleConfig } from "./config.js";
import { parseRoute, type Route, type View } from "./route.js";
import { AskView } from "./view-ask.js";
import { CompareView } from "./view-compare.js";
import { EvalPage, EvalsView } from "./view-evals.js";
import { RunPage } from "./view-run.js";
import { RunsView } from "./view-runs.js";
import { SettingsView } from "./view-settings.js";

const NAV: { href: string; label: string; views: View[] }[] = [
  { href: "#/ask", label: "Ask", views: ["ask"] },
  { href: "#/compare", label: "Compare", views: ["compare"] },
  { href: "#/runs", label: "Runs", views: ["runs", "run"] },
  { href: "#/evals", label: "Eval reports", views: ["evals", "eval"] },
  { href: "#/settings", label: "Settings", views: ["settings"] },
];

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));

export function App({ config }: { config: ConsoleConfig }) {
  const [route, setRoute] = useState<Route>(parseRoute(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash));
    // "/" goes to the question box wherever one is shown (as in most search pages).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const box = document.querySelector<HTMLInputElement>("#question, #followup, #compare-question, #runs-q");
      if (box) {
        e.preventDefault();
        box.focus();
      }
    };
    addEventListener("hashchange", onHash);
    addEventListener("keydown", onKey);
    return () => (removeEventListener("hashchange", onHash), removeEventListener("keydown", onKey));
  }, []);

  // A key is keyed by the route so a view starts fresh when its URL changes.
  const key = `${route.view}/${route.id ?? ""}`;
  return (
    <>
      <a class="skip" href="#main" onClick={(e: MouseEvent) => (e.preventDefault(), document.getElementById("main")?.focus())}>
        Skip to content
      </a>
      <header class="top">
        <h1>Movie graph research</h1>
        <nav aria-label="Console">
          {NAV.map((n) => (
            <a href={n.href} aria-current={n.views.includes(route.view) ? "page" : undefined}>
              {n.label}
            </a>
          ))}
        </nav>
        <span class="muted version">
          v{config.version} · model {config.hasModel ? config.modelProvider : "none (offline planner)"}
        </span>
      </header>
      <main id="main" tabindex={-1} key={key}>
        {route.view === "ask" ? <AskView config={config} params={route.params} /> : null}
        {route.view === "compare" ? <CompareView config={config} params={route.params} /> : null}
        {route.view === "runs" ? <RunsView config={config} params={route.params} /> : null}
        {route.view === "run" ? <RunPage config={config} id={route.id!} /> : null}
        {route.view === "evals" ? <EvalsView /> : null}
        {route.view === "eval" ? <EvalPage name={route.id!} params={route.params} /> : null}
        {route.view === "settings" ? <SettingsView config={config} /> : null}
      </main>
    </>
  );
}
