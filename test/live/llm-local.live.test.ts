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
 * One research run with CHAT_MODEL=local end to end, in process: the small local model plans, judges
 * and writes the answer (no step falls back to the heuristic), and its calls and tokens are counted.
 */
describeWithModel("LLM strategy with the local chat model, live", realConfig.localChatModel, () => {
  let kb: KnowledgeBase;
  let model: ChatModel | undefined;
  let r: RunResult;

  beforeAll(async () => {
    kb = await realKb();
    model = createChatModel(loadConfig({ ...process.env, CHAT_MODEL: "local" }), { cache: false });
    r = await runResearch("Who directed Casablanca?", { kb, model }, { strategy: "llm" });
  }, 120_000);
  afterAll(async () => {
    if (model instanceof LocalChatModel) await model.close();
  });

  it("plans, judges and answers with the model, with no fallback anywhere", () => {
    expect(r.planner).toBe("llm");
    const fallbacks = r.trace.filter((s) => s.fallback).map((s) => `${s.node}: ${s.fallback}`);
    expect(fallbacks).toEqual([]);
    for (const node of ["plan", "judge", "answer"]) {
      const first = r.trace.find((s) => s.node === node);
      expect(first, `no ${node} step`).toBeDefined();
      expect(first!.llmCalls, `${node} made no model call`).toBeGreaterThanOrEqual(1);
      expect(first!.notes.some((n) => n.startsWith("from the model:")), `${node} is not marked as the model's`).toBe(true);
    }
    expect(r.truncated).toBe(false);
  });

  it("counts the model's calls and tokens, within 4 calls", () => {
    expect(r.usage.llmCalls).toBeGreaterThanOrEqual(3);
    expect(r.usage.llmCalls).toBeLessThanOrEqual(4);
    expect(r.usage.inputTokens).toBeGreaterThan(0);
    expect(r.usage.outputTokens).toBeGreaterThan(0);
    expect(r.trace.reduce((n, s) => n + s.llmCalls, 0)).toBe(r.usage.llmCalls);
  });

  it("answers the easy question with the right entity, picked by the model", () => {
    expect(r.answers.map((a) => a.name)).toContain("Michael Curtiz");
    expect(r.trace.find((s) => s.node === "answer")!.notes.join(" ")).toContain("Michael Curtiz");
  });
});
