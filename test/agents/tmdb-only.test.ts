import { beforeAll, describe, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { describePlan } from "../../src/plan/describe";
import { fixtureKb } from "../helpers/fixture-kb";

/**
 * Films TMDB lists and the KB lacks, end to end on the fixture: "Paper Moons: Eclipse" (2013) is in the TMDB file
 * only; "Paper Moons" (2010) is a KB film; "Starfall Returns" is a KB title TMDB dates otherwise, so no such film.
 */
describe("films TMDB lists that the knowledge graph lacks", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await fixtureKb();
  });
  const ask = (q: string): Promise<RunResult> => runResearch(q, { kb }, { strategy: "heuristic" });
  const tools = (r: RunResult) => r.trace.filter((s) => s.node === "act").map((s) => s.tool);

  it("answers a figure of one from its TMDB row, cited, and says the graph lacks the film", async () => {
    const r = await ask("how long is paper moons eclipse");
    expect(describePlan(r.plan)).toBe("*p1 unknown(paper moons eclipse = TMDB only Paper Moons: Eclipse (2013); asks runtime)");
    expect(tools(r)).toEqual(["lookup_entity"]);
    expect(r.answers.map((a) => a.name)).toEqual(["104"]);
    expect(r.answer).toMatch(/^Paper Moons: Eclipse \(2013\): 104 minutes \[1\] \(running time from TMDB 5000; the knowledge graph does not hold this film\)\.$/);
    expect(r.citations).toHaveLength(1);
  });

  it("answers its year and genres; its people are said to be unrecorded, never guessed from the KB film inside its title", async () => {
    expect((await ask("when did Paper Moons: Eclipse come out?")).answers.map((a) => a.name)).toEqual(["2013"]);
    expect((await ask("what genre is paper moons eclipse")).answers.map((a) => a.name)).toEqual(["Drama"]);
    const who = await ask("who directed paper moons eclipse");
    expect(who.answers).toEqual([]);
    expect(who.answer).toMatch(/does not hold Paper Moons: Eclipse \(2013\), so it does not record who directed it/);
    expect(who.answer).not.toMatch(/Paper Moons \(2010\)/);
  });

  it("leaves the KB film of the shorter name alone", async () => {
    const r = await ask("how long is paper moons");
    expect(describePlan(r.plan)).not.toMatch(/TMDB only/);
  });

  it("counts a family with its films TMDB alone lists said beside, and ranks them in", async () => {
    const count = await ask("how many paper moons movies are there");
    // The count is the family's, as the text says: the KB's one and TMDB's one.
    expect(count.parts[0]!.count).toBe(2);
    expect(count.answer).toMatch(/TMDB 5000 also lists one film of it that the knowledge graph lacks: Paper Moons: Eclipse \(2013\) \[\d\]; 2 in all\./);
    const last = await ask("what is the latest paper moons movie");
    expect(last.answer).toMatch(/^The latest is Paper Moons: Eclipse \(2013\), a film TMDB 5000 lists and the knowledge graph lacks \[\d\]/);
  });

  it("compares it with a KB film by its TMDB figure, yes or no first, in the order the question says them", async () => {
    const r = await ask("is paper moons eclipse longer than starfall?");
    expect(describePlan(r.plan)).toBe("*p1 check(Paper Moons: Eclipse (2013) gt Starfall by runtime)");
    expect(tools(r).sort()).toEqual(["find_movies", "lookup_entity"]);
    expect(r.answer).toMatch(/^Yes\. Paper Moons: Eclipse \(2013\) \(104 minutes\) \[\d\] is longer than Starfall \(1999\) \(101 minutes\) \[\d\]/);
    expect(r.answer).toMatch(/The figure for Paper Moons: Eclipse \(2013\) is TMDB 5000's: the knowledge graph does not hold that film\.$/);
    const first = await ask("which came out first, paper moons or paper moons eclipse?");
    expect(first.answers.map((a) => a.name)).toEqual(["Paper Moons", "Paper Moons: Eclipse (2013)"]);
  });

  it("recommends films like it by what its TMDB row says it is about, and by the graph's earlier film of its series", async () => {
    const r = await ask("films like paper moons eclipse");
    expect(describePlan(r.plan)).toBe("*p1 similar(Paper Moons, TMDB only Paper Moons: Eclipse (2013))");
    const fromRow = r.trace.find((s) => s.node === "act" && s.tool === "depth_first" && s.args && "tmdbOnly" in s.args);
    expect(fromRow?.args).toMatchObject({ tmdbOnly: [{ title: "Paper Moons: Eclipse", year: "2013" }] });
    // The row's keywords "family" and "sea" are The Quiet Harbor's tags: it comes first, with what it shares.
    expect(r.answers[0]?.name).toBe("The Quiet Harbor");
    expect(r.answer).toMatch(/^Films to watch like Paper Moons: Eclipse \(2013\) and Paper Moons: The Quiet Harbor \(1987\) — shares sea, family \[1\]/);
    expect(r.answer).toMatch(/Paper Moons: Eclipse \(2013\) is not in the knowledge graph; these hold most of what TMDB 5000 says it is about \(its keywords and genres\) \[\d\], or share most with Paper Moons \(2010\), the graph's earlier film of its series\./);
    expect(r.answers.map((a) => a.name)).not.toContain("Paper Moons");
  });

  it("keeps the constraints said on films like it", async () => {
    const r = await ask("something like Paper Moons: Eclipse from before 2000");
    expect(r.answers.map((a) => a.name)).toEqual(["The Quiet Harbor", "Starfall"]);
  });

  it("answers a family the graph holds none of with the films TMDB lists of it: by title and by telling keywords", async () => {
    // "Iron Tide" and "Iron Tide: Undertow" by title; The Drowned Crown shares "kraken" and "sea witch" with them;
    // Harbor Lights shares "kraken" only.
    const count = await ask("how many iron tide movies are there?");
    expect(describePlan(count.plan)).toBe("p1 films(series Iron Tide (0 + 3 TMDB only)); *p2 count(p1)");
    expect(count.parts[0]!.count).toBe(3);
    expect(count.answer).toMatch(/^3, all listed by TMDB 5000 \(the knowledge graph holds none of the Iron Tide films\): Iron Tide \(2004\), Iron Tide: Undertow \(2007\) and The Drowned Crown \(2011\) \[1\]\./);
    const list = await ask("list the iron tide films");
    expect(list.answers.map((a) => a.name)).toEqual(["Iron Tide (2004)", "Iron Tide: Undertow (2007)", "The Drowned Crown (2011)"]);
    expect(list.answer).not.toMatch(/no film|closest/i);
  });

  it("ranks and places a family the graph holds none of by its TMDB figures, and keeps what else is said of it", async () => {
    expect((await ask("which iron tide movie is the longest")).answer).toMatch(/^Iron Tide: Undertow \(2007\), with 137 minutes \(the knowledge graph holds none of the Iron Tide films; among the 3 TMDB 5000 lists \[1\], by running time from TMDB 5000\)\./);
    expect((await ask("when did the second iron tide movie come out")).answers.map((a) => a.name)).toEqual(["Iron Tide: Undertow (2007)"]);
    const later = await ask("iron tide movies from the 2010s");
    expect(later.answers.map((a) => a.name)).toEqual(["The Drowned Crown (2011)"]);
    expect(later.answer).not.toMatch(/closest/i);
    const who = await ask("who directed the iron tide movies");
    expect(who.answer).toMatch(/^The knowledge graph holds none of the Iron Tide films\. TMDB 5000 lists 3: .*their people and tags are not recorded here\.$/);
  });

  it("starts from a family the graph holds none of, said where a film to start from goes", async () => {
    const r = await ask("movies like the iron tide films");
    expect(describePlan(r.plan)).toMatch(/^\*p1 similar\(TMDB only Iron Tide \(2004\), TMDB only Iron Tide: Undertow \(2007\), TMDB only The Drowned Crown \(2011\)/);
  });

  it("keeps a KB title TMDB dates otherwise as the KB's film", async () => {
    const r = await ask("when did starfall returns come out");
    expect(describePlan(r.plan)).not.toMatch(/TMDB only/);
  });
});
