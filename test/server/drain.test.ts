import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/config";
import { Drain } from "../../src/server/drain";
import { errorResponse } from "../../src/server/errors";
import { tempDataDir } from "../helpers/temp-data";

interface Service {
  child: ChildProcess;
  url: string;
  runsDir: string;
  exit: Promise<number | null>;
  log: string[];
}

/** `npm start`'s entry point as a child process on the fixture world, on a free port. */
async function startService(env: Record<string, string>): Promise<Service> {
  const { dataDir, cacheDir } = tempDataDir();
  const runsDir = mkdtempSync(join(tmpdir(), "mg-drain-runs-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, CACHE_DIR: cacheDir, RUNS_DIR: runsDir, PORT: "0", HOST: "127.0.0.1", WORKERS: "0", EMBEDDER: "corpus", CHAT_MODEL: "none", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (b: Buffer) => {
      for (const line of b.toString().split("\n")) {
        if (line) log.push(line);
        const m = /"msg":"listening","url":"([^"]+)"/.exec(line);
        if (m) resolve(m[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exit.then((code) => reject(new Error(`the service exited (${code}) before listening:\n${log.join("\n")}`)));
  });
  return { child, url, runsDir, exit, log };
}

const ask = (url: string, question: string, strategy = "heuristic") =>
  fetch(`${url}/v1/research`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question, strategy }) }).then(
    async (r) => ({ status: r.status, retryAfter: r.headers.get("retry-after"), body: (await r.json()) as { error?: { code: string }; answer?: string } }),
    (e: Error) => ({ status: 0, retryAfter: null, body: { error: { code: (e.cause as { code?: string } | undefined)?.code ?? e.message } } }),
  );

const statuses = (runsDir: string) => readdirSync(runsDir).filter((f) => f.endsWith(".json")).map((f) => (JSON.parse(readFileSync(join(runsDir, f), "utf8")) as { status: string }).status);

describe("graceful drain", () => {
  it("answers 503 with Retry-After once draining, and counts the requests that finish", async () => {
    const drain = new Drain(7);
    const { Hono } = await import("hono");
    const app = new Hono();
    app.onError((e, c) => errorResponse(c, e));
    app.use("*", drain.middleware() as never);
    app.get("/slow", async (c) => {
      await new Promise((r) => setTimeout(r, 50));
      return c.text("done");
    });
    const slow = app.request("/slow");
    await new Promise((r) => setTimeout(r, 5));
    const drained = drain.drain(1000);
    const refused = await app.request("/slow");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("7");
    expect((await slow).status).toBe(200);
    expect(await drained).toMatchObject({ finishedRequests: 1, interruptedRuns: 0 });
  });

  it("on SIGTERM finishes every request in flight, refuses new ones and exits 0", async () => {
    const s = await startService({ MAX_CONCURRENT_RUNS: "1", DRAIN_TIMEOUT_MS: "20000" });
    const inFlight = Array.from({ length: 30 }, (_, i) => ask(s.url, i % 2 ? "Who directed Starfall?" : "Which films did Ada Marlowe direct?"));
    // Signal once the service holds them all: stored (running or answered) or queued for the one run slot.
    for (let tries = 0; tries < 500; tries++) {
      const { runs } = (await (await fetch(`${s.url}/v1/health`)).json()) as { runs: { stored: number; queued: number } };
      if (runs.stored + runs.queued >= 30) break;
    }
    s.child.kill("SIGTERM");
    const results = await Promise.all(inFlight);
    const late = await ask(s.url, "Who directed Starfall?");
    expect(await s.exit).toBe(0);
    expect(results.map((r) => `${r.status} ${r.body.error?.code ?? ""}`)).toEqual(Array(30).fill("200 "));
    // After the signal a new request is refused: 503 with Retry-After while the socket still takes it, or no connection at all.
    expect(late.status === 0 || (late.status === 503 && late.retryAfter !== null)).toBe(true);
    expect(statuses(s.runsDir).sort()).toEqual(Array(30).fill("completed"));
    // The signal came while requests were in flight, and all of them finished.
    const draining = JSON.parse(s.log.find((l) => l.includes('"msg":"draining"'))!) as { inFlightRequests: number };
    expect(draining.inFlightRequests).toBeGreaterThan(5);
    expect(s.log.some((l) => l.includes('"msg":"drained"') && l.includes('"interruptedRuns":0'))).toBe(true);
  }, 60_000);

  it("interrupts the runs still in flight at the deadline, records them as interrupted, and exits 0", async () => {
    // A chat model that never answers in time: the llm planner's one call hangs.
    let fake: Server | undefined;
    const modelUrl = await new Promise<string>((resolve) => {
      fake = createServer(() => {}).listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(fake!.address() as { port: number }).port}/v1`));
    });
    try {
      const s = await startService({ CHAT_MODEL: "openai", OPENAI_BASE_URL: modelUrl, OPENAI_CHAT_MODEL: "slow", MODEL_TIMEOUT_MS: "60000", DRAIN_TIMEOUT_MS: "300" });
      const stuck = ask(s.url, "Who directed Starfall?", "llm");
      await new Promise((r) => setTimeout(r, 500));
      const started = Date.now();
      s.child.kill("SIGTERM");
      const r = await stuck;
      expect(await s.exit).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(r.status).toBe(503);
      expect(r.body.error?.code).toBe("interrupted");
      expect(r.retryAfter).not.toBeNull();
      expect(statuses(s.runsDir)).toEqual(["interrupted"]);
    } finally {
      fake?.closeAllConnections();
      fake?.close();
    }
  }, 60_000);
});
