import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { runResearch } from "../../agents/research/run";
import { STRATEGIES, type RunResult } from "../../agents/research/types";
import { fixtureKb } from "../helpers/fixture-kb";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});
const ask = (q: string, opts: Parameters<typeof runResearch>[2] = {}) => runResearch(q, { kb, caps: { maxSteps: 10, maxLlmCalls: 20, maxTokens: 100_000, deadlineMs: 60_000 } }, { strategy: "heuristic", ...opts });
const names = (r: RunResult) => r.answers.map((a) => a.name);

describe("heuristic research agent", () => {
  it("answers a three-hop question with cited evidence and a trace through every node", async () => {
    const r = await ask("who acted in the movies directed by the director of Midnight Ledger");
    expect(names(r).sort()).toEqual(["Lena Marlowe", "Tom Harker"]);
    expect(r.trace.map((s) => s.node)).toEqual(["router", "prime", "plan", "act", "judge", "organize", "answer", "validate"]);
    expect(r.trace.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const act = r.trace[3]!;
    expect(act).toMatchObject({ tool: "think_on_graph", args: { entities: ["Midnight Ledger"] } });
    expect(act.evidenceIds.length).toBeGreaterThan(0);
    const ids = new Set(r.evidence.map((e) => e.id));
    const cited = [...r.answer.matchAll(/\[(\d+)\]/g)].map((m) => r.citations[Number(m[1]) - 1]!);
    expect(cited.length).toBeGreaterThan(0);
    expect(r.answer).not.toMatch(/ev_|endpoints of|DIRECTED|with the seeds/);
    expect(cited.every((id) => ids.has(id))).toBe(true);
    expect(r.answers.every((a) => a.evidenceIds.every((id) => ids.has(id)))).toBe(true);
    expect(r).toMatchObject({ strategy: "heuristic", planner: "heuristic", route: "research", truncated: false, usage: { llmCalls: 0, inputTokens: 0, outputTokens: 0 } });
    expect(r.timings.nonModelMs).toBe(r.timings.totalMs);
  });

  it("applies set operations, counts, aggregations and constraints exactly", async () => {
    const both = await ask("Which actors worked with both Ada Marlowe and Jonas Whitfield?");
    expect(names(both).sort()).toEqual(["Céline Dupré", "Tom Harker"]);
    expect(both.trace.filter((s) => s.node === "act")).toHaveLength(2); // one Think-on-Graph per person, in parallel
    const twice = await ask("Which actors appeared in films directed by Ada Marlowe more than once?");
    expect(names(twice)).toEqual(["Céline Dupré"]);
    const in2010 = await ask("Which films did Jonas Whitfield direct in 2010?");
    expect(names(in2010)).toEqual(["Midnight Ledger"]);
    // The year is proved by a triple in the evidence, whichever tool found it.
    expect(in2010.evidence.some((e) => e.path?.some((t) => t.subject === "Midnight Ledger" && t.edge === "RELEASED_IN" && t.object === "2010"))).toBe(true);
    const common = await ask("what is the most common genre of films written by Ben Okafor");
    expect(names(common)[0]).toBe("Science Fiction");
    expect(common.answer).toMatch(/^Most often: Science Fiction/);
  });

  it("never returns the question's own entity", async () => {
    const r = await ask("which films share actors with Paper Moons");
    expect(names(r)).not.toContain("Paper Moons");
    expect(names(r).sort()).toEqual(["Ledger of Ghosts", "Midnight Ledger", "Starfall", "Starfall Returns", "The Quiet Harbor"]);
  });

  it("follows up when nothing links, and stops at the step budget with truncated set", async () => {
    const r = await ask("the movie about qwxyz plorf", { budget: { maxSteps: 1 } });
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toBe("step budget of 1 reached");
    // Words the KB has no relation for take the deep route: searched as words, then by meaning (cut by the step budget).
    expect(r.trace.filter((s) => s.node === "traverse").map((s) => s.decision)).toEqual(["full_text", "finish"]);
    expect(r.trace.find((s) => s.node === "assess")!.decision).toBe("more: 1 follow-up(s)");
  });

  it("answers from what it has when the deadline passes", async () => {
    const r = await ask("who acted in the movies directed by the director of Midnight Ledger", { budget: { deadlineMs: 1 } });
    await new Promise((res) => setTimeout(res, 2));
    expect(r.truncated).toBe(true);
    expect(r.truncatedReason).toMatch(/deadline of 1 ms reached/);
    expect(r.trace.at(-1)!.node).toBe("validate");
  });

  it("runs every offline strategy on the same question with one trace format", async () => {
    const keys = (r: RunResult) => Object.keys(r).sort();
    const runs: RunResult[] = [];
    for (const strategy of STRATEGIES.filter((s) => s !== "llm")) runs.push(await ask("who directed Paper Moons", { strategy }));
    for (const r of runs) {
      expect(keys(r)).toEqual(keys(runs[0]!));
      for (const s of r.trace) expect(Object.keys(s)).toEqual(expect.arrayContaining(["index", "node", "decision", "rationale", "evidenceIds", "ms", "llmCalls", "inputTokens", "outputTokens"]));
    }
    const byStrategy = Object.fromEntries(runs.map((r) => [r.strategy, r]));
    expect(names(byStrategy.heuristic!)).toEqual(["Lena Marlowe"]);
    expect(names(byStrategy.tog!)).toEqual(["Lena Marlowe"]);
    expect(names(byStrategy.auto!)).toEqual(["Lena Marlowe"]);
    expect(byStrategy.simple!.trace.map((s) => s.node)).toEqual(["router", "simple_rag", "answer", "validate"]);
    expect(byStrategy.depth!.trace.find((s) => s.node === "act")!.tool).toBe("depth_first");
    expect(byStrategy.breadth!.trace.find((s) => s.node === "act")!.tool).toBe("breadth_first");
    expect(byStrategy.fulltext!.trace.find((s) => s.node === "act")!.tool).toBe("full_text");
  });

  it("switches stages off for ablations", async () => {
    const q = "who acted in the movies directed by the director of Midnight Ledger";
    const noGraph = await ask(q, { ablations: ["graph"] });
    expect(noGraph.trace.filter((s) => s.node === "act").map((s) => s.tool)).not.toContain("think_on_graph");
    const noValidate = await ask(q, { ablations: ["validate"] });
    expect(noValidate.trace.at(-1)).toMatchObject({ node: "validate", decision: "skipped" });
    const noOrganize = await ask(q, { ablations: ["organize"] });
    expect(noOrganize.trace.find((s) => s.node === "organize")!.rationale).toMatch(/switched off/);
    const noPrime = await ask(q, { ablations: ["prime"] });
    expect(noPrime.trace.find((s) => s.node === "prime")!.rationale).toMatch(/prime switched off/);
    expect(noPrime.ablations).toEqual(["prime"]);
  });

  it("rejects bad input with a message that says what to fix", async () => {
    await expect(ask("   ")).rejects.toThrow("question must not be empty");
    await expect(ask("x".repeat(2001))).rejects.toThrow(/2001 characters; the limit is 2000/);
    await expect(ask("who", { strategy: "psychic" as never })).rejects.toThrow(/unknown strategy "psychic"/);
    await expect(ask("who", { budget: { maxSteps: 11 } })).rejects.toThrow("budget.maxSteps is 11, above the configured cap of 10");
    await expect(ask("who", { strategy: "llm" })).rejects.toThrow(/strategy llm needs a chat model/);
    await expect(ask("who", { ablations: ["everything" as never] })).rejects.toThrow(/unknown ablation/);
  });

  it("stops at once when the caller cancels", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(ask("who directed Paper Moons", { signal: ac.signal })).rejects.toThrow();
  });

  it("reports each step as it completes", async () => {
    const seen: string[] = [];
    const r = await ask("who directed Paper Moons", { onStep: (s) => seen.push(`${s.index}:${s.node}`) });
    expect(seen).toEqual(r.trace.map((s) => `${s.index}:${s.node}`));
  });
});
