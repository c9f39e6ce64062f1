import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { runResearch } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import { fixtureKb } from "../helpers/fixture-kb";
import { scriptedModel } from "../helpers/scripted-model";

const names = (r: RunResult) => r.answers.map((a) => a.name);
const nodes = (r: RunResult) => r.trace.map((s) => s.node);

describe("the deep route (open requests)", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await fixtureKb();
  });

  it("ranks the films of a kind by the facet they meet, with the reason, through primer, traverse, assess and reduce", async () => {
    const r = await runResearch("dramas about fishermen", { kb });
    expect(r.route).toBe("deep");
    expect(nodes(r)).toEqual(expect.arrayContaining(["router", "prime", "primer", "traverse", "act", "assess", "reduce", "answer", "validate"]));
    expect(names(r)[0]).toBe("The Quiet Harbor");
    expect(r.answer).toMatch(/The Quiet Harbor \(1987\) — .*fisherman/);
    // Every film answered meets the hard constraint: a drama.
    expect(names(r)).not.toContain("Midnight Ledger");
    const primer = r.trace.find((s) => s.node === "primer")!;
    expect(primer.notes.join(" ")).toMatch(/f1 theme "fishermen"/);
    expect(r.trace.filter((s) => s.node === "act").every((s) => s.serves && s.rationale)).toBe(true);
  });

  it("keeps a series said as a hard constraint: only its films, ranked by what the request says they hold", async () => {
    const held = await runResearch("which starfall movie has the colony ship", { kb });
    expect(held.route).toBe("deep");
    expect(names(held)[0]).toBe("Starfall Returns");
    // A film outside the series that meets the facet is never answered as one of the series.
    const elsewhere = await runResearch("which starfall film is about fishermen", { kb });
    expect(names(elsewhere)).not.toContain("The Quiet Harbor");
    expect(new Set(names(elsewhere))).toEqual(new Set(["Starfall", "Starfall Returns"]));
    expect(elsewhere.answer).toMatch(/No film in the knowledge base showed "fishermen"/);
  });

  it("says which facet no film met instead of answering as if it were met", async () => {
    const r = await runResearch("dramas about zebras", { kb });
    expect(r.route).toBe("deep");
    expect(r.answer).toMatch(/No film in the knowledge base showed "zebras"/);
  });

  it("recommends like a film without the film itself, its own series, or what the person has seen", async () => {
    const r = await runResearch("I have seen Starfall and Paper Moons, can you recommend something similar?", { kb });
    expect(r.route).toBe("deep");
    expect(names(r)).not.toContain("Starfall");
    expect(names(r)).not.toContain("Paper Moons");
    expect(names(r)).not.toContain("Starfall Returns");
  });

  it("finds a film told at length, whatever names its story holds, and lifts the remembered decade without filtering by it", async () => {
    const story =
      "There was this film I saw on TV as a kid, maybe in the 2010s. A young woman works as an accountant and one night she finds an old ledger. The ledger records a bank heist planned for midnight and the people who will carry it out. I remember a chase at the end and a detective who never trusted anyone. Any ideas?";
    const r = await runResearch(story, { kb });
    expect(r.route).toBe("deep");
    expect(r.plan.parts[0]!.kind).toBe("plot");
    expect(names(r)[0]).toBe("Midnight Ledger");
    expect(r.answer).toMatch(/^Most likely Midnight Ledger \(2010\)/);
  });

  it("never answers a film the story rules out, however well its words match, and says why it was left out", async () => {
    const story = "A young woman works as an accountant and one night she finds an old ledger that records a bank heist planned for midnight. It's not Midnight Ledger, I checked that one.";
    const r = await runResearch(story, { kb });
    expect(r.route).toBe("deep");
    expect(names(r)).not.toContain("Midnight Ledger");
    expect(r.trace.find((s) => s.node === "reduce")!.notes.join(" ")).toMatch(/Midnight Ledger[^;]*you ruled it out/);
  });

  it("reads a post's title as its headline and its decades as one span, and searches the story among the films of those years", async () => {
    const post = "Accountant finds a ledger, late 2000s or early 2010s\n\nAn accountant finds an old ledger at the bank. The ledger says a heist will happen at midnight, and the ledger is the only proof.";
    const r = await runResearch(post, { kb });
    // The title and its body are one request, though a blank line ends the title's sentence.
    expect(r.plan.parts).toHaveLength(1);
    const part = r.plan.parts[0]!;
    expect(part).toMatchObject({ kind: "plot", headline: "Accountant finds a ledger, late 2000s or early 2010s" });
    expect(part.kind === "plot" && part.hints).toContainEqual({ on: "years", from: 2006, to: 2013, negated: false });
    const searches = r.trace.filter((s) => s.node === "act" && s.tool === "full_text" && s.serves === "story");
    const inYears = searches.find((s) => s.args?.years);
    expect(inYears?.args).toMatchObject({ years: { from: 2006, to: 2013 }, scoring: "story" });
    expect(inYears?.rationale).toMatch(/among the films released 2006–2013, the years remembered/);
    // A headline word counts double; a word the story says four times counts more than once.
    const weights = inYears!.args!.weights as Record<string, number>;
    expect(weights.accountant).toBeGreaterThanOrEqual(2);
    expect(weights.ledger).toBeGreaterThan(2);
    expect(names(r)[0]).toBe("Midnight Ledger");
    expect(r.answer).toMatch(/from 2010, as remembered/);
  });

  it("takes any question on the deep route with strategy deep", async () => {
    const r = await runResearch("Tom Harker films about the sea", { kb }, { strategy: "deep" });
    expect(r.route).toBe("deep");
    expect(r.plan.parts[0]!.kind).toBe("open");
    expect(names(r)[0]).toBe("The Quiet Harbor");
  });

  it("with a chat model: sub-queries, relevance tests and the reduce go through it, each call counted", async () => {
    const model = scriptedModel([
      { queries: [{ facet: "f1", words: "fisherman boat harbor" }] },
      (req: { prompt: string }) => ({ about: req.prompt.includes("The Quiet Harbor") ? [1] : [] }),
      { order: [1] },
    ]);
    const r = await runResearch("dramas about fishermen", { kb, model }, { strategy: "deep" });
    expect(model.requests.map((q) => q.name)).toEqual(["deep_subqueries", "deep_relevance", "deep_reduce"]);
    expect(r.usage.llmCalls).toBe(3);
    expect(r.trace.filter((s) => s.llmCalls > 0).map((s) => s.node)).toEqual(["primer", "assess", "reduce"]);
    expect(r.trace.some((s) => s.node === "act" && /the model's words/.test(s.rationale))).toBe(true);
    expect(names(r)[0]).toBe("The Quiet Harbor");
  });

  it("lets the model reorder close matches but never lift a film that meets fewer facets above one that meets more", async () => {
    const offline = names(await runResearch("dramas about fishermen", { kb }, { strategy: "deep" }));
    const model = scriptedModel([{ queries: [] }, (req: { prompt: string }) => ({ about: req.prompt.includes("The Quiet Harbor") ? [1] : [] }), { order: [8, 7, 6, 5, 4, 3, 2, 1] }]);
    const r = await runResearch("dramas about fishermen", { kb, model }, { strategy: "deep" });
    expect(r.usage.llmCalls).toBe(3);
    expect(names(r)[0]).toBe("The Quiet Harbor");
    // Among the films that meet no facet, the model's order stands (the reverse of the offline one).
    const rest = offline.slice(1, 8);
    expect(names(r).slice(1, rest.length + 1)).toEqual([...rest].reverse());
  });

  it("never lets the model's own word outrank what a film's text shows: a model that calls every film relevant and orders it last leaves it first", async () => {
    const everything = (req: { prompt: string }) => ({ about: [...req.prompt.matchAll(/^(\d+)\./gm)].map((x) => Number(x[1])) });
    const model = scriptedModel([{ queries: [] }, everything, { order: [8, 7, 6, 5, 4, 3, 2, 1] }]);
    const r = await runResearch("dramas about fishermen", { kb, model }, { strategy: "deep" });
    expect(r.usage.llmCalls).toBe(3);
    expect(names(r)[0]).toBe("The Quiet Harbor");
    expect(r.answer).toMatch(/judged to be about "fishermen" by the model/);
  });

  it("with a model that fails mid-run, keeps the offline result and says why", async () => {
    const model = scriptedModel([{ queries: [] }, new Error("provider down"), new Error("provider down")]);
    const r = await runResearch("dramas about fishermen", { kb, model }, { strategy: "deep" });
    expect(names(r)[0]).toBe("The Quiet Harbor");
    expect(r.trace.find((s) => s.node === "assess")!.notes.join(" ")).toMatch(/deep_relevance: .*offline result kept/);
  });

  it("stops at the model budget and still answers", async () => {
    const model = scriptedModel([{ queries: [] }]);
    const r = await runResearch("dramas about fishermen", { kb, model }, { strategy: "deep", budget: { maxLlmCalls: 1 } });
    expect(r.usage.llmCalls).toBe(1);
    expect(names(r)[0]).toBe("The Quiet Harbor");
  });
});
