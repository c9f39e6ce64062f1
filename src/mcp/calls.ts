import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isAppError } from "../errors";
import { HttpError } from "../server/errors";
import type { Drain } from "../server/drain";
import type { Logger } from "../util/logger";

/** The most items (answers, citations, entities, films, neighbours) one tool result lists. */
export const MAX_ITEMS = 50;
/** The most characters of text one tool result carries. */
export const MAX_TEXT_CHARS = 20_000;
/** How long a graph tool call (lookup_entity, neighbors, find_movies) may take. */
export const GRAPH_TOOL_DEADLINE_MS = 5_000;

/** A call stopped from outside: its deadline passed, or its client cancelled it. */
export class CallStopped extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CallStopped";
  }
}

/**
 * Runs `work` with a signal that aborts when the client cancels the request or `ms` pass, and
 * answers as soon as either happens (the work sees the signal and stops at its next check).
 */
export async function withDeadline<T>(ms: number, client: AbortSignal, onTimeout: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const timer = new AbortController();
  const t = setTimeout(() => timer.abort(new CallStopped(onTimeout)), ms);
  const signal = AbortSignal.any([client, timer.signal]);
  let stop: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    stop = () => reject(timer.signal.aborted ? new CallStopped(onTimeout) : new CallStopped("the client cancelled this call"));
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
  });
  const running = work(signal);
  // The loser of the race settles later; it must not surface as an unhandled rejection.
  running.catch(() => {});
  stopped.catch(() => {});
  try {
    return await Promise.race([running, stopped]);
  } finally {
    clearTimeout(t);
    if (stop) signal.removeEventListener("abort", stop);
  }
}

/** A tool error the client (or its model) can act on: the message says what to fix. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * A failed call as a tool error. Known problems (bad input, an unknown entity, a full service, a
 * deadline) keep their message; anything else is logged and shown as an internal error, never a stack.
 */
export function failedCall(tool: string, e: unknown, log: Logger): CallToolResult {
  if (e instanceof CallStopped) return toolError(`${tool}: ${e.message}`);
  if (e instanceof HttpError) {
    const retry = e.headers["retry-after"];
    return toolError(`${tool}: ${e.message}${retry ? `; retry in ${retry} s` : ""}`);
  }
  if (isAppError(e)) return toolError(`${tool}: ${e.message}`);
  log.error("mcp tool failed", { tool, error: (e as Error)?.stack ?? String(e) });
  return toolError(`${tool} failed with an internal error; try again, and report it if it persists`);
}

/**
 * Runs one tool call: refused while the server drains (stdio; over HTTP the middleware refuses),
 * counted as a request in flight so a drain waits for it, and any failure turned into a tool error.
 */
export async function serveCall(tool: string, deps: { drain?: Drain | undefined; log: Logger }, call: () => Promise<CallToolResult>): Promise<CallToolResult> {
  if (deps.drain?.isDraining) return toolError(`${tool}: the server is shutting down; call again once it is back`);
  const done = deps.drain?.trackRequest();
  try {
    return await call();
  } catch (e) {
    return failedCall(tool, e, deps.log);
  } finally {
    done?.();
  }
}

/** Text cut to `max` characters (code points kept whole), saying where it was cut. */
export function capText(text: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  const note = `\n… (cut at ${max.toLocaleString("en-US")} characters)`;
  const cps = [...text.slice(0, max - note.length)];
  // A surrogate pair split by the slice leaves a lone half at the end: drop it.
  const last = cps.at(-1);
  if (last && last.length === 1 && last.charCodeAt(0) >= 0xd800 && last.charCodeAt(0) <= 0xdbff) cps.pop();
  return `${cps.join("")}${note}`;
}

export { withoutEvidenceIds } from "../server/chat-clients";
