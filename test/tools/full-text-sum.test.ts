import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { KbNode } from "../../src/kb/schema";
import type { TextHit, TextQuery } from "../../src/ports/text-index";
import { TOOLS } from "../../tools/index";
import { runTool } from "../../tools/tool";
import { fixtureKb } from "../helpers/fixture-kb";

/**
 * A TextIndex that scores as the embedded one does: each query term's BM25 from a table (term →
 * hits), summed per document and multiplied by (terms matched)^coordination. It records what it was asked.
 */
function stubKb(table: Record<string, TextHit[]>): { kb: KnowledgeBase; calls: { query: string; options: TextQuery }[] } {
  const calls: { query: string; options: TextQuery }[] = [];
  const node = (id: string): KbNode => ({ id, name: id, type: "Movie", types: ["Movie"], degree: 7, plot: `the plot of ${id}` });
  const kb = {
    text: {
      kind: "stub",
      search: async (query: string, options: TextQuery = {}) => {
        calls.push({ query, options });
        const docs = new Map<string, { score: number; matched: TextHit["matched"] }>();
        for (const term of query.split(" ")) {
          for (const h of table[term] ?? []) {
            const d = docs.get(h.id) ?? { score: 0, matched: {} };
            d.score += h.score * (options.termWeights?.[Object.keys(h.matched)[0]!] ?? 1);
            Object.assign(d.matched, h.matched);
            docs.set(h.id, d);
          }
        }
        return [...docs]
          .map(([id, d]) => ({ id, type: "Movie" as const, score: d.score * Object.keys(d.matched).length ** (options.coordination ?? 1), matched: d.matched }))
          .sort((a, b) => b.score - a.score)
          .slice(0, options.limit ?? 10);
      },
    },
    graph: { getNodes: async (ids: readonly string[]) => ids.map(node) },
  } as unknown as KnowledgeBase;
  return { kb, calls };
}

const hit = (id: string, score: number, term: string): TextHit => ({ id, type: "Movie", score, matched: { [term]: ["plot"] } });

describe('full_text scoring: "sum"', () => {
  it("searches once through the TextIndex port, each distinct term once, with the filters and a square-root coordination", async () => {
    const { kb, calls } = stubKb({});
    await runTool(TOOLS.full_text, { query: "the killer kills in the rain, killers everywhere", scoring: "sum", types: ["Movie"], fields: ["plot", "overview"], limit: 5 }, { kb, step: 1 });
    // Stop words are never searched, and "killers" is the index term of "killer": searched once.
    expect(calls.map((c) => c.query)).toEqual(["killer kills rain everywhere"]);
    expect(calls[0]!.options).toMatchObject({ types: ["Movie"], fields: ["plot", "overview"], coordination: 0.5, limit: 5 });
  });

  it("lets one rare word outweigh three common ones, where the index's own scoring multiplies by matched terms", async () => {
    const table = {
      magicians: [hit("The Prestige", 9, "magician")],
      use: [hit("London Calling", 1.5, "use"), hit("The Prestige", 0.2, "use")],
      try: [hit("London Calling", 1.5, "try")],
      london: [hit("London Calling", 1.5, "london")],
    };
    const { kb } = stubKb(table);
    const out = await runTool(TOOLS.full_text, { query: "magicians use try london", scoring: "sum", limit: 5 }, { kb, step: 1 });
    // The Prestige: (9 + 0.2) × √2 ≈ 13.0; London Calling: 4.5 × √3 ≈ 7.8 (MiniSearch's 4.5 × 3 = 13.5 would win).
    expect(out.evidence.map((e) => e.focus)).toEqual(["The Prestige", "London Calling"]);
    expect(out.evidence[0]!.meta).toMatchObject({ bm25: 13.01, matched: "magician use", scoring: "sum", degree: 7 });
    expect(out.evidence[1]!.score).toBeCloseTo(7.79 / 13.01, 2);
    // A word weighted up counts that much more: London Calling's "london" at 4 makes it (1.5·3 + 4.5) × √3 ≈ 15.6.
    const weighted = await runTool(TOOLS.full_text, { query: "magicians use try london", scoring: "sum", limit: 5, weights: { london: 4 } }, { kb, step: 1 });
    expect(weighted.evidence[0]!.focus).toBe("London Calling");
  });

  it("ranks on the embedded index too, and keeps 'bm25' as the default", async () => {
    const kb = await fixtureKb();
    const call = (input: unknown) => runTool(TOOLS.full_text, input, { kb, step: 1 });
    const summed = await call({ query: "accountant heist midnight", scoring: "sum", types: ["Movie"], fields: ["plot", "overview"] });
    expect(summed.evidence[0]).toMatchObject({ focus: "Midnight Ledger", score: 1 });
    expect(summed.evidence[0]!.meta?.matched).toBe("accountant heist midnight");
    expect(summed.evidence[0]!.text).toMatch(/plot: .*heist planned for midnight/);
    const plain = await call({ query: "accountant heist midnight", types: ["Movie"] });
    expect(plain.evidence[0]!.focus).toBe("Midnight Ledger");
    expect(plain.evidence[0]!.meta?.scoring).toBeUndefined();
    expect((await call({ query: "x", scoring: "max" })).error!.message).toMatch(/scoring/);
  });

  it("keeps only films released in the years given: a told plot among the films of the years remembered", async () => {
    const kb = await fixtureKb();
    const call = (input: unknown) => runTool(TOOLS.full_text, input, { kb, step: 1 });
    const all = await call({ query: "ledger ghosts heist", scoring: "story", types: ["Movie"] });
    expect(all.evidence.map((e) => e.focus)).toEqual(expect.arrayContaining(["Midnight Ledger", "Ledger of Ghosts"]));
    const inYears = await call({ query: "ledger ghosts heist", scoring: "story", types: ["Movie"], years: { from: 2005, to: 2012 } });
    expect(inYears.evidence.map((e) => e.focus)).toEqual(["Midnight Ledger"]);
    const none = await call({ query: "ledger ghosts heist", scoring: "story", types: ["Movie"], years: { from: 1950, to: 1960 } });
    expect(none.notes[0]).toMatch(/among the \d+ films released 1950–1960/);
    expect((await call({ query: "ledger", years: { from: 2000, to: 1990 } })).error!.message).toMatch(/years.from must not be after years.to/);
  });

  it("explains an empty result as the default scoring does", async () => {
    const kb = await fixtureKb();
    const none = await runTool(TOOLS.full_text, { query: "zeppelin", scoring: "sum" }, { kb, step: 1 });
    expect(none.evidence).toEqual([]);
    expect(none.notes[0]).toMatch(/nothing matches "zeppelin"/);
  });
});

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});

describe("semantic_search evidence", () => {
  it("carries the film's KB degree, for the plot answer's fame prior", async () => {
    const out = await runTool(TOOLS.semantic_search, { query: "pilot stranded near a collapsing star", threshold: -1 }, { kb, step: 1 });
    expect(out.evidence.length).toBeGreaterThan(0);
    for (const e of out.evidence) expect(typeof e.meta?.degree).toBe("number");
  });
});
