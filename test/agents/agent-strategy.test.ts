import { beforeAll, describe, expect, it } from "vitest";
import { replayFromCache } from "../helpers/cache-replay";
import { runResearch } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import type { AgentStep } from "../../agents/planners/agent-step";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { ModelCallError, type ChatModel } from "../../src/ports/chat-model";
import { fixtureKb } from "../helpers/fixture-kb";
import { scriptedAdapter, toolCallReply } from "../helpers/fake-chat";
import { scriptedModel } from "../helpers/scripted-model";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});

const Q = "Who directed Paper Moons?";
const ask = (model: ChatModel | undefined, opts: Parameters<typeof runResearch>[2] = {}, q = Q) => runResearch(q, { kb, ...(model ? { model } : {}) }, { strategy: "agent", ...opts });
const directorCall = { tool: "neighbors" as const, part: "p1", args: JSON.stringify({ entity: "Paper Moons", edge: "DIRECTED", direction: "in" }), reason: "who directed it" };
const calls = (...c: AgentStep["calls"]): AgentStep => ({ finish: false, reason: "need the director", calls: c });
const finish: AgentStep = { finish: true, reason: "the evidence answers it", calls: [] };
const planSteps = (r: RunResult) => r.trace.filter((s) => s.node === "plan");
const acts = (r: RunResult) => r.trace.filter((s) => s.node === "act");

describe("agent strategy: a chat model chooses each step's tools (scripted models)", () => {
  it("chooses a tool through the model's native tool calling (LangChain bindTools), the graph runs it, the judge finds the part filled, and the answer cites it: one model call", async () => {
    const { model, fake } = scriptedAdapter([toolCallReply("need the director", [{ name: "neighbors", args: { entity: "Paper Moons", edge: "DIRECTED", direction: "in" } }])]);
    const r = await ask(model);
    expect(r.planner).toBe("agent");
    expect(acts(r).map((s) => s.tool)).toEqual(["neighbors"]);
    expect(acts(r)[0]!.args).toMatchObject({ entity: "Paper Moons", edge: "DIRECTED", direction: "in" });
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    expect(r.answer).toMatch(/Lena Marlowe \[1\]/);
    expect(r.usage.llmCalls).toBe(1);
    expect(planSteps(r)[0]!.llmCalls).toBe(1);
    expect(planSteps(r)[0]!.rationale).toBe("the model chose neighbors: need the director");
    expect(planSteps(r)[0]!.fallback).toBeUndefined();
    // The tools were bound natively, with their schemas; the prompt holds the question, the rules' plan as a hint, and no evidence yet.
    expect(fake.bound[0]).toEqual(expect.arrayContaining(["neighbors", "find_movies", "think_on_graph", "full_text", "depth_first", "breadth_first", "find_concepts", "community_reports"]));
    expect(fake.prompts[0]).toContain(`Question: ${Q}`);
    expect(fake.prompts[0]).toMatch(/\*p1 lookup\(Paper Moons → DIRECTED in\)/);
    expect(fake.prompts[0]).toContain("No evidence yet.");
  });

  it("replays an agent run's native tool calls from the on-disk response cache, with no model call", async () => {
    const { first: a, replayed: b, hits, promptsSent } = await replayFromCache(ask, [toolCallReply("need the director", [{ name: "neighbors", args: { entity: "Paper Moons", edge: "DIRECTED", direction: "in" } }])]);
    expect(promptsSent).toBe(0);
    expect(hits).toBe(1);
    expect(b.answer).toBe(a.answer);
    expect(b.usage.cachedCalls).toBe(1);
  });

  it("a native call that agrees with a suggestion on every field it wrote serves that suggestion's part", async () => {
    // Two parts: Starfall's director (p1), then that director's other films (p2, the answered part).
    const { model } = scriptedAdapter([toolCallReply("the director first", [{ name: "neighbors", args: { entities: ["Starfall"], edge: "DIRECTED", direction: "in" } }]), toolCallReply("done", [])]);
    const r = await ask(model, {}, "Which films share a director with Starfall?");
    expect(acts(r)[0]).toMatchObject({ tool: "neighbors", serves: "p1" });
  });

  it("without tool calling, asks for the calls as one JSON reply with the tools' signatures in the prompt", async () => {
    const model = scriptedModel([calls(directorCall)]);
    const r = await ask(model);
    expect(acts(r).map((s) => s.tool)).toEqual(["neighbors"]);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    expect(model.requests[0]!.system).toMatch(/- neighbors: .*\n {2}input: \{/);
    expect(model.requests[0]!.name).toBe("agent_step");
  });

  it("a tool the agent does not have, called natively, is said back to the model", async () => {
    const { model } = scriptedAdapter([toolCallReply("try", [{ name: "delete_graph", args: {} }]), toolCallReply("the director", [{ name: "neighbors", args: { entity: "Paper Moons", edge: "DIRECTED", direction: "in" } }])]);
    const r = await ask(model);
    expect(planSteps(r)[0]!.notes.some((n) => /^to the model: delete_graph is not a tool here; call one of find_movies/.test(n))).toBe(true);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
  });

  it("a name the model looks up is context, never the answer: the part stays empty and the model chooses again", async () => {
    const lookup = { tool: "lookup_entity" as const, part: "p1", args: JSON.stringify({ mention: "Paper Moons" }), reason: "find the film first" };
    const model = scriptedModel([calls(lookup), calls(directorCall)]);
    const r = await ask(model);
    expect(acts(r).map((s) => [s.tool, s.serves])).toEqual([["lookup_entity", "context"], ["neighbors", "p1"]]);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    expect(planSteps(r).map((s) => s.rationale)).toEqual(["the model chose lookup_entity: need the director", "the model chose neighbors: need the director"]);
  });

  it("loops while a part is empty: the next step sees the evidence and what is missing, and chooses again", async () => {
    const empty = { tool: "full_text" as const, part: "p1", args: JSON.stringify({ query: "zzqxv nothing", limit: 5 }), reason: "try words first" };
    const model = scriptedModel([calls(empty), calls(directorCall)]);
    const r = await ask(model);
    expect(acts(r).map((s) => s.tool)).toEqual(["full_text", "neighbors"]);
    expect(r.usage.llmCalls).toBe(2);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    expect(model.requests[1]!.prompt).toMatch(/Calls made so far:\n {2}full_text \{"query":"zzqxv nothing"/);
  });

  it("refuses a repeated call and says so to the model, which then chooses another", async () => {
    const empty = { tool: "full_text" as const, part: "p1", args: JSON.stringify({ query: "zzqxv nothing", limit: 5 }), reason: "words" };
    const model = scriptedModel([calls(empty), calls(empty), calls(directorCall)]);
    const r = await ask(model, { budget: { maxSteps: 4 } });
    const second = planSteps(r)[1]!;
    expect(second.notes.some((n) => /^to the model: full_text .* was refused: that exact call was already made/.test(n))).toBe(true);
    expect(model.requests[2]!.prompt).toMatch(/About your last step: full_text .* was refused/);
    expect(acts(r).map((s) => s.tool)).toEqual(["full_text", "neighbors"]);
    expect(second.fallback).toBeUndefined();
  });

  it("a finish with the answered part empty is said back once; a second finish stands, and the answer says it found nothing", async () => {
    const empty = { tool: "full_text" as const, part: "p1", args: JSON.stringify({ query: "zzqxv nothing", limit: 5 }), reason: "words" };
    const model = scriptedModel([calls(empty), finish, finish]);
    const r = await ask(model);
    const second = planSteps(r)[1]!;
    expect(second.notes.some((n) => n.startsWith("to the model: You finished while an answered part is still empty (p1)"))).toBe(true);
    expect(model.requests[2]!.prompt).toMatch(/About your last step: You finished while an answered part is still empty/);
    expect(second.rationale).toMatch(/^the model finished/);
    expect(second.fallback).toBeUndefined();
    expect(acts(r)).toHaveLength(1);
    expect(r.answers).toEqual([]);
  });

  it("after a wrong first call leaves the answered part empty, the part is compiled afresh as a suggestion, and a finish is said back", async () => {
    const wrong = { tool: "full_text" as const, part: "p1", args: JSON.stringify({ query: "zzqxv nothing", limit: 5 }), reason: "words" };
    const model = scriptedModel([calls(wrong), finish, calls(directorCall)]);
    const r = await ask(model);
    // The rules count p1 as tried, yet their fresh call for it is shown to the model on the next step.
    expect(model.requests[1]!.prompt).toMatch(/neighbors \{[^\n]*"Paper Moons"[^\n]*\(serves p1/);
    expect(planSteps(r)[1]!.notes.some((n) => n.startsWith("to the model: You finished while an answered part is still empty (p1)"))).toBe(true);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    expect(r.usage.llmCalls).toBe(3);
  });

  it("sends invalid arguments back to the model once, in the same step, then runs its fixed call", async () => {
    const bad = { ...directorCall, args: JSON.stringify({ entity: "Paper Moons", direction: "sideways" }) };
    const model = scriptedModel([calls(bad), calls(directorCall)]);
    const r = await ask(model);
    const step = planSteps(r)[0]!;
    expect(step.llmCalls).toBe(2);
    expect(step.notes.some((n) => /^to the model: neighbors .* is invalid \(direction: /.test(n))).toBe(true);
    expect(model.requests[1]!.prompt).toMatch(/About your last step: neighbors .* is invalid/);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    expect(step.fallback).toBeUndefined();
  });

  it("runs the rules' calls when the model's calls are unusable twice, and the trace says so", async () => {
    const notJson = { ...directorCall, args: "entity=Paper Moons" };
    const model = scriptedModel([calls(notJson), calls(notJson)]);
    const r = await ask(model);
    expect(planSteps(r)[0]!.fallback).toBe("the model's calls were unusable twice: the rules' calls ran");
    expect(planSteps(r)[0]!.notes.filter((n) => n.includes("its args are not a JSON object"))).toHaveLength(2);
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
  });

  it("records a reply that breaks the schema and a provider error mid-run as fallbacks to the rules' calls", async () => {
    const broken = scriptedModel([{ finish: "maybe", calls: [] }]);
    const r1 = await ask(broken);
    expect(planSteps(r1)[0]!.fallback).toMatch(/^the agent's step failed \(.*\): the rules' calls ran$/);
    expect(r1.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    const down = scriptedModel([new ModelCallError("upstream 503", 503)]);
    const r2 = await ask(down);
    expect(planSteps(r2)[0]!.fallback).toMatch(/upstream 503/);
    expect(r2.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
  });

  it("stops at the model-call budget and answers from what it has, saying it was truncated", async () => {
    const empty = { tool: "full_text" as const, part: "p1", args: JSON.stringify({ query: "zzqxv nothing", limit: 5 }), reason: "words" };
    const model = scriptedModel([calls(empty), calls(directorCall)]);
    const r = await ask(model, { budget: { maxLlmCalls: 1 } });
    expect(r.usage.llmCalls).toBe(1);
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toMatch(/call/);
    expect(acts(r).map((s) => s.tool)).toEqual(["full_text"]);
  });

  it("does not let the model finish before anything was searched: said back once, then the rules' calls", async () => {
    const model = scriptedModel([finish, finish]);
    const r = await ask(model);
    const step = planSteps(r)[0]!;
    expect(step.notes.filter((n) => n.startsWith("to the model: You finished before any tool was called"))).toHaveLength(2);
    expect(step.fallback).toBe("the model's calls were unusable twice: the rules' calls ran");
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
  });

  it("without a model, runs the rules' calls and says why", async () => {
    const r = await ask(undefined);
    expect(planSteps(r)[0]!.fallback).toBe("no chat model configured: the rules' calls ran");
    expect(r.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
    expect(r.usage.llmCalls).toBe(0);
  });
});
