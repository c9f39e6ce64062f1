import { MOVIE_METRICS, type RankMetric, type TmdbOnlyFilm } from "../src/ports/movie-catalog";
import { makeEvidence, type Evidence, type ToolName } from "./evidence";
import { tmdbOnlyName } from "../src/plan/schema";

/**
 * A film TMDB lists and the knowledge graph lacks, as evidence: everything its TMDB row holds (year, genres,
 * keywords, figures, overview) in `meta`, and no KB node, since it has none. The answer reads its facts from here.
 * `beside`: read beside a set of KB films (a family's other films) rather than named by the question.
 */
export function tmdbOnlyEvidence(film: TmdbOnlyFilm, tool: ToolName, step: number, beside = false): Evidence {
  const figures = MOVIE_METRICS.flatMap((m) => (film[m] === undefined ? [] : [[m, film[m]!] as const]));
  const said = [film.year ? `released ${film.year}` : "", film.genres.join(", "), ...figures.map(([m, v]) => `${m} ${v}`)].filter(Boolean).join("; ");
  return makeEvidence({
    kind: "node",
    text: `${tmdbOnlyName(film)}: a film TMDB 5000 lists (id ${film.tmdbId}) and the knowledge graph lacks${said ? ` — ${said}` : ""}`,
    nodeIds: [],
    focus: tmdbOnlyName(film),
    focusType: "Movie",
    score: 1,
    tool,
    step,
    meta: {
      role: "tmdb-only",
      // Said beside a set of KB films (a family's other films), not named by the question.
      ...(beside ? { beside: true } : {}),
      title: film.title,
      ...(film.year ? { year: film.year } : {}),
      genres: film.genres.join("; "),
      keywords: film.keywords.slice(0, 12).join("; "),
      overview: film.overview,
      ...Object.fromEntries(figures),
    },
  });
}

/** The genres a TMDB-only row states. */
export function tmdbOnlyGenres(e: Evidence): string[] {
  const g = e.meta?.genres;
  return typeof g === "string" && g !== "" ? g.split("; ") : [];
}

/** The figure a TMDB-only row states for a metric: its year for release order; undefined when it states none. */
export function tmdbOnlyValue(e: Evidence, by: RankMetric): number | undefined {
  const raw = e.meta?.[by === "releaseYear" ? "year" : by];
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The answers a TMDB-only row states: the film's name, its year, its genres and its figures, as the answer writes them. */
export function statedByTmdbOnly(e: Evidence): string[] {
  if (e.meta?.role !== "tmdb-only") return [];
  const m = e.meta;
  return [e.focus, ...(typeof m.year === "string" ? [m.year] : []), ...tmdbOnlyGenres(e), ...MOVIE_METRICS.flatMap((k) => (typeof m[k] === "number" ? [String(m[k])] : []))];
}

/** Evidence of a film TMDB lists and the graph lacks that a "like" search started from (its row, as the seed). */
export function isTmdbOnlySeed(e: Evidence): boolean {
  return e.meta?.role === "seed" && e.meta.tmdbOnly === true;
}
