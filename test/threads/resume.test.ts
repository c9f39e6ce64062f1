import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { describe, expect, it } from "vitest";
import { runResearch, threadGraph } from "../../agents/research/run";
import { EMPTY_FLAT } from "../../src/plan/flat";
import { fixtureKb } from "../helpers/fixture-kb";
import { scriptedModel } from "../helpers/scripted-model";
import { PROJECT_ROOT } from "../../src/config";

const Q = "who made Paper Moons";

/**
 * A thread's run killed with SIGKILL mid-way resumes from its last checkpoint: the steps that ran
 * before the kill are not run again, and the run finishes with the answer it would have given.
 */
describe("a thread run killed with kill -9", () => {
  it("resumes from its last checkpoint when asked", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "mg-resume-")), "checkpoints.sqlite");
    const child = spawn(process.execPath, ["--import", "tsx", "test/threads/resume-child.ts", db, "t1", Q], { cwd: PROJECT_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => d.toString().includes("stuck in the model call") && resolve());
      child.on("exit", (code) => reject(new Error(`the child exited (${code}) before it was stuck: ${err}`)));
      setTimeout(() => reject(new Error(`the child was not stuck in 60 s: ${err}`)), 60_000);
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));

    const saver = SqliteSaver.fromConnString(db);
    const before = await threadGraph(saver).getState({ configurable: { thread_id: "t1" } });
    // The kill left the run unfinished, with the router's step kept and prime still to run.
    expect(before.next).toEqual(["prime"]);

    const model = scriptedModel([{ ...EMPTY_FLAT, kind: "keep" }]);
    const kb = await fixtureKb();
    const resumed = await runResearch(Q, { kb, model, checkpointer: async () => saver }, { strategy: "llm", thread: { id: "t1", resume: true } });
    const fresh = await runResearch(Q, { kb }, { strategy: "heuristic" });
    expect(resumed.trace.map((s) => s.node)).toEqual(["router", "prime", ...fresh.trace.map((s) => s.node).slice(2)]);
    expect(resumed.trace.filter((s) => s.node === "router")).toHaveLength(1);
    expect(resumed.answers.map((a) => a.name)).toEqual(fresh.answers.map((a) => a.name));
    expect(resumed.question).toBe(Q);
    expect(model.requests).toHaveLength(1);
    // Nothing is left to resume.
    expect((await threadGraph(saver).getState({ configurable: { thread_id: "t1" } })).next).toEqual([]);
    await expect(runResearch(Q, { kb, model, checkpointer: async () => saver }, { thread: { id: "t1", resume: true } })).rejects.toThrow(/no unfinished run to resume/);
  }, 90_000);
});
