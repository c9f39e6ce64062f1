import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

/**
 * A small, independent reader of the raw data files for the real-question dev set: MetaQA
 * `kb.txt` triples and the TMDB 5000 movies CSV. It shares no code with the system's own KB loader,
 * so gold computed here cannot inherit the system's bugs.
 */

export const KB_RELATIONS = ["directed_by", "written_by", "starred_actors", "release_year", "in_language", "has_genre", "has_tags", "has_imdb_rating", "has_imdb_votes"] as const;
export type KbRelation = (typeof KB_RELATIONS)[number];

/** The TMDB figures the gold language can rank or compare by. */
export const TMDB_FIGURES = ["runtime", "budget", "revenue", "vote_average", "vote_count", "popularity"] as const;
export type TmdbFigure = (typeof TMDB_FIGURES)[number];

export interface TmdbRow {
  title: string;
  /** `release_date` as in the file (YYYY-MM-DD, or empty). */
  releaseDate: string;
  runtime: number | undefined;
  budget: number | undefined;
  revenue: number | undefined;
  vote_average: number | undefined;
  vote_count: number | undefined;
  popularity: number | undefined;
}

export interface RawKb {
  /** Objects of `subject|rel|object` for a subject (a film). */
  forward(subject: string, rel: KbRelation): ReadonlySet<string>;
  /** Subjects (films) of `subject|rel|object` for an object. */
  reverse(object: string, rel: KbRelation): ReadonlySet<string>;
  /** Any subject or object of kb.txt, exact spelling. */
  isEntity(name: string): boolean;
  /** A subject of kb.txt (a film title). */
  isFilm(name: string): boolean;
  films(): Iterable<string>;
  /** The film's KB release years, ascending (several for a merged title). */
  years(film: string): number[];
  /**
   * TMDB rows joined to a KB film: same exact title, and `release_date[:4]` equal to one of the
   * film's KB release years. More than one row means the KB title is a merged remake family.
   */
  tmdb(film: string): TmdbRow[];
}

const EMPTY: ReadonlySet<string> = new Set();

type Index = Map<string, Map<KbRelation, Set<string>>>;

function add(index: Index, key: string, rel: KbRelation, value: string): void {
  let byRel = index.get(key);
  if (!byRel) index.set(key, (byRel = new Map()));
  let set = byRel.get(rel);
  if (!set) byRel.set(rel, (set = new Set()));
  set.add(value);
}

/** Builds a RawKb from triples and TMDB rows (also used by tests with a fictional fixture). */
export function rawKbFromTriples(triples: Iterable<readonly [string, string, string]>, tmdbRows: readonly TmdbRow[] = []): RawKb {
  const fwd: Index = new Map();
  const rev: Index = new Map();
  const entities = new Set<string>();
  for (const [s, r, o] of triples) {
    if (!(KB_RELATIONS as readonly string[]).includes(r)) throw new Error(`unknown KB relation "${r}" in triple ${s}|${r}|${o}`);
    const rel = r as KbRelation;
    add(fwd, s, rel, o);
    add(rev, o, rel, s);
    entities.add(s);
    entities.add(o);
  }
  const byTitle = new Map<string, TmdbRow[]>();
  for (const row of tmdbRows) byTitle.set(row.title, [...(byTitle.get(row.title) ?? []), row]);
  const years = (film: string): number[] =>
    [...(fwd.get(film)?.get("release_year") ?? EMPTY)]
      .map(Number)
      .filter((y) => Number.isInteger(y))
      .sort((a, b) => a - b);
  return {
    forward: (s, rel) => fwd.get(s)?.get(rel) ?? EMPTY,
    reverse: (o, rel) => rev.get(o)?.get(rel) ?? EMPTY,
    isEntity: (name) => entities.has(name),
    isFilm: (name) => fwd.has(name),
    films: () => fwd.keys(),
    years,
    tmdb: (film) => {
      const ys = new Set(years(film).map(String));
      return (byTitle.get(film) ?? []).filter((row) => ys.has(row.releaseDate.slice(0, 4)));
    },
  };
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A positive number, or undefined (TMDB writes 0 for an unknown budget, revenue or runtime). */
function figure(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** A sum of dollars under $1,000 is TMDB's slip for one in millions ("8" for $8 million): unknown, as a 0 is. */
function dollars(n: number | undefined): number | undefined {
  return n !== undefined && n >= 1000 ? n : undefined;
}

export function readTmdbRows(csvText: string): TmdbRow[] {
  const [header, ...rows] = parseCsv(csvText);
  if (!header) throw new Error("TMDB CSV is empty");
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`TMDB CSV has no column "${name}"`);
    return i;
  };
  const c = { title: col("title"), date: col("release_date"), runtime: col("runtime"), budget: col("budget"), revenue: col("revenue"), va: col("vote_average"), vc: col("vote_count"), pop: col("popularity") };
  return rows
    .filter((r) => r.length >= header.length)
    .map((r) => ({
      title: r[c.title] ?? "",
      releaseDate: r[c.date] ?? "",
      runtime: figure(r[c.runtime]),
      budget: dollars(figure(r[c.budget])),
      revenue: dollars(figure(r[c.revenue])),
      vote_average: figure(r[c.va]),
      vote_count: figure(r[c.vc]),
      popularity: figure(r[c.pop]),
    }));
}

export function readKbTriples(kbText: string): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  for (const line of kbText.split("\n")) {
    if (line === "") continue;
    const a = line.indexOf("|");
    const b = line.indexOf("|", a + 1);
    if (a < 0 || b < 0) throw new Error(`kb.txt: malformed line "${line}"`);
    out.push([line.slice(0, a), line.slice(a + 1, b), line.slice(b + 1)]);
  }
  return out;
}

const cache = new Map<string, RawKb>();

/** Reads `metaqa/kb.txt` and `tmdb/tmdb_5000_movies.csv.gz` under dataDir (cached per dir). */
export function loadRawKb(dataDir: string): RawKb {
  const hit = cache.get(dataDir);
  if (hit) return hit;
  const kbPath = join(dataDir, "metaqa", "kb.txt");
  const tmdbPath = join(dataDir, "tmdb", "tmdb_5000_movies.csv.gz");
  if (!existsSync(kbPath)) throw new Error(`no MetaQA kb.txt at ${kbPath}`);
  if (!existsSync(tmdbPath)) throw new Error(`no TMDB csv.gz at ${tmdbPath}`);
  const kb = rawKbFromTriples(readKbTriples(readFileSync(kbPath, "utf8")), readTmdbRows(gunzipSync(readFileSync(tmdbPath)).toString("utf8")));
  cache.set(dataDir, kb);
  return kb;
}
