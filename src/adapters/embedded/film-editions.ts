import type { FilmEdition, FilmEditions } from "../../ports/film-editions";

/** The editions in memory, by movie. */
export class EmbeddedFilmEditions implements FilmEditions {
  private readonly byMovie = new Map<string, FilmEdition[]>();

  constructor(editions: readonly FilmEdition[]) {
    for (const e of editions) {
      const list = this.byMovie.get(e.movie) ?? [];
      list.push(e);
      this.byMovie.set(e.movie, list);
    }
    for (const list of this.byMovie.values()) list.sort((a, b) => a.year.localeCompare(b.year));
  }

  of(movie: string): readonly FilmEdition[] {
    return this.byMovie.get(movie) ?? [];
  }

  yearFor(movie: string, person: string): string | undefined {
    const years = new Set(this.of(movie).filter((e) => e.people.includes(person)).map((e) => e.year));
    return years.size === 1 ? [...years][0] : undefined;
  }
}
