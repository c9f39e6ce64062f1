import { describe, expect, it } from "vitest";
import { plotFusion } from "../../agents/answering/compose";

describe("plotFusion", () => {
  it("lets full text lead over LSA vectors, and gives a neural encoder an equal say", () => {
    expect(plotFusion("corpus-lsa-192:abc")).toEqual({ k: 10, weights: [1, 0.5] });
    expect(plotFusion(undefined)).toEqual({ k: 10, weights: [1, 0.5] });
    expect(plotFusion("local:all-minilm-l6-v2:123:128")).toEqual({ k: 30, weights: [1, 1] });
    expect(plotFusion("gemini:text-embedding-004")).toEqual({ k: 30, weights: [1, 1] });
  });
});
