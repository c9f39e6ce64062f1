import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { understandQuestion } from "../../src/question/understand";
import { hasRealData, realKb } from "../helpers/real-kb";

/** Intents read off the wording on the real KB: each row is a kind of question, phrased as people do. */
describe.skipIf(!hasRealData)("question understanding on the real KB", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await realKb();
  }, 120_000);

  it.each([
    ["Who wrote Memento and when did it come out?", "multi_part"],
    ["who directed casablanca", "fact"],
    ["Films like The Silence of the Lambs", "recommendation"],
    ["if i liked finding nemo what should i watch next", "recommendation"],
    ["What westerns came out in 1969?", "list"],
    ["the film where a boy sees dead people and a child psychologist tries to help him", "plot"],
    ["Are movies about vampires usually scary or funny?", "kind_of_film"],
    ["Hi there, what can you do?", "chitchat"],
    ["Who is the president of France?", "out_of_domain"],
    ["what's the weather like in Paris today", "out_of_domain"],
    ["best sci-fi movies of the 2000s", "superlative"],
    ["highest grossing steven spielberg film", "superlative"],
    ["how many films did Steven Spielberg direct", "count"],
    ["which actors appeared in Martin Scorsese films more than twice", "threshold"],
    ["what genre does Steven Spielberg direct most often", "most_common"],
    ["Tom Hanks movies that are not comedies", "difference"],
    ["films starring both Tom Hanks and Meg Ryan", "intersection"],
  ])("%s → %s", async (q, intent) => {
    expect((await understandQuestion(q, kb)).intent).toBe(intent);
  });

  it("splits a two-part question and resolves the pronoun", async () => {
    const u = await understandQuestion("Who directed Casablanca and what language is it in?", kb);
    expect(u.parts.map((p) => p.analysis.topics[0]?.name)).toEqual(["Casablanca", "Casablanca"]);
  });

  it("links concept words to the KB and TMDB names", async () => {
    const u = await understandQuestion("best sci-fi movies of the 2000s", kb);
    const c = u.parts[0]!.concepts.find((x) => x.label === "science fiction")!;
    expect(c.tags).toContain("science fiction");
    expect(c.tmdbGenres).toContain("Science Fiction");
    expect(u.parts[0]!.periods.map((p) => [p.from, p.to])).toEqual([[2000, 2009]]);
  });

  it("a surname with a role word links to the person", async () => {
    const u = await understandQuestion("what did nolan direct", kb);
    expect(u.parts[0]!.analysis.topics[0]?.name).toBe("Christopher Nolan");
  });

  it("an unknown title is reported with the closest names, not replaced by a word inside it", async () => {
    const u = await understandQuestion("who directed The Flying Spaghetti Monster", kb);
    expect(u.parts[0]!.notFound[0]?.text).toBe("The Flying Spaghetti Monster");
    expect(u.parts[0]!.analysis.topics.map((t) => t.name)).not.toContain("Monster");
  });
});
