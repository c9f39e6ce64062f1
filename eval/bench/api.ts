import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "../../src/config";
import { PROJECT_ROOT } from "../../src/config";
import { percentile, round } from "../../src/util/stats";
import { stableSample } from "../../src/util/random";
import { readMetaqa, stripBrackets } from "../datasets/metaqa";

const SEED = 20261122;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawning the process to the first healthy answer. */
  startMs: number;
  rssMiB(): number;
  stop(): Promise<void>;
}

/**
 * The service in its own process on a free loopback port: from source through tsx (the default here,
 * so node flags apply), or `compiled` as `npm start` runs it (dist/, built when stale).
 */
export async function startServer(env: Record<string, string>, nodeArgs: string[] = [], o: { compiled?: boolean } = {}): Promise<Server> {
  const port = await freePort();
  const entry = o.compiled ? [join(PROJECT_ROOT, "scripts/start.mjs")] : ["--import", "tsx", join(PROJECT_ROOT, "src/main.ts")];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", RUNS_DIR: mkdtempSync(join(tmpdir(), "mg-bench-runs-")), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/v1/health`)).ok) break;
    } catch {
      if (i > 3000) throw new Error("the server did not come up");
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = Math.round(performance.now() - spawnedAt);
  return {
    url,
    child,
    startMs,
    rssMiB: () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      return m ? Math.round(Number(m[1]) / 1024) : NaN;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export interface LoadResult {
  connections: number;
  durationS: number;
  requests: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  statuses: Record<string, number>;
  errors: number;
}

/** Drives POST bodies cycled from `bodies` at a fixed connection count; latencies measured per response. */
export async function load(url: string, path: string, bodies: unknown[], connections: number, durationS: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  let i = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: `${url}${path}`,
    connections,
    duration: durationS,
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(bodies[i++ % bodies.length]) }) }],
    setupClient: (client) => {
      client.on("response", (status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    },
  });
  const r = await instance;
  return {
    connections,
    durationS,
    requests: latencies.length,
    requestsPerSec: round(latencies.length / durationS, 1),
    latencyMs: { p50: round(percentile(latencies, 50), 1), p95: round(percentile(latencies, 95), 1), p99: round(percentile(latencies, 99), 1), max: round(Math.max(...latencies), 1) },
    statuses,
    errors: r.errors + r.timeouts,
  };
}

export async function benchApi(config: Config, options: { durationS?: number; soakS?: number } = {}): Promise<Record<string, unknown>> {
  const durationS = options.durationS ?? 20;
  const soakS = options.soakS ?? 60;
  const questions = stableSample(readMetaqa(config.dataDir!, 1, "dev"), 500, SEED, (q) => q.id).map((q) => stripBrackets(q.raw));
  const simple = questions.map((question) => ({ question, strategy: "simple", includeTrace: false }));
  const heuristic = questions.map((question) => ({ question, strategy: "heuristic" }));

  const open = { RATE_LIMIT_PER_MINUTE: "0", MAX_CONCURRENT_RUNS: "64", MAX_QUEUED_RUNS: "4096" };
  const server = await startServer(open);
  let out: Record<string, unknown>;
  try {
    await load(server.url, "/v1/research", simple, 8, 3); // warm-up
    const simpleLoad = await load(server.url, "/v1/research", simple, 32, durationS);
    const heuristicLoad = await load(server.url, "/v1/research", heuristic, 8, durationS);
    // Soak: a mixed load for a minute, with the server's memory sampled as it runs.
    const rss: number[] = [server.rssMiB()];
    const sampler = setInterval(() => rss.push(server.rssMiB()), 2000);
    const mixed = [...simple.slice(0, 250), ...heuristic.slice(250)];
    const soak = await load(server.url, "/v1/research", mixed, 16, soakS);
    clearInterval(sampler);
    rss.push(server.rssMiB());
    // RSS swings by hundreds of MiB with the collector's pace, so each half's range is reported;
    // growth itself is judged on the live heap after a full collection (below).
    const half = Math.floor(rss.length / 2);
    const range = (xs: number[]) => ({ min: Math.min(...xs), max: Math.max(...xs) });
    const growth = { firstHalfMiB: range(rss.slice(0, half)), secondHalfMiB: range(rss.slice(half)) };
    out = {
      simple: { ...simpleLoad, target: "≥ 300 req/s, p99 ≤ 100 ms at 32 connections" },
      heuristic: { ...heuristicLoad, target: "p95 ≤ 150 ms at 8 connections" },
      soak: { ...soak, rssMiB: rss, rssGrowth: growth, fiveXX: Object.entries(soak.statuses).filter(([s]) => s.startsWith("5")).reduce((a, [, n]) => a + n, 0) },
    };
  } finally {
    await server.stop();
  }

  // Live heap: the same mixed load on a single-threaded server (WORKERS=0, so every run's garbage
  // is on the one heap the probe sees), collected and measured after a warm-up and every 10 s.
  const probeFile = join(mkdtempSync(join(tmpdir(), "mg-bench-heap-")), "heap.jsonl");
  const probed = await startServer({ ...open, WORKERS: "0", GC_PROBE_FILE: probeFile }, ["--expose-gc", "--import", pathToFileURL(join(PROJECT_ROOT, "eval/bench/gc-probe.mjs")).href]);
  try {
    const mixed = [...simple.slice(0, 250), ...heuristic.slice(250)];
    const probe = async (n: number) => {
      probed.child.kill("SIGUSR2");
      for (let i = 0; i < 200 && (existsSync(probeFile) ? readFileSync(probeFile, "utf8").trim().split("\n").length : 0) < n; i++) await new Promise((r) => setTimeout(r, 50));
    };
    await load(probed.url, "/v1/research", mixed, 16, 10);
    await probe(1);
    const rounds = Math.max(3, Math.round(soakS / 10));
    let runs = 0;
    for (let i = 0; i < rounds; i++) {
      runs += (await load(probed.url, "/v1/research", mixed, 16, 10)).requests;
      await probe(i + 2);
    }
    const heap = readFileSync(probeFile, "utf8").trim().split("\n").map((l) => round(Number((JSON.parse(l) as { heapUsed: number }).heapUsed) / 1048576, 1));
    (out.soak as Record<string, unknown>).liveHeapAfterGc = { workers: 0, runs, heapUsedMiB: heap, growthMiB: round(heap[heap.length - 1]! - heap[0]!, 1) };
  } finally {
    await probed.stop();
  }

  // Burst: 500 simultaneous requests from one key against a small rate limit and run cap.
  const limits = { API_KEYS: "bench-key", RATE_LIMIT_PER_MINUTE: "600", RATE_LIMIT_BURST: "100", MAX_CONCURRENT_RUNS: "4", MAX_QUEUED_RUNS: "16", QUEUE_TIMEOUT_MS: "2000" };
  const guarded = await startServer(limits);
  try {
    let maxRunning = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const h = (await (await fetch(`${guarded.url}/v1/health`)).json()) as { runs: { running: number } };
        maxRunning = Math.max(maxRunning, h.runs.running);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const statuses: Record<string, number> = {};
    const t0 = performance.now();
    await Promise.all(
      heuristic.slice(0, 500).map(async (body) => {
        const res = await fetch(`${guarded.url}/v1/research`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": "bench-key" }, body: JSON.stringify(body) });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    polling = false;
    await poller;
    const allowedByLimiter = Math.floor(100 + (600 / 60) * seconds);
    out.burst = {
      requests: 500,
      seconds: round(seconds, 2),
      statuses,
      rateLimit: { perMinute: 600, burst: 100, admittedAtMost: allowedByLimiter, admitted: (statuses[200] ?? 0) + (statuses[503] ?? 0), holds: (statuses[200] ?? 0) + (statuses[503] ?? 0) <= allowedByLimiter },
      concurrencyCap: { maxConcurrentRuns: 4, maxObservedRunning: maxRunning, holds: maxRunning <= 4 },
      unexpected5xx: Object.entries(statuses).filter(([s]) => s.startsWith("5") && s !== "503").reduce((a, [, n]) => a + n, 0),
    };
  } finally {
    await guarded.stop();
  }
  return out;
}
