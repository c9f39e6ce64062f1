import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { fixtureKb } from "../helpers/fixture-kb";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});

describe("embedded full-text index (BM25)", () => {
  it("ranks a title match above plot mentions", async () => {
    const hits = await kb.text.search("ledger");
    expect(hits.map((h) => h.id).slice(0, 2).sort()).toEqual(["Ledger of Ghosts", "Midnight Ledger"]);
    expect(hits[0]!.matched.ledger).toContain("name");
  });

  it("finds movies by plot words, stemmed, ignoring stop words", async () => {
    const hits = await kb.text.search("the fisherman rebuilds boats");
    expect(hits[0]!.id).toBe("The Quiet Harbor");
    expect(Object.keys(hits[0]!.matched).sort()).toEqual(["boat", "fisherman", "rebuild"]);
  });

  it("finds people by name and movies by the people in them", async () => {
    expect((await kb.text.search("Celine Dupre", { types: ["Person"] }))[0]!.id).toBe("Céline Dupré");
    const films = await kb.text.search("Céline Dupré", { types: ["Movie"] });
    expect(films.map((h) => h.id).sort()).toEqual(["Midnight Ledger", "Starfall", "Starfall Returns"]);
    expect(films.every((h) => h.type === "Movie")).toBe(true);
  });

  it("is typo-tolerant with fuzzy and completes words with prefix", async () => {
    expect(await kb.text.search("whitfeld")).toEqual([]);
    expect((await kb.text.search("whitfeld", { fuzzy: 0.2 }))[0]!.id).toBe("Jonas Whitfield");
    expect((await kb.text.search("starf", { prefix: true, types: ["Movie"] })).map((h) => h.id)).toContain("Starfall");
  });

  it("searches only the fields asked for and honours the limit", async () => {
    const overviewOnly = await kb.text.search("collapsing", { fields: ["overview"] });
    expect(overviewOnly.map((h) => h.id)).toEqual(["Starfall"]);
    expect(await kb.text.search("collapsing", { fields: ["plot"] })).toEqual([]);
    expect(await kb.text.search("family", { limit: 1 })).toHaveLength(1);
  });

  it("returns nothing for a query of stop words only", async () => {
    expect(await kb.text.search("the of and")).toEqual([]);
  });
});
