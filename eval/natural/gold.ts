import { isMerged, type Role, type World } from "./world";

/**
 * Gold answers over KB facts, as small pure functions of the world. Each takes a scope (which
 * films count), so a caller can compute a gold twice, over all films and without merged titles,
 * and keep it only when both agree (see `robust`): a fact that rests on a remake's merged entry
 * is not unambiguous.
 */
export type Scope = (title: string) => boolean;

export const ALL_FILMS: Scope = () => true;

export function unmergedFilms(w: World): Scope {
  return (t) => !isMerged(w, t);
}

/** The value when it is the same over all films and over unmerged films only, else undefined. */
export function robust<T>(w: World, compute: (scope: Scope) => T | undefined): T | undefined {
  const all = compute(ALL_FILMS);
  const strict = compute(unmergedFilms(w));
  return all !== undefined && JSON.stringify(all) === JSON.stringify(strict) ? all : undefined;
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

export function films(w: World, person: string, role: Role, scope: Scope = ALL_FILMS): string[] {
  return (w.people[role].get(person) ?? []).filter(scope);
}

/** Actors who share a film with the person (as actor), the person left out. */
export function coStars(w: World, person: string, scope: Scope = ALL_FILMS): string[] {
  return sorted(films(w, person, "acted", scope).flatMap((f) => w.films.get(f)!.actors)).filter((a) => a !== person);
}

export function filmsStarringBoth(w: World, a: string, b: string, scope: Scope = ALL_FILMS): string[] {
  const fb = new Set(films(w, b, "acted", scope));
  return films(w, a, "acted", scope).filter((f) => fb.has(f));
}

/** Actors who worked (acted) with both a and b; neither of them. */
export function coStarsOfBoth(w: World, a: string, b: string, scope: Scope = ALL_FILMS): string[] {
  const cb = new Set(coStars(w, b, scope));
  return coStars(w, a, scope).filter((x) => cb.has(x) && x !== b);
}

/** Directors who directed a film with a in it and a film with b in it. */
export function directorsOfBoth(w: World, a: string, b: string, scope: Scope = ALL_FILMS): string[] {
  const of = (p: string) => new Set(films(w, p, "acted", scope).flatMap((f) => w.films.get(f)!.directors));
  const db = of(b);
  return sorted([...of(a)].filter((d) => db.has(d) && d !== a && d !== b));
}

/** The person's films (in a role) that the KB does not file under the genre (no genre at all included). */
export function filmsWithoutGenre(w: World, person: string, role: Role, genre: string, scope: Scope = ALL_FILMS): string[] {
  return films(w, person, role, scope).filter((f) => !w.films.get(f)!.genres.includes(genre));
}

/** Films the director made that the actor is not in. */
export function directedWithout(w: World, director: string, actor: string, scope: Scope = ALL_FILMS): string[] {
  const with_ = new Set(films(w, actor, "acted", scope));
  return films(w, director, "directed", scope).filter((f) => !with_.has(f));
}

/** Films the person wrote but did not direct. */
export function wroteNotDirected(w: World, person: string, scope: Scope = ALL_FILMS): string[] {
  const directed = new Set(films(w, person, "directed", scope));
  return films(w, person, "wrote", scope).filter((f) => !directed.has(f));
}

/** How often each collaborator in `their` role shares a film with the person in `role`. */
export function collaborations(w: World, person: string, role: Role, their: "directors" | "writers" | "actors", scope: Scope = ALL_FILMS): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of films(w, person, role, scope)) for (const c of w.films.get(f)![their]) if (c !== person) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/** Collaborators with at least `min` shared films, sorted. */
export function atLeast(counts: ReadonlyMap<string, number>, min: number): string[] {
  return sorted([...counts].filter(([, n]) => n >= min).map(([c]) => c));
}

/** How many of the person's films carry each genre. */
export function genreCounts(w: World, person: string, role: Role, scope: Scope = ALL_FILMS): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of films(w, person, role, scope)) for (const g of w.films.get(f)!.genres) counts.set(g, (counts.get(g) ?? 0) + 1);
  return counts;
}

/** The most frequent key when it leads the runner-up by at least `margin` and reaches `min`. */
export function clearArgmax(counts: ReadonlyMap<string, number>, margin: number, min: number): { winner: string; n: number; runnerUp: number } | undefined {
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const [top, second] = ranked;
  if (!top || top[1] < min || top[1] - (second?.[1] ?? 0) < margin) return undefined;
  return { winner: top[0], n: top[1], runnerUp: second?.[1] ?? 0 };
}
