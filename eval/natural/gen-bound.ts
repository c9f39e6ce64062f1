import { films, unmergedFilms } from "./gold";
import { famousPeople } from "./people";
import { choose, collect, famousFirst, fill, roundRobin, slug, usageCap } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { isMerged, personFame, type Role, type World } from "./world";

/** How many items the figure-bound generator aims for. */
const PER_KIND = 8;

interface Bound {
  name: string;
  role: Role;
  /** The running time the films must be over, in minutes, as said in the question. */
  minutes: number;
  texts: readonly string[];
}

/** `{p}` is the person, `{films}` the film word. */
const BOUNDS: readonly Bound[] = [
  { name: "director-over-2h", role: "directed", minutes: 120, texts: ["which {p} {films} are longer than 2 hours?", "{films} directed by {p} that run over 2 hours", "what did {p} direct that is more than 2 hours long?"] },
  { name: "actor-over-2h", role: "acted", minutes: 120, texts: ["{films} with {p} longer than 2 hours", "which {films} starring {p} run more than 2 hours?", "what {films} has {p} been in that are over 2 hours long?"] },
  { name: "director-over-150m", role: "directed", minutes: 150, texts: ["{p} {films} longer than 150 minutes", "which {films} did {p} direct that are over 2.5 hours?"] },
];

/**
 * list (a figure's bound): a famous person's films whose TMDB running time is over the bound said. Gold: the person's
 * films in the role with a TMDB row whose runtime is over it; a person with a merged title among their films is skipped
 * (its TMDB row may be another edition's), as is one whose films have no runtime at all. 1–12 films.
 */
export function generateBounds(w: World, seed: number, n = PER_KIND * 2): NaturalItem[] {
  const v = voice(w, seed, "bound");
  const queues = BOUNDS.map((bound) => famousFirst(famousPeople(w, bound.role, 4, 60).map((p) => ({ bound, p })), ({ p }) => personFame(w, p), v.rand, 30));
  const cap = usageCap(1);
  return collect(roundRobin(queues), n, ({ bound, p }) => {
    const all = films(w, p, bound.role);
    if (!cap.fits([p]) || all.some((f) => isMerged(w, f)) || !all.every((f) => w.tmdb.get(f)?.runtime)) return undefined;
    const gold = films(w, p, bound.role, unmergedFilms(w)).filter((f) => (w.tmdb.get(f)?.runtime ?? 0) > bound.minutes).sort();
    if (gold.length < 1 || gold.length > 12 || gold.length === all.length) return undefined;
    const [k, text] = choose(v.rand, bound.texts);
    cap.use([p]);
    return item("list", `bound-${bound.name}-${k}`, slug(p), v.finish(fill(text, { p: v.person(p), films: v.films() })), gold);
  });
}

/**
 * intersection (a claim over every film of a set): "did {actor} star in every film {director} directed?" Gold: the
 * director's films, all of them in the KB with the actor (yes) or some (no); the answers are the films that meet it.
 */
export function generateUniversals(w: World, seed: number, n = PER_KIND * 2): NaturalItem[] {
  const v = voice(w, seed, "universal");
  const texts = ["did {a} act in every film {d} directed?", "was {a} in all of {d}'s {films}?", "has {a} starred in each movie by {d}?"];
  const pairs: { d: string; a: string; met: string[]; all: string[] }[] = [];
  for (const d of famousPeople(w, "directed", 2, 160)) {
    const all = films(w, d, "directed");
    if (all.length > 12 || all.some((f) => isMerged(w, f))) continue;
    const cast = new Map<string, string[]>();
    for (const f of all) for (const a of w.films.get(f)!.actors) cast.set(a, [...(cast.get(a) ?? []), f]);
    for (const [a, met] of cast) if (a !== d && met.length >= 2) pairs.push({ d, a, met: met.sort(), all });
  }
  const yes = famousFirst(pairs.filter((x) => x.met.length === x.all.length), (x) => personFame(w, x.d), v.rand, 20);
  const no = famousFirst(pairs.filter((x) => x.met.length < x.all.length), (x) => personFame(w, x.d), v.rand, 20);
  const cap = usageCap(1);
  return collect(roundRobin([yes, no]), n, (x) => {
    if (!cap.fits([x.d])) return undefined;
    const [k, text] = choose(v.rand, texts);
    cap.use([x.d]);
    const verdict = x.met.length === x.all.length ? "yes" : "no";
    return item("intersection", `universal-${verdict}-${k}`, slug(x.a, x.d), v.finish(fill(text, { a: v.person(x.a), d: v.person(x.d), films: v.films() })), x.met, { kind: "verdict", verdict });
  });
}
