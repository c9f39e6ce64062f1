import { MIN_VOTES_FOR_AVERAGE, MOVIE_METRICS, type MovieCatalog, type MovieMetric, type RankOptions, type RankedMovie, type TmdbFacts, type TmdbOnlyFilm } from "../../ports/movie-catalog";
import { TmdbOnlyIndex } from "./tmdb-only-index";
import { linkKey } from "../../util/text";

/** TMDB writes 0 for these when it does not know them; a 0 must never win "shortest" or "cheapest". */
const ZERO_IS_UNKNOWN: ReadonlySet<MovieMetric> = new Set(["runtime", "budget", "revenue"]);

interface TermIndex {
  /** Folded term → KB movies carrying it, sorted. */
  movies: Map<string, string[]>;
  /** Every term with its movie count, most used first, then by name. */
  counts: { name: string; movies: number }[];
}

/**
 * The catalog in memory. Every index is built once: folded genre and keyword → sorted movies, and
 * for each metric the movies with a value pre-sorted both ways, so `rank` is one filtered scan.
 * Names sort by code point, not locale, so the output is the same on every machine.
 */
export class EmbeddedMovieCatalog implements MovieCatalog {
  readonly kind = "embedded";
  private readonly byMovie = new Map<string, TmdbFacts>();
  private readonly genreIndex: TermIndex;
  private readonly keywordIndex: TermIndex;
  private readonly ranked = new Map<MovieMetric, { desc: RankedMovie[]; asc: RankedMovie[] }>();
  private readonly only: TmdbOnlyIndex;

  /** `only`: the films TMDB lists that the KB lacks, known by their titles alone. */
  constructor(facts: readonly TmdbFacts[], only: readonly TmdbOnlyFilm[] = []) {
    this.only = new TmdbOnlyIndex(only);
    for (const f of facts) this.byMovie.set(f.movie, f);
    const all = [...this.byMovie.values()];
    this.genreIndex = indexTerms(all, (f) => f.genres);
    this.keywordIndex = indexTerms(all, (f) => f.keywords);
    for (const metric of MOVIE_METRICS) {
      const list: RankedMovie[] = [];
      for (const f of all) {
        const value = f[metric];
        if (value === undefined || !Number.isFinite(value) || (value === 0 && ZERO_IS_UNKNOWN.has(metric))) continue;
        list.push({ movie: f.movie, value, facts: f });
      }
      const desc = [...list].sort((a, b) => b.value - a.value || compareNames(a.movie, b.movie));
      const asc = [...list].sort((a, b) => a.value - b.value || compareNames(a.movie, b.movie));
      this.ranked.set(metric, { desc, asc });
    }
  }

  get size(): number {
    return this.byMovie.size;
  }

  tmdb(movie: string): TmdbFacts | undefined {
    return this.byMovie.get(movie);
  }

  tmdbOnly(said: string): TmdbOnlyFilm[] {
    return this.only.named(said);
  }

  tmdbOnlyTitled(opening: string): TmdbOnlyFilm[] {
    return this.only.titled(opening);
  }

  tmdbOnlyWithKeyword(keyword: string): TmdbOnlyFilm[] {
    return this.only.withKeyword(keyword);
  }

  keywordSpread(keyword: string): number {
    return (this.keywordIndex.movies.get(linkKey(keyword))?.length ?? 0) + this.only.withKeyword(keyword).length;
  }

  moviesWithGenre(genre: string): string[] {
    return [...(this.genreIndex.movies.get(linkKey(genre)) ?? [])];
  }

  moviesWithKeyword(keyword: string): string[] {
    return [...(this.keywordIndex.movies.get(linkKey(keyword)) ?? [])];
  }

  genres(): { name: string; movies: number }[] {
    return this.genreIndex.counts.map((c) => ({ ...c }));
  }

  keywords(): { name: string; movies: number }[] {
    return this.keywordIndex.counts.map((c) => ({ ...c }));
  }

  rank(metric: MovieMetric, options: RankOptions = {}): RankedMovie[] {
    const sorted = this.ranked.get(metric);
    if (!sorted) return [];
    const list = options.order === "asc" ? sorted.asc : sorted.desc;
    const limit = options.limit ?? Infinity;
    const among = options.among ? new Set(options.among) : undefined;
    const minVotes = metric === "voteAverage" ? (options.minVotes ?? MIN_VOTES_FOR_AVERAGE) : 0;
    const out: RankedMovie[] = [];
    for (const r of list) {
      if (out.length >= limit) break;
      if (among && !among.has(r.movie)) continue;
      if (minVotes > 0 && (r.facts.voteCount ?? 0) < minVotes) continue;
      out.push(r);
    }
    return out;
  }
}

/** Folded term → sorted movies; a term's display name is its most used spelling. */
function indexTerms(facts: readonly TmdbFacts[], termsOf: (f: TmdbFacts) => readonly string[]): TermIndex {
  const movies = new Map<string, Set<string>>();
  const spellings = new Map<string, Map<string, number>>();
  for (const f of facts) {
    for (const term of termsOf(f)) {
      const key = linkKey(term);
      if (key === "") continue;
      let set = movies.get(key);
      if (!set) movies.set(key, (set = new Set()));
      set.add(f.movie);
      let spelled = spellings.get(key);
      if (!spelled) spellings.set(key, (spelled = new Map()));
      spelled.set(term, (spelled.get(term) ?? 0) + 1);
    }
  }
  const sortedMovies = new Map<string, string[]>();
  const counts: { name: string; movies: number }[] = [];
  for (const [key, set] of movies) {
    sortedMovies.set(key, [...set].sort(compareNames));
    const [name] = [...spellings.get(key)!].sort(([a, x], [b, y]) => y - x || compareNames(a, b))[0]!;
    counts.push({ name, movies: set.size });
  }
  counts.sort((a, b) => b.movies - a.movies || compareNames(a.name, b.name));
  return { movies: sortedMovies, counts };
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
