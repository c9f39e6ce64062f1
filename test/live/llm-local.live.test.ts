import { expect, it } from "vitest";
import { realConfig } from "../helpers/real-kb";
import { describeWithModel, liveLocalRun } from "./models";

/**
 * One research run with CHAT_MODEL=local end to end, in process: the small local model reads the
 * rules' plan of the question and keeps or rewrites it (one call), the same compiler and renderer run
 * the plan it chose, and its calls and tokens are counted.
 */
describeWithModel("LLM strategy with the local chat model, live", realConfig.localChatModel, () => {
  const run = liveLocalRun("Who directed Casablanca?", { strategy: "llm" }, 120_000);

  it("edits the plan with one model call, marked as the model's, with no fallback", () => {
    expect(run().planner).toBe("llm");
    const fallbacks = run().trace.filter((s) => s.fallback).map((s) => `${s.node}: ${s.fallback}`);
    expect(fallbacks).toEqual([]);
    const prime = run().trace.find((s) => s.node === "prime");
    expect(prime?.llmCalls).toBe(1);
    expect(prime!.notes.some((n) => n.startsWith("from the model:"))).toBe(true);
    expect(prime!.rationale).toMatch(/^the model (kept|rewrote) the/);
    expect(prime!.plan?.parts.length).toBeGreaterThan(0);
    expect(run().truncated).toBe(false);
  });

  it("counts the model's call and tokens: one call, every token in the trace", () => {
    expect(run().usage.llmCalls).toBe(1);
    expect(run().usage.inputTokens).toBeGreaterThan(0);
    expect(run().usage.outputTokens).toBeGreaterThan(0);
    expect(run().trace.reduce((n, s) => n + s.llmCalls, 0)).toBe(run().usage.llmCalls);
    expect(run().trace.reduce((n, s) => n + s.inputTokens, 0)).toBe(run().usage.inputTokens);
  });

  it("answers the easy question with the right entity, cited", () => {
    expect(run().answers.map((a) => a.name)).toContain("Michael Curtiz");
    expect(run().answer).toMatch(/Michael Curtiz/);
    expect(run().answer).toMatch(/\[1\]/);
    expect(run().citations.length).toBeGreaterThan(0);
  });
});
