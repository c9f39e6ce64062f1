import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { runResearch } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { replayFromCache } from "../helpers/cache-replay";
import { EMPTY_FLAT, type FlatPlan } from "../../src/plan/flat";
import type { ChatModel, StructuredRequest } from "../../src/ports/chat-model";
import { fixtureKb } from "../helpers/fixture-kb";
import { http429, scriptedAdapter } from "../helpers/fake-chat";
import { scriptedModel } from "../helpers/scripted-model";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});

/** The rules read "what is Paper Moons" as everything the KB links to the film; a model can make it the question it is. */
const Q = "who made Paper Moons";
const ask = (model: ChatModel, opts: Parameters<typeof runResearch>[2] = {}, q = Q) => runResearch(q, { kb, model }, { strategy: "llm", ...opts });
const keep: FlatPlan = { ...EMPTY_FLAT, kind: "keep" };
const directorOf: FlatPlan = { ...EMPTY_FLAT, kind: "lookup", entity1: "Paper Moons", relation: "director" };
const step = (r: RunResult, node: string) => r.trace.find((s) => s.node === node)!;

describe("LLM planner: the model keeps or rewrites the rules' plan (scripted LangChain fake through the production adapter)", () => {
  it("keeps the rules' plan at the cost of one model call, and runs it as the heuristic would", async () => {
    const { model, fake } = scriptedAdapter([keep]);
    const r = await ask(model);
    const offline = await runResearch(Q, { kb }, { strategy: "heuristic" });
    expect(r.planner).toBe("llm");
    expect(r.usage.llmCalls).toBe(1);
    expect(step(r, "prime").llmCalls).toBe(1);
    expect(step(r, "prime").rationale).toMatch(/^the model kept the rules' plan/);
    expect(r.plan).toEqual(offline.plan);
    expect(r.answers).toEqual(offline.answers);
    // The prompt shows the question, what each field means, and the rules' reading as a draft; no JSON example of a reply.
    expect(fake.prompts[0]).toContain(`Question: ${Q}`);
    expect(fake.prompts[0]).toMatch(/^Draft: \{"kind":"lookup","entity1":"Paper Moons"/m);
    expect(fake.prompts[0]).toMatch(/kind: keep \(the draft is right\)/);
  });

  it("runs the plan the model writes, through the same compiler and renderer", async () => {
    const { model } = scriptedAdapter([directorOf]);
    const r = await ask(model);
    expect(r.plan.rules).toEqual(["model.lookup"]);
    expect(r.plan.parts).toMatchObject([{ kind: "lookup", from: [{ id: "Paper Moons", type: "Movie" }], path: [{ edge: "DIRECTED", dir: "in" }] }]);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    expect(r.answer).toMatch(/^Paper Moons \(2010\) was directed by Lena Marlowe \[1\]\.$/);
    expect(step(r, "prime").rationale).toMatch(/^the model rewrote the plan: \*p1 lookup\(Paper Moons → DIRECTED in\) \(the rules read: /);
    expect(step(r, "prime").notes.some((n) => n.startsWith("from the model: "))).toBe(true);
    expect(r.trace.filter((s) => s.node === "act").map((s) => s.tool)).toEqual(["neighbors"]);
  });

  it("refuses a plan that names something the KB lacks: the rules' plan runs, and the trace says why", async () => {
    const { model } = scriptedAdapter([{ ...directorOf, entity1: "Nobody Atall" }]);
    const r = await ask(model);
    expect(step(r, "prime").fallback).toMatch(/^the model's plan is unusable \("Nobody Atall" is not a movie or person in the knowledge base\); the rules' plan kept$/);
    expect(r.plan.rules).not.toContain("model.lookup");
  });

  it("retries replies that are not JSON, then keeps the rules' plan and says so", async () => {
    const { model, sleeps } = scriptedAdapter(["not json", "still not json", "nope"]);
    const r = await ask(model);
    expect(step(r, "prime").fallback).toMatch(/^plan edit failed: .*the rules' plan kept$/);
    expect(step(r, "prime").llmCalls).toBe(3);
    expect(sleeps).toEqual([100, 200]);
    expect(r.answers.length).toBeGreaterThan(0);
  });

  it("retries a 429 twice with backoff and then succeeds", async () => {
    const { model, sleeps } = scriptedAdapter([http429(), http429(), directorOf]);
    const r = await ask(model);
    expect(step(r, "prime").fallback).toBeUndefined();
    expect(sleeps).toEqual([100, 200]);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
  });

  it("enforces the LLM call budget in code: with none left the rules' plan runs and the run says it was truncated", async () => {
    const { model, fake } = scriptedAdapter([directorOf]);
    const r = await ask(model, { budget: { maxLlmCalls: 0 } });
    expect(fake.prompts).toHaveLength(0);
    expect(r.usage.llmCalls).toBe(0);
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toBe("LLM call budget of 0 is spent");
    expect(step(r, "prime").fallback).toMatch(/budget of 0 is spent; the rules' plan kept/);
    expect(r.answers.length).toBeGreaterThan(0);
  });

  it("enforces the token budget", async () => {
    const model = scriptedModel([directorOf, directorOf]);
    const r = await ask(model, { budget: { maxTokens: 50 } });
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toBe("token budget of 50 is spent");
  });

  it("replays a run from the on-disk response cache with no model calls and the same result", async () => {
    const { first: a, replayed: b, hits, promptsSent } = await replayFromCache(ask, [directorOf]);
    expect(promptsSent).toBe(0);
    expect(hits).toBe(1);
    expect(b.answer).toBe(a.answer);
    expect(b.usage.cachedCalls).toBe(1);
    expect(b.trace.map((s) => [s.node, s.decision])).toEqual(a.trace.map((s) => [s.node, s.decision]));
  });

  it("asks nothing of the model for small talk or a question of several clauses", async () => {
    const model = scriptedModel([]);
    expect((await ask(model, {}, "hello")).usage.llmCalls).toBe(0);
    const two = await ask(model, {}, "Who directed Starfall and when was it released?");
    expect(two.usage.llmCalls).toBe(0);
    expect(step(two, "prime").rationale).toMatch(/no model call/);
    expect(two.parts[0]!.answers[0]?.name).toBe("Ada Marlowe");
    expect(two.parts[1]!.answers.map((a) => a.name)).toEqual(["1999"]);
  });

  it("offers the model a flat schema of enums, numbers and short strings (no unions)", async () => {
    const model = scriptedModel([(req: StructuredRequest<unknown>) => {
      const schema = z.toJSONSchema(req.schema) as { type: string; properties: Record<string, { type?: string; enum?: string[]; anyOf?: unknown }> };
      expect(schema.type).toBe("object");
      expect(Object.values(schema.properties).every((p) => p.anyOf === undefined)).toBe(true);
      expect(schema.properties.kind!.enum).toContain("check_compare");
      return keep;
    }]);
    expect((await ask(model)).usage.llmCalls).toBe(1);
  });
});

describe("auto strategy", () => {
  it("without a model routes to the heuristic research loop; with one too, an open description takes the deep route", async () => {
    const offline = await runResearch("who directed Paper Moons", { kb }, { strategy: "auto" });
    expect([offline.route, offline.planner]).toEqual(["research", "heuristic"]);
    const model = scriptedModel([]);
    const open = await runResearch("a story about a fisherman and his daughter", { kb, model }, { strategy: "auto" });
    expect(open.route).toBe("deep");
    expect(open.trace.map((s) => s.node)).toEqual(expect.arrayContaining(["router", "primer", "traverse", "act", "assess", "reduce", "answer", "validate"]));
  });
});
