import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { TOOLS } from "../../tools/index";
import { toLangChainTool } from "../../tools/langchain";
import { runTool } from "../../tools/tool";
import { conceptKb } from "../helpers/concept-kb";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await conceptKb();
});
const call = (name: "find_concepts" | "community_reports", input: unknown) => runTool(TOOLS[name], input, { kb, step: 3 });

describe("find_concepts", () => {
  it("finds the concepts a phrase names, with key, type, film count and score", async () => {
    const out = await call("find_concepts", { query: "strong women" });
    expect(out.evidence[0]).toMatchObject({ kind: "node", focus: "theme:strong woman", score: 1, sources: [{ tool: "find_concepts", step: 3 }], meta: { role: "concept", concept: "theme:strong woman", conceptType: "theme", films: 3, match: "exact" } });
    expect(out.evidence[0]!.text).toMatch(/^Concept theme strong woman \(3 films; tmdb keyword, plot/);
    const places = await call("find_concepts", { query: "valdoria clockmaker", types: ["setting"] });
    expect(places.evidence.map((e) => e.meta?.concept)).toEqual(["setting:valdoria"]);
  });

  it("lists what a film is about, strongest first, with each link's weight and sources", async () => {
    const out = await call("find_concepts", { films: ["sister cartel"], limit: 3 });
    expect(out.evidence).toHaveLength(3);
    expect(out.evidence.every((e) => e.focus === "Sister Cartel" && e.nodeIds[0] === "Sister Cartel")).toBe(true);
    expect(out.evidence.map((e) => e.score)).toEqual([...out.evidence.map((e) => e.score)].sort((a, b) => b - a));
    expect(out.evidence.map((e) => e.meta?.concept)).toContain("theme:drug");
    const typed = await call("find_concepts", { films: ["Sister Cartel"], types: ["character"] });
    expect(typed.evidence.map((e) => e.meta?.concept)).toEqual(["character:marisol"]);
  });

  it("lists the films of concepts by key, and says which keys are unknown", async () => {
    const out = await call("find_concepts", { concepts: ["setting:valdoria", "theme:zeppelin"], limit: 2 });
    expect(out.evidence.map((e) => e.focus)).toHaveLength(2);
    expect(out.evidence.every((e) => e.meta?.concept === "setting:valdoria" && typeof e.meta?.weight === "number")).toBe(true);
    expect(out.notes.join("\n")).toMatch(/showing 2 of 3 films/);
    expect(out.notes.join("\n")).toMatch(/no concept has the key "theme:zeppelin"/);
  });

  it("asks for exactly one of query, films or concepts, and names an unknown film", async () => {
    expect((await call("find_concepts", {})).error!.message).toMatch(/exactly one of query/);
    expect((await call("find_concepts", { query: "x", films: ["Hard Habit"] })).error!.message).toMatch(/exactly one of query/);
    const unknown = await call("find_concepts", { films: ["Nowhere Film Xq"] });
    expect(unknown.evidence).toEqual([]);
    expect(unknown.notes[0]).toMatch(/unknown entity "Nowhere Film Xq"/);
    expect((await call("find_concepts", { query: "zeppelin airship" })).notes[0]).toMatch(/no concept is named like "zeppelin airship"/);
  });
});

describe("community_reports", () => {
  it("ranks community reports for a query, each with its concept keys and representative films", async () => {
    const out = await call("community_reports", { query: "astronaut spaceship" });
    const top = out.evidence[0]!;
    expect(top).toMatchObject({ kind: "passage", meta: { role: "community", level: 0 } });
    expect(String(top.meta?.concepts)).toMatch(/theme:astronaut|setting:spaceship/);
    expect(top.nodeIds.sort()).toEqual(["Orbit of Ash", "Red Horizon", "Red Horizon II"]);
    expect(top.text).toMatch(/^Community c\d+ \(level 0\): .*Films such as/);
  });

  it("reads one community by id, and explains an unknown id or a bad one", async () => {
    const [first] = (await call("community_reports", { query: "heist" })).evidence;
    const id = String(first!.meta?.community);
    const one = await call("community_reports", { id });
    expect(one.evidence[0]).toMatchObject({ focus: id, score: 1 });
    expect((await call("community_reports", { id: "c999" })).notes[0]).toMatch(/no community has the id "c999"/);
    expect((await call("community_reports", { id: "twelve" })).error!.message).toMatch(/a community id looks like "c12"/);
    expect((await call("community_reports", { id, level: 1 })).error!.message).toMatch(/level filters a query/);
  });

  it("works as a LangChain tool", async () => {
    const lc = toLangChainTool(TOOLS.community_reports, () => ({ kb, step: 1 }));
    const reply = JSON.parse(await lc.invoke({ query: "clockmaker" }));
    expect(reply.total).toBeGreaterThan(0);
    expect(reply.evidence[0].text).toMatch(/clockmaker/i);
  });
});
