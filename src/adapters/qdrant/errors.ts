import { z } from "zod";
import { BackendUnavailableError } from "../../errors";
// One scrubbing rule for both adapters; neo4j/errors.ts does not import the driver.
import { redact } from "../../util/redact";

/** Where a Qdrant error happened, as a message may say it (never the API key). */
export interface QdrantTarget {
  url: string;
  collection: string;
  timeoutMs: number;
  secrets: readonly string[];
}

/** An HTTP error from the client (openapi-typescript-fetch's ApiError): a status, maybe a body. */
const HttpErrorShape = z.object({ status: z.number().int(), data: z.unknown().optional() });
/** undici's "fetch failed" carries the socket error (or the reason it refused to connect) as its cause. */
const NetworkCauseShape = z.object({ cause: z.object({ code: z.string().optional(), message: z.string().optional() }) });

type Kind = { kind: "network"; detail: string } | { kind: "timeout" } | { kind: "busy"; retryAfterMs?: number } | { kind: "http"; status: number; detail: string } | { kind: "other"; detail: string };

function classify(error: unknown): Kind {
  const name = error instanceof Error ? error.name : "";
  if (name === "QdrantClientTimeoutError" || name === "AbortError" || name === "TimeoutError") return { kind: "timeout" };
  if (name === "QdrantClientResourceExhaustedError") {
    const seconds = Number((error as { retry_after?: unknown }).retry_after);
    return { kind: "busy", ...(Number.isFinite(seconds) ? { retryAfterMs: seconds * 1000 } : {}) };
  }
  const http = HttpErrorShape.safeParse(error);
  if (http.success) {
    const body = http.data.data === undefined ? "" : typeof http.data.data === "string" ? http.data.data : JSON.stringify(http.data.data);
    return { kind: "http", status: http.data.status, detail: body.slice(0, 200) };
  }
  const net = NetworkCauseShape.safeParse(error);
  if (error instanceof TypeError && (net.success || /fetch failed/i.test(error.message))) {
    return { kind: "network", detail: (net.success && (net.data.cause.code ?? net.data.cause.message)) || error.message };
  }
  return { kind: "other", detail: error instanceof Error ? error.message : String(error) };
}

/** For withRetry: network failures, timeouts, 429 (after the server's Retry-After) and 5xx are worth another try. */
export function qdrantRetryable(error: unknown): boolean | { retryAfterMs: number } {
  const k = classify(error);
  if (k.kind === "busy") return k.retryAfterMs !== undefined ? { retryAfterMs: k.retryAfterMs } : true;
  if (k.kind === "http") return k.status === 429 || k.status >= 500;
  return k.kind === "network" || k.kind === "timeout";
}

/**
 * What the caller sees once retries are spent: a BackendUnavailableError (the tool makes it a note and
 * the run goes on) when the server is down, busy, slow, refuses the key or lacks the collection; a
 * plain Error for a request it rejected (a bug). Messages name the URL and are scrubbed of the key.
 */
export function qdrantFailure(error: unknown, target: QdrantTarget, doing: string): Error {
  const where = `qdrant at ${target.url}`;
  const k = classify(error);
  const scrub = (s: string) => redact(s, target.secrets);
  switch (k.kind) {
    case "network":
      return new BackendUnavailableError(`${where} is unreachable while ${doing} (${scrub(k.detail)}). Check that it is running (docker compose up -d qdrant) and that QDRANT_URL points at it.`);
    case "timeout":
      return new BackendUnavailableError(`${where} did not answer within ${target.timeoutMs} ms while ${doing}; raise QDRANT_TIMEOUT_MS or check the server's load.`);
    case "busy":
      return new BackendUnavailableError(`${where} is rate-limiting requests (HTTP 429) while ${doing}; try again later.`);
    case "http":
      if (k.status === 401 || k.status === 403) return new BackendUnavailableError(`${where} refused the request (HTTP ${k.status}) while ${doing}; check QDRANT_API_KEY.`);
      if (k.status === 404) return new BackendUnavailableError(`${where} has no collection "${target.collection}" (HTTP 404) while ${doing}; run npm run ingest -- --vectors qdrant.`);
      if (k.status === 429 || k.status >= 500) return new BackendUnavailableError(`${where} failed with HTTP ${k.status} while ${doing}: ${scrub(k.detail)}`);
      return new Error(`${where} rejected the request with HTTP ${k.status} while ${doing}: ${scrub(k.detail)}`);
    case "other":
      return new Error(`${where} failed while ${doing}: ${scrub(k.detail)}`);
  }
}
