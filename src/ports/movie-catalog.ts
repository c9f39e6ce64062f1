/**
 * TMDB facts joined to the KB's movies: genres, keywords and the figures a superlative ranks by
 * (vote average and count, popularity, runtime, budget, revenue). The embedded default is built
 * from the snapshot whichever graph store is configured; every figure keeps its source.
 */
export const MOVIE_METRICS = ["voteAverage", "voteCount", "popularity", "runtime", "budget", "revenue"] as const;
export type MovieMetric = (typeof MOVIE_METRICS)[number];
/** What films can be ranked by: a TMDB figure, or the KB's release year ("his first film", "the latest"). */
export const RANK_METRICS = [...MOVIE_METRICS, "releaseYear"] as const;
export type RankMetric = (typeof RANK_METRICS)[number];

export interface TmdbFacts {
  /** The KB movie (exact KB name) these facts are joined to. */
  movie: string;
  tmdbId: string;
  /** TMDB's title and release year, as in the TMDB file. */
  title: string;
  year?: string;
  genres: string[];
  keywords: string[];
  voteAverage?: number;
  voteCount?: number;
  popularity?: number;
  /** Minutes. */
  runtime?: number;
  /** US dollars. */
  budget?: number;
  /** US dollars. */
  revenue?: number;
}

/**
 * A film TMDB lists whose title no KB film has: the knowledge graph lacks it (no people, no tags), but its year,
 * genres, keywords and figures are TMDB's. Known by its TMDB title and year, never by a KB name.
 */
export interface TmdbOnlyFilm extends Omit<TmdbFacts, "movie"> {
  overview: string;
}

/** Films TMDB lists and the KB lacks, earliest first (no year last), then by title: the order every list of them takes. */
export function byYearThenTitle(a: TmdbOnlyFilm, b: TmdbOnlyFilm): number {
  const ya = a.year ?? "9999";
  const yb = b.year ?? "9999";
  return ya < yb ? -1 : ya > yb ? 1 : a.title < b.title ? -1 : a.title > b.title ? 1 : 0;
}

export interface RankedMovie {
  movie: string;
  value: number;
  facts: TmdbFacts;
}

export interface RankOptions {
  /** Only these KB movies (exact names); all joined movies when absent. */
  among?: readonly string[];
  order?: "desc" | "asc";
  /** For vote averages: ignore movies with fewer votes (default MIN_VOTES_FOR_AVERAGE). */
  minVotes?: number;
  limit?: number;
}

/** A vote average from a handful of votes says little; "best" and "worst" need at least this many. */
export const MIN_VOTES_FOR_AVERAGE = 100;

export interface MovieCatalog {
  /** TMDB facts of a KB movie, when it joins to a TMDB row. */
  tmdb(movie: string): TmdbFacts | undefined;
  /** KB movies that TMDB files under this genre / keyword (case- and accent-insensitive), sorted. */
  moviesWithGenre(genre: string): string[];
  moviesWithKeyword(keyword: string): string[];
  /** Every TMDB genre and keyword with how many KB movies carry it, most used first. */
  genres(): { name: string; movies: number }[];
  keywords(): { name: string; movies: number }[];
  /**
   * KB movies with a value for the metric, best first (desc by default), ties broken by name.
   * Zero runtimes, budgets and revenues are TMDB's "unknown" and are never ranked.
   */
  rank(metric: MovieMetric, options?: RankOptions): RankedMovie[];
  /**
   * Films TMDB lists that the KB lacks, named by these words (folded): the whole title, the title without its
   * article, or one side of a title's colon that names no other such film ("the return of the king"). Earliest first.
   */
  tmdbOnly(said: string): TmdbOnlyFilm[];
  /** Films TMDB lists that the KB lacks whose title opens with these words (a family's name: "harry potter"), earliest first. */
  tmdbOnlyTitled(opening: string): TmdbOnlyFilm[];
  /** Films TMDB lists that the KB lacks and files under this keyword (folded), earliest first. */
  tmdbOnlyWithKeyword(keyword: string): TmdbOnlyFilm[];
  /** How many TMDB rows carry this keyword (folded), the KB's films and those it lacks alike: how telling it is. */
  keywordSpread(keyword: string): number;
  readonly size: number;
}
