import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { CachingChatModel } from "../../src/llm/response-cache";
import { runResearch } from "../../agents/research/run";
import type { ChatModel } from "../../src/ports/chat-model";
import { fixtureKb } from "../helpers/fixture-kb";
import { http429, scriptedAdapter } from "../helpers/fake-chat";
import { scriptedModel } from "../helpers/scripted-model";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});
const Q = "which films share actors with Paper Moons";
const ask = (model: ChatModel, opts: Parameters<typeof runResearch>[2] = {}, q = Q) => runResearch(q, { kb, model }, { strategy: "llm", ...opts });

const planNeighbors = { finish: false, rationale: "start from the film's cast", calls: [{ tool: "neighbors", args_json: JSON.stringify({ entity: "Paper Moons", edge: "ACTED_IN" }), why: "who acted in it" }] };
const judgeMore = {
  reasoning: "we know the cast but not their other films",
  enough: false,
  missing: "the other films of the cast",
  follow_ups: [
    { tool: "full_text", args_json: JSON.stringify({ query: "Paper Moons" }), score: 0.2, why: "weak" },
    { tool: "think_on_graph", args_json: JSON.stringify({ question: Q, entities: ["Paper Moons"] }), score: 0.9, why: "follow the cast to their films" },
  ],
};
const judgeEnough = { reasoning: "the paths reach the films", enough: true, missing: "", follow_ups: [] };
const answer = { answer: "Starfall and Midnight Ledger share Tom Harker with Paper Moons.", answers: ["Starfall", "Midnight Ledger"], cited_ids: [] };

describe("LLM planner (scripted LangChain fake through the production adapter)", () => {
  it("plans tools in order, follows the judge's best-scored follow-up, then answers", async () => {
    const { model, fake } = scriptedAdapter([planNeighbors, judgeMore, judgeEnough, answer]);
    const r = await ask(model);
    expect(r.planner).toBe("llm");
    expect(r.trace.map((s) => s.node)).toEqual(["router", "prime", "plan", "act", "judge", "plan", "act", "judge", "organize", "answer", "validate"]);
    expect(r.trace.filter((s) => s.node === "act").map((s) => s.tool)).toEqual(["neighbors", "think_on_graph"]);
    expect(r.trace.find((s) => s.node === "prime")!.llmCalls).toBe(0); // one topic: primed without the model
    expect(r.trace.filter((s) => s.node === "plan").map((s) => s.llmCalls)).toEqual([1, 0]); // follow-ups need no second plan call
    expect(r.trace.filter((s) => s.node === "judge").map((s) => s.decision)).toEqual(["more: 2 follow-up(s)", "enough"]);
    expect(r.usage.llmCalls).toBe(4);
    expect(fake.prompts).toHaveLength(4);
    expect(r.answers.map((a) => a.name)).toEqual(["Starfall", "Midnight Ledger"]);
    expect(r.answers[0]!.evidenceIds.length).toBeGreaterThan(0); // tied to the exact candidates
    expect(r.answer).toBe(answer.answer);
    expect(r.truncated).toBe(false);
  });

  it("retries invalid JSON, then hands the step to the heuristic and says so", async () => {
    const { model, sleeps } = scriptedAdapter(["not json", "{\"finish\": \"maybe\"}", "still not json", judgeEnough, answer]);
    const r = await ask(model);
    const plan = r.trace.find((s) => s.node === "plan")!;
    expect(plan.fallback).toMatch(/plan failed: .*heuristic used/);
    expect(plan.llmCalls).toBe(3);
    expect(plan.decision).toBe("think_on_graph"); // the heuristic's plan
    expect(sleeps).toEqual([100, 200]);
    expect(r.usage.llmCalls).toBe(5);
    expect(r.answers.map((a) => a.name)).toEqual(["Starfall", "Midnight Ledger"]);
  });

  it("retries a 429 twice with backoff and then succeeds", async () => {
    const { model, sleeps } = scriptedAdapter([http429(), http429(), planNeighbors, judgeEnough, answer]);
    const r = await ask(model);
    const plan = r.trace.find((s) => s.node === "plan")!;
    expect(plan.fallback).toBeUndefined();
    expect(plan.llmCalls).toBe(3);
    expect(sleeps).toEqual([100, 200]);
    expect(r.trace.find((s) => s.node === "act")!.tool).toBe("neighbors");
  });

  it("enforces the LLM call budget in code: the heuristic takes over and the run says it was truncated", async () => {
    const { model, fake } = scriptedAdapter([planNeighbors, judgeMore, judgeEnough, answer]);
    const r = await ask(model, { budget: { maxLlmCalls: 2 } });
    expect(r.usage.llmCalls).toBe(2);
    expect(fake.prompts).toHaveLength(2);
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toBe("LLM call budget of 2 is spent");
    const answerStep = r.trace.find((s) => s.node === "answer")!;
    expect(answerStep.fallback).toMatch(/budget of 2 is spent; heuristic used/);
    expect(r.answers.length).toBeGreaterThan(0);
  });

  it("enforces the token budget", async () => {
    const model = scriptedModel([planNeighbors, judgeMore, judgeEnough, answer]);
    const r = await ask(model, { budget: { maxTokens: 1500 } });
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toBe("token budget of 1500 is spent");
    expect(r.usage.inputTokens + r.usage.outputTokens).toBeGreaterThanOrEqual(1500);
  });

  it("validates the model's answer: names no evidence supports are removed and flagged", async () => {
    const lying = { answer: "Starfall, and also Zebulon Quux.", answers: ["Starfall", "Totally Made Up"], cited_ids: ["ev_ffffffffffffffff"] };
    const { model } = scriptedAdapter([planNeighbors, judgeMore, judgeEnough, lying]);
    const r = await ask(model);
    expect(r.answers.map((a) => a.name)).toEqual(["Starfall"]);
    expect(r.trace.at(-1)!.rationale).toMatch(/answer "Totally Made Up" is in no evidence; removed/);
  });

  it("rejects the model's invalid tool arguments and falls back", async () => {
    const badArgs = { finish: false, rationale: "x", calls: [{ tool: "neighbors", args_json: JSON.stringify({ entity: "" }), why: "bad" }] };
    const { model } = scriptedAdapter([badArgs, judgeEnough, answer]);
    const r = await ask(model);
    const plan = r.trace.find((s) => s.node === "plan")!;
    expect(plan.fallback).toMatch(/no usable call/);
    expect(plan.notes.join(" ")).toMatch(/arguments for neighbors are invalid: entity/);
  });

  it("replays a run from the on-disk response cache with no model calls and the same result", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mg-llmcache-"));
    const first = scriptedAdapter([planNeighbors, judgeMore, judgeEnough, answer]);
    const a = await ask(new CachingChatModel(first.model, dir));
    const second = scriptedAdapter([]);
    const cached = new CachingChatModel(second.model, dir);
    const b = await ask(cached);
    expect(second.fake.prompts).toHaveLength(0);
    expect(cached.hits).toBe(4);
    expect(b.answers).toEqual(a.answers);
    expect(b.answer).toBe(a.answer);
    expect(b.usage.llmCalls).toBe(a.usage.llmCalls);
    expect(b.usage.cachedCalls).toBe(4);
    expect(b.trace.map((s) => [s.node, s.decision])).toEqual(a.trace.map((s) => [s.node, s.decision]));
  });

  it("uses the model to prime a question with several entities", async () => {
    const prime = { sub_questions: ["actors of Ada Marlowe's films", "actors of Jonas Whitfield's films"], entities: ["Ada Marlowe", "Jonas Whitfield"], operation: "intersection", count_at_least: 0, year_from: 0, year_to: 0 };
    const model = scriptedModel([prime, { finish: true, rationale: "let the heuristic's evidence speak", calls: [] }, answer]);
    const r = await ask(model, {}, "Which actors worked with both Ada Marlowe and Jonas Whitfield?");
    expect(r.trace.find((s) => s.node === "prime")!.llmCalls).toBe(1);
    expect(r.trace.find((s) => s.node === "prime")!.rationale).toMatch(/operations: intersection/);
  });
});

describe("auto strategy", () => {
  it("without a model routes to the heuristic research loop; with one, sends open descriptions to SimpleRAG", async () => {
    const offline = await runResearch("who directed Paper Moons", { kb }, { strategy: "auto" });
    expect([offline.route, offline.planner]).toEqual(["research", "heuristic"]);
    const model = scriptedModel([answer]);
    const open = await runResearch("a story about a fisherman and his daughter", { kb, model }, { strategy: "auto" });
    expect(open.route).toBe("simple");
    expect(open.trace.map((s) => s.node)).toEqual(["router", "simple_rag", "answer", "validate"]);
  });
});
