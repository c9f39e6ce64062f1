import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors";

/**
 * A token bucket per caller (API key or address): `perMinute` tokens a minute, up to `burst` saved
 * up. An empty bucket answers 429 with Retry-After (seconds until a token is back). 0 disables it.
 */
export function rateLimit(perMinute: number, burst: number, open: (path: string) => boolean, now: () => number = () => performance.now()): MiddlewareHandler {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return async (c, next) => {
    if (perMinute <= 0 || open(c.req.path)) return next();
    const caller = (c.get("caller") as string | undefined) ?? "unknown";
    const t = now();
    const b = buckets.get(caller) ?? { tokens: burst, at: t };
    b.tokens = Math.min(burst, b.tokens + (t - b.at) * perMs);
    b.at = t;
    buckets.set(caller, b);
    if (b.tokens < 1) {
      const retry = Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
      throw new HttpError(429, "rate_limited", `rate limit of ${perMinute} requests a minute exceeded; retry in ${retry} s`, undefined, { "retry-after": String(retry) });
    }
    b.tokens -= 1;
    c.header("x-ratelimit-limit", String(perMinute));
    c.header("x-ratelimit-remaining", String(Math.floor(b.tokens)));
    // Forget callers that have been idle long enough to be full again.
    if (buckets.size > 10_000) for (const [k, v] of buckets) if (v.tokens + (t - v.at) * perMs >= burst) buckets.delete(k);
    await next();
  };
}
