import { expect, it } from "vitest";
import { realConfig } from "../helpers/real-kb";
import { describeWithModel, liveLocalRun } from "./models";

/**
 * The agent strategy with the fetched local model, in process: the model chooses the tool calls
 * through a grammar built from the tools' schemas (at least one before any evidence), the graph runs
 * them, and the answer cites the evidence. What the model chose is its own: the trace shows no fallback.
 */
describeWithModel("agent strategy with the local chat model, live", realConfig.localChatModel, () => {
  const run = liveLocalRun("Who directed Jaws?", { strategy: "agent", budget: { deadlineMs: 120_000 } }, 180_000);

  it("makes its own tool choice, with no fallback", () => {
    expect(run().planner).toBe("agent");
    const plans = run().trace.filter((s) => s.node === "plan");
    expect(plans[0]!.rationale).toMatch(/^the model chose /);
    expect(plans[0]!.llmCalls).toBeGreaterThanOrEqual(1);
    expect(run().trace.filter((s) => s.fallback)).toEqual([]);
    expect(run().trace.filter((s) => s.node === "act").length).toBeGreaterThan(0);
  });

  it("counts every call and token in the trace", () => {
    expect(run().usage.llmCalls).toBeGreaterThan(0);
    expect(run().trace.reduce((n, s) => n + s.llmCalls, 0)).toBe(run().usage.llmCalls);
    expect(run().trace.reduce((n, s) => n + s.inputTokens, 0)).toBe(run().usage.inputTokens);
    expect(run().trace.reduce((n, s) => n + s.outputTokens, 0)).toBe(run().usage.outputTokens);
  });

  it("answers with citations", () => {
    expect(run().answers.map((a) => a.name)).toContain("Steven Spielberg");
    expect(run().answer).toMatch(/\[1\]/);
    expect(run().citations.length).toBeGreaterThan(0);
  });
});
