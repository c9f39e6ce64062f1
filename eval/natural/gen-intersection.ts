import { coStarsOfBoth, directorsOfBoth, filmsStarringBoth, robust } from "./gold";
import { coStarPairs, famousPeople, pairs } from "./people";
import { PER_INTENT, choose, collect, famousFirst, fill, roundRobin, slug, usageCap } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { personFame, type World } from "./world";

const TEMPLATES = {
  "films-both": ["films starring both {a} and {b}", "what {films} are {a} and {b} both in?", "which {films} have {a} and {b} together?", "{films} with {a} and {b}"],
  "costars-both": ["actors who worked with both {a} and {b}", "which actors have been in {films} with both {a} and {b}?", "who has acted alongside both {a} and {b}?", "who starred with {a} and also with {b}?"],
  "directors-both": ["which directors worked with {a} and {b}?", "directors who have directed both {a} and {b}", "who has directed both {a} and {b}?", "name the directors that worked with {a} and with {b}"],
} as const;
type Kind = keyof typeof TEMPLATES;

const GOLD: Record<Kind, { gold: typeof filmsStarringBoth; min: number; max: number }> = {
  "films-both": { gold: filmsStarringBoth, min: 2, max: 10 },
  "costars-both": { gold: coStarsOfBoth, min: 1, max: 20 },
  "directors-both": { gold: directorsOfBoth, min: 1, max: 8 },
};

/**
 * intersection: what two famous actors share — films they are both in, actors who worked with both,
 * directors who directed both. Gold: the exact intersection over KB facts.
 */
export function generateIntersections(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "intersection");
  const actors = famousPeople(w, "acted", 5, 80);
  const fame = ([a, b]: [string, string]) => personFame(w, a) + personFame(w, b);
  const byPair = famousFirst(pairs(actors), fame, v.rand, 400);
  // Two famous actors rarely share two films; pairs of co-stars do.
  const mates = famousFirst(coStarPairs(w, 80, 400), fame, v.rand, 400);
  const queues: { kind: Kind; a: string; b: string }[][] = [
    mates.map(([a, b]) => ({ kind: "films-both", a, b })),
    byPair.map(([a, b]) => ({ kind: "costars-both", a, b })),
    byPair.map(([a, b]) => ({ kind: "directors-both", a, b })),
  ];
  const cap = usageCap(2);
  return collect(roundRobin(queues), n, ({ kind, a, b }) => {
    if (!cap.fits([a, b])) return undefined;
    const { gold, min, max } = GOLD[kind];
    const answers = robust(w, (scope) => gold(w, a, b, scope));
    if (!answers || answers.length < min || answers.length > max) return undefined;
    const [k, text] = choose(v.rand, TEMPLATES[kind]);
    const q = v.finish(fill(text, { a: v.person(a), b: v.person(b), films: v.films() }));
    cap.use([a, b]);
    return item("intersection", `${kind}-${k}`, slug(a, b), q, answers);
  });
}
