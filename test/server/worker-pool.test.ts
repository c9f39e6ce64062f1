import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorkerPoolExecutor } from "../../src/server/worker-pool";
import { hasRealData } from "../helpers/real-kb";

describe.skipIf(!hasRealData)("research on worker threads", () => {
  let pool: WorkerPoolExecutor;
  beforeAll(async () => {
    pool = await WorkerPoolExecutor.start(1);
  }, 120_000);
  afterAll(async () => {
    await pool.close();
  });

  it("runs a question in a worker and streams its trace steps back", async () => {
    const steps: string[] = [];
    const r = await pool.run("who directed jurassic park", { strategy: "heuristic", onStep: (s) => steps.push(s.node) });
    expect(r.answers[0]!.name).toBe("Steven Spielberg");
    expect(steps).toEqual(r.trace.map((s) => s.node));
  });

  it("carries typed errors and cancellation across the thread boundary", async () => {
    await expect(pool.run("   ", { strategy: "heuristic" })).rejects.toMatchObject({ code: "invalid_input", message: "question must not be empty" });
    const ac = new AbortController();
    ac.abort();
    await expect(pool.run("who directed jurassic park", { strategy: "heuristic", signal: ac.signal })).rejects.toThrow();
    expect((await pool.run("who directed jurassic park", { strategy: "tog" })).answers[0]!.name).toBe("Steven Spielberg");
  });
});
