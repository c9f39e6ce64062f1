import { filmsOf, isPlainPersonName, personFame, type Role, type World } from "./world";

const cache = new WeakMap<World, Map<string, string[]>>();

/**
 * The best-known people in a role with at least `min` films there, most famous first: the people
 * users ask about. Directors and actors must be mainly that (three times as many films in the role
 * as in the other), so "Eastwood westerns" or "Tarantino films" never leave open which role is
 * meant. Cached per world and role.
 */
export function famousPeople(w: World, role: Role, min: number, top: number): string[] {
  let byRole = cache.get(w);
  if (!byRole) cache.set(w, (byRole = new Map()));
  const key = `${role}:${min}`;
  let ranked = byRole.get(key);
  if (!ranked) {
    ranked = [...w.people[role].keys()].filter((p) => isPlainPersonName(p) && filmsOf(w, p, role).length >= min && mainly(w, p, role)).map((p) => [p, personFame(w, p)] as const).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([p]) => p);
    byRole.set(key, ranked);
  }
  return ranked.slice(0, top);
}

function mainly(w: World, person: string, role: Role): boolean {
  if (role === "wrote") return true;
  const other = role === "acted" ? "directed" : "acted";
  return filmsOf(w, person, role).length >= 3 * filmsOf(w, person, other).length;
}

/** Unordered pairs of a list, in order. */
export function pairs<T>(xs: readonly T[]): [T, T][] {
  const out: [T, T][] = [];
  for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) out.push([xs[i]!, xs[j]!]);
  return out;
}

/** Pairs of well-known actors who share at least one film (a, b in name order). */
export function coStarPairs(w: World, top: number, partners: number): [string, string][] {
  const known = new Set(famousPeople(w, "acted", 5, partners));
  const out: [string, string][] = [];
  for (const a of famousPeople(w, "acted", 5, top)) {
    const mates = new Set(filmsOf(w, a, "acted").flatMap((f) => w.films.get(f)!.actors));
    for (const b of mates) if (known.has(b) && a < b) out.push([a, b]);
  }
  return out;
}
