import { describe, expect, it } from "vitest";
import { CorpusEmbedder, trainCorpusEmbedder } from "../../src/adapters/embedded/corpus-embedder";

const docs = [
  "space pilot star galaxy rocket crew orbit",
  "space station orbit astronaut rocket launch",
  "galaxy star comet astronomer telescope orbit",
  "fisherman boat harbor sea family village",
  "sea storm boat sailor harbor lighthouse",
  "family daughter father village harbor reunion",
  "bank heist robbers vault midnight police",
  "police detective heist vault thief chase",
];
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe("offline corpus embedder (LSA)", () => {
  const model = trainCorpusEmbedder(docs, { dimension: 3, minDf: 1, maxDfRatio: 1 });
  const emb = new CorpusEmbedder(model);

  it("is deterministic: the same corpus and seed give the same vectors", () => {
    const again = new CorpusEmbedder(trainCorpusEmbedder(docs, { dimension: 3, minDf: 1, maxDfRatio: 1 }));
    expect(Array.from(again.embedSync("rocket launch"))).toEqual(Array.from(emb.embedSync("rocket launch")));
    expect(again.id).toBe(emb.id);
  });

  it("returns unit vectors that put related texts closer than unrelated ones", async () => {
    const [astronaut, comet, boat] = await emb.embed(["astronaut on a rocket", "a comet seen by a telescope", "a boat in the harbor"]);
    expect(Math.hypot(...astronaut!)).toBeCloseTo(1, 5);
    // "astronaut" and "comet" never co-occur, but both live in the space topic.
    expect(cos(astronaut!, comet!)).toBeGreaterThan(cos(astronaut!, boat!) + 0.3);
  });

  it("gives a zero vector, and says so, for text with no known terms", () => {
    expect(emb.knownTerms("zzz qqq")).toBe(0);
    expect(Array.from(emb.embedSync("zzz qqq")).every((x) => x === 0)).toBe(true);
  });
});
