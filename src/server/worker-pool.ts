import { Worker } from "node:worker_threads";
import type { ResearchOptions } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import { AppError } from "../errors";
import type { Logger } from "../util/logger";
import type { ResearchExecutor } from "./executor";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

interface Pending {
  resolve: (r: RunResult) => void;
  reject: (e: Error) => void;
  onStep?: ResearchOptions["onStep"];
  worker: Slot;
}

interface Slot {
  worker: Worker;
  inFlight: number;
}

/**
 * Research runs on worker threads, one knowledge base each, so the service uses every core while
 * the main thread only speaks HTTP. A run goes to the least busy worker; aborts and trace steps cross
 * the thread boundary as messages; a worker that dies fails its runs with a clear error and is replaced.
 */
export class WorkerPoolExecutor implements ResearchExecutor {
  readonly kind: string;
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closing = false;

  private constructor(
    readonly size: number,
    private readonly log?: Logger,
  ) {
    this.kind = `worker-threads(${size})`;
  }

  static async start(size: number, log?: Logger): Promise<WorkerPoolExecutor> {
    const pool = new WorkerPoolExecutor(size, log);
    await Promise.all(Array.from({ length: size }, () => pool.spawn()));
    return pool;
  }

  private spawn(): Promise<void> {
    const worker = new Worker(new URL("./research-worker-boot.mjs", import.meta.url));
    const slot: Slot = { worker, inFlight: 0 };
    this.slots.push(slot);
    return new Promise((ready, failed) => {
      worker.on("message", (m: WorkerReply) => {
        if (m.type === "ready") return ready();
        const p = this.pending.get(m.id);
        if (!p) return;
        if (m.type === "step") return p.onStep?.(m.step);
        this.pending.delete(m.id);
        slot.inFlight--;
        if (m.type === "result") p.resolve(m.result);
        else p.reject(revive(m.error));
      });
      worker.on("error", (e) => {
        this.log?.error("research worker failed", { error: e.stack ?? String(e) });
        failed(e);
      });
      worker.on("exit", (code) => {
        this.slots.splice(this.slots.indexOf(slot), 1);
        for (const [id, p] of this.pending) {
          if (p.worker !== slot) continue;
          this.pending.delete(id);
          p.reject(new AppError("backend_unavailable", "the research worker stopped during the run; try again"));
        }
        if (!this.closing) {
          this.log?.warn("research worker exited; starting another", { code });
          void this.spawn().catch(() => {});
        }
      });
    });
  }

  run(question: string, options: ResearchOptions): Promise<RunResult> {
    const slot = this.slots.reduce((best, s) => (s.inFlight < best.inFlight ? s : best), this.slots[0]!);
    if (!slot) return Promise.reject(new AppError("backend_unavailable", "no research worker is running"));
    const id = this.nextId++;
    const { signal, onStep, ...rest } = options;
    if (signal?.aborted) return Promise.reject(Object.assign(new Error("the run was cancelled before it started"), { name: "AbortError" }));
    return new Promise<RunResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onStep, worker: slot });
      slot.inFlight++;
      slot.worker.postMessage({ type: "run", id, question, options: rest, wantSteps: onStep !== undefined } satisfies WorkerRequest);
      signal?.addEventListener("abort", () => slot.worker.postMessage({ type: "abort", id } satisfies WorkerRequest), { once: true });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

function revive(e: { name: string; message: string; code?: AppError["code"]; details?: unknown; aborted: boolean }): Error {
  if (e.code) return new AppError(e.code, e.message, e.details);
  const err = new Error(e.message);
  err.name = e.aborted ? "AbortError" : e.name;
  return err;
}
