import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";
import { HttpError } from "./errors";

/** How a drain ended: requests that finished in time, and runs still in flight at the deadline (interrupted). */
export interface DrainOutcome {
  finishedRequests: number;
  interruptedRuns: number;
  waitedMs: number;
}

interface NodeResponse {
  once(event: "close", listener: () => void): unknown;
}

/**
 * Graceful drain. While serving, every request is counted until its response is fully sent (streams
 * included). Once draining, a new request is answered 503 with Retry-After (health too, so a load
 * balancer stops sending), requests already in flight go on, and at the deadline the runs still in
 * flight are aborted through `signal` so the service records them as interrupted.
 */
export class Drain {
  private draining = false;
  private inFlight = 0;
  private finished = 0;
  private runs = 0;
  private readonly deadline = new AbortController();
  private idle: (() => void)[] = [];

  constructor(readonly retryAfterSeconds = 5) {}

  get isDraining(): boolean {
    return this.draining;
  }

  /** Aborted when the drain deadline passes: runs in flight then stop and are recorded as interrupted. */
  get signal(): AbortSignal {
    return this.deadline.signal;
  }

  stats(): { draining: boolean; inFlightRequests: number; runningRuns: number } {
    return { draining: this.draining, inFlightRequests: this.inFlight, runningRuns: this.runs };
  }

  /** Counts a research run from its start to its end (the service calls it). */
  trackRun(): () => void {
    this.runs++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.runs--;
    };
  }

  /**
   * Counts a request in flight until the returned function is called: the middleware's HTTP
   * requests, and requests that come in another way (MCP tool calls over stdio).
   */
  trackRequest(): () => void {
    this.inFlight++;
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      this.inFlight--;
      if (this.draining) this.finished++;
      if (this.inFlight === 0) for (const wake of this.idle.splice(0)) wake();
    };
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (this.draining) {
        c.header("connection", "close");
        throw new HttpError(503, "draining", "the service is shutting down; retry on another instance or in a moment", undefined, { "retry-after": String(this.retryAfterSeconds) });
      }
      const done = this.trackRequest();
      const outgoing = (c.env as { outgoing?: NodeResponse } | undefined)?.outgoing;
      try {
        await next();
        // A response finished while draining closes its connection, so no client sends its next
        // request on a connection about to be closed (it would see a reset, not a 503).
        if (this.draining) c.res.headers.set("connection", "close");
      } finally {
        // Behind the Node server a response is done when it closes (a stream's last byte, or the client leaving).
        if (outgoing) outgoing.once("close", done);
        else done();
      }
    };
  }

  /** Stops taking requests, waits for those in flight up to `deadlineMs`, then interrupts the runs left. */
  async drain(deadlineMs: number, graceMs = 2000): Promise<DrainOutcome> {
    const started = performance.now();
    this.draining = true;
    const quiet = () => new Promise<void>((resolve) => (this.inFlight === 0 ? resolve() : this.idle.push(resolve)));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([quiet().then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), deadlineMs)))]);
    clearTimeout(timer);
    let interruptedRuns = 0;
    if (timedOut) {
      interruptedRuns = this.runs;
      this.deadline.abort(new Error("the drain deadline passed"));
      // The interrupted runs record themselves and answer; give them a moment to do so.
      await Promise.race([quiet(), new Promise((r) => setTimeout(r, graceMs))]);
    }
    return { finishedRequests: this.finished, interruptedRuns, waitedMs: Math.round(performance.now() - started) };
  }
}
