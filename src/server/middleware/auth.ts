import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "../errors";

const hash = (s: string) => createHash("sha256").update(s).digest();

/** The API key a request presents: `Authorization: Bearer KEY` or `x-api-key: KEY`. */
export function presentedKey(c: Context): string | undefined {
  const auth = c.req.header("authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) return auth.slice(7).trim();
  return c.req.header("x-api-key")?.trim() || undefined;
}

/**
 * Optional API keys (`API_KEYS`): when set, every request but the open ones needs a valid key
 * (compared in constant time). The caller is logged and rate-limited by a short hash of the key,
 * never the key itself; without keys, by client address.
 */
export function apiKeys(keys: readonly string[], open: (path: string) => boolean): MiddlewareHandler {
  const known = keys.map(hash);
  return async (c, next) => {
    const key = presentedKey(c);
    if (known.length && !open(c.req.path)) {
      const h = key ? hash(key) : undefined;
      if (!h || !known.some((k) => timingSafeEqual(k, h))) {
        throw new HttpError(401, "unauthorized", key ? "the API key is not valid" : "an API key is required: send Authorization: Bearer <key> or x-api-key", undefined, { "www-authenticate": "Bearer" });
      }
    }
    const address = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? "local";
    c.set("caller", key && known.length ? `key:${hash(key).toString("hex").slice(0, 12)}` : `ip:${address}`);
    await next();
  };
}
