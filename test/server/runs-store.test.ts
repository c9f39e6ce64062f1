import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/config";
import { FileRunStore } from "../../src/runs/store";
import { fixtureKb } from "../helpers/fixture-kb";
import { startTestServer } from "../helpers/api-server";

describe("stored runs", () => {
  it("survive a restart of the service", async () => {
    const kb = await fixtureKb();
    const first = await startTestServer(kb);
    const { runId } = (await (await first.post("/v1/research", { question: "who directed Starfall" })).json()) as { runId: string };
    await first.close();
    const second = await startTestServer(kb, { runsDir: first.runsDir });
    try {
      const run = (await (await second.get(`/v1/runs/${runId}`)).json()) as { status: string; result: { answers: { name: string }[] } };
      expect(run.status).toBe("completed");
      expect(run.result.answers[0]!.name).toBe("Ada Marlowe");
    } finally {
      await second.close();
    }
  });

  it("marks a run in flight at a crash as interrupted, sets a damaged file aside, and keeps the newest within retention", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mg-store-"));
    const a = new FileRunStore(dir, 3);
    const inFlight = await a.create({ runId: "r-inflight", request: { question: "q", strategy: "heuristic", via: "research" } });
    writeFileSync(join(dir, "r-torn.json"), '{"runId":"r-torn","seq":'); // what a non-atomic writer could leave
    writeFileSync(join(dir, "r-x.json.tmp-1-1"), "partial");
    const b = new FileRunStore(dir, 3);
    expect(b.get(inFlight.runId)).toMatchObject({ status: "interrupted", error: { code: "interrupted" } });
    expect(b.recovered).toEqual({ interrupted: 1, corrupt: ["r-torn.json"], tempFiles: 1 });
    expect(readdirSync(dir).sort()).toEqual(["r-inflight.json", "r-torn.json.corrupt"]);
    for (let i = 0; i < 4; i++) await b.finish((await b.create({ runId: `r${i}`, request: { question: "q", strategy: "simple", via: "research" } })).runId, { status: "completed" });
    expect(b.list(10).runs.map((r) => r.runId)).toEqual(["r3", "r2", "r1"]);
  });

  it("never leaves a torn record when the process is killed with SIGKILL mid-write", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mg-kill9-"));
    const script = `
      import { FileRunStore } from ${JSON.stringify(join(PROJECT_ROOT, "src/runs/store.ts"))};
      const s = new FileRunStore(${JSON.stringify(dir)}, 100000);
      const big = "x".repeat(200000);
      for (let i = 0; ; i++) {
        const r = await s.create({ runId: "k" + i, request: { question: big, strategy: "simple", via: "research" } });
        await s.finish(r.runId, { status: "completed" });
        if (i === 20) process.stdout.write("ready\\n");
      }`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: PROJECT_ROOT, stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => child.stdout.on("data", () => resolve()));
    await new Promise((r) => setTimeout(r, 100));
    child.kill("SIGKILL");
    await new Promise((r) => child.on("exit", r));
    const reopened = new FileRunStore(dir, 100000);
    expect(reopened.recovered.corrupt).toEqual([]);
    expect(reopened.size()).toBeGreaterThan(20);
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) expect(() => JSON.parse(readFileSync(join(dir, f), "utf8"))).not.toThrow();
    expect(reopened.list(100000).runs.every((r) => r.status === "completed" || r.status === "interrupted")).toBe(true);
  }, 30_000);
});
