import { choose, collect, famousFirst, fill, slug, usageCap } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { filmFame, isClearTitle, isMerged, type TmdbRow, type World } from "./world";

/** How many items each generator of this file aims for. */
const PER_KIND = 8;

/**
 * threshold (a bound said of one named film): "is {t} longer than 2 hours?" Gold: the film's TMDB running time against
 * the bound, at least 10 minutes from it either way; the gold answer is the film asked about, yes or no.
 */
export function generateNamedBounds(w: World, seed: number, n = PER_KIND): NaturalItem[] {
  const v = voice(w, seed, "named-bound");
  const texts = ["is {t} longer than {h} hours?", "does {t} run over {h} hours?", "is {t} more than {h} hours long?"];
  const hours = [1.5, 2, 2.5, 3];
  const films = famousFirst([...w.films.values()].filter((f) => isClearTitle(w, f.title) && (w.tmdb.get(f.title)?.runtime ?? 0) > 0), (f) => filmFame(w, f.title), v.rand, 120);
  return collect(films, n, (f, made) => {
    const runtime = w.tmdb.get(f.title)!.runtime;
    // Half of them yes, half no: the bound just under the running time, or just over it.
    const wantYes = made % 2 === 0;
    const h = wantYes ? [...hours].reverse().find((x) => runtime - x * 60 >= 10) : hours.find((x) => x * 60 - runtime >= 10);
    if (h === undefined) return undefined;
    const [k, text] = choose(v.rand, texts);
    return item("threshold", `named-bound-${wantYes ? "yes" : "no"}-${k}`, slug(f.title, String(h)), v.finish(fill(text, { t: v.title(f.title), h: String(h) })), [f.title], { kind: "verdict", verdict: wantYes ? "yes" : "no" });
  });
}

interface Ranked {
  name: string;
  metric: keyof Pick<TmdbRow, "runtime" | "revenue" | "budget">;
  texts: readonly string[];
}

const RANKED: readonly Ranked[] = [
  { name: "longest", metric: "runtime", texts: ["what is the {n} longest movie of all time?", "which film is the {n} longest ever?"] },
  { name: "grossing", metric: "revenue", texts: ["what is the {n} highest grossing film of all time?", "which movie made the {n} most money ever?"] },
  { name: "costliest", metric: "budget", texts: ["what is the {n} most expensive movie ever made?", "which film had the {n} highest budget of all time?"] },
];
const PLACES: readonly [string, number][] = [["second", 2], ["third", 3], ["fourth", 4]];

/**
 * superlative (a place before a ranking over every film): "what is the second highest grossing film of all time?" Gold:
 * every KB film whose title joins one TMDB row, ranked by that row's figure; the film at that place when no tie is
 * within one place of it.
 */
export function generatePlacesOfAll(w: World, seed: number): NaturalItem[] {
  const v = voice(w, seed, "place-of-all");
  const out: NaturalItem[] = [];
  for (const r of RANKED) {
    const ranked = [...w.tmdb.entries()].filter(([, row]) => row[r.metric] > 0).sort((a, b) => b[1][r.metric] - a[1][r.metric] || (a[0] < b[0] ? -1 : 1));
    for (const [word, nth] of PLACES) {
      const top = ranked.slice(0, nth + 1);
      const tied = top.slice(Math.max(0, nth - 2)).some(([, row], i, all) => i > 0 && row[r.metric] === all[i - 1]![1][r.metric]);
      if (top.length <= nth || tied) continue;
      const [k, text] = choose(v.rand, r.texts);
      out.push(item("superlative", `place-of-all-${r.name}-${k}`, word, v.finish(fill(text, { n: word })), [top[nth - 1]![0]]));
    }
  }
  return out;
}

/**
 * list (a film's people asked in another role, said after the film): "what movies did the writer of {t} direct?" Gold:
 * the films any writer of the film directed, the film itself left out; 1–12 films, all unmerged.
 */
export function generateOtherRoles(w: World, seed: number, n = PER_KIND): NaturalItem[] {
  const v = voice(w, seed, "other-role");
  const texts = [
    { of: "writers", in: "directors", text: "what movies did the writer of {t} direct?" },
    { of: "directors", in: "writers", text: "what films did the director of {t} write?" },
    { of: "actors", in: "directors", text: "which movies did the star of {t} direct?" },
  ] as const;
  const cap = usageCap(1);
  const films = famousFirst([...w.films.values()].filter((f) => isClearTitle(w, f.title)), (f) => filmFame(w, f.title), v.rand, 300);
  return collect(films, n, (f, made) => {
    const t = texts[made % texts.length]!;
    const people = f[t.of];
    if (!people.length || !cap.fits(people)) return undefined;
    const gold = [...new Set(people.flatMap((p) => [...w.films.values()].filter((g) => g.title !== f.title && g[t.in].includes(p)).map((g) => g.title)))].sort();
    if (gold.length < 1 || gold.length > 12 || gold.some((g) => isMerged(w, g))) return undefined;
    cap.use(people);
    return item("list", `other-role-${t.of}-${t.in}`, slug(f.title), v.finish(fill(t.text, { t: v.title(f.title) })), gold);
  });
}
