import { describe, expect, it } from "vitest";
import { plotFusion, rankPlotMatches } from "../../agents/plan/plot-ranking";
import type { MovieCatalog, TmdbFacts } from "../../src/ports/movie-catalog";
import { makeEvidence, type Evidence } from "../../tools/evidence";

describe("plotFusion", () => {
  it("lets full text lead: LSA vectors at half weight, a neural encoder's near-misses at a quarter", () => {
    expect(plotFusion("corpus-lsa-192:abc")).toEqual({ k: 10, weights: [1, 0.5] });
    expect(plotFusion(undefined)).toEqual({ k: 10, weights: [1, 0.5] });
    expect(plotFusion("local:all-minilm-l6-v2:123:128")).toEqual({ k: 10, weights: [1, 0.25] });
    expect(plotFusion("gemini:text-embedding-004")).toEqual({ k: 10, weights: [1, 0.25] });
  });
});

describe("a told plot's answer", () => {
  const fullText = (focus: string, score: number, degree?: number): Evidence =>
    makeEvidence({ kind: "node", text: `Movie ${focus} — plot: …`, nodeIds: [focus], focus, focusType: "Movie", score, tool: "full_text", step: 1, meta: { bm25: score, ...(degree !== undefined ? { degree } : {}) } });
  const catalog = (votes: Record<string, number>) => ({ tmdb: (m: string) => (m in votes ? ({ movie: m, voteCount: votes[m] } as TmdbFacts) : undefined) }) as unknown as MovieCatalog;
  const order = (evidence: Evidence[], c: MovieCatalog) => rankPlotMatches(evidence, "corpus-lsa-8:x", c).map((a) => a.name);

  it("puts the better-known of two close matches first", () => {
    const evidence = [fullText("Obscure Captive", 1), fullText("Misery", 0.95)];
    expect(order(evidence, catalog({ "Obscure Captive": 20, Misery: 5000 }))).toEqual(["Misery", "Obscure Captive"]);
    // A small difference in fame does not reorder them.
    expect(order(evidence, catalog({ "Obscure Captive": 200, Misery: 300 }))).toEqual(["Obscure Captive", "Misery"]);
  });

  it("judges a film TMDB has no row for by how much the KB knows of it, not as unknown", () => {
    const c = catalog({ "Obscure Captive": 20 });
    // Without a degree, a film missing from TMDB counts as unheard of ...
    expect(order([fullText("Obscure Captive", 1), fullText("Misery", 0.95)], c)).toEqual(["Obscure Captive", "Misery"]);
    // ... with one, 30 KB facts stand in for about 2,000 votes.
    expect(order([fullText("Obscure Captive", 1, 4), fullText("Misery", 0.95, 30)], c)).toEqual(["Misery", "Obscure Captive"]);
  });
});
