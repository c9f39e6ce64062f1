import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { TOOLS } from "../../tools/index";
import { runTool } from "../../tools/tool";
import { hasRealData, realKb } from "../helpers/real-kb";

describe.skipIf(!hasRealData)("tools on the real knowledge base", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await realKb();
  });
  const call = (name: keyof typeof TOOLS, input: unknown) => runTool(TOOLS[name], input, { kb, step: 1 });

  it("think_on_graph answers MetaQA-style 1-, 2- and 3-hop questions without brackets", async () => {
    const one = await call("think_on_graph", { question: "what does Grégoire Colin appear in" });
    expect(one.evidence.filter((e) => e.meta?.pathRank === 1).map((e) => e.focus)).toContain("Before the Rain");
    const two = await call("think_on_graph", { question: "which person directed the movies starred by John Krasinski" });
    const twoTop = two.evidence.filter((e) => e.meta?.pathRank === 1).map((e) => e.focus);
    for (const d of ["Nancy Meyers", "Sam Mendes", "George Clooney", "Ken Kwapis", "Luke Greenfield"]) expect(twoTop).toContain(d);
    const three = await call("think_on_graph", { question: "the films that share directors with the film Catch Me If You Can were in which languages" });
    const top = three.evidence.filter((e) => e.meta?.pathRank === 1);
    expect(top[0]!.meta?.relationPath).toBe("DIRECTED<,DIRECTED>,IN_LANGUAGE>");
    for (const l of ["German", "Polish", "Mende", "Japanese"]) expect(top.map((e) => e.focus)).toContain(l);
  });

  it("depth_first finds what two Nolan films share and other films that share it", async () => {
    const out = await call("depth_first", { movies: ["Memento", "Inception"] });
    const concepts = out.evidence.filter((e) => e.meta?.role === "concept").map((e) => e.focus);
    expect(concepts).toContain("Christopher Nolan");
    const results = out.evidence.filter((e) => e.meta?.role === "result").map((e) => e.focus);
    expect(results).toContain("The Prestige");
  });

  it("breadth_first summarises a tag from the graph", async () => {
    const out = await call("breadth_first", { query: "movies about time travel" });
    expect(out.evidence[0]!.focus).toBe("time travel");
    expect(out.evidence[0]!.text).toMatch(/^Tag "time travel": \d+ movies; mostly from/);
    expect(out.evidence.filter((e) => e.meta?.role === "movie").length).toBeGreaterThan(0);
  });

  it("full_text and semantic_search return movies with quotable text", async () => {
    const ft = await call("full_text", { query: "hobbit ring mordor", types: ["Movie"] });
    expect(ft.evidence.slice(0, 5).map((e) => e.focus).join(" ")).toMatch(/Lord of the Rings/);
    const ss = await call("semantic_search", { query: "a hobbit must destroy a powerful ring", k: 8 });
    expect(ss.evidence.length).toBeGreaterThan(0);
    expect(ss.evidence.every((e) => e.kind === "passage" && e.score >= 0.3)).toBe(true);
  });

  it("full_text and semantic_search narrow to the films linked to a person, by role or by tag", async () => {
    const ft = await call("full_text", { query: "stranded island", types: ["Movie"], fields: ["plot", "overview"], scoring: "sum", linkedTo: ["Tom Hanks"] });
    expect(ft.evidence[0]!.focus).toBe("Cast Away");
    const ss = await call("semantic_search", { query: "a man stranded on an island", k: 50, threshold: -1, linkedTo: ["Tom Hanks"] });
    expect(ss.evidence.map((e) => e.focus)).toContain("Cast Away");
    expect(ss.evidence.map((e) => e.focus)).not.toContain("Jaws");
  });

  it("find_movies subtracts excluded year ranges", async () => {
    const out = await call("find_movies", { people: [{ name: "Jim Carrey", role: "ACTED_IN" }], exclude: { years: [{ from: 1990, to: 1999 }] }, limit: 100 });
    const films = out.evidence.filter((e) => e.meta?.role === "result").map((e) => e.focus);
    expect(films).toContain("Bruce Almighty");
    expect(films).not.toContain("The Mask");
    expect(out.notes.join(" ")).toMatch(/excluded \d+ films/);
  });
});
