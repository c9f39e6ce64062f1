import { randomUUID } from "node:crypto";
import { resolveBudget } from "../../agents/research/run";
import type { Budget, RunResult, Strategy, TraceStep } from "../../agents/research/types";
import { InvalidInputError, isAppError } from "../errors";
import type { RunStore, StoredRun } from "../runs/store";
import type { ResearchExecutor } from "./executor";
import { HttpError } from "./errors";
import type { RunGate } from "./run-gate";

export interface ServiceDeps {
  executor: ResearchExecutor;
  store: RunStore;
  gate: RunGate;
  caps: Budget;
  hasModel: boolean;
}

export interface RunRequest {
  question: string;
  strategy: Strategy;
  budget?: Partial<Budget>;
  via: StoredRun["request"]["via"];
}

/**
 * One research run through the service: checks the request (budget caps, model), waits for a run
 * slot, records the run before it starts and its outcome after, and passes cancellation through.
 */
export async function serveRun(deps: ServiceDeps, req: RunRequest, signal: AbortSignal, hooks: { onStart?: (runId: string) => void; onStep?: (s: TraceStep) => void } = {}): Promise<RunResult> {
  resolveBudget(req.budget, deps.caps);
  if (req.strategy === "llm" && !deps.hasModel) throw new InvalidInputError("strategy llm needs a chat model: the service was started without one (set CHAT_MODEL); use heuristic");
  const release = await deps.gate.acquire(signal);
  const runId = randomUUID();
  try {
    await deps.store.create({ runId, request: { question: req.question, strategy: req.strategy, ...(req.budget ? { budget: req.budget } : {}), via: req.via } });
    hooks.onStart?.(runId);
    try {
      const result = await deps.executor.run(req.question, { strategy: req.strategy, budget: req.budget, signal, runId, onStep: hooks.onStep });
      await deps.store.finish(runId, { status: "completed", result });
      return result;
    } catch (e) {
      const cancelled = signal.aborted;
      await deps.store.finish(runId, { status: cancelled ? "cancelled" : "failed", error: { code: cancelled ? "cancelled" : isAppError(e) ? e.code : "internal", message: cancelled ? "the client went away" : isAppError(e) ? e.message : "internal error" } });
      // A cancelled run is the client's doing, not a failure of the service.
      if (cancelled) throw new HttpError(499 as 400, "client_closed", "the client went away");
      throw e;
    }
  } finally {
    release();
  }
}
