import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parseCsv, type RawKb } from "../real/raw-kb";

/**
 * What each KB film says about itself, read from the raw files apart from the system's own loader:
 * its WikiMovies plots, and the TMDB overview, keywords and genres of the rows joined to it (same
 * title and year, as raw-kb joins them). Folded to lower-case words for the open set's checks.
 */
export interface FilmTexts {
  /** Folded text: plots, overviews, keywords, tags, genres (KB and TMDB), space-joined. */
  text(film: string): string;
  genres(film: string): Set<string>;
  keywords(film: string): Set<string>;
}

export const fold = (s: string) => ` ${s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, " ").trim()} `;

const cache = new Map<string, FilmTexts>();

export function loadFilmTexts(dataDir: string, kb: RawKb): FilmTexts {
  const hit = cache.get(dataDir);
  if (hit) return hit;
  const plots = new Map<string, string[]>();
  const wiki = join(dataDir, "wikimovies", "movies.jsonl.gz");
  if (!existsSync(wiki)) throw new Error(`no WikiMovies file at ${wiki}`);
  for (const line of gunzipSync(readFileSync(wiki)).toString("utf8").split("\n")) {
    if (!line) continue;
    const m = JSON.parse(line) as { title: string; plot_clean: string };
    plots.set(m.title, [...(plots.get(m.title) ?? []), m.plot_clean]);
  }
  const [header, ...rows] = parseCsv(gunzipSync(readFileSync(join(dataDir, "tmdb", "tmdb_5000_movies.csv.gz"))).toString("utf8"));
  const col = (n: string) => header!.indexOf(n);
  const names = (raw: string | undefined) => ((raw ? (JSON.parse(raw) as { name: string }[]) : []).map((x) => x.name));
  const tmdb = new Map<string, { overview: string; keywords: string[]; genres: string[] }[]>();
  for (const r of rows) {
    if (r.length < header!.length) continue;
    const title = r[col("title")] ?? "";
    const year = Number((r[col("release_date")] ?? "").slice(0, 4));
    if (!kb.isFilm(title) || !kb.years(title).includes(year)) continue;
    tmdb.set(title, [...(tmdb.get(title) ?? []), { overview: r[col("overview")] ?? "", keywords: names(r[col("keywords")]), genres: names(r[col("genres")]) }]);
  }
  const texts: FilmTexts = {
    genres: (f) => new Set([...kb.forward(f, "has_genre"), ...(tmdb.get(f) ?? []).flatMap((t) => t.genres)].map((g) => g.toLowerCase())),
    keywords: (f) => new Set([...kb.forward(f, "has_tags"), ...(tmdb.get(f) ?? []).flatMap((t) => t.keywords)].map((k) => k.toLowerCase())),
    text: (f) => fold([...(plots.get(f) ?? []), ...(tmdb.get(f) ?? []).flatMap((t) => [t.overview, t.keywords.join(" ; "), t.genres.join(" ")]), [...kb.forward(f, "has_tags")].join(" ; "), [...kb.forward(f, "has_genre")].join(" ")].join(" ; ")),
  };
  cache.set(dataDir, texts);
  return texts;
}
