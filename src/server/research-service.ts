import { randomUUID } from "node:crypto";
import { resolveBudget } from "../../agents/research/run";
import { modelNeeds, type Budget, type JudgeBy, type RunResult, type Strategy, type TraceStep, type Writer } from "../../agents/research/types";
import { InvalidInputError, isAppError } from "../errors";
import type { RunStore, StoredRun } from "../runs/store";
import type { ConversationTurn } from "../conversation/turns";
import type { ResearchExecutor } from "./executor";
import { HttpError } from "./errors";
import type { Drain } from "./drain";
import type { RunGate } from "./run-gate";

export interface ServiceDeps {
  executor: ResearchExecutor;
  /** Shutdown: runs still in flight at the drain deadline are aborted and recorded as interrupted. */
  drain?: Drain;
  store: RunStore;
  gate: RunGate;
  caps: Budget;
  hasModel: boolean;
}

export interface RunRequest {
  question: string;
  strategy: Strategy;
  /** Who judges sufficiency and who writes the text (rules unless asked; model needs a chat model). */
  judge?: JudgeBy;
  writer?: Writer;
  budget?: Partial<Budget>;
  via: StoredRun["request"]["via"];
  /** The conversation's earlier turns, oldest first (chat history, a thread). */
  history?: ConversationTurn[];
  /** Run as a turn of this thread (checkpointed; its history is the thread's), or resume its last run. */
  thread?: { id: string; resume?: boolean };
}

/**
 * One research run through the service: checks the request (budget caps, model), waits for a run
 * slot, records the run before it starts and its outcome after, and passes cancellation through.
 */
/** The checks a request must pass before it may run (budget within the caps, a model for llm): a 400 before any stream starts. */
export function checkRunRequest(deps: Pick<ServiceDeps, "caps" | "hasModel">, req: Pick<RunRequest, "budget" | "strategy" | "judge" | "writer">): void {
  resolveBudget(req.budget, deps.caps);
  const [need] = deps.hasModel ? [] : modelNeeds(req);
  if (need) throw new InvalidInputError(`${need.what} needs a chat model: the service was started without one (set CHAT_MODEL); use ${need.instead}`, { field: need.field });
}

export async function serveRun(deps: ServiceDeps, req: RunRequest, signal: AbortSignal, hooks: { onStart?: (runId: string) => void; onStep?: (s: TraceStep) => void } = {}): Promise<RunResult> {
  checkRunRequest(deps, req);
  const release = await deps.gate.acquire(signal);
  const untrack = deps.drain?.trackRun() ?? (() => {});
  const runId = randomUUID();
  const shutdown = deps.drain?.signal;
  const runSignal = shutdown ? AbortSignal.any([signal, shutdown]) : signal;
  try {
    await deps.store.create({ runId, request: { question: req.question, strategy: req.strategy, ...(req.budget ? { budget: req.budget } : {}), via: req.via, ...(req.history?.length ? { history: req.history } : {}), ...(req.thread ? { threadId: req.thread.id } : {}) } });
    hooks.onStart?.(runId);
    try {
      const result = await deps.executor.run(req.question, { strategy: req.strategy, ...(req.judge ? { judge: req.judge } : {}), ...(req.writer ? { writer: req.writer } : {}), budget: req.budget, signal: runSignal, runId, onStep: hooks.onStep, ...(req.history?.length ? { history: req.history } : {}), ...(req.thread ? { thread: req.thread } : {}) });
      await deps.store.finish(runId, { status: "completed", result });
      return result;
    } catch (e) {
      await deps.store.finish(runId, outcomeOf(e, signal, shutdown));
      // A cancelled run is the client's doing, not a failure of the service.
      if (signal.aborted) throw new HttpError(499 as 400, "client_closed", "the client went away");
      if (shutdown?.aborted) throw new HttpError(503, "interrupted", "the service shut down during this run; ask again", { runId }, { "retry-after": "5" });
      throw e;
    }
  } finally {
    untrack();
    release();
  }
}

/** How a run that did not complete is recorded: cancelled by its client, interrupted by a shutdown, or failed. */
function outcomeOf(e: unknown, client: AbortSignal, shutdown: AbortSignal | undefined): { status: "cancelled" | "interrupted" | "failed"; error: { code: string; message: string } } {
  if (client.aborted) return { status: "cancelled", error: { code: "cancelled", message: "the client went away" } };
  if (shutdown?.aborted) return { status: "interrupted", error: { code: "interrupted", message: "the service shut down while this run was in flight" } };
  return { status: "failed", error: { code: isAppError(e) ? e.code : "internal", message: isAppError(e) ? e.message : "internal error" } };
}
