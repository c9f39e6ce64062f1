import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isAppError, type ErrorCode } from "../errors";

/** An HTTP-level error: a status, a stable code, a message that says what to fix, maybe details. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

const STATUS_OF: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  config_invalid: 500,
  data_missing: 503,
  data_invalid: 500,
  snapshot_invalid: 500,
  not_found: 404,
  conflict: 409,
  unknown_entity: 404,
  model_error: 502,
  backend_unavailable: 503,
  budget_exceeded: 400,
  aborted: 499 as ContentfulStatusCode,
};

/** The Ollama-compatible API (routes/ollama.ts), whose errors are `{ error: "message" }`. */
export const isOllamaPath = (path: string): boolean => path.startsWith("/api/");

/**
 * Every error as `{ error: { code, message, details? } }` with the request id (under /api/, Ollama's
 * `{ error: message }`); never a stack.
 * Unknown errors are logged by the caller and shown as a plain "internal error".
 */
export function errorResponse(c: Context, e: unknown): Response {
  const requestId = c.get("requestId") as string | undefined;
  let status: ContentfulStatusCode = 500;
  let code = "internal";
  let message = "internal error";
  let details: unknown;
  let headers: Record<string, string> = {};
  if (e instanceof HttpError) {
    ({ status, code, message, details, headers } = e);
  } else if (isAppError(e)) {
    status = STATUS_OF[e.code] ?? 500;
    code = e.code;
    message = e.message;
    details = e.details;
  }
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  // Ollama clients read `error` as the message itself, so its API answers in Ollama's shape.
  if (isOllamaPath(c.req.path)) return c.json({ error: message }, status);
  return c.json({ error: { code, message, ...(details !== undefined ? { details } : {}), ...(requestId ? { requestId } : {}) } }, status);
}
