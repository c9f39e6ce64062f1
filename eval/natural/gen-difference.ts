import { collaborations, directedWithout, films, filmsWithoutGenre, wroteNotDirected } from "./gold";
import { famousPeople } from "./people";
import { PER_INTENT, choose, collect, famousFirst, fill, roundRobin, slug, usageCap } from "./pool";
import { voice, type Voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { GENRE_PLURAL } from "./vocab";
import { personFame, type World } from "./world";

interface Candidate {
  kind: "actor-not-genre" | "director-not-genre" | "directed-without" | "wrote-not-directed";
  people: string[];
  genre?: string;
  fame: number;
}

const TEMPLATES: Record<Candidate["kind"], readonly string[]> = {
  "actor-not-genre": ["{p} {films} that are not {G}", "which {p} {films} aren't {G}?", "{p} {films} except {G}", "what has {p} been in besides {G}?"],
  "director-not-genre": ["{p} {films} except {G}", "which {films} did {p} direct that aren't {G}?", "{films} directed by {p} that are not {G}", "{p}'s {films} other than {G}"],
  "directed-without": ["{films} directed by {p} that {q} did not star in", "which {p} {films} don't have {q} in them?", "{p} {films} without {q}", "what did {p} direct without {q}?"],
  "wrote-not-directed": ["{films} {p} wrote but didn't direct", "which {films} did {p} write without directing them?", "what has {p} written that someone else directed?", "{p} scripts that someone else directed"],
};

/**
 * difference: a person's films minus a genre, a director's films minus those with an actor, films
 * a person wrote minus those they directed. Gold: the exact difference over KB facts (a film with no
 * KB genre is "not a comedy"); the part taken away is never empty, nor is what is left.
 */
export function generateDifferences(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "difference");
  const actors = famousPeople(w, "acted", 6, 80);
  const directors = famousPeople(w, "directed", 5, 60);
  const writers = famousPeople(w, "wrote", 4, 60);
  const genres = ["Comedy", "Drama", "Action", "Thriller", "Crime", "Horror", "Adventure", "Animation"];
  const queue = (cs: Candidate[]) => famousFirst(cs, (c) => c.fame, v.rand, 60);
  const queues = [
    queue(actors.flatMap((p) => genres.map((genre): Candidate => ({ kind: "actor-not-genre", people: [p], genre, fame: personFame(w, p) })))),
    queue(directors.flatMap((p) => genres.map((genre): Candidate => ({ kind: "director-not-genre", people: [p], genre, fame: personFame(w, p) })))),
    queue(directors.flatMap((d) => [...collaborations(w, d, "directed", "actors")].filter(([, k]) => k >= 3).map(([a]): Candidate => ({ kind: "directed-without", people: [d, a], fame: personFame(w, d) + personFame(w, a) })))),
    queue(writers.map((p): Candidate => ({ kind: "wrote-not-directed", people: [p], fame: personFame(w, p) }))),
  ];
  const cap = usageCap(2);
  return collect(roundRobin(queues), n, (c) => {
    if (!cap.fits(c.people)) return undefined;
    const gold = goldOf(w, c);
    if (!gold) return undefined;
    const [k, text] = choose(v.rand, TEMPLATES[c.kind]);
    cap.use(c.people);
    return item("difference", `${c.kind}-${k}`, slug(...c.people, c.genre ?? ""), v.finish(phrase(v, text, c)), gold);
  });
}

/**
 * The difference over all KB facts, when at least two films are left and at least two taken away. Every member is certain even for
 * a merged title (a merged entry is the union of its films, so "no Comedy in the union" holds for
 * each); what a merged title may wrongly lose is left out of the gold, as any KB reading leaves it out.
 */
function goldOf(w: World, c: Candidate): string[] | undefined {
  const [p, q] = c.people as [string, string?];
  const role = c.kind === "actor-not-genre" ? "acted" : c.kind === "wrote-not-directed" ? "wrote" : "directed";
  const base = films(w, p, role);
  const gold =
    c.kind === "directed-without" ? directedWithout(w, p, q!) : c.kind === "wrote-not-directed" ? wroteNotDirected(w, p) : filmsWithoutGenre(w, p, role, c.genre!);
  if (gold.length < 2 || base.length - gold.length < 2 || gold.length > 20) return undefined;
  return gold;
}

function phrase(v: Voice, text: string, c: Candidate): string {
  const G = c.genre ? fill(GENRE_PLURAL[c.genre]![0]!, { films: "films" }) : "";
  return fill(text, { p: v.person(c.people[0]!), q: c.people[1] ? v.person(c.people[1]) : "", films: v.films(), G });
}
