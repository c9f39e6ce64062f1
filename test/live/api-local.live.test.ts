import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/config";
import { realConfig } from "../helpers/real-kb";
import { describeWithModel } from "./models";

/**
 * The service as a user starts it (`npm start`'s entry, its own process, one research worker) with
 * CHAT_MODEL=local, asked one question through the HTTP API with the LLM strategy.
 */
describeWithModel("HTTP API with the local chat model, live", realConfig.localChatModel, () => {
  let server: ChildProcess;
  let url = "";
  let log = "";

  beforeAll(async () => {
    server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CHAT_MODEL: "local", EMBEDDER: "corpus", PORT: "0", HOST: "127.0.0.1", WORKERS: "1", RUNS_DIR: mkdtempSync(join(tmpdir(), "mg-live-runs-")), LOG_LEVEL: "info" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${log.slice(-2000)}`)), 120_000);
      server.stderr!.on("data", (chunk: Buffer) => {
        log += chunk.toString("utf8");
        const m = /"msg":"listening","url":"([^"]+)"/.exec(log);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      server.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${log.slice(-2000)}`)));
    });
  });
  afterAll(() => {
    server?.kill("SIGTERM");
  });

  it("reports the local model in /v1/health", async () => {
    const health = (await (await fetch(`${url}/v1/health`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(health)).toContain(`local:${basename(realConfig.localChatModel).replace(/\.gguf$/i, "")}`);
  });

  it("answers a question with the llm strategy, with the model's calls and tokens counted", async () => {
    const res = await fetch(`${url}/v1/research`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "Who directed Casablanca?", strategy: "llm", includeTrace: true }),
    });
    const body = (await res.json()) as { answers?: { name: string }[]; usage?: { llmCalls: number; inputTokens: number; outputTokens: number }; text?: string };
    expect(res.status, JSON.stringify(body).slice(0, 500)).toBe(200);
    expect(body.usage!.llmCalls).toBeGreaterThanOrEqual(1);
    expect(body.usage!.inputTokens).toBeGreaterThan(0);
    expect(body.usage!.outputTokens).toBeGreaterThan(0);
    expect(body.answers!.map((a) => a.name)).toContain("Michael Curtiz");
  });
});
