import { MIN_VOTES_FOR_AVERAGE } from "../../src/ports/movie-catalog";
import type { TmdbRow, World } from "./world";

/** The TMDB figures a superlative ranks by; 0 is TMDB's "unknown" and never ranked. */
export type Measure = "voteAverage" | "popularity" | "revenue" | "budget" | "runtime";

export interface Superlative {
  name: string;
  measure: Measure;
  order: "desc" | "asc";
  /** Whether the winner is clearly ahead of the runner-up. */
  clear: (winner: number, runnerUp: number) => boolean;
}

const ratio = (r: number) => (a: number, b: number) => a >= b * r;
export const SUPERLATIVES: readonly Superlative[] = [
  { name: "best", measure: "voteAverage", order: "desc", clear: (a, b) => a - b >= 0.2 - 1e-9 },
  { name: "worst", measure: "voteAverage", order: "asc", clear: (a, b) => b - a >= 0.2 - 1e-9 },
  { name: "popular", measure: "popularity", order: "desc", clear: ratio(1.15) },
  { name: "grossing", measure: "revenue", order: "desc", clear: ratio(1.15) },
  { name: "budget", measure: "budget", order: "desc", clear: ratio(1.15) },
  { name: "longest", measure: "runtime", order: "desc", clear: (a, b) => a - b >= 5 },
  { name: "shortest", measure: "runtime", order: "asc", clear: (a, b) => b - a >= 5 },
];

/** A figure, or undefined when TMDB does not know it (vote averages need enough votes). */
export function figure(row: TmdbRow, measure: Measure): number | undefined {
  if (measure === "voteAverage") return row.voteCount >= MIN_VOTES_FOR_AVERAGE && row.voteAverage > 0 ? row.voteAverage : undefined;
  const v = row[measure];
  return v > 0 ? v : undefined;
}

/** Films with a figure, best first (ties by title). */
export function ranked(w: World, films: readonly string[], s: Superlative): { film: string; value: number }[] {
  const out: { film: string; value: number }[] = [];
  for (const film of films) {
    const row = w.tmdb.get(film);
    const value = row ? figure(row, s.measure) : undefined;
    if (value !== undefined) out.push({ film, value });
  }
  const sign = s.order === "desc" ? -1 : 1;
  return out.sort((a, b) => sign * (a.value - b.value) || (a.film < b.film ? -1 : 1));
}

/** The winner's KB title when at least `minRanked` films have the figure and it is clearly ahead. */
export function clearWinner(w: World, films: readonly string[], s: Superlative, minRanked = 3): string | undefined {
  const r = ranked(w, films, s);
  if (r.length < minRanked) return undefined;
  return s.clear(r[0]!.value, r[1]!.value) ? r[0]!.film : undefined;
}
