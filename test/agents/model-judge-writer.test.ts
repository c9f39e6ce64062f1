import { beforeAll, describe, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { ModelCallError, type ChatModel } from "../../src/ports/chat-model";
import { InvalidInputError } from "../../src/errors";
import { fixtureKb } from "../helpers/fixture-kb";
import { scriptedModel } from "../helpers/scripted-model";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});

/** Two parts: the director of Starfall (p1), then that director's other films (p2), which the rules run next. */
const TWO_PARTS = "Which films share a director with Starfall?";
const run = (q: string, model: ChatModel | undefined, opts: Parameters<typeof runResearch>[2] = {}) => runResearch(q, { kb, ...(model ? { model } : {}) }, { strategy: "heuristic", ...opts });
const acts = (r: RunResult) => r.trace.filter((s) => s.node === "act").map((s) => s.tool);
const judges = (r: RunResult) => r.trace.filter((s) => s.node === "judge");

describe("judge: model — the chat model decides whether the evidence is enough (scripted model)", () => {
  it("sees the evidence and the rules' follow-ups, and the follow-up it chooses runs", async () => {
    const model = scriptedModel([{ reason: "the other films are not known yet", enough: false, missing: "films by that director", next: 1 }]);
    const r = await run(TWO_PARTS, model, { judge: "model" });
    expect(acts(r)).toEqual(["neighbors", "find_movies"]);
    expect(r.answers.map((a) => a.name)).toEqual(["Starfall Returns"]);
    expect(r.judge).toBe("model");
    const first = judges(r)[0]!;
    expect(first.llmCalls).toBe(1);
    expect(first.rationale).toBe("not enough (films by that director): the model chose find_movies");
    expect(first.notes.some((n) => n.startsWith("the rules: not enough"))).toBe(true);
    const prompt = model.requests[0]!.prompt;
    expect(prompt).toContain(`Question: ${TWO_PARTS}`);
    expect(prompt).toMatch(/Evidence \(\d+ items, best first\):\n {2}\S+ \(neighbors\): .*Ada Marlowe/);
    expect(prompt).toMatch(/Searches that can run next:\n {2}1\. find_movies /);
    // The last judgement had nothing left to run: the model was not asked again.
    expect(judges(r)[1]!.llmCalls).toBe(0);
    expect(r.usage.llmCalls).toBe(1);
  });

  it("stops the research when the model judges the evidence enough, even where the rules would go on", async () => {
    const model = scriptedModel([{ reason: "the director is found", enough: true, missing: "", next: 0 }]);
    const r = await run(TWO_PARTS, model, { judge: "model" });
    expect(acts(r)).toEqual(["neighbors"]);
    expect(judges(r)[0]!.decision).toBe("enough");
    expect(judges(r)[0]!.rationale).toBe("the model judged the evidence enough: the director is found");
  });

  it("keeps the rules' verdict when the model call fails, and the trace says so", async () => {
    const model = scriptedModel([new ModelCallError("HTTP 503 from the provider", 503)]);
    const r = await run(TWO_PARTS, model, { judge: "model" });
    expect(acts(r)).toEqual(["neighbors", "find_movies"]);
    expect(judges(r)[0]!.fallback).toMatch(/^the model judge failed \(HTTP 503 from the provider\): the rules' verdict stands/);
    expect(r.answers.map((a) => a.name)).toEqual(["Starfall Returns"]);
  });

  it("asks nothing when nothing could run whatever it said", async () => {
    const model = scriptedModel([]);
    const r = await run("Who directed Starfall?", model, { judge: "model" });
    expect(r.usage.llmCalls).toBe(0);
    expect(judges(r)[0]!.rationale).toMatch(/nothing could run next: the model was not asked/);
  });

  it("works the same for a fixed strategy: Think-on-Graph with the model as judge", async () => {
    const model = scriptedModel([]);
    const r = await run("Who directed Starfall?", model, { strategy: "tog", judge: "model" });
    expect(r.judge).toBe("model");
    expect(r.answers[0]?.name).toBe("Ada Marlowe");
  });
});

describe("writer: model — the chat model writes the text, and its claims are checked (scripted model)", () => {
  it("writes from the rules' draft and the cited sources; a name or number no cited source states is marked and counted", async () => {
    const model = scriptedModel([{ text: "Starfall (1999) was directed by Ada Marlowe [1], with Brad Pitt in 3 roles [1]." }]);
    const r = await run("Who directed Starfall?", model, { writer: "model" });
    expect(r.writer).toBe("model");
    expect(r.answer).toBe("Starfall (1999) was directed by Ada Marlowe [1], with Brad Pitt [unsupported] in 3 [unsupported] roles [1].");
    // Claims: 1999, 3, Ada Marlowe, Brad Pitt (a single capitalised word opening a sentence is not read as a name).
    expect(r.claims).toEqual({ checked: 4, unsupported: 2, flagged: ["3", "Brad Pitt"] });
    // The ranked answers are the rules' own: the writer changes the text, never the answers.
    expect(r.answers.map((a) => a.name)).toEqual(["Ada Marlowe"]);
    const prompt = model.requests[0]!.prompt;
    expect(prompt).toContain("What was found (cites the sources below): Starfall (1999) was directed by Ada Marlowe [1].");
    // Not a yes/no question: the model is told not to open with yes or no.
    expect(prompt).toContain("Do not start with yes or no.");
    expect(prompt).toMatch(/\n\[1\] .*Ada Marlowe/);
    const validate = r.trace.find((s) => s.node === "validate")!;
    expect(validate.rationale).toMatch(/2 of 4 claims in the model's text have no support in the evidence they cite: 3, Brad Pitt/);
  });

  it("a text whose every claim is cited and supported has none marked", async () => {
    const model = scriptedModel([{ text: "Ada Marlowe directed Starfall in 1999 [1]." }]);
    const r = await run("Who directed Starfall?", model, { writer: "model" });
    expect(r.answer).toBe("Ada Marlowe directed Starfall in 1999 [1].");
    expect(r.claims).toEqual({ checked: 3, unsupported: 0, flagged: [] });
  });

  it("keeps the rules' text when the model fails, and the trace says so", async () => {
    const model = scriptedModel([new ModelCallError("timed out after 60000 ms")]);
    const r = await run("Who directed Starfall?", model, { writer: "model" });
    expect(r.answer).toBe("Starfall (1999) was directed by Ada Marlowe [1].");
    expect(r.claims).toBeUndefined();
    expect(r.trace.find((s) => s.node === "answer")!.fallback).toMatch(/timed out after 60000 ms.*the rules' text kept/);
  });

  it("model judge and model writer together: counted exactly, one call each", async () => {
    const model = scriptedModel([{ reason: "need the films", enough: false, missing: "", next: 1 }, { text: "Starfall Returns (2004) shares its director, Ada Marlowe, with Starfall [1]." }]);
    const r = await run(TWO_PARTS, model, { judge: "model", writer: "model" });
    expect(r.usage.llmCalls).toBe(2);
    expect(model.requests.map((q) => q.name)).toEqual(["judge", "answer"]);
    expect(r.claims?.checked).toBeGreaterThan(0);
  });

  it("refuses judge or writer model without a chat model, saying how to fix it", async () => {
    await expect(run("Who directed Starfall?", undefined, { judge: "model" })).rejects.toThrow(InvalidInputError);
    await expect(run("Who directed Starfall?", undefined, { writer: "model" })).rejects.toThrow(/writer model needs a chat model: set CHAT_MODEL/);
    await expect(run("Who directed Starfall?", undefined, { judge: "oracle" as never })).rejects.toThrow(/unknown judge "oracle"; choose one of rules, model/);
  });
});
