import { choose, collect, famousFirst, fill, slug } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { filmFame, isClearTitle, type TmdbRow, type World } from "./world";

/** How many items each generator of this file aims for. */
const PER_KIND = 8;
/** Films people ask about by name are known ones: at least this many TMDB votes. */
const MIN_VOTES = 500;

/**
 * Films TMDB lists and the KB lacks, well known, with a title a person can say: letters in it, and not one ordinary
 * word (a single word many plots use is no title said alone). The yardstick's own reading of the TMDB file.
 */
function askable(w: World): TmdbRow[] {
  return w.tmdbOnly.filter((r) => r.voteCount >= MIN_VOTES && r.year !== undefined && /\p{L}/u.test(r.title) && /^[\p{L}\p{N} .,'&:!?-]+$/u.test(r.title) && !ordinaryWord(w, r.title));
}

function ordinaryWord(w: World, title: string): boolean {
  const words = title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((x) => x && !["the", "a", "an", "of"].includes(x));
  return words.length === 1 && (w.plotWords.get(words[0]!) ?? 0) > 8;
}

/**
 * fact (a film TMDB lists and the KB lacks, asked by name): its release year, running time, budget, box office or
 * genres. Gold: the figure or the genres as its TMDB row states them.
 */
export function generateTmdbOnlyFacts(w: World, seed: number, n = PER_KIND * 2): NaturalItem[] {
  const v = voice(w, seed, "tmdb-only-facts", { typoRate: 0 });
  const asks: readonly { key: string; texts: readonly string[]; gold: (r: TmdbRow) => string[] }[] = [
    { key: "year", texts: ["when did {t} come out?", "what year was {t} released?"], gold: (r) => (r.year ? [r.year] : []) },
    { key: "runtime", texts: ["how long is {t}?", "what is the running time of {t}?"], gold: (r) => (r.runtime ? [String(r.runtime)] : []) },
    { key: "budget", texts: ["what was the budget of {t}?", "how much did {t} cost to make?"], gold: (r) => (r.budget ? [String(r.budget)] : []) },
    { key: "revenue", texts: ["how much did {t} make at the box office?", "what was the box office of {t}?"], gold: (r) => (r.revenue ? [String(r.revenue)] : []) },
    { key: "genre", texts: ["what genre is {t}?", "what kind of movie is {t}?"], gold: (r) => r.genres },
  ];
  const films = famousFirst(askable(w), (r) => r.voteCount, v.rand, 120);
  return collect(films, n, (r, made) => {
    const ask = asks[made % asks.length]!;
    const gold = ask.gold(r);
    if (!gold.length) return undefined;
    const [k, text] = choose(v.rand, ask.texts);
    return item("fact", `tmdb-only-${ask.key}-${k}`, slug(r.title), v.finish(fill(text, { t: v.title(r.title) })), gold);
  });
}

/**
 * fact (a film TMDB lists and the KB lacks, compared with one the KB has): "was {t} released before {k}?", "is {t}
 * longer than {k}?". Gold: yes or no from the two TMDB rows (the KB film's joined row), and the KB film as the answer's
 * one KB name; equal figures are not asked.
 */
export function generateTmdbOnlyComparisons(w: World, seed: number, n = PER_KIND): NaturalItem[] {
  const v = voice(w, seed, "tmdb-only-compare", { typoRate: 0 });
  const lacked = famousFirst(askable(w), (r) => r.voteCount, v.rand, 80);
  const held = famousFirst([...w.tmdb.values()].filter((r) => isClearTitle(w, r.title) && r.runtime > 0 && r.year !== undefined), (r) => filmFame(w, r.title), v.rand, 80);
  const pairs = lacked.map((r, i) => ({ r, k: held[i % Math.max(1, held.length)]! })).filter((p) => p.k !== undefined);
  return collect(pairs, n, ({ r, k }, made) => {
    const byYear = made % 2 === 0;
    const a = byYear ? Number(r.year) : r.runtime;
    const b = byYear ? Number(k.year) : k.runtime;
    if (!a || !b || a === b) return undefined;
    const texts = byYear ? ["was {t} released before {k}?", "did {t} come out before {k}?"] : ["is {t} longer than {k}?", "is {t} a longer movie than {k}?"];
    const [x, text] = choose(v.rand, texts);
    const yes = byYear ? a < b : a > b;
    // The answer's films: the KB's one named (the other is no KB name).
    return item("fact", `tmdb-only-compare-${byYear ? "year" : "runtime"}-${x}`, slug(r.title, k.title), v.finish(fill(text, { t: v.title(r.title), k: v.title(k.title) })), [k.title], { kind: "verdict", verdict: yes ? "yes" : "no" });
  });
}
