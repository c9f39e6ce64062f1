import type { MovieCatalog } from "../../src/ports/movie-catalog";
import { reciprocalRankFusion } from "../../src/retrieval/fusion";
import type { Evidence } from "../../tools/evidence";
import type { RankedAnswer } from "../research/types";

/**
 * How a told plot's full-text and vector rankings fuse, by the embedder behind the vectors. Full
 * text (per-term BM25, summed) leads for both: on 44 tuning plots it alone put the film first 0.80
 * of the time with the fame prior, and neither vector list added much. The corpus's LSA vectors
 * break its ties at half weight; a neural sentence encoder (MiniLM) ranks similar films (sequels,
 * films of the same kind) close to the told one, so it gets a quarter: at half weight or more it
 * pulled "Rocky Balboa" over "Rocky" (tuning plots with MiniLM: 0.73 at [1, 1] with k 30, 0.80 at
 * [1, 0.25] with k 10).
 */
export function plotFusion(embedderId: string | undefined): { k: number; weights: [number, number] } {
  return !embedderId || embedderId.startsWith("corpus-") ? { k: 10, weights: [1, 0.5] } : { k: 10, weights: [1, 0.25] };
}

/**
 * How much fame may reorder plot matches. People describe films they have seen, so among the
 * candidates both lists found, the better-known film is likelier: at most 0.1 (a film with MAX_VOTES
 * TMDB votes) against 1/11 for the first fused rank, so fame decides among close matches and lifts a
 * famous film from the lower ranks, but a film only one list found far down stays down.
 */
const PLOT_FAME_WEIGHT = 0.1;
const MAX_VOTES = 15_000;
/**
 * A film without a TMDB row (Misery, Jumanji: 79% of KB films have none) is not unknown: on the
 * films that have one, the median ln(votes) is about 2.25·ln(1 + KB degree), so the number of facts
 * the KB holds about a film stands in for its vote count.
 */
const VOTES_PER_LOG_DEGREE = 2.25;

/** How well known a film is, 0..1: TMDB's vote count on a log scale, else estimated from its KB degree. */
function fame(id: string, degree: number | undefined, catalog?: MovieCatalog): number {
  const votes = catalog?.tmdb(id)?.voteCount;
  const logVotes = votes !== undefined ? Math.log1p(votes) : degree !== undefined ? VOTES_PER_LOG_DEGREE * Math.log1p(degree) : 0;
  return Math.min(1, logVotes / Math.log1p(MAX_VOTES));
}

/** The films a told plot's searches found, fused by reciprocal rank with the fame prior, best first. */
export function rankPlotMatches(evidence: readonly Evidence[], embedderId: string | undefined, catalog?: MovieCatalog): RankedAnswer[] {
  const fusion = plotFusion(embedderId);
  const movies = (tool: string) => evidence.filter((e) => e.sources.some((s) => s.tool === tool) && e.focusType === "Movie").sort((a, b) => b.score - a.score).map((e) => e.focus);
  const degree = new Map<string, number>();
  for (const e of evidence) if (e.focusType === "Movie" && typeof e.meta?.degree === "number") degree.set(e.focus, e.meta.degree);
  const fused = reciprocalRankFusion([movies("full_text"), movies("semantic_search")], { k: fusion.k, weights: fusion.weights })
    .map((f) => ({ ...f, score: f.score + PLOT_FAME_WEIGHT * fame(f.id, degree.get(f.id), catalog) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const support = new Map<string, string[]>();
  for (const e of evidence) if (e.focusType === "Movie") support.set(e.focus, [...(support.get(e.focus) ?? []), e.id]);
  return fused.map((f) => ({ name: f.id, type: "Movie", score: Math.round(f.score * 1000) / 1000, evidenceIds: support.get(f.id) ?? [] }));
}
