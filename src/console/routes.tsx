import { Hono } from "hono";
import { STRATEGIES, type Budget } from "../../agents/research/types";
import { EDGE_SPECS, NODE_TYPES } from "../kb/schema";
import { VERSION } from "../version";
import type { AppEnv } from "../server/env";
import { HttpError } from "../server/errors";
import { ConsoleAssets, type Asset } from "./assets";
import type { ConsoleConfig } from "./client/config";
import { CONTENT_SECURITY_POLICY, Shell } from "./shell";

export interface ConsoleDeps {
  hasModel: boolean;
  modelProvider: string;
  authRequired: boolean;
  caps: Budget;
}

/** Paths the console serves without an API key: the page and its code hold no data; the API calls do. */
export const isConsolePath = (path: string) => path === "/" || path === "/favicon.ico" || path.startsWith("/console/");

const MODEL_STRATEGIES = ["llm"];

export function consoleConfig(deps: ConsoleDeps): ConsoleConfig {
  return {
    version: VERSION,
    strategies: [...STRATEGIES],
    modelStrategies: MODEL_STRATEGIES,
    hasModel: deps.hasModel,
    modelProvider: deps.modelProvider,
    authRequired: deps.authRequired,
    nodeTypes: [...NODE_TYPES],
    edges: Object.fromEntries(Object.values(EDGE_SPECS).map((e) => [e.type, { from: e.from, to: e.to, label: e.forwardLabel }])),
    caps: { ...deps.caps },
  };
}

/** GET / (the research console) and its assets under /console/. */
export function consoleRoutes(deps: ConsoleDeps, assets = new ConsoleAssets()): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const page = `<!doctype html>${(<Shell config={consoleConfig(deps)} />).toString()}`;
  const serve = (asset: Asset | undefined, what: string): Response => {
    if (!asset) throw new HttpError(404, "not_found", `the console has no ${what}`);
    return new Response(asset.body, { headers: { "content-type": asset.type, "cache-control": "no-cache", "x-content-type-options": "nosniff" } });
  };

  app.get("/", (c) => {
    c.header("content-security-policy", CONTENT_SECURITY_POLICY);
    c.header("x-content-type-options", "nosniff");
    c.header("referrer-policy", "no-referrer");
    c.header("cache-control", "no-cache");
    return c.html(page);
  });
  // Browsers ask for it; there is none, and a 404 would show as an error in the page's console.
  app.get("/favicon.ico", (c) => c.body(null, 204));
  app.get("/console/console.css", () => serve(assets.css(), "stylesheet"));
  app.get("/console/js/:name", async (c) => serve(await assets.module(c.req.param("name")), `module ${c.req.param("name")}`));
  app.get("/console/vendor/hono/*", (c) => {
    const path = c.req.path.slice("/console/vendor/hono/".length);
    return serve(assets.vendorFile(path), `vendor file ${path}`);
  });
  return app;
}
