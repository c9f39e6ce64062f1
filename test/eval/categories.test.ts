import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { generateCategorySet } from "../../eval/categories";
import { hasRealData, realKb } from "../helpers/real-kb";

describe.skipIf(!hasRealData)("categories question set (generated from the real KB)", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await realKb();
  });

  it("is the same for the same seed, covers the eight categories, and its gold answers are KB entities", async () => {
    const a = generateCategorySet(kb, { seed: 1, perTemplate: 5 });
    const b = generateCategorySet(kb, { seed: 1, perTemplate: 5 });
    expect(b).toEqual(a);
    expect(generateCategorySet(kb, { seed: 2, perTemplate: 5 })).not.toEqual(a);
    expect([...new Set(a.map((q) => q.category))].sort()).toEqual(["actor", "aggregation", "director", "genre", "intersection", "multi-hop", "specific film", "temporal"]);
    const nodes = await kb.graph.getNodes(a.flatMap((q) => q.answers));
    expect(nodes.every((n) => n !== undefined)).toBe(true);
  });

  it("computes gold answers from the graph", async () => {
    const qs = generateCategorySet(kb, { seed: 1, perTemplate: 5 });
    const directed = qs.find((q) => q.id.includes(":director-of:"))!;
    const film = directed.question.replace(/^Who directed (.*)\?$/, "$1");
    const directors = (await kb.graph.neighbors(film, { edges: ["DIRECTED"], direction: "in" })).map((n) => n.id).sort();
    expect(directed.answers).toEqual(directors);
    const both = qs.find((q) => q.id.includes(":films-with-two-actors:"))!;
    const [, x, y] = /^Which films feature both (.*) and (.*)\?$/.exec(both.question)!;
    const fx = new Set((await kb.graph.neighbors(x!, { edges: ["ACTED_IN"], direction: "out" })).map((n) => n.id));
    const fy = (await kb.graph.neighbors(y!, { edges: ["ACTED_IN"], direction: "out" })).map((n) => n.id);
    expect(both.answers).toEqual(fy.filter((f) => fx.has(f)).sort());
  });
});
