import { PER_INTENT, collect, famousFirst, fill, slug, sortedUnique } from "./pool";
import { voice, type Voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { GENRE_PLURAL } from "./vocab";
import { decadeOf, filmFame, isMerged, isPlainPersonName, personFame, type World } from "./world";

/** A list question before phrasing: its constraint values and the films that meet them. */
interface ListCandidate {
  kind: "genre-year" | "actor-genre" | "language-decade" | "director-decade" | "actor-decade";
  key: string;
  films: string[];
  fame: number;
  phrase: (v: Voice) => [template: number, question: string];
}

const MIN = 2;
const MAX = 40;

/**
 * list: films that meet a constraint or two. Gold: the exact set from KB facts (genre = has_genre,
 * year = release_year, decade = ten release years). Candidates rotate between the five kinds. A set
 * with a merged title in it is skipped (its facts mix films), as is a language set with a film in
 * several languages ("Russian films" holding Air Force One reads wrong to a user).
 */
export function generateLists(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "list");
  const byKind = new Map<string, ListCandidate[]>();
  const clean = (c: ListCandidate) => c.films.length >= MIN && c.films.length <= MAX && !c.films.some((f) => isMerged(w, f) || (c.kind === "language-decade" && w.films.get(f)!.languages.length > 1));
  for (const c of candidates(w)) if (clean(c)) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
  const queues = [...byKind.values()].map((cs) => famousFirst(cs, (c) => c.fame, v.rand, 40));
  return collect(roundRobin(queues), n, (c) => {
    const [k, q] = c.phrase(v);
    return item("list", `${c.kind}-${k}`, c.key, v.finish(q), c.films);
  });
}

function* roundRobin<T>(queues: T[][]): Generator<T> {
  for (let i = 0; queues.some((q) => i < q.length); i++) for (const q of queues) if (i < q.length) yield q[i]!;
}

const genrePhrase = (v: Voice, genre: string) => fill(v.pick(GENRE_PLURAL[genre]!), { films: v.films() });

function candidates(w: World): ListCandidate[] {
  const out: ListCandidate[] = [];
  const fameOf = (films: string[]) => films.reduce((s, f) => s + filmFame(w, f), 0);
  const groups = new Map<string, string[]>();
  const add = (k: string, f: string) => groups.set(k, [...(groups.get(k) ?? []), f]);
  for (const f of w.films.values()) {
    for (const year of f.years) {
      for (const g of f.genres) if (GENRE_PLURAL[g]) add(`gy|${g}|${year}`, f.title);
      for (const l of f.languages) if (l !== "English") add(`ld|${l}|${decadeOf(year)}`, f.title);
    }
  }
  for (const [k, films] of groups) {
    const [kind, a, b] = k.split("|") as [string, string, string];
    const set = sortedUnique(films);
    if (kind === "gy")
      out.push({ kind: "genre-year", key: slug(a, b), films: set, fame: fameOf(set), phrase: (v) => pickTemplate(v, [`${genrePhrase(v, a)} from ${b}`, `what ${genrePhrase(v, a)} came out in ${b}?`, `list ${genrePhrase(v, a)} released in ${b}`, `${b} ${genrePhrase(v, a)}`]) });
    else
      out.push({ kind: "language-decade", key: slug(a, b), films: set, fame: fameOf(set), phrase: (v) => pickTemplate(v, [`${a.toLowerCase()} ${v.films()} from ${v.decade(Number(b))}`, `${a} ${v.films()} made in ${v.decade(Number(b))}?`, `which ${a} ${v.films()} came out in ${v.decade(Number(b))}?`, `${a}-language ${v.films()} of ${v.decade(Number(b))}`]) });
  }
  const inDecade = (films: string[], d: number) => films.filter((f) => w.films.get(f)!.years.some((y) => decadeOf(y) === d));
  for (const [person, acted] of w.people.acted) {
    if (!isPlainPersonName(person) || acted.length < 4) continue;
    const fame = personFame(w, person);
    for (const g of Object.keys(GENRE_PLURAL)) {
      const films = acted.filter((f) => w.films.get(f)!.genres.includes(g));
      out.push({ kind: "actor-genre", key: slug(person, g), films, fame, phrase: (v) => { const p = v.person(person); return pickTemplate(v, [`${p} ${genrePhrase(v, g)}`, `${genrePhrase(v, g)} with ${p}`, `what ${genrePhrase(v, g)} has ${p} been in?`, `${genrePhrase(v, g)} starring ${p}`]); } });
    }
    for (const d of decades(acted, w)) {
      const films = inDecade(acted, d);
      out.push({ kind: "actor-decade", key: slug(person, String(d)), films, fame, phrase: (v) => { const p = v.person(person); return pickTemplate(v, [`${p} ${v.films()} from ${v.decade(d)}`, `what ${v.films()} did ${p} make in ${v.decade(d)}?`, `${v.films()} with ${p} in ${v.decade(d)}`, `which ${v.films()} was ${p} in during ${v.decade(d)}?`]); } });
    }
  }
  for (const [person, directed] of w.people.directed) {
    if (!isPlainPersonName(person) || directed.length < 4) continue;
    const fame = personFame(w, person);
    for (const d of decades(directed, w)) {
      const films = inDecade(directed, d);
      out.push({ kind: "director-decade", key: slug(person, String(d)), films, fame, phrase: (v) => { const p = v.person(person); return pickTemplate(v, [`${v.films()} directed by ${p} in ${v.decade(d)}`, `what did ${p} direct in ${v.decade(d)}?`, `${p} ${v.films()} from ${v.decade(d)}`, `which ${v.films()} did ${p} make in ${v.decade(d)}?`]); } });
    }
  }
  return out;
}

function decades(films: readonly string[], w: World): number[] {
  return [...new Set(films.flatMap((f) => w.films.get(f)!.years.map(decadeOf)))];
}

function pickTemplate(v: Voice, qs: readonly string[]): [number, string] {
  const k = Math.floor(v.rand() * qs.length);
  return [k, qs[k]!];
}
