import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_BUDGET } from "../../agents/research/types";
import type { ResearchOptions } from "../../agents/research/run";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { FileRunStore } from "../../src/runs/store";
import { createApp, type AppOptions } from "../../src/server/app";
import { InProcessExecutor, type ResearchExecutor } from "../../src/server/executor";
import { listen, type RunningServer } from "../../src/server/start";

export const TEST_OPTIONS: AppOptions = {
  apiKeys: [],
  rateLimitPerMinute: 0,
  rateLimitBurst: 10,
  maxConcurrentRuns: 4,
  maxQueuedRuns: 8,
  queueTimeoutMs: 5000,
  bodyLimitBytes: 16 * 1024,
  keepAliveMs: 50,
  caps: { ...DEFAULT_BUDGET, maxSteps: 8 },
};

export interface TestServer extends RunningServer {
  store: FileRunStore;
  runsDir: string;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

/** A real HTTP server on 127.0.0.1 and a free port, over the fixture KB, a fresh runs directory and (optionally) an eval directory. */
export async function startTestServer(kb: KnowledgeBase, o: { options?: Partial<AppOptions>; executor?: ResearchExecutor; runsDir?: string; evalDir?: string } = {}): Promise<TestServer> {
  const runsDir = o.runsDir ?? mkdtempSync(join(tmpdir(), "mg-runs-"));
  const store = new FileRunStore(runsDir, 50);
  const executor = o.executor ?? new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps });
  // No eval reports unless a test brings its own folder.
  const evalDir = o.evalDir ?? join(runsDir, "no-evals");
  const { app } = createApp({ kb, store, executor, modelProvider: "none", hasModel: false, evalDir, options: { ...TEST_OPTIONS, ...o.options } });
  const server = await listen(app, 0, "127.0.0.1");
  return {
    ...server,
    store,
    runsDir,
    post: (path, body, headers = {}) => fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) }),
    get: (path, headers = {}) => fetch(`${server.url}${path}`, { headers }),
  };
}

/**
 * An executor whose runs wait until released (or cancelled), to hold run slots open in tests.
 * Records whether each run saw its cancellation signal.
 */
export class GatedExecutor implements ResearchExecutor {
  readonly kind = "gated";
  readonly started: string[] = [];
  readonly cancelled: string[] = [];
  private waiting: (() => void)[] = [];

  constructor(private readonly inner: ResearchExecutor) {}

  releaseAll(): void {
    for (const r of this.waiting.splice(0)) r();
  }

  async run(question: string, options: ResearchOptions) {
    this.started.push(question);
    await new Promise<void>((resolve, reject) => {
      this.waiting.push(resolve);
      options.signal?.addEventListener("abort", () => {
        this.cancelled.push(question);
        reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
      });
    });
    return this.inner.run(question, options);
  }

  async close(): Promise<void> {}
}

/** Polls a condition every 10 ms until it holds (or fails after `ms`). */
export async function waitFor(cond: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}
