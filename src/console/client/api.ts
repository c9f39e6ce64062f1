import { sseParser } from "./sse.js";

/** An error as the API states it (`{ error: { code, message, requestId } }`), or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

const KEY_STORE = "movie-graph-research.apiKey";

/** The API key, kept in this browser only: session storage, or local storage when asked to remember it. */
export const apiKey = {
  get(): string {
    return sessionStorage.getItem(KEY_STORE) ?? localStorage.getItem(KEY_STORE) ?? "";
  },
  set(key: string, remember: boolean): void {
    sessionStorage.removeItem(KEY_STORE);
    localStorage.removeItem(KEY_STORE);
    if (key) (remember ? localStorage : sessionStorage).setItem(KEY_STORE, key);
  },
  remembered(): boolean {
    return localStorage.getItem(KEY_STORE) !== null;
  },
};

function headers(json: boolean): Headers {
  const h = new Headers({ accept: json ? "application/json" : "*/*" });
  const key = apiKey.get();
  if (key) h.set("authorization", `Bearer ${key}`);
  return h;
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError(0, "network", `could not reach the server (${(e as Error).message}); is it still running?`);
  }
  if (res.ok) return res;
  let body: { error?: { code?: string; message?: string; requestId?: string } } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // Not the API's JSON (a proxy's page): say what came back.
  }
  const e = body.error;
  throw new ApiError(res.status, e?.code ?? `http_${res.status}`, e?.message ?? `the server answered ${res.status} ${res.statusText}`, e?.requestId);
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await (await send(path, { headers: headers(true), ...(signal ? { signal } : {}) })).json()) as T;
}

export async function getText(path: string, signal?: AbortSignal): Promise<string> {
  return (await send(path, { headers: headers(false), ...(signal ? { signal } : {}) })).text();
}

export interface StreamHandlers {
  run(data: { runId: string }): void;
  step(data: unknown): void;
  answer(data: unknown): void;
}

/**
 * POST /v1/research/stream read as it arrives. An `error` frame (the run failed after it started)
 * is thrown as an ApiError, as is an error answered before the stream opened; a stream that ends
 * without an answer is an error too, never a silent stop.
 */
export async function streamResearch(body: unknown, on: StreamHandlers, signal: AbortSignal): Promise<void> {
  const h = headers(false);
  h.set("content-type", "application/json");
  h.set("accept", "text/event-stream");
  const res = await send("/v1/research/stream", { method: "POST", headers: h, body: JSON.stringify(body), signal });
  if (!res.body) throw new ApiError(0, "network", "the server sent no stream");
  let failure: ApiError | undefined;
  let answered = false;
  const parser = sseParser(({ event, data }) => {
    const value = JSON.parse(data) as Record<string, unknown>;
    if (event === "run") on.run(value as { runId: string });
    else if (event === "step") on.step(value);
    else if (event === "answer") {
      answered = true;
      on.answer(value);
    } else if (event === "error") failure = new ApiError(500, String(value.code ?? "internal"), String(value.message ?? "the run failed"), value.requestId as string | undefined);
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(value);
    if (failure) throw failure;
  }
  if (failure) throw failure;
  if (!answered) throw new ApiError(0, "stream_ended", "the stream ended before the answer; the run may still be listed under Runs");
}
