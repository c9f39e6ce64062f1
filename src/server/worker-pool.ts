import { Worker } from "node:worker_threads";
import type { ResearchOptions } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import { AppError } from "../errors";
import type { Logger } from "../util/logger";
import type { ResearchExecutor } from "./executor";
import type { WorkerBoot, WorkerReply, WorkerRequest } from "./worker-protocol";
import { answerKbCall, remoteInfoOf, type KbCall } from "./kb-rpc";
import type { KnowledgeBase } from "../kb/knowledge-base";

interface Pending {
  resolve: (r: RunResult) => void;
  reject: (e: Error) => void;
  onStep?: ResearchOptions["onStep"];
  worker: Slot;
}

interface Slot {
  worker: Worker;
  inFlight: number;
  ready: boolean;
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

  private readonly boot: WorkerBoot | undefined;

  private constructor(
    readonly size: number,
    private readonly log?: Logger,
    /** The main thread's knowledge base: when it can be shared, workers read it instead of loading their own. */
    private readonly kb?: KnowledgeBase,
  ) {
    this.kind = `worker-threads(${size})`;
    const shared = kb?.sharedParts?.();
    this.boot = kb && shared ? { shared, remote: remoteInfoOf(kb), info: kb.info } : undefined;
  }

  /** Every worker started, each with its knowledge base loaded. */
  static async start(size: number, log?: Logger, kb?: KnowledgeBase): Promise<WorkerPoolExecutor> {
    const pool = WorkerPoolExecutor.starting(size, log, kb);
    await pool.allReady;
    return pool;
  }

  /**
   * The pool at once, its workers still loading: the service listens (and answers health) meanwhile,
   * and a run waits for the first worker that is ready.
   */
  static starting(size: number, log?: Logger, kb?: KnowledgeBase): WorkerPoolExecutor {
    const pool = new WorkerPoolExecutor(size, log, kb);
    const spawned = Array.from({ length: size }, () => pool.spawn());
    pool.allReady = Promise.all(spawned).then(() => undefined);
    pool.firstReady = Promise.any(spawned).catch(() => {
      throw new AppError("backend_unavailable", "no research worker could start; see the service log");
    });
    pool.allReady.catch((e: unknown) => log?.error("research workers failed to start", { error: String(e) }));
    pool.firstReady.catch(() => {});
    return pool;
  }

  private allReady: Promise<void> = Promise.resolve();
  private firstReady: Promise<void> = Promise.resolve();

  /** How many workers have their knowledge base loaded. */
  readyCount(): number {
    return this.slots.filter((s) => s.ready).length;
  }

  private spawn(): Promise<void> {
    // Compiled (dist/research-worker.mjs beside dist/main.mjs) or from source through tsx (the boot file registers it).
    const compiled = import.meta.url.endsWith(".mjs");
    const worker = new Worker(new URL(compiled ? "./research-worker.mjs" : "./research-worker-boot.mjs", import.meta.url), {
      ...(this.boot ? { workerData: this.boot } : {}),
      // A worker computes on the shared knowledge base; its own heap is for the runs in flight.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    const slot: Slot = { worker, inFlight: 0, ready: false };
    this.slots.push(slot);
    return new Promise((ready, failed) => {
      worker.on("message", (m: WorkerReply | KbCall) => {
        if (m.type === "kb") {
          if (this.kb) void answerKbCall(this.kb, m).then((reply) => worker.postMessage(reply));
          return;
        }
        if (m.type === "ready") {
          slot.ready = true;
          return ready();
        }
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

  async run(question: string, options: ResearchOptions): Promise<RunResult> {
    if (!this.slots.some((s) => s.ready)) await this.firstReady;
    const ready = this.slots.filter((s) => s.ready);
    const slot = ready.reduce<Slot | undefined>((best, s) => (!best || s.inFlight < best.inFlight ? s : best), undefined);
    if (!slot) throw new AppError("backend_unavailable", "no research worker is running");
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

  /** Asks each worker to flush and exit, and terminates one that has not within two seconds. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.slots.map(async (s) => {
        const exited = new Promise<void>((resolve) => s.worker.once("exit", () => resolve()));
        s.worker.postMessage({ type: "close" } satisfies WorkerRequest);
        const timer = setTimeout(() => void s.worker.terminate(), 2000);
        await exited;
        clearTimeout(timer);
      }),
    );
  }
}

function revive(e: { name: string; message: string; code?: AppError["code"]; details?: unknown; aborted: boolean }): Error {
  if (e.code) return new AppError(e.code, e.message, e.details);
  const err = new Error(e.message);
  err.name = e.aborted ? "AbortError" : e.name;
  return err;
}
