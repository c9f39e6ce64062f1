import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";

const CLIENT_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Every response carries `x-request-id`: the client's, when it sent a sane one, else a fresh one. */
export function requestId(): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header("x-request-id");
    const id = given && CLIENT_ID.test(given) ? given : randomUUID();
    c.set("requestId", id);
    c.header("x-request-id", id);
    await next();
  };
}
