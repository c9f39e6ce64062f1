import { PER_INTENT, choose, collect, fill, slug } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { GENRE_NOUN, OPTION_GENRE } from "./vocab";
import type { World } from "./world";

/** Kinds of film people ask about; membership and gold come from the data, not from this list. */
export const CONCEPTS = [
  "vampire", "zombie", "werewolf", "ghost", "witch", "monster", "alien", "time travel", "serial killer", "superhero", "heist",
  "spy", "martial arts", "wedding", "christmas", "high school", "prison", "kidnapping", "hitman", "slasher", "dystopia",
  "road trip", "boxing", "dinosaur", "robot", "pirate", "gangster", "mafia", "college", "haunted house", "exorcism",
];
/** How a concept reads before "movies" when its tag does not ("dystopia" → "dystopian movies"). */
const AS_ADJECTIVE: Record<string, string> = { dystopia: "dystopian" };

const ADJ = ["are {c} {films} usually {a} or {b}?", "is a typical {c} movie {a} or {b}", "{c} {films}: mostly {a} or {b}?", "would you say {c} movies are more {a} or {b}?"];
const NOUN = ["are {c} films more {a} or {b}", "{c} movies, more {a} or {b}?", "are most {c} movies {a} or {b}?", "do {c} movies lean more {a} or {b}?"];
const OPEN = ["what genre are most {c} movies?", "what genre do {c} {films} usually fall under", "most {c} movies are what genre?", "what kind of genre is typical for {c} films"];

/** KB films that are about the concept: a KB tag or a TMDB keyword equal to it, singular or plural. */
export function conceptFilms(w: World, concept: string): string[] {
  const forms = new Set([concept, `${concept}s`, `${concept}es`, concept.replace(/s$/, "")]);
  return [...w.films.values()].filter((f) => f.tags.some((t) => forms.has(t)) || (w.tmdb.get(f.title)?.keywords ?? []).some((k) => forms.has(k))).map((f) => f.title).sort();
}

/** How many member films carry each KB genre. */
export function genreShares(w: World, members: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of members) for (const g of w.films.get(m)!.genres) counts.set(g, (counts.get(g) ?? 0) + 1);
  return counts;
}

/** The genre of the two that clearly dominates: at least 5 films and 1.5 times the other's count. */
export function dominant(counts: ReadonlyMap<string, number>, a: string, b: string): string | undefined {
  const [x, y] = [counts.get(a) ?? 0, counts.get(b) ?? 0];
  if (x >= 5 && x >= 1.5 * y) return a;
  if (y >= 5 && y >= 1.5 * x) return b;
  return undefined;
}

/**
 * kind_of_film: "are vampire movies usually scary or funny?", "what genre are most heist movies?".
 * Members: KB tag ∪ TMDB keyword (singular or plural). Options map to KB genres (scary→Horror, …).
 * The options asked are the concept's leading option genre, which must lead among all genres, and
 * the next one it clearly dominates (5+ films, 1.5 times as many). Gold: the option with the larger share among members (for the
 * open question: the top genre at 1.4 times the runner-up). answers[0] is the genre name.
 */
export function generateKindOfFilm(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "kind_of_film");
  const concepts = [...CONCEPTS].sort(() => v.rand() - 0.5);
  return collect(concepts, n, (c, made) => {
    const members = conceptFilms(w, c);
    if (members.length < 10) return undefined;
    const counts = genreShares(w, members);
    const style = made % 3;
    if (style === 2) {
      const ranked = [...counts].sort((x, y) => y[1] - x[1]);
      const [top, second] = ranked;
      if (!top || top[1] < 5 || top[1] < 1.4 * (second?.[1] ?? 0)) return undefined;
      const [k, text] = choose(v.rand, OPEN);
      return item("kind_of_film", `open-${k}`, slug(c), v.finish(fill(text, { c: phrase(c), films: v.films() })), [top[0]]);
    }
    // The concept's leading option genre against the next one it clearly beats: the two a user would weigh.
    // The winner must lead among all genres too: "gangster films, funny or exciting?" has no good answer (Crime).
    const ranked = [...new Set(Object.values(OPTION_GENRE))].sort((x, y) => (counts.get(y) ?? 0) - (counts.get(x) ?? 0) || (x < y ? -1 : 1));
    const winner = ranked[0]!;
    if ([...counts].some(([g, k]) => g !== winner && k >= (counts.get(winner) ?? 0))) return undefined;
    const loser = ranked.slice(1).find((g) => dominant(counts, winner, g) === winner);
    if (!loser) return undefined;
    const word = (g: string) => (style === 0 ? v.pick(Object.keys(OPTION_GENRE).filter((o) => OPTION_GENRE[o] === g)) : GENRE_NOUN[g]!);
    const [x, y] = v.chance(0.5) ? [winner, loser] : [loser, winner];
    const [k, text] = choose(v.rand, style === 0 ? ADJ : NOUN);
    return item("kind_of_film", `${style === 0 ? "adjective" : "noun"}-${k}`, slug(c, x, y), v.finish(fill(text, { c: phrase(c), a: word(x), b: word(y), films: v.films() })), [winner]);
  });
}

const phrase = (c: string) => AS_ADJECTIVE[c] ?? c;
