import { atLeast, collaborations, robust } from "./gold";
import { famousPeople } from "./people";
import { PER_INTENT, choose, collect, famousFirst, fill, roundRobin, slug, usageCap } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { personFame, type Role, type World } from "./world";

interface Kind {
  name: string;
  role: Role;
  their: "directors" | "writers" | "actors";
  min: number;
  texts: readonly string[];
}

/** `{p}` is the person, `{films}` the film word; each kind fixes the threshold its words say. */
const KINDS: readonly Kind[] = [
  { name: "actors-of-director-3", role: "directed", their: "actors", min: 3, texts: ["actors who appeared in {p} {films} more than twice", "which actors have been in at least 3 {p} {films}?", "who has acted in three or more {films} directed by {p}?", "actors that {p} cast more than two times"] },
  { name: "actors-of-director-2", role: "directed", their: "actors", min: 2, texts: ["which actors has {p} worked with more than once?", "who has {p} cast in more than one film?", "actors who appeared in multiple {p} {films}", "actors in at least two {films} by {p}"] },
  { name: "directors-of-actor-2", role: "acted", their: "directors", min: 2, texts: ["directors {p} worked with multiple times", "which directors has {p} made more than one film with?", "who directed {p} more than once?", "directors that worked with {p} at least twice"] },
  { name: "costars-of-actor-3", role: "acted", their: "actors", min: 3, texts: ["who has {p} acted with in at least three {films}?", "actors who co-starred with {p} more than twice", "which actors appear with {p} in 3 or more {films}?", "{p}'s co-stars in more than two {films}"] },
  { name: "writers-of-director-2", role: "directed", their: "writers", min: 2, texts: ["which writers has {p} worked with more than once?", "writers who wrote at least two {films} for {p}", "who wrote more than one {p} movie?", "screenwriters {p} teamed up with multiple times"] },
];

/**
 * threshold: collaborators who share at least N films with a famous person. Gold: the exact set by
 * count over KB facts, robust to merged titles, with 1–12 members; the person is never a member.
 */
export function generateThresholds(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "threshold");
  const queues = KINDS.map((kind) => famousFirst(famousPeople(w, kind.role, 4, 80).map((p) => ({ kind, p })), ({ p }) => personFame(w, p), v.rand, 60));
  const cap = usageCap(1);
  return collect(roundRobin(queues), n, ({ kind, p }) => {
    if (!cap.fits([p])) return undefined;
    const gold = robust(w, (scope) => atLeast(collaborations(w, p, kind.role, kind.their, scope), kind.min));
    if (!gold || gold.length < 1 || gold.length > 12) return undefined;
    const [k, text] = choose(v.rand, kind.texts);
    cap.use([p]);
    return item("threshold", `${kind.name}-${k}`, slug(p), v.finish(fill(text, { p: v.person(p), films: v.films() })), gold);
  });
}
