import { films } from "./gold";
import { famousPeople } from "./people";
import { PER_INTENT, choose, collect, famousFirst, fill, roundRobin, slug, sortedUnique, usageCap } from "./pool";
import { voice, type Voice } from "./phrasing";
import { SUPERLATIVES, clearWinner, type Superlative } from "./superlative";
import { item, type NaturalItem } from "./types";
import { GENRE_SINGULAR, LANGUAGE_CODE } from "./vocab";
import { decadeOf, filmFame, isMerged, personFame, type World } from "./world";

interface Constraint {
  kind: "director" | "actor" | "genre-decade" | "language";
  keys: string[];
  members: string[];
  fame: number;
  /** The constraint as a singular noun phrase: "Spielberg movie", "horror film from the 80s". */
  np: (v: Voice) => string;
}

/** `{X}` is the constraint's noun phrase. */
const TEMPLATES: Record<string, readonly string[]> = {
  best: ["what's the best {X}?", "highest rated {X}", "which is the top rated {X}?", "best rated {X}?"],
  worst: ["what's the worst {X}?", "lowest rated {X}", "which {X} has the worst rating?", "worst rated {X}"],
  popular: ["most popular {X}?", "what's the most popular {X}", "which {X} is the most popular?", "the most popular {X}"],
  grossing: ["highest grossing {X}?", "which {X} made the most money?", "what {X} earned the most at the box office", "top grossing {X}"],
  budget: ["which {X} had the biggest budget?", "most expensive {X}?", "{X} with the largest budget", "what was the most expensive {X} to make"],
  longest: ["longest {X}?", "what is the longest {X}", "which {X} has the longest runtime?", "longest running {X}"],
  shortest: ["shortest {X}", "what's the shortest {X}?", "which {X} is the shortest?", "{X} with the shortest runtime"],
};

/**
 * superlative: the best / worst / most popular / highest-grossing / most expensive / longest /
 * shortest film under a constraint (a person's films, a KB genre in a decade, a language), ranked
 * by TMDB figures joined on exact title and year. Gold: the winner's KB title, only when at least
 * three films have the figure, the winner is clearly ahead, and the winner stays the same under
 * every reading of the constraint (see winnerOf).
 */
export function generateSuperlatives(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "superlative");
  const queue = (cs: Constraint[], top = 40) => famousFirst(cs, (c) => c.fame, v.rand, top);
  const queues = [queue(people(w, "director")), queue(groups(w, "language"), 8), queue(groups(w, "genre-decade")), queue(people(w, "actor"))];
  const cap = usageCap(1);
  const used = new Map<string, number>();
  return collect(roundRobin(queues), n, (c) => {
    if (!cap.fits(c.keys)) return undefined;
    // The least used measure first, so the set covers all seven.
    const order = [...SUPERLATIVES].sort((a, b) => (used.get(a.name) ?? 0) - (used.get(b.name) ?? 0) || v.rand() - 0.5);
    for (const s of order) {
      const winner = winnerOf(w, c, s);
      if (!winner) continue;
      const [k, text] = choose(v.rand, TEMPLATES[s.name]!);
      cap.use(c.keys);
      used.set(s.name, (used.get(s.name) ?? 0) + 1);
      return item("superlative", `${s.name}-${c.kind}-${k}`, slug(...c.keys), v.finish(fill(text, { X: c.np(v) })), [winner]);
    }
    return undefined;
  });
}

/**
 * The winner, the same whether merged titles are ranked or not (a merged title's TMDB row may be
 * another film's) and, for a language, whether films in several languages count or not; a
 * language's winner must also have that original language in TMDB.
 */
function winnerOf(w: World, c: Constraint, s: Superlative): string | undefined {
  const readings = [c.members, c.members.filter((f) => !isMerged(w, f))];
  if (c.kind === "language") readings.push(...readings.map((fs) => fs.filter((f) => w.films.get(f)!.languages.length === 1)));
  const winners = readings.map((fs) => clearWinner(w, fs, s, c.kind === "language" ? 5 : 3));
  const winner = winners.every((x) => x !== undefined && x === winners[0]) ? winners[0] : undefined;
  // The KB files Pearl Harbor under Japanese: a language's winner must be in that language in TMDB too.
  if (winner && c.kind === "language" && w.tmdb.get(winner)?.originalLanguage !== LANGUAGE_CODE[c.keys[0]!]) return undefined;
  return winner;
}

function people(w: World, kind: "director" | "actor"): Constraint[] {
  const role = kind === "director" ? "directed" : "acted";
  return famousPeople(w, role, 4, 80).map((p) => ({
    kind,
    keys: [p],
    members: films(w, p, role),
    fame: personFame(w, p),
    np: (v) => {
      const name = v.person(p);
      const film = v.films().replace(/s$/, "");
      return kind === "director" ? v.pick([`${name} ${film}`, `${film} directed by ${name}`, `${name} ${film}`]) : v.pick([`${name} ${film}`, `${film} with ${name}`, `${film} starring ${name}`]);
    },
  }));
}

function groups(w: World, kind: "genre-decade" | "language"): Constraint[] {
  const byKey = new Map<string, string[]>();
  const add = (k: string, f: string) => byKey.set(k, [...(byKey.get(k) ?? []), f]);
  for (const f of w.films.values()) {
    if (kind === "language") for (const l of f.languages) if (LANGUAGE_CODE[l]) add(l, f.title);
    if (kind === "genre-decade") for (const g of f.genres) if (GENRE_SINGULAR[g]) for (const y of f.years) if (Number(y) >= 1930) add(`${g}|${decadeOf(y)}`, f.title);
  }
  return [...byKey].map(([k, fs]) => {
    const [a, b] = k.split("|") as [string, string?];
    const members = sortedUnique(fs);
    return {
      kind,
      keys: [k],
      members,
      fame: members.reduce((s, f) => s + filmFame(w, f), 0),
      np: (v: Voice) => {
        if (kind === "language") return `${v.chance(0.5) ? a.toLowerCase() : a} ${v.films().replace(/s$/, "")}`;
        return `${GENRE_SINGULAR[a]!} ${v.pick(["from", "of", "from"])} ${v.decade(Number(b))}`;
      },
    };
  });
}
