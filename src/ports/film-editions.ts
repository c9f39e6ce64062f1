/**
 * Films that share a title are one node in the knowledge base (MetaQA merges them: *Titanic* 1953 and
 * 1997). The editions keep each film's year with the people WikiMovies credits to it, so a reply can
 * say which film a person made: "James Cameron directed Titanic (1997)".
 */
export interface FilmEdition {
  movie: string;
  year: string;
  /** Directors, writers and cast credited to this film. */
  people: string[];
}

export interface FilmEditions {
  /** The editions of a merged title (two or more years), oldest first; none for a title of one film. */
  of(movie: string): readonly FilmEdition[];
  /** The year of the one edition the person is credited in, when exactly one is. */
  yearFor(movie: string, person: string): string | undefined;
}
