import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TextIndex } from "../../src/ports/text-index";
import { fixtureWorld, type FixtureWorld } from "./fixture-world";

export interface TextHarness {
  index: TextIndex;
  teardown(): Promise<void>;
}

/**
 * The TextIndex contract on the fixture world. Scores differ between engines (MiniSearch, Lucene), so
 * it checks what a user sees: which documents come back, roughly how they rank, filters, limits and
 * options. Stemming is an embedded-index extra and stays in its own test.
 */
export function textIndexContract(name: string, setup: (world: FixtureWorld) => Promise<TextHarness>): void {
  describe(`${name}: TextIndex contract`, () => {
    let harness: TextHarness | undefined;
    let index: TextIndex;
    beforeAll(async () => {
      harness = await setup(await fixtureWorld());
      index = harness.index;
    });
    afterAll(async () => {
      await harness?.teardown();
    });

    it("ranks title matches above plot mentions and says which field matched", async () => {
      const hits = await index.search("ledger");
      expect(hits.map((h) => h.id).slice(0, 2).sort()).toEqual(["Ledger of Ghosts", "Midnight Ledger"]);
      expect(hits[0]!.matched.ledger).toContain("name");
      for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
    });

    it("finds a movie by a word of its plot", async () => {
      const hits = await index.search("fisherman");
      expect(hits[0]!.id).toBe("The Quiet Harbor");
      expect(hits[0]!.type).toBe("Movie");
      expect(hits[0]!.matched.fisherman).toEqual(["plot"]);
    });

    it("ignores accents and case, and finds movies by the people in them", async () => {
      expect((await index.search("celine DUPRE", { types: ["Person"] }))[0]!.id).toBe("Céline Dupré");
      const films = await index.search("Céline Dupré", { types: ["Movie"] });
      expect(films.map((h) => h.id).sort()).toEqual(["Midnight Ledger", "Starfall", "Starfall Returns"]);
      expect(films.every((h) => h.type === "Movie")).toBe(true);
    });

    it("is typo-tolerant only with fuzzy, and completes words only with prefix", async () => {
      expect(await index.search("whitfeld")).toEqual([]);
      expect((await index.search("whitfeld", { fuzzy: 0.2 }))[0]!.id).toBe("Jonas Whitfield");
      expect((await index.search("starf", { types: ["Movie"] })).map((h) => h.id)).not.toContain("Starfall");
      expect((await index.search("starf", { prefix: true, types: ["Movie"] })).map((h) => h.id)).toContain("Starfall");
    });

    it("searches only the fields asked for and honours the limit", async () => {
      expect((await index.search("collapsing", { fields: ["overview"] })).map((h) => h.id)).toEqual(["Starfall"]);
      expect(await index.search("collapsing", { fields: ["plot"] })).toEqual([]);
      expect((await index.search("ledger", { fields: ["name"] })).map((h) => h.id).sort()).toEqual(["Ledger of Ghosts", "Midnight Ledger"]);
      expect(await index.search("family", { limit: 1 })).toHaveLength(1);
    });

    it("searches stories among some films only, when asked", async () => {
      const all = (await index.searchStories("ledger", { limit: 5 })).map((h) => h.id).sort();
      expect(all).toEqual(["Ledger of Ghosts", "Midnight Ledger"]);
      expect((await index.searchStories("ledger", { limit: 5, among: new Set(["Midnight Ledger", "Starfall"]) })).map((h) => h.id)).toEqual(["Midnight Ledger"]);
      expect(await index.searchStories("ledger", { among: new Set() })).toEqual([]);
    });

    it("returns nothing for stop words alone, and treats query syntax as plain words", async () => {
      expect(await index.search("the of and")).toEqual([]);
      expect(await index.search("")).toEqual([]);
      const hits = await index.search('ledger" AND (ghosts OR [* ~ : \\ /');
      expect(hits.map((h) => h.id)).toContain("Ledger of Ghosts");
      expect(hits[0]!.id).toBe("Ledger of Ghosts");
    });
  });
}
