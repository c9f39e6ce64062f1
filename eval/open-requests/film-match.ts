import type { RawKb } from "../real/raw-kb";

/**
 * Maps a film named by a data set (a title and a year) to KB film names, through the independent
 * raw-data reader: the same title and a KB release year within one of the given year. The exact
 * title is tried first; only when it gives nothing are case, accents, "&"/"and" and punctuation
 * folded to find the film (the KB spelling is what the gold holds).
 */
export function foldTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export interface FilmIndex {
  kb: RawKb;
  byFolded: ReadonlyMap<string, readonly string[]>;
}

const indexes = new WeakMap<RawKb, FilmIndex>();

/** The KB's films by folded title (built once per KB). */
export function filmIndex(kb: RawKb): FilmIndex {
  const hit = indexes.get(kb);
  if (hit) return hit;
  const byFolded = new Map<string, string[]>();
  for (const film of kb.films()) {
    const key = foldTitle(film);
    const list = byFolded.get(key);
    if (list) list.push(film);
    else byFolded.set(key, [film]);
  }
  const index = { kb, byFolded };
  indexes.set(kb, index);
  return index;
}

const yearFits = (kb: RawKb, film: string, year: number) => kb.years(film).some((y) => Math.abs(y - year) <= 1);

/** KB film names for a title and year, sorted; empty when the KB has no such film. */
export function matchFilm(index: FilmIndex, title: string, year: number): string[] {
  if (index.kb.isFilm(title) && yearFits(index.kb, title, year)) return [title];
  return (index.byFolded.get(foldTitle(title)) ?? []).filter((f) => yearFits(index.kb, f, year)).sort();
}
