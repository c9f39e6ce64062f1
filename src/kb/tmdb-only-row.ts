import type { MovieCatalog, TmdbOnlyFilm } from "../ports/movie-catalog";

/** The TMDB row a plan's reference to a film the KB lacks means: its title, and its year when given (remakes share a title). */
export function tmdbOnlyRow(catalog: Pick<MovieCatalog, "tmdbOnly">, ref: { title: string; year?: string | undefined }): TmdbOnlyFilm | undefined {
  const rows = catalog.tmdbOnly(ref.title);
  return rows.find((r) => r.title === ref.title && (ref.year === undefined || r.year === ref.year)) ?? rows.find((r) => ref.year === undefined || r.year === ref.year) ?? rows[0];
}
