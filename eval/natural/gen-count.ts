import { films, filmsStarringBoth } from "./gold";
import { coStarPairs, famousPeople } from "./people";
import { PER_INTENT, choose, collect, famousFirst, fill, roundRobin, slug, sortedUnique, usageCap } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { GENRE_PLURAL } from "./vocab";
import { filmFame, isMerged, personFame, type Role, type World } from "./world";

interface Candidate {
  kind: "directed" | "wrote" | "acted" | "together" | "genre-year";
  keys: string[];
  members: () => string[];
  fame: number;
}

const TEMPLATES: Record<Candidate["kind"], readonly string[]> = {
  directed: ["how many films did {p} direct?", "how many movies has {p} directed", "number of {films} directed by {p}?", "how many {films} has {p} made as a director?"],
  wrote: ["how many films did {p} write?", "how many screenplays has {p} written?", "number of {films} written by {p}", "how many movies has {p} got a writing credit on?"],
  acted: ["how many movies has {p} been in?", "how many films has {p} acted in", "in how many {films} did {p} appear?", "number of {films} starring {p}"],
  together: ["how many {films} did {p} and {q} make together?", "how many movies have {p} and {q} been in together?", "in how many films do {p} and {q} both appear", "count the {films} starring both {p} and {q}"],
  "genre-year": ["how many {G} came out in {y}?", "how many {G} were released in {y}", "number of {G} from {y}?", "how many {G} are there from {y}?"],
};

/**
 * count: the size of a small set (2–15 films) — a person's films in a role, two actors' shared
 * films, a genre's films of one year. Gold: the number, with the films as `answers`. A set holding a
 * merged title is skipped: one KB entry may stand for two films of the same person.
 */
export function generateCounts(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "count");
  const role = (kind: Role, min: number) => famousPeople(w, kind, min, 80).map((p): Candidate => ({ kind: kind, keys: [p], members: () => films(w, p, kind), fame: personFame(w, p) }));
  const genreYears = new Map<string, string[]>();
  for (const f of w.films.values()) for (const y of f.years) for (const g of f.genres) if (GENRE_PLURAL[g]) genreYears.set(`${g}|${y}`, [...(genreYears.get(`${g}|${y}`) ?? []), f.title]);
  const queue = (cs: Candidate[]) => famousFirst(cs, (c) => c.fame, v.rand, 60);
  const queues = [
    queue(role("directed", 2)),
    queue(role("acted", 2)),
    queue(coStarPairs(w, 80, 400).map(([p, q]): Candidate => ({ kind: "together", keys: [p, q], members: () => filmsStarringBoth(w, p, q), fame: personFame(w, p) + personFame(w, q) }))),
    queue(role("wrote", 2)),
    queue([...genreYears].map(([k, fs]): Candidate => ({ kind: "genre-year", keys: k.split("|"), members: () => sortedUnique(fs), fame: fs.reduce((s, f) => s + filmFame(w, f), 0) }))),
  ];
  const cap = usageCap(1);
  return collect(roundRobin(queues), n, (c) => {
    if (!cap.fits(c.keys)) return undefined;
    const members = c.members();
    if (members.length < 2 || members.length > 15 || members.some((f) => isMerged(w, f))) return undefined;
    const [k, text] = choose(v.rand, TEMPLATES[c.kind]);
    const [a, b] = c.keys as [string, string?];
    const slots: Record<string, string> = c.kind === "genre-year" ? { G: fill(v.pick(GENRE_PLURAL[a]!), { films: v.films() }), y: b! } : { p: v.person(a), q: b ? v.person(b) : "", films: v.films() };
    cap.use(c.keys);
    return item("count", `${c.kind}-${k}`, slug(...c.keys), v.finish(fill(text, slots)), members, { kind: "count", count: members.length });
  });
}
