import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { thinkOnGraph } from "../../tools/think-on-graph";
import { parseToolInput, runTool } from "../../tools/tool";
import { fixtureKb } from "../helpers/fixture-kb";
import { scriptedModel } from "../helpers/scripted-model";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});

const run = (input: Record<string, unknown>, model?: Parameters<typeof thinkOnGraph.run>[1]["model"]) => thinkOnGraph.run(parseToolInput(thinkOnGraph, input), { kb, step: 4, model });
const best = (out: Awaited<ReturnType<typeof run>>) => out.evidence.filter((e) => e.meta?.pathRank === 1);

describe("think_on_graph (lexical scorer)", () => {
  it("follows a three-hop question in the order its words give, with every chain as provenance", async () => {
    const out = await run({ question: "who acted in the movies directed by the director of Midnight Ledger" });
    const top = best(out);
    expect(top[0]!.meta?.relationPath).toBe("DIRECTED<,DIRECTED>,ACTED_IN<");
    expect(top.map((e) => e.focus).sort()).toEqual(["Lena Marlowe", "Tom Harker"]);
    expect(top[0]!.path).toEqual([
      { subject: "Jonas Whitfield", edge: "DIRECTED", object: "Midnight Ledger" },
      { subject: "Jonas Whitfield", edge: "DIRECTED", object: "The Quiet Harbor" },
      { subject: top[0]!.focus, edge: "ACTED_IN", object: "The Quiet Harbor" },
    ]);
    expect(top[0]!.sources).toEqual([{ tool: "think_on_graph", step: 4 }]);
    expect(top[0]!.kind).toBe("path");
    expect(out.notes.join(" ")).toMatch(/judge: enough at depth 3/);
  });

  it("stops early when one hop answers, and never returns the topic as its own answer", async () => {
    const out = await run({ question: "who directed Paper Moons" });
    expect(best(out).map((e) => e.focus)).toEqual(["Lena Marlowe"]);
    expect(best(out)[0]!.meta?.hops).toBe(1);
    const costars = await run({ question: "who acted together with Rita Vale" });
    expect(best(costars).map((e) => e.focus).sort()).toEqual(["Céline Dupré", "Tom Harker"]);
  });

  it("takes the first hop it is given ('worked with' a director: the films they directed)", async () => {
    const out = await run({ question: "who worked with Ada Marlowe", entities: ["Ada Marlowe"], start: { edge: "WROTE", direction: "out" } });
    expect(best(out).every((e) => (e.meta?.relationPath as string).startsWith("WROTE>"))).toBe(true);
    expect(best(out).length).toBeGreaterThan(0);
    expect(() => parseToolInput(thinkOnGraph, { question: "q", start: { edge: "LIKES", direction: "out" } })).toThrow();
  });

  it("ranks answers reached by more chains first", async () => {
    const out = await run({ question: "what genres are the movies written by Ben Okafor" });
    expect(best(out).map((e) => [e.focus, e.meta?.support])).toEqual([
      ["Science Fiction", 2],
      ["Drama", 1],
    ]);
  });

  it("uses the given topic entities and honours width and depth", async () => {
    const out = await run({ question: "which films share actors with it", entities: ["paper moons"], width: 1, depth: 2 });
    expect(new Set(out.evidence.map((e) => e.meta?.relationPath))).toEqual(new Set(["ACTED_IN<,ACTED_IN>"]));
    expect(out.evidence.map((e) => e.focus).sort()).toEqual(["Ledger of Ghosts", "Midnight Ledger", "Starfall", "Starfall Returns", "The Quiet Harbor"]);
    const shallow = await run({ question: "who acted in the movies directed by the director of Midnight Ledger", depth: 1 });
    expect(shallow.evidence.every((e) => e.meta?.hops === 1)).toBe(true);
    expect(shallow.notes.join(" ")).toMatch(/depth limit 1/);
  });

  it("prunes a frontier over the cap and says so", async () => {
    const out = await run({ question: "which films share actors with Paper Moons", maxEntitiesPerPath: 2 });
    expect(best(out)).toHaveLength(2);
    expect(out.notes.join(" ")).toMatch(/reached 5 entities; kept the best 2/);
  });

  it("explains an empty result and rejects bad input with the field at fault", async () => {
    const none = await run({ question: "what is the meaning of life" });
    expect(none.evidence).toEqual([]);
    expect(none.notes[0]).toMatch(/no entity in the question could be linked/);
    const unknown = await runTool(thinkOnGraph, { question: "who directed it", entities: ["Zebulon Quux"] }, { kb, step: 1 });
    expect(unknown.error?.code).toBe("unknown_entity");
    const bad = await runTool(thinkOnGraph, { question: "", width: 9 }, { kb, step: 1 });
    expect(bad.error?.code).toBe("invalid_input");
    expect(bad.error?.message).toMatch(/question: question must not be empty/);
    expect(bad.error?.message).toMatch(/width/);
  });

  it("is deterministic", async () => {
    const a = await run({ question: "which films share actors with Paper Moons" });
    const b = await run({ question: "which films share actors with Paper Moons" });
    expect(b).toEqual(a);
  });
});

describe("think_on_graph (llm scorer)", () => {
  it("asks the model to score relations and to judge, once per depth, and follows its choice", async () => {
    const model = scriptedModel([
      // depth 1: candidates from Paper Moons, in a fixed order; prefer the one whose path mentions "acted"
      (req: { prompt: string }) => ({ scores: [...req.prompt.matchAll(/^(r\d+): (.*)$/gm)].map((m) => ({ id: m[1], score: /starred/.test(m[2]!) ? 0.9 : 0.1 })) }),
      { reasoning: "need the other films", enough: false },
      (req: { prompt: string }) => ({ scores: [...req.prompt.matchAll(/^(r\d+): (.*)$/gm)].map((m) => ({ id: m[1], score: /starred → acted in/.test(m[2]!) ? 0.95 : 0.05 })) }),
      { reasoning: "these films share actors", enough: true },
    ]);
    const out = await run({ question: "which films share actors with Paper Moons", scorer: "llm", width: 1 }, model);
    expect(model.requests.map((r) => r.name)).toEqual(["tog_relations", "tog_judge", "tog_relations", "tog_judge"]);
    expect(best(out)[0]!.meta?.relationPath).toBe("ACTED_IN<,ACTED_IN>");
    expect(out.usage?.llmCalls).toBe(4);
    expect(out.notes.join(" ")).toMatch(/these films share actors/);
  });

  it("falls back to lexical scoring when the model returns junk, and says so", async () => {
    const model = scriptedModel([{ nonsense: true }, { nonsense: true }, { nonsense: true }, { nonsense: true }, { nonsense: true }, { nonsense: true }]);
    const out = await run({ question: "who directed Paper Moons", scorer: "llm" }, model);
    expect(best(out).map((e) => e.focus)).toEqual(["Lena Marlowe"]);
    expect(out.notes.some((n) => /tog_relations failed .*lexical scoring used/.test(n))).toBe(true);
  });

  it("without a model, scores lexically and notes it", async () => {
    const out = await run({ question: "who directed Paper Moons", scorer: "llm" });
    expect(best(out).map((e) => e.focus)).toEqual(["Lena Marlowe"]);
    expect(out.notes).toContain("llm scorer: no chat model configured; lexical scoring used");
  });
});

describe("think_on_graph (embedding scorer)", () => {
  it("runs without a model and returns paths with provenance", async () => {
    const out = await run({ question: "who directed Paper Moons", scorer: "embedding" });
    expect(out.evidence.length).toBeGreaterThan(0);
    expect(out.evidence.every((e) => e.path && e.path.length > 0 && e.sources[0]!.tool === "think_on_graph")).toBe(true);
  });
});
