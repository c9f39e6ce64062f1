import { clearArgmax, collaborations, genreCounts, robust } from "./gold";
import { famousPeople } from "./people";
import { PER_INTENT, choose, collect, famousFirst, fill, roundRobin, slug, usageCap } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { personFame, type Role, type World } from "./world";

interface Kind {
  name: string;
  role: Role;
  /** What is counted over the person's films. */
  of: "genres" | "directors" | "actors";
  texts: readonly string[];
}

const KINDS: readonly Kind[] = [
  { name: "genre-of-director", role: "directed", of: "genres", texts: ["which genre does {p} direct most often?", "what genre are most of {p}'s {films}?", "what kind of {films} does {p} mostly direct?", "{p}'s most common genre"] },
  { name: "costar-of-actor", role: "acted", of: "actors", texts: ["who did {p} act with most?", "who has {p} starred with the most?", "{p}'s most frequent co-star?", "which actor has been in the most {films} with {p}?"] },
  { name: "director-of-actor", role: "acted", of: "directors", texts: ["which director has {p} worked with most?", "who directed {p} the most times?", "what director did {p} make the most {films} with", "{p}'s most frequent director?"] },
  { name: "actor-of-director", role: "directed", of: "actors", texts: ["which actor appears most in {p} {films}?", "who is {p}'s most frequent actor?", "which actor has {p} cast the most", "who shows up most often in {p}'s {films}?"] },
  { name: "genre-of-actor", role: "acted", of: "genres", texts: ["what genre has {p} acted in most?", "what kind of {films} is {p} mostly in?", "which genre does {p} appear in most often?", "most common genre of {p} {films}"] },
];

/**
 * most_common: the genre, co-star or director that recurs most across a famous person's films. Gold:
 * the argmax over KB facts, only when unique (ahead of the runner-up by at least one film, by two
 * for genres, whose counts run higher) and the same with merged titles left out.
 */
export function generateMostCommon(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "most_common");
  const queues = KINDS.map((kind) => famousFirst(famousPeople(w, kind.role, 5, 80).map((p) => ({ kind, p })), ({ p }) => personFame(w, p), v.rand, 60));
  const cap = usageCap(1);
  return collect(roundRobin(queues), n, ({ kind, p }) => {
    if (!cap.fits([p])) return undefined;
    const margin = kind.of === "genres" ? 2 : 1;
    const winner = robust(w, (scope) => clearArgmax(kind.of === "genres" ? genreCounts(w, p, kind.role, scope) : collaborations(w, p, kind.role, kind.of, scope), margin, 3)?.winner);
    if (!winner) return undefined;
    const [k, text] = choose(v.rand, kind.texts);
    cap.use([p]);
    return item("most_common", `${kind.name}-${k}`, slug(p), v.finish(fill(text, { p: v.person(p), films: v.films() })), [winner]);
  });
}
