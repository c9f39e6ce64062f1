import type { AppEnv } from "../env";
import { Hono } from "hono";
import { listReports, readReport, readReportChart } from "../../evals/reports";

/**
 * The eval reports under EVAL_DIR, for the console: the list, one report's summary and settings,
 * and its chart. The chart is served as an image with a policy that allows no scripts or fetches,
 * since the SVG is a file on disk that the API did not write.
 */
export function evalRoutes(evalDir: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/v1/evals", (c) => c.json(listReports(evalDir)));
  app.get("/v1/evals/:name", (c) => c.json(readReport(evalDir, c.req.param("name"))));
  app.get("/v1/evals/:name/chart.svg", (c) =>
    c.body(readReportChart(evalDir, c.req.param("name")), 200, {
      "content-type": "image/svg+xml; charset=utf-8",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      "x-content-type-options": "nosniff",
      "cache-control": "no-cache",
    }),
  );
  return app;
}
