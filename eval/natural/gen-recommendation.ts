import { PER_INTENT, choose, collect, famousFirst, fill, slug } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { decadeOf, filmFame, isClearTitle, type World } from "./world";

/** Tags that say nothing about a film's content, besides those carried by very many films. */
const UNINFORMATIVE_TAGS = new Set(["bd-r", "r"]);
/** TMDB keywords about the credits or the crew, not the film: Finding Nemo is not like 22 Jump Street. */
const UNINFORMATIVE_KEYWORDS = new Set(["duringcreditsstinger", "aftercreditsstinger", "woman director", "independent film"]);
const MAX_TAG_FILMS = 300;

const PLAIN = ["films like {t}", "movies similar to {t}", "if I enjoyed {t} what should I watch next?", "recommend me something like {t}", "any good {films} like {t}?", "what should I watch if I liked {t}"];
const IN_DECADE = ["something like {t} but from {d}", "{films} similar to {t} from {d}?", "I loved {t}, anything like it from {d}?", "movies like {t} but made in {d}"];

/**
 * The films like `x`: every other KB film that shares a director or a writer with it, or at least
 * two informative KB tags, or at least two informative TMDB keywords — and, when `x` has KB genres,
 * at least one of them. Sorted.
 */
export function similarFilms(w: World, x: string): string[] {
  const f = w.films.get(x);
  if (!f) return [];
  const people = new Set([...f.directors, ...f.writers]);
  const tags = new Set(f.tags.filter((t) => !UNINFORMATIVE_TAGS.has(t) && (w.tagFilms.get(t) ?? 0) <= MAX_TAG_FILMS));
  const keywords = new Set((w.tmdb.get(x)?.keywords ?? []).filter((k) => !UNINFORMATIVE_KEYWORDS.has(k)));
  const genres = new Set(f.genres);
  const out: string[] = [];
  for (const y of w.films.values()) {
    if (y.title === x) continue;
    if (genres.size > 0 && !y.genres.some((g) => genres.has(g))) continue;
    const byPerson = y.directors.some((p) => people.has(p)) || y.writers.some((p) => people.has(p));
    const byTags = y.tags.filter((t) => tags.has(t)).length >= 2;
    const byKeywords = (w.tmdb.get(y.title)?.keywords ?? []).filter((k) => keywords.has(k)).length >= 2;
    if (byPerson || byTags || byKeywords) out.push(y.title);
  }
  return out.sort();
}

/**
 * recommendation: "films like X", sometimes "…but from the 90s". Gold: `similarFilms` of X, with the
 * decade applied (a film with a KB year in that decade); X is a well-known film with a clear title.
 */
export function generateRecommendations(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "recommendation");
  const films = famousFirst([...w.films.keys()].filter((t) => isClearTitle(w, t)), (t) => filmFame(w, t), v.rand, 120);
  return collect(films, n, (x, made) => {
    const similar = similarFilms(w, x);
    if (similar.length === 0) return undefined;
    if (made % 3 === 2) {
      const own = decadeOf(w.films.get(x)!.years[0]!);
      const byDecade = new Map<number, string[]>();
      for (const y of similar) for (const d of new Set(w.films.get(y)!.years.map(decadeOf))) byDecade.set(d, [...(byDecade.get(d) ?? []), y]);
      const decades = [...byDecade].filter(([d, ys]) => d !== own && d >= 1950 && ys.length >= 2).map(([d]) => d).sort();
      if (decades.length === 0) return undefined;
      const d = v.pick(decades);
      const [k, text] = choose(v.rand, IN_DECADE);
      return item("recommendation", `decade-${k}`, slug(x, String(d)), v.finish(fill(text, { t: v.title(x), d: v.decade(d), films: v.films() })), byDecade.get(d)!);
    }
    const [k, text] = choose(v.rand, PLAIN);
    return item("recommendation", `plain-${k}`, slug(x), v.finish(fill(text, { t: v.title(x), films: v.films() })), similar);
  });
}
