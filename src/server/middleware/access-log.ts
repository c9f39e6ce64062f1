import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../util/logger";

/** One structured line per request: id, method, path, status, milliseconds, caller (never the key). */
export function accessLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const t0 = performance.now();
    await next();
    log.info("request", {
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - t0) * 100) / 100,
      caller: c.get("caller"),
    });
  };
}
