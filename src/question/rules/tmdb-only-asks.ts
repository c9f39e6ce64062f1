import { RANK_METRICS_SET, ROLES, type TmdbOnlyAsk } from "../../plan/schema";
import type { RankMetric } from "../../ports/movie-catalog";
import type { Reading } from "../reading";

const ROLE_ASKS = new Set<TmdbOnlyAsk>(ROLES);

/**
 * What the question asks of a film the KB lacks and TMDB lists, read from the same cues a known film's question
 * is built from: a figure ("how long", "the budget"), its year, its genres or story (TMDB holds them), or its
 * people and languages (no source here does). Nothing in particular: undefined, and everything TMDB holds is said.
 */
export function tmdbOnlyAsks(r: Reading): TmdbOnlyAsk | undefined {
  const c = r.cues;
  if (c.figure) return c.figure.metric;
  // "who plays the younger": a person asked by a role is the role's, whatever comparative describes them.
  const { edge, type } = r.analysis.answer;
  const role = r.analysis.cues.find((cue) => ROLE_ASKS.has(cue.edge as TmdbOnlyAsk) && cue.weight >= 0.7);
  if (type === "Person" && role) return role.edge as TmdbOnlyAsk;
  const by = (c.gap ?? c.comparative)?.by ?? c.superlative?.metric;
  if (by !== undefined && RANK_METRICS_SET.has(by)) return by as RankMetric;
  if (c.story) return "story";
  if (edge === "RELEASED_IN" || type === "Year") return "releaseYear";
  if (edge === "HAS_GENRE" || type === "Genre") return "genre";
  if (edge === "IN_LANGUAGE" || type === "Language") return "language";
  if (edge !== undefined && ROLE_ASKS.has(edge as TmdbOnlyAsk)) return edge as TmdbOnlyAsk;
  if (type === "Person") return "people";
  return role ? (role.edge as TmdbOnlyAsk) : undefined;
}
