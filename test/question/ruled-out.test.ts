import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { describePlan } from "../../src/plan/describe";
import { understandQuestion } from "../../src/question/understand";
import { fixtureKb } from "../helpers/fixture-kb";

/**
 * Films the person rules out: the film sought is not it ("it's not X"), or the films asked for leave it out ("other
 * than X"). One principle per row, on the fictional fixture world: what is ruled out, and how.
 */
const TABLE: [principle: string, question: string, ruled: string[]][] = [
  ["a negation whose subject is the film sought rules the film out", "A drama about the sea, it's not The Quiet Harbor", ["not-it The Quiet Harbor"]],
  ["adverbs and a copula may stand between", "A ghost story. It is definitely not Ledger of Ghosts.", ["not-it Ledger of Ghosts"]],
  ["a negation opening a bracket needs no subject; a film noun may stand before the title", "A drama at sea (not the movie Paper Moons)", ["not-it Paper Moons"]],
  ["said after the film, of the film sought", "A ghost story at sea. Midnight Ledger isn't it.", ["not-it Midnight Ledger"]],
  ["a word that leaves films out leaves out the whole list it heads", "films Ben Okafor wrote except Starfall Returns, Midnight Ledger or Paper Moons", ["except Starfall Returns", "except Midnight Ledger", "except Paper Moons"]],
  ["a capitalised title the KB lacks in the list is ruled out by its words", "A sea drama, it's not Paper Moons or Harbor Lights", ["not-it Paper Moons", "not-it Harbor Lights"]],
  ["a 'not' opening a clause before a film leaves it out", "a cartoon about a captain, not Starfall Returns", ["except Starfall Returns"]],
  ["the list may open with a title the KB lacks when a film joined to it follows", "A sea drama, it's not Harbor Lights or Paper Moons", ["not-it Harbor Lights", "not-it Paper Moons"]],
  ["alone, a name the KB lacks after a negation is not taken for a title", "A drama at sea, it wasn't Lisbon Blue.", []],
  ["a ruling-out asked as a question is a doubt, not a fact", "A drama about a ledger, it's not Midnight Ledger, right?", []],
  ["a ruling-out struck through is taken back", "A ghost story. ~~It's not Ledger of Ghosts~~ (oops, yes it was)", []],
  ["a title followed by another kind of work is no film ruled out", "A drama at sea, it's not the Paper Moons TV show", []],
  ["an auxiliary opening a sentence asks, it rules nothing out", "isn't Paper Moons a drama", []],
  ["a negation of anything but a film rules out nothing", "A film where Tom Harker is not the hero, like Paper Moons", []],
];

describe("films ruled out", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await fixtureKb();
  });

  it.each(TABLE)("%s", async (_principle, question, ruled) => {
    const u = await understandQuestion(question, kb);
    expect(u.readings.flatMap((r) => r.ruledOut.map((x) => `${x.how} ${x.said}`))).toEqual(ruled);
  });

  it("keeps a title the KB holds in several versions when no year says which was ruled out, and says so in the ledger", async () => {
    const u = await understandQuestion("A captain lost in space, it's not Starfall or Starfall Returns.", kb);
    const [r] = u.readings;
    expect(r!.ruledOut.map((x) => [x.said, x.versions ?? false])).toEqual([["Starfall", true], ["Starfall Returns", false]]);
    expect(describePlan(u.plan)).toContain("not Starfall Returns");
    expect(describePlan(u.plan)).not.toContain("not Starfall;");
    expect(r!.ledger.uses.find((w) => w.word === "Starfall")?.by).toMatch(/versions/);
  });

  it.each([
    ["a told plot carries its ruled-out films as titles against", "A movie where a captain falls through time in space, it's not Starfall Returns.", /^\*p1 plot\(.*not Starfall Returns/],
    ["a film set leaves out every film of the list", "Ben Okafor movies other than Starfall Returns and The Quiet Harbor", /films\(Ben Okafor WROTE, not Starfall Returns, not The Quiet Harbor\)/],
    ["films like one, but not another: the other is never recommended, nor started from", "Sci-fi movies like Starfall but not Starfall Returns", /similar\(Starfall; science fiction, not Starfall Returns\)/],
    ["an 'or' inside the list offers no choice", "Ben Okafor movies except Midnight Ledger or Paper Moons", /^\*p1 films\(Ben Okafor WROTE, not Midnight Ledger, not Paper Moons\)$/],
    ["films seen are left out of the good films asked for, in the same sentence", "good dramas, i already saw the quiet harbor and paper moons", /^p1 films\(drama, not The Quiet Harbor, not Paper Moons\); \*p2 order\(p1 by voteAverage desc\)$/],
    ["a sentence of films seen beside one asking for good films is part of that request, not a question", "What are some good dramas? I have already seen The Quiet Harbor.", /^p1 films\(drama, not The Quiet Harbor\); \*p2 order\(p1 by voteAverage desc\)$/],
    ["a film seen is still asked about when nothing asks for films to watch", "I have seen Paper Moons, who wrote it?", /^\*p1 lookup\(Paper Moons → WROTE in\)$/],
  ])("%s", async (_principle, question, plan) => {
    expect(describePlan((await understandQuestion(question, kb)).plan)).toMatch(plan);
  });

  it("accounts for the ruled-out film's words: named, ruled out, never a facet", async () => {
    const u = await understandQuestion("Horror at sea, it's not Paper Moons or Harbor Lights", kb);
    const uses = u.readings.flatMap((r) => r.ledger.uses);
    expect(uses.find((w) => w.word === "Harbor")).toMatchObject({ as: "name", by: expect.stringMatching(/ruled out as the film sought/) });
    expect(u.readings.flatMap((r) => r.ledger.facets.map((f) => f.said))).not.toContain("Harbor Lights");
  });
});
