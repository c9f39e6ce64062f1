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
 * One research run with CHAT_MODEL=local end to end, in process: the small local model reads the
 * rules' plan of the question and keeps or rewrites it (one call), the same compiler and renderer run
 * the plan it chose, and its calls and tokens are counted.
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

  it("edits the plan with one model call, marked as the model's, with no fallback", () => {
    expect(r.planner).toBe("llm");
    const fallbacks = r.trace.filter((s) => s.fallback).map((s) => `${s.node}: ${s.fallback}`);
    expect(fallbacks).toEqual([]);
    const prime = r.trace.find((s) => s.node === "prime");
    expect(prime?.llmCalls).toBe(1);
    expect(prime!.notes.some((n) => n.startsWith("from the model:"))).toBe(true);
    expect(prime!.rationale).toMatch(/^the model (kept|rewrote) the/);
    expect(prime!.plan?.parts.length).toBeGreaterThan(0);
    expect(r.truncated).toBe(false);
  });

  it("counts the model's call and tokens: one call, every token in the trace", () => {
    expect(r.usage.llmCalls).toBe(1);
    expect(r.usage.inputTokens).toBeGreaterThan(0);
    expect(r.usage.outputTokens).toBeGreaterThan(0);
    expect(r.trace.reduce((n, s) => n + s.llmCalls, 0)).toBe(r.usage.llmCalls);
    expect(r.trace.reduce((n, s) => n + s.inputTokens, 0)).toBe(r.usage.inputTokens);
  });

  it("answers the easy question with the right entity, cited", () => {
    expect(r.answers.map((a) => a.name)).toContain("Michael Curtiz");
    expect(r.answer).toMatch(/Michael Curtiz/);
    expect(r.answer).toMatch(/\[1\]/);
    expect(r.citations.length).toBeGreaterThan(0);
  });
});
