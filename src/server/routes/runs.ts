import type { AppEnv } from "../env";
import { Hono } from "hono";
import type { RunStore } from "../../runs/store";
import { HttpError } from "../errors";
import { RunsQuery } from "../schemas";
import { queryParams } from "../validation";

/** GET /v1/runs/:id and GET /v1/runs?limit=&cursor=&strategy=&status=&q= (newest first, with their traces). */
export function runRoutes(store: RunStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/v1/runs", (c) => {
    const q = queryParams(c, RunsQuery);
    const page = store.list(q.limit, q.cursor, { strategy: q.strategy, status: q.status, q: q.q || undefined });
    return c.json({ runs: page.runs, ...(page.nextCursor !== undefined ? { nextCursor: page.nextCursor } : {}) });
  });
  app.get("/v1/runs/:id", (c) => {
    const id = c.req.param("id");
    const run = store.get(id);
    if (!run) throw new HttpError(404, "not_found", `no run with id "${id}" (runs older than the retention limit are removed)`);
    return c.json(run);
  });
  return app;
}
