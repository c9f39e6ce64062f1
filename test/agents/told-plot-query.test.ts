import { describe, expect, it } from "vitest";
import { storyOf, toldPlotQuery, toldPlotWords } from "../../agents/planners/told-plot-query";

/** Word shares as kb.words gives them: the share of film texts a word occurs in. */
const words = (shares: Record<string, number>) => ({ words: { documents: 1000, share: (w: string) => shares[w] ?? 0.001 } });

describe("told-plot query", () => {
  it("keeps the story, without the asking around it", () => {
    expect(storyOf("I'm trying to remember a movie where a boy sees dead people?")).toBe("a boy sees dead people");
    expect(storyOf("the film where a boy sees dead people")).toBe("a boy sees dead people");
    expect(storyOf("what's the name of the movie about a haunted ledger")).toBe("a haunted ledger");
  });

  it("searches each word once, without stop words, fillers or two-letter words", () => {
    const kb = words({});
    expect(toldPlotWords("a guy who somehow kills killers, kind of like a killer in LA", kb)).toEqual(["kills", "killers"]);
    expect(toldPlotWords("rival magicians in victorian london trying to outdo each other", kb)).toEqual(["rival", "magicians", "victorian", "london", "trying", "outdo"]);
  });

  it("keeps everyday words unless they are the very commonest, and those too when little else is said", () => {
    // Per-term BM25 weighs words by rarity itself, so "banker" is not outvoted by "years" and "wife".
    const kb = words({ man: 0.2, years: 0.05, wife: 0.04 });
    expect(toldPlotWords("a man who spends years in jail for killing his wife", kb)).toEqual(["spends", "years", "jail", "killing", "wife"]);
    expect(toldPlotWords("a man and his wife", kb)).toEqual(["man", "wife"]);
  });

  it("gives the vector search the story and full text its words", () => {
    const q = toldPlotQuery("the movie where a team goes into people's sleep to plant an idea", words({ people: 0.12 }));
    expect(q.story).toBe("a team goes into people's sleep to plant an idea");
    expect(q.keywords).toBe("team goes sleep plant idea");
    expect(toldPlotQuery(`the movie where ${"somebody wanders through endless corridors ".repeat(40)}`, words({})).keywords.length).toBeLessThanOrEqual(500);
  });
});
