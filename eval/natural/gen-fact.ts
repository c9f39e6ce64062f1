import { PER_INTENT, collect, famousFirst, fill, slug } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { filmFame, isClearTitle, type Film, type World } from "./world";

type Field = "directors" | "writers" | "years" | "languages" | "genres" | "actors";

/** Phrasings per relation: `{t}` is the film as typed. */
const TEMPLATES: Record<Field, readonly string[]> = {
  directors: ["who directed {t}?", "who was the director of {t}?", "{t} was directed by who?", "who's the director of {t}"],
  writers: ["who wrote {t}?", "who wrote the screenplay for {t}?", "who was the writer of {t}?", "{t} screenwriter?"],
  years: ["when did {t} come out?", "what year was {t} released?", "{t} release year", "when was {t} made?"],
  languages: ["what language is {t} in?", "what language is {t}?", "which language is {t} spoken in?", "original language of {t}?"],
  genres: ["what genre is {t}?", "{t} is what genre?", "which genre does {t} belong to?", "genre of {t}?"],
  actors: ["who stars in {t}?", "who's in {t}?", "who acted in {t}?", "who played in {t}?"],
};
const ORDER: readonly Field[] = ["directors", "years", "writers", "actors", "genres", "languages"];

/** fact: one relation of a named film. Gold: the KB objects of that relation. */
export function generateFacts(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "fact");
  const films = famousFirst([...w.films.values()].filter((f) => isClearTitle(w, f.title) && f.directors.length > 0), (f) => filmFame(w, f.title), v.rand, 150);
  return collect(films, n, (f, made) => {
    const field = nextField(f, made);
    if (!field) return undefined;
    const gold = f[field];
    if (field === "actors" && gold.length < 2) return undefined;
    const k = Math.floor(v.rand() * TEMPLATES[field].length);
    const q = v.finish(fill(TEMPLATES[field][k]!, { t: v.title(f.title) }));
    return item("fact", `${field}-${k}`, slug(f.title), q, [...gold]);
  });
}

/** The relation to ask about next: cycles through the relations, skipping those the film lacks. */
function nextField(f: Film, made: number): Field | undefined {
  for (let i = 0; i < ORDER.length; i++) {
    const field = ORDER[(made + i) % ORDER.length]!;
    if (f[field].length > 0 && (field !== "years" || f.years.length === 1)) return field;
  }
  return undefined;
}
