import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { CachingChatModel } from "../../src/llm/response-cache";
import { runResearch } from "../../agents/research/run";
import { TOOLS } from "../../tools/index";
import type { RunResult } from "../../agents/research/types";
import type { ChatModel, StructuredRequest } from "../../src/ports/chat-model";
import { fixtureKb } from "../helpers/fixture-kb";
import { http429, scriptedAdapter } from "../helpers/fake-chat";
import { scriptedModel } from "../helpers/scripted-model";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});
const Q = "which films share actors with Paper Moons";
const ask = (model: ChatModel, opts: Parameters<typeof runResearch>[2] = {}, q = Q) => runResearch(q, { kb, model }, { strategy: "llm", ...opts });

// The round-one menu for Q: 1) think_on_graph from Paper Moons (the heuristic's call), 2) depth_first,
// 3) neighbors of Paper Moons, 4) full_text, 5) semantic_search.
const planNeighbors = { choices: ["3"], why: "start from the cast" };
// After neighbors ran, the untried options are renumbered: 1) think_on_graph, 2) depth_first, ...
const judgeMore = { enough: false, follow_up: "1", missing: "the cast's other films" };
const judgeEnough = { enough: true, follow_up: "none", missing: "" };
// The computed answers are offered numbered, best first: 1. Ledger of Ghosts, 2. Midnight Ledger, 3. Starfall, ...
const answer = { answers: ["3. Starfall", "2. Midnight Ledger"], answer: "Starfall and Midnight Ledger share Tom Harker with Paper Moons.", cited: [] };

/** The request's JSON schema, as the grammar and the providers see it. */
const jsonSchema = (req: StructuredRequest<unknown>) => z.toJSONSchema(req.schema) as { properties: Record<string, { enum?: string[]; items?: { enum?: string[] }; minItems?: number; maxLength?: number }> };

/** A model that always takes the first option of every choice and writes a fixed sentence: what a tiny model tends to do. */
const firstChoice = (req: StructuredRequest<unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(jsonSchema(req).properties)) {
    if (p.items?.enum) out[key] = p.items.enum.slice(0, Math.max(1, p.minItems ?? 1));
    else if (p.enum) out[key] = p.enum[0];
    else if (key === "enough") out[key] = true;
    else out[key] = "as computed";
  }
  return out;
};

const step = (r: RunResult, node: string) => r.trace.find((s) => s.node === node)!;

/** A model that takes every option it is offered: a plan that runs every tool that fits. */
const everyChoice = (req: StructuredRequest<unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(jsonSchema(req).properties) as [string, { enum?: string[]; items?: { enum?: string[] }; maxItems?: number }][]) {
    if (p.items?.enum) out[key] = p.items.enum.slice(0, p.maxItems ?? p.items.enum.length);
    else if (p.enum) out[key] = p.enum[0];
    else if (key === "enough") out[key] = true;
    else out[key] = "as computed";
  }
  return out;
};

describe("LLM planner (scripted LangChain fake through the production adapter)", () => {
  it("runs the options the model picks from the menu, the follow-up it picks, and answers from the exact candidates", async () => {
    const { model, fake } = scriptedAdapter([planNeighbors, judgeMore, judgeEnough, answer]);
    const r = await ask(model);
    expect(r.planner).toBe("llm");
    expect(r.trace.map((s) => s.node)).toEqual(["router", "prime", "plan", "act", "judge", "plan", "act", "judge", "organize", "answer", "validate"]);
    expect(r.trace.filter((s) => s.node === "act").map((s) => s.tool)).toEqual(["neighbors", "think_on_graph"]);
    expect(fake.prompts[0]).toMatch(/^1\) think_on_graph \{entities: \["Paper Moons"\]\}: follows relations/m);
    expect(fake.prompts[0]).toMatch(/^3\) neighbors \{entity: "Paper Moons"\}/m);
    expect(fake.prompts[0]).toContain("(the usual plan: 1)");
    expect(fake.prompts[0]).not.toMatch(/\.\.\.|"finish"|args_json/); // no placeholders, no JSON example
    expect(step(r, "prime").llmCalls).toBe(0); // the question stages read it: no model call
    expect(r.trace.filter((s) => s.node === "plan").map((s) => s.llmCalls)).toEqual([1, 0]); // the judge's pick is the next plan
    expect(r.trace.filter((s) => s.node === "judge").map((s) => s.decision)).toEqual(["more: 1 follow-up(s)", "enough"]);
    // every decision the model made is marked as such in the trace
    for (const node of ["plan", "judge", "answer"]) expect(step(r, node).notes.some((n) => n.startsWith("from the model:"))).toBe(true);
    expect(r.trace.some((s) => s.fallback)).toBe(false);
    expect(r.usage.llmCalls).toBe(4);
    expect(fake.prompts).toHaveLength(4);
    expect(r.answers.map((a) => a.name)).toEqual(["Starfall", "Midnight Ledger"]);
    expect(r.answers[0]!.evidenceIds.length).toBeGreaterThan(0); // tied to the exact candidates
    expect(r.answer).toBe(answer.answer);
    expect(r.truncated).toBe(false);
  });

  it("offers only what can be run: options and computed answers by number, citations by evidence id, short strings", async () => {
    const model = scriptedModel([firstChoice, judgeEnough, firstChoice]);
    const r = await ask(model);
    const [plan, judge, answerReq] = model.requests.map(jsonSchema);
    expect(plan!.properties.choices!.items!.enum).toEqual(["1", "2", "3", "4", "5"]);
    expect(plan!.properties.why!.maxLength).toBeLessThanOrEqual(100);
    expect(judge!.properties.follow_up!.enum!.at(-1)).toBe("none");
    // the call already run (option 1, think_on_graph) is no follow-up
    expect(model.requests[1]!.prompt).not.toMatch(/^\d+\) think_on_graph \{entities: \["Paper Moons"\]\}/m);
    expect(judge!.properties.follow_up!.enum).toHaveLength(model.requests[1]!.prompt.match(/^\d+\) /gm)!.length + 1);
    expect(answerReq!.properties.answers!.items!.enum).toEqual(["1. Ledger of Ghosts", "2. Midnight Ledger", "3. Starfall", "4. Starfall Returns", "5. The Quiet Harbor"]);
    expect(answerReq!.properties.answers!.minItems).toBe(1);
    expect(answerReq!.properties.cited!.items!.enum).toEqual(r.trace.find((s) => s.node === "organize")!.evidenceIds);
    expect(answerReq!.properties.answer!.maxLength).toBeLessThanOrEqual(200);
    expect(r.answers.map((a) => a.name)).toEqual(["Ledger of Ghosts"]); // the number is the offer's, not the name's
    // a sentence that names none of the picks ("as computed") is not shown: the text is written from the picks, and the trace says so
    expect(r.answer).toMatch(/^Ledger of Ghosts \[ev_[0-9a-f]{16}\]/);
    expect(step(r, "answer").fallback).toMatch(/names none of the answers it picked: "as computed"/);
    expect(r.trace.find((s) => s.node === "answer")!.evidenceIds).toHaveLength(1);
  });

  it("retries replies that are not JSON or pick an option not on the menu, then hands the step to the heuristic and says so", async () => {
    const { model, sleeps } = scriptedAdapter(["not json", { choices: ["9"], why: "" }, "still not json", judgeEnough, answer]);
    const r = await ask(model);
    const plan = step(r, "plan");
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
    const plan = step(r, "plan");
    expect(plan.fallback).toBeUndefined();
    expect(plan.llmCalls).toBe(3);
    expect(sleeps).toEqual([100, 200]);
    expect(step(r, "act").tool).toBe("neighbors");
  });

  it("enforces the LLM call budget in code: the heuristic takes over and the run says it was truncated", async () => {
    const { model, fake } = scriptedAdapter([planNeighbors, judgeMore, judgeEnough, answer]);
    const r = await ask(model, { budget: { maxLlmCalls: 2 } });
    expect(r.usage.llmCalls).toBe(2);
    expect(fake.prompts).toHaveLength(2);
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toBe("LLM call budget of 2 is spent");
    expect(step(r, "answer").fallback).toMatch(/budget of 2 is spent; heuristic used/);
    expect(r.answers.length).toBeGreaterThan(0);
  });

  it("enforces the token budget", async () => {
    const model = scriptedModel([planNeighbors, judgeMore, judgeEnough, answer]);
    const r = await ask(model, { budget: { maxTokens: 1500 } });
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toBe("token budget of 1500 is spent");
    expect(r.usage.inputTokens + r.usage.outputTokens).toBeGreaterThanOrEqual(1500);
  });

  it("lets the model judge twice at most, so a question costs at most 4 model calls; later rounds are judged by the heuristic", async () => {
    const again = { enough: false, follow_up: "1", missing: "more" };
    const model = scriptedModel([planNeighbors, again, again, answer]);
    const r = await ask(model);
    const judges = r.trace.filter((s) => s.node === "judge");
    expect(judges.map((s) => s.llmCalls)).toEqual([1, 1, 0]);
    expect(judges[2]!.rationale).toMatch(/^heuristic \(the model's 2 judgements are spent\)/);
    expect(judges[2]!.fallback).toBeUndefined();
    expect(r.usage.llmCalls).toBe(4);
    expect(r.trace.filter((s) => s.node === "act")).toHaveLength(3);
  });

  it("rejects a name that is not a computed answer (the schema's enum), and falls back after retries", async () => {
    const lying = { answers: ["3. Starfall", "6. Totally Made Up"], answer: "Starfall.", cited: [] };
    const model = scriptedModel([planNeighbors, judgeMore, judgeEnough, lying]);
    const r = await ask(model);
    expect(step(r, "answer").fallback).toMatch(/answer failed: .*heuristic used/);
    expect(r.answers.map((a) => a.name)).not.toContain("Totally Made Up");
  });

  it("flags a person named in the model's sentence that no evidence supports, and writes names for the numbers it copied", async () => {
    const model = scriptedModel([planNeighbors, judgeMore, judgeEnough, { answers: ["3. Starfall"], answer: "3. Starfall, says Nadia Frost.", cited: [] }]);
    const r = await ask(model);
    expect(r.answers.map((a) => a.name)).toEqual(["Starfall"]);
    expect(r.answer).toMatch(/^Starfall, says Nadia Frost\./); // the offer's number the model copied is dropped
    expect(r.trace.at(-1)!.rationale).toMatch(/names in the text with no supporting evidence: Nadia Frost/);
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

  it("primes a question with several entities without the model, and offers the heuristic's calls first", async () => {
    const model = scriptedModel([firstChoice, judgeEnough, firstChoice]);
    const r = await ask(model, {}, "Which actors worked with both Ada Marlowe and Jonas Whitfield?");
    expect(step(r, "prime").llmCalls).toBe(0);
    expect(step(r, "prime").rationale).toMatch(/operations: intersection/);
    expect(model.requests[0]!.prompt).toContain("(the usual plan: 1+2)");
    expect(model.requests[0]!.prompt).toMatch(/^2\) think_on_graph \{entities: \["Jonas Whitfield"\]\}/m);
    expect(r.usage.llmCalls).toBe(3);
  });

  it("asks for one option per part of a question that holds several, and keeps each part's exact answers", async () => {
    const model = scriptedModel([firstChoice, judgeEnough, firstChoice]);
    const r = await ask(model, {}, "Who directed Paper Moons and when was it released?");
    const plan = jsonSchema(model.requests[0]!);
    expect(plan.properties.choices!.minItems).toBe(2);
    expect(model.requests[0]!.prompt).toMatch(/^Parts: 1\) Who directed Paper Moons 2\) .*Paper Moons/m);
    expect(model.requests[0]!.prompt).toMatch(/\(part 2\)$/m);
    expect(r.parts.map((p) => p.answers.map((a) => a.name))).toEqual([["Lena Marlowe"], ["2010"]]);
  });

  it("without a computed answer offers no names to pick, only the sentence and citations", async () => {
    const model = scriptedModel([{ choices: ["1"], why: "" }, judgeEnough, firstChoice]);
    const r = await ask(model, {}, "a story about zxqv");
    const answerReq = jsonSchema(model.requests.at(-1)!);
    expect(Object.keys(answerReq.properties)).not.toContain("answers");
    expect(model.requests.at(-1)!.prompt).toContain("No answer was computed from the graph.");
    expect(r.answers).toEqual([]);
    expect(step(r, "answer").fallback).toBeUndefined();
  });

  it("puts every tool on the menu when it fits the question, eight options at most", async () => {
    const menus: string[][] = [];
    for (const q of [Q, "Are space movies usually funny or sad?", "films by Marlowe"]) {
      const model = scriptedModel([firstChoice, judgeEnough, firstChoice]);
      await ask(model, {}, q);
      menus.push([...model.requests[0]!.prompt.matchAll(/^\d+\) (\w+) /gm)].map((m) => m[1]!));
    }
    expect(new Set(menus.flat())).toEqual(new Set(Object.keys(TOOLS)));
    for (const m of menus) {
      expect(m.length).toBeLessThanOrEqual(8);
      expect(m).toEqual(expect.arrayContaining(["full_text", "semantic_search"]));
    }
    expect(menus[1]![0]).toBe("breadth_first"); // the heuristic's pick for a kind of film comes first
  });

  it("with the graph tools switched off, the menu holds only text search", async () => {
    const model = scriptedModel([firstChoice, judgeEnough, firstChoice]);
    await ask(model, { ablations: ["graph"] });
    const tools = [...model.requests[0]!.prompt.matchAll(/^\d+\) (\w+) /gm)].map((m) => m[1]);
    expect(new Set(tools)).toEqual(new Set(["full_text", "semantic_search"]));
  });
});

describe("auto strategy", () => {
  it("without a model routes to the heuristic research loop; with one, sends open descriptions to SimpleRAG", async () => {
    const offline = await runResearch("who directed Paper Moons", { kb }, { strategy: "auto" });
    expect([offline.route, offline.planner]).toEqual(["research", "heuristic"]);
    const model = scriptedModel([firstChoice]);
    const open = await runResearch("a story about a fisherman and his daughter", { kb, model }, { strategy: "auto" });
    expect(open.route).toBe("simple");
    expect(open.trace.map((s) => s.node)).toEqual(["router", "simple_rag", "answer", "validate"]);
    expect(open.trace.at(-2)!.llmCalls).toBe(1);
  });
});

describe("LLM planner: answers keep the exact computation under a wide plan", () => {
  it("answers a superlative from the exact filter's ranking when the model also runs a genre overview and an unranked list", async () => {
    const q = "best rated science fiction film";
    const heuristic = await runResearch(q, { kb }, { strategy: "heuristic" });
    const r = await ask(scriptedModel(Array.from({ length: 6 }, () => everyChoice)), {}, q);
    const tools = r.trace.filter((s) => s.node === "act").map((s) => s.tool);
    expect(tools).toContain("breadth_first");
    expect(tools.filter((t) => t === "find_movies").length).toBe(2);
    expect(r.answers[0]!.name).toBe(heuristic.answers[0]!.name);
    expect(r.answers.every((a) => a.type === "Movie")).toBe(true);
    expect(new Set(r.answers.map((a) => a.name)).size).toBe(r.answers.length);
  });
});
