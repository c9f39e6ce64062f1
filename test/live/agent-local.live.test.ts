import { afterAll, beforeAll, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import { LocalChatModel } from "../../src/adapters/llama/chat-model";
import { loadConfig } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { createChatModel } from "../../src/llm/factory";
import type { ChatModel } from "../../src/ports/chat-model";
import { realConfig, realKb } from "../helpers/real-kb";
import { describeWithModel } from "./models";

/**
 * The agent strategy with the fetched local model, in process: the model chooses the tool calls
 * through a grammar built from the tools' schemas (at least one before any evidence), the graph runs
 * them, and the answer cites the evidence. What the model chose is its own: the trace shows no fallback.
 */
describeWithModel("agent strategy with the local chat model, live", realConfig.localChatModel, () => {
  let kb: KnowledgeBase;
  let model: ChatModel | undefined;
  let r: RunResult;

  beforeAll(async () => {
    kb = await realKb();
    model = createChatModel(loadConfig({ ...process.env, CHAT_MODEL: "local" }), { cache: false });
    r = await runResearch("Who directed Jaws?", { kb, model }, { strategy: "agent", budget: { deadlineMs: 120_000 } });
  }, 180_000);
  afterAll(async () => {
    if (model instanceof LocalChatModel) await model.close();
  });

  it("makes its own tool choice, with no fallback", () => {
    expect(r.planner).toBe("agent");
    const plans = r.trace.filter((s) => s.node === "plan");
    expect(plans[0]!.rationale).toMatch(/^the model chose /);
    expect(plans[0]!.llmCalls).toBeGreaterThanOrEqual(1);
    expect(r.trace.filter((s) => s.fallback)).toEqual([]);
    expect(r.trace.filter((s) => s.node === "act").length).toBeGreaterThan(0);
  });

  it("counts every call and token in the trace", () => {
    expect(r.usage.llmCalls).toBeGreaterThan(0);
    expect(r.trace.reduce((n, s) => n + s.llmCalls, 0)).toBe(r.usage.llmCalls);
    expect(r.trace.reduce((n, s) => n + s.inputTokens, 0)).toBe(r.usage.inputTokens);
    expect(r.trace.reduce((n, s) => n + s.outputTokens, 0)).toBe(r.usage.outputTokens);
  });

  it("answers with citations", () => {
    expect(r.answers.map((a) => a.name)).toContain("Steven Spielberg");
    expect(r.answer).toMatch(/\[1\]/);
    expect(r.citations.length).toBeGreaterThan(0);
  });
});
