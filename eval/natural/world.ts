import { join } from "node:path";
import { z } from "zod";
import { DATA_FILES } from "../../src/kb/data-files";
import { IngestLog } from "../../src/kb/ingest-report";
import { parseCsv } from "../../src/kb/parse/csv";
import { parseKbTriples } from "../../src/kb/parse/kb-triples";
import { readText, splitLines } from "../../src/kb/parse/lines";
import { parseWikiMovies } from "../../src/kb/parse/wikimovies";
import { STOP_WORDS, foldText, tokenize } from "../../src/util/text";

/**
 * The raw data as the yardstick reads it, independently of the system under test: KB facts per
 * film and per person, WikiMovies records per title, and TMDB rows joined to KB titles.
 */
export interface Film {
  title: string;
  directors: string[];
  writers: string[];
  actors: string[];
  years: string[];
  languages: string[];
  genres: string[];
  tags: string[];
}

export interface TmdbRow {
  title: string;
  year?: string;
  /** ISO 639-1 code of the original language ("fr"). */
  originalLanguage: string;
  genres: string[];
  keywords: string[];
  voteAverage: number;
  voteCount: number;
  popularity: number;
  runtime: number;
  budget: number;
  revenue: number;
}

export type Role = "directed" | "wrote" | "acted";

export interface World {
  films: ReadonlyMap<string, Film>;
  /** Person → their films (sorted), by role. */
  people: Record<Role, ReadonlyMap<string, string[]>>;
  /** Every KB subject and object. */
  entities: ReadonlySet<string>;
  /** Every KB object (people, years, genres, tags, ...). */
  objects: ReadonlySet<string>;
  /** WikiMovies records per title with their plots (empty without the file). */
  records: ReadonlyMap<string, { count: number; plots: string[] }>;
  /** KB title → the one TMDB row that joins to it (exact title, TMDB year is a KB year of the title). */
  tmdb: ReadonlyMap<string, TmdbRow>;
  /** TMDB rows whose title (folded) no KB film has: films the KB lacks, one per title (a title TMDB lists twice is left out). */
  tmdbOnly: readonly TmdbRow[];
  /** KB tag → number of films carrying it. */
  tagFilms: ReadonlyMap<string, number>;
  /** Folded word → number of WikiMovies plots containing it: a frequency list of plain English. */
  plotWords: ReadonlyMap<string, number>;
}

export interface WorldTexts {
  kb: string;
  wikimovies?: string;
  tmdb?: string;
}

const RELATION_FIELD = { directed_by: "directors", written_by: "writers", starred_actors: "actors", release_year: "years", in_language: "languages", has_genre: "genres", has_tags: "tags" } as const;
const ROLE_OF = { directors: "directed", writers: "wrote", actors: "acted" } as const;

/** Reads the three data files from a data directory (TMDB and WikiMovies are optional). */
export function loadWorld(dataDir: string): World {
  const read = (rel: string) => {
    try {
      return readText(join(dataDir, rel));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw e;
    }
  };
  const kb = read(DATA_FILES.kb);
  if (kb === undefined) throw new Error(`no ${DATA_FILES.kb} in ${dataDir}: the natural set is computed from it`);
  return buildWorld({ kb, wikimovies: read(DATA_FILES.wikimovies), tmdb: read(DATA_FILES.tmdb) });
}

export function buildWorld(texts: WorldTexts): World {
  const log = new IngestLog(() => {});
  const films = new Map<string, Film>();
  const entities = new Set<string>();
  const objects = new Set<string>();
  for (const t of parseKbTriples(splitLines(texts.kb), "kb.txt", log)) {
    entities.add(t.subject).add(t.object);
    objects.add(t.object);
    const field = RELATION_FIELD[t.relation as keyof typeof RELATION_FIELD];
    if (!field) continue;
    let f = films.get(t.subject);
    if (!f) films.set(t.subject, (f = { title: t.subject, directors: [], writers: [], actors: [], years: [], languages: [], genres: [], tags: [] }));
    if (!f[field].includes(t.object)) f[field].push(t.object);
  }
  const people: Record<Role, Map<string, string[]>> = { directed: new Map(), wrote: new Map(), acted: new Map() };
  const tagFilms = new Map<string, number>();
  for (const f of films.values()) {
    for (const field of ["directors", "writers", "actors"] as const) {
      const byPerson = people[ROLE_OF[field]];
      for (const p of f[field]) byPerson.set(p, [...(byPerson.get(p) ?? []), f.title]);
    }
    for (const tag of f.tags) tagFilms.set(tag, (tagFilms.get(tag) ?? 0) + 1);
  }
  for (const byPerson of Object.values(people)) for (const list of byPerson.values()) list.sort();

  const records = new Map<string, { count: number; plots: string[] }>();
  const plotWords = new Map<string, number>();
  if (texts.wikimovies) {
    for (const m of parseWikiMovies(splitLines(texts.wikimovies), "movies.jsonl", log)) {
      const r = records.get(m.title) ?? { count: 0, plots: [] };
      records.set(m.title, { count: r.count + 1, plots: m.plot_clean.trim() ? [...r.plots, m.plot_clean] : r.plots });
      for (const w of new Set(tokenize(m.plot_clean))) plotWords.set(w, (plotWords.get(w) ?? 0) + 1);
    }
  }
  const rows = texts.tmdb ? tmdbRows(texts.tmdb) : [];
  return { films, people, entities, objects, records, tmdb: joinTmdb(rows, films), tmdbOnly: rowsNotInKb(rows, films), tagFilms, plotWords };
}

/** The rows whose folded title no KB film has, each title once (two rows of one title are left out: which is meant?). */
function rowsNotInKb(rows: readonly TmdbRow[], films: ReadonlyMap<string, Film>): TmdbRow[] {
  const kb = new Set([...films.keys()].map(foldText));
  const byTitle = new Map<string, TmdbRow[]>();
  for (const r of rows) if (!kb.has(foldText(r.title))) byTitle.set(foldText(r.title), [...(byTitle.get(foldText(r.title)) ?? []), r]);
  return [...byTitle.values()].filter((list) => list.length === 1).map((list) => list[0]!);
}

const NamedList = z.array(z.object({ name: z.string() }));
const names = (json: string): string[] => {
  try {
    const parsed = NamedList.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.map((x) => x.name) : [];
  } catch {
    return [];
  }
};

/** Every TMDB row, as the yardstick reads it. */
function tmdbRows(csv: string): TmdbRow[] {
  const records = parseCsv(csv);
  const header = records.next();
  if (header.done) return [];
  const col = (name: string) => header.value.fields.indexOf(name);
  const at = { title: col("title"), lang: col("original_language"), date: col("release_date"), genres: col("genres"), keywords: col("keywords"), va: col("vote_average"), vc: col("vote_count"), pop: col("popularity"), rt: col("runtime"), budget: col("budget"), revenue: col("revenue") };
  const out: TmdbRow[] = [];
  for (const rec of records) {
    const f = (i: number) => (i >= 0 ? (rec.fields[i] ?? "") : "");
    const num = (i: number) => Number(f(i)) || 0;
    const year = /^\d{4}/.test(f(at.date)) ? f(at.date).slice(0, 4) : undefined;
    out.push({ title: f(at.title), ...(year ? { year } : {}), originalLanguage: f(at.lang), genres: names(f(at.genres)), keywords: names(f(at.keywords)), voteAverage: num(at.va), voteCount: num(at.vc), popularity: num(at.pop), runtime: num(at.rt), budget: dollars(num(at.budget)), revenue: dollars(num(at.revenue)) });
  }
  return out;
}

/** Joins on exact title with the TMDB year among the KB years; a title that two rows join to is left out. */
function joinTmdb(rows: readonly TmdbRow[], films: ReadonlyMap<string, Film>): Map<string, TmdbRow> {
  const joined = new Map<string, TmdbRow[]>();
  for (const row of rows) {
    const film = films.get(row.title);
    if (!film || !row.year || !film.years.includes(row.year)) continue;
    joined.set(row.title, [...(joined.get(row.title) ?? []), row]);
  }
  return new Map([...joined].filter(([, list]) => list.length === 1).map(([t, list]) => [t, list[0]!]));
}

/** How well known a film is: its TMDB vote count (0 when it does not join). */
export function filmFame(w: World, title: string): number {
  return w.tmdb.get(title)?.voteCount ?? 0;
}

/** How well known a person is: the votes of all their films, any role. */
export function personFame(w: World, person: string): number {
  const films = new Set([...(w.people.directed.get(person) ?? []), ...(w.people.wrote.get(person) ?? []), ...(w.people.acted.get(person) ?? [])]);
  let s = 0;
  for (const f of films) s += filmFame(w, f);
  return s;
}

export function filmsOf(w: World, person: string, role: Role): string[] {
  return w.people[role].get(person) ?? [];
}

/**
 * A title people can ask about without ambiguity: one film of that name (WikiMovies keeps remakes
 * apart, the KB merges them), one year, never also a person or value, and not a plain English word
 * ("Heat", "The Game"): a single content word that many plots use is one.
 */
export function isClearTitle(w: World, title: string): boolean {
  const f = w.films.get(title);
  if (!f || f.years.length !== 1) return false;
  if ((w.records.get(title)?.count ?? 1) !== 1) return false;
  if (w.objects.has(title)) return false;
  const content = tokenize(title).filter((t) => !STOP_WORDS.has(t));
  if (content.length === 0) return false;
  if (content.length === 1 && (w.plotWords.get(content[0]!) ?? 0) > 8) return false;
  return /^[\p{L}\p{N} .,'&:!?-]+$/u.test(title) && title.length >= 3;
}

/** A person name that reads as a name: plain letters, two words or more. */
export function isPlainPersonName(name: string): boolean {
  return /^[\p{L}][\p{L} .'-]+$/u.test(name) && name.trim().split(/\s+/).length >= 2;
}

export function decadeOf(year: string): number {
  return Math.floor(Number(year) / 10) * 10;
}

export const sameName = (a: string, b: string) => foldText(a) === foldText(b);

/**
 * Whether the KB merged several films under this title (a remake, two years): its facts are the
 * union of all of them, so "is it a comedy from the 80s" cannot be read off it reliably.
 */
export function isMerged(w: World, title: string): boolean {
  return (w.records.get(title)?.count ?? 1) > 1 || (w.films.get(title)?.years.length ?? 0) > 1;
}

/** A sum of dollars under $1,000 is TMDB's slip for one in millions ("8" for $8 million): unknown (0), as TMDB's own 0 is. */
function dollars(n: number): number {
  return n >= 1000 ? n : 0;
}
