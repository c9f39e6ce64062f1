import type { TraceStep } from "../../agents/research/types";
import { AppError, isAppError } from "../errors";
import type { ThreadRunRequest, ThreadService, ThreadValues } from "../threads/service";
import type { Logger } from "../util/logger";
import { HttpError } from "./errors";

export type RunStatus = "pending" | "running" | "success" | "error" | "timeout" | "interrupted";

/** A run as the Agent Protocol shows it. `run_id` is the stored run's id, so GET /v1/runs/{run_id} shows its trace. */
export interface AgentRun {
  run_id: string;
  thread_id: string;
  assistant_id: string;
  created_at: string;
  updated_at: string;
  status: RunStatus;
  metadata: Record<string, unknown>;
  /** The only strategy: a second run on a busy thread is refused (409). */
  multitask_strategy: "reject";
  kwargs: Record<string, unknown>;
}

/** One run going or done: its record, how to cancel it, its steps so far, and how it ended. */
export class TrackedRun {
  readonly controller = new AbortController();
  /** Set when a client cancelled it (runs.cancel): its end is then the thread's state, not an error. */
  cancelled = false;
  /** The thread's values when it ended (answered or interrupted). */
  values?: ThreadValues;
  error?: unknown;
  readonly done: Promise<void>;
  private finish!: () => void;
  private steps: TraceStep[] = [];
  private readonly listeners = new Set<(s: TraceStep) => void>();

  constructor(public run: AgentRun) {
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  get finished(): boolean {
    return this.run.status !== "pending" && this.run.status !== "running";
  }

  /** The steps so far, then each new one as it completes, until the run ends; returns the unsubscribe. */
  follow(listener: (s: TraceStep) => void): () => void {
    for (const s of this.steps) listener(s);
    if (this.finished) return () => {};
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  step(s: TraceStep): void {
    this.steps.push(s);
    for (const l of this.listeners) l(s);
  }

  end(status: RunStatus, outcome: { values?: ThreadValues; error?: unknown }): void {
    Object.assign(this, outcome);
    this.run = { ...this.run, status, updated_at: new Date().toISOString() };
    // A finished run keeps its record and values, not its steps (GET /v1/runs/{run_id} has the trace).
    this.steps = [];
    this.listeners.clear();
    this.finish();
  }
}

const ENDED = (e: unknown) => (e as { code?: string }).code === "interrupted";

/**
 * The Agent Protocol's runs, in memory: each thread run (through ThreadService, so gated, stored and
 * drained like every run) with its status, its steps for streams that join it, and its outcome for
 * runs.join. The newest `keep` finished runs are kept; a restart forgets them (the stored runs stay).
 */
export class AgentRuns {
  private readonly runs = new Map<string, TrackedRun>();

  constructor(
    private readonly threads: ThreadService,
    private readonly log?: Logger,
    private readonly keep = 1000,
  ) {}

  /**
   * Starts a run on the thread and resolves once it has a run slot and its stored record, with the
   * run going. A run refused before it starts (thread busy, queue full, bad request) rejects with
   * that error, so the client gets its status instead of a run that failed at once.
   */
  start(threadId: string, req: ThreadRunRequest, meta: { assistantId: string; metadata: Record<string, unknown>; kwargs: Record<string, unknown> }): Promise<TrackedRun> {
    let tracked: TrackedRun | undefined;
    let started!: (t: TrackedRun) => void;
    const whenStarted = new Promise<TrackedRun>((resolve) => (started = resolve));
    const controller = new AbortController();
    const result = this.threads.run(threadId, req, controller.signal, {
      onStart: (runId) => {
        const now = new Date().toISOString();
        tracked = new TrackedRun({ run_id: runId, thread_id: threadId, assistant_id: meta.assistantId, created_at: now, updated_at: now, status: "running", metadata: meta.metadata, multitask_strategy: "reject", kwargs: meta.kwargs });
        tracked.controller.signal.addEventListener("abort", () => controller.abort(), { once: true });
        this.runs.set(runId, tracked);
        started(tracked);
      },
      onStep: (s) => tracked?.step(s),
    });
    void result.then(
      async () => tracked && this.end(tracked, "success"),
      async (e: unknown) => {
        if (!tracked) return;
        if (!isAppError(e) && !(e instanceof HttpError)) this.log?.error("agent protocol run failed", { runId: tracked.run.run_id, threadId, error: (e as Error)?.stack ?? String(e) });
        await this.end(tracked, controller.signal.aborted || ENDED(e) ? "interrupted" : "error", e);
      },
    );
    return Promise.race([whenStarted, result.then(() => whenStarted)]);
  }

  get(threadId: string, runId: string): TrackedRun {
    const t = this.runs.get(runId);
    if (!t || t.run.thread_id !== threadId) throw new AppError("not_found", `no run ${runId} in thread ${threadId}`, { threadId, runId });
    return t;
  }

  /** A thread's runs, newest first. */
  list(threadId: string, o: { limit: number; offset: number; status?: RunStatus }): AgentRun[] {
    return [...this.runs.values()]
      .map((t) => t.run)
      .filter((r) => r.thread_id === threadId && (!o.status || r.status === o.status))
      .reverse()
      .slice(o.offset, o.offset + o.limit);
  }

  /** Cancels a running run (the thread keeps its last checkpoint, so a run with no input resumes it). */
  cancel(threadId: string, runId: string): TrackedRun {
    const t = this.get(threadId, runId);
    if (t.finished) throw new AppError("conflict", `run ${runId} is not running (status ${t.run.status})`, { runId, status: t.run.status });
    t.cancelled = true;
    t.controller.abort();
    return t;
  }

  delete(threadId: string, runId: string): void {
    const t = this.get(threadId, runId);
    if (!t.finished) throw new AppError("conflict", `run ${runId} is still running; cancel it first`, { runId });
    this.runs.delete(runId);
  }

  /** Forgets a deleted thread's runs. */
  forgetThread(threadId: string): void {
    for (const [id, t] of this.runs) if (t.run.thread_id === threadId && t.finished) this.runs.delete(id);
  }

  private async end(t: TrackedRun, status: RunStatus, error?: unknown): Promise<void> {
    let values: ThreadValues | undefined;
    if (status !== "error") {
      try {
        values = (await this.threads.state(t.run.thread_id)).values;
      } catch (e) {
        this.log?.warn("agent protocol run: the thread's state could not be read after the run", { runId: t.run.run_id, error: String(e) });
      }
    }
    t.end(status, { ...(values ? { values } : {}), ...(error !== undefined ? { error } : {}) });
    this.prune();
  }

  private prune(): void {
    let over = this.runs.size - this.keep;
    for (const [id, t] of this.runs) {
      if (over <= 0) break;
      if (t.finished) {
        this.runs.delete(id);
        over--;
      }
    }
  }
}
