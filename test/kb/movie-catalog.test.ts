import { beforeAll, describe, expect, it } from "vitest";
import { EmbeddedMovieCatalog } from "../../src/adapters/embedded/movie-catalog";
import { loadConfig } from "../../src/config";
import { createKnowledgeBaseFromTexts } from "../../src/kb/in-memory";
import { ingestTexts } from "../../src/kb/ingest";
import { IngestLog, type Rejection } from "../../src/kb/ingest-report";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { loadKnowledgeBase } from "../../src/kb/load";
import { parseTmdb } from "../../src/kb/parse/tmdb";
import type { TmdbFacts, TmdbOnlyFilm } from "../../src/ports/movie-catalog";
import { silentProgress } from "../../src/util/progress";
import { KB_TRIPLES, TMDB_CSV, WIKIMOVIES_JSONL } from "../fixtures/movie-world";
import { hasRealData, realKb } from "../helpers/real-kb";
import { tempDataDir } from "../helpers/temp-data";

const FILE = "tmdb/tmdb_5000_movies.csv.gz";
const HEADER = TMDB_CSV.split("\n")[0]!;

/** One CSV row in the fixture header's column order; unnamed columns are empty. */
function row(values: Record<string, string>): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return HEADER.split(",")
    .map((c) => quote(values[c] ?? ""))
    .join(",");
}

const genreJson = (...names: string[]) => JSON.stringify(names.map((name, id) => ({ id, name })));

function parse(csv: string) {
  const rejections: Rejection[] = [];
  const log = new IngestLog((r) => rejections.push(r));
  const rows = parseTmdb(csv, FILE, log);
  return { rows, rejections, counts: log.file(FILE) };
}

describe("parsing TMDB facts", () => {
  it("reads genres, keywords and figures, with TMDB's zeros as unknown", () => {
    const { rows, rejections } = parse(TMDB_CSV);
    expect(rejections).toEqual([]);
    expect(rows[0]).toMatchObject({
      tmdbId: "11",
      title: "Starfall",
      year: "1999",
      genres: ["Science Fiction"],
      keywords: [],
      voteAverage: 7.1,
      voteCount: 100,
      popularity: 1.5,
      runtime: 101,
      budget: 1000,
      revenue: undefined,
    });
  });

  it("rejects a malformed genres or keywords field with its line, and keeps the other rows", () => {
    const csv = [
      HEADER,
      // A quoted newline: the next record starts two lines further down.
      row({ id: "1", title: "Good", release_date: "2001-01-01", overview: "first line\nsecond line", genres: genreJson("Drama") }),
      row({ id: "2", title: "Broken", release_date: "2002-01-01", overview: "x", genres: '[{"id": 1, "name": "Drama"' }),
      row({ id: "3", title: "Nameless", release_date: "2003-01-01", overview: "y", keywords: '[{"id": 1}]' }),
      row({ id: "4", title: "Fine", release_date: "2004-01-01", overview: "z", genres: "", keywords: "[]" }),
    ].join("\n");
    const { rows, rejections, counts } = parse(csv);
    expect(rows.map((r) => r.title)).toEqual(["Good", "Fine"]);
    expect(rejections.map((r) => [r.file, r.line])).toEqual([
      [FILE, 4],
      [FILE, 5],
    ]);
    expect(rejections[0]!.reason).toMatch(/^bad genres field: invalid JSON/);
    expect(rejections[1]!.reason).toMatch(/^bad keywords field: 0\.name/);
    expect(counts).toMatchObject({ read: 4, rejected: 2 });
  });

  it("treats empty, invalid and negative numbers as absent, and an average of no votes as none", () => {
    const csv = [HEADER, row({ id: "1", title: "T", release_date: "2001", overview: "o", vote_average: "0", vote_count: "0", popularity: "n/a", runtime: "-5", budget: "", revenue: "12500.5" })].join("\n");
    const [movie] = parse(csv).rows;
    expect(movie).toMatchObject({ voteCount: 0, voteAverage: undefined, popularity: undefined, runtime: undefined, budget: undefined, revenue: 12500.5 });
  });

  it("reads a budget or box office under $1,000 as unknown: TMDB's slip for a sum in millions", () => {
    const csv = [HEADER, row({ id: "1", title: "T", release_date: "2001", overview: "o", budget: "8", revenue: "999" }), row({ id: "2", title: "U", release_date: "2002", overview: "p", budget: "7000", revenue: "1000" })].join("\n");
    const [slip, fine] = parse(csv).rows;
    expect(slip).toMatchObject({ budget: undefined, revenue: undefined });
    expect(fine).toMatchObject({ budget: 7000, revenue: 1000 });
  });

  it("accepts a file without the fact columns, with the facts absent", () => {
    const { rows, rejections } = parse('id,title,release_date,overview\n7,Starfall,1999-05-01,"A pilot."');
    expect(rejections).toEqual([]);
    expect(rows).toEqual([{ line: 2, tmdbId: "7", title: "Starfall", year: "1999", overview: "A pilot.", genres: [], keywords: [] }]);
  });
});

describe("joining TMDB facts to KB movies", () => {
  it("joins on title and year, like the overviews", () => {
    const { data, report } = ingestTexts({ kb: KB_TRIPLES, wikimovies: WIKIMOVIES_JSONL, tmdb: TMDB_CSV });
    expect(data.tmdbFacts.map((f) => [f.movie, f.tmdbId])).toEqual([["Starfall", "11"]]); // Starfall Returns: 2020 ≠ 2004
    expect(report.files.find((f) => f.file === FILE)).toMatchObject({ read: 8, kept: 1, merged: 0, unmatched: 7 });
  });

  it("keeps the rows whose title no KB film has as films the KB lacks; a KB title under another year is not one", () => {
    const { data } = ingestTexts({ kb: KB_TRIPLES, wikimovies: WIKIMOVIES_JSONL, tmdb: TMDB_CSV });
    expect(data.tmdbOnly.map((f) => [f.title, f.year, f.runtime])).toEqual([
      ["Not In The KB", "2001", 90],
      ["Paper Moons: Eclipse", "2013", 104],
      ["Iron Tide", "2004", 121],
      ["Iron Tide: Undertow", "2007", 137],
      ["The Drowned Crown", "2011", 129],
      ["Harbor Lights", "2005", 98],
    ]);
    expect(data.tmdbOnly[1]).toMatchObject({ genres: ["Drama"], budget: 4500000, revenue: 9000000, overview: "The sisters grow up and write again." });
  });
});

describe("films TMDB lists that the KB lacks, by the names people say", () => {
  const film = (title: string, year: string): TmdbOnlyFilm => ({ tmdbId: title, title, year, genres: [], keywords: [], overview: "" });
  const catalog = new EmbeddedMovieCatalog([], [
    film("The Lord of the Rings: The Two Towers", "2002"),
    film("The Lord of the Rings: The Fellowship of the Ring", "2001"),
    film("The Godfather: Part II", "1974"),
    film("Terminator 2: Judgment Day", "1991"),
    film("Se7en", "1995"),
  ]);
  const named = (said: string) => catalog.tmdbOnly(said).map((f) => f.title);

  it("reads a title whole, folded, without its article, or by one side of its colon that names a film", () => {
    expect(named("se7en")).toEqual(["Se7en"]);
    expect(named("the godfather part ii")).toEqual(["The Godfather: Part II"]);
    expect(named("Godfather: Part 2")).toEqual(["The Godfather: Part II"]);
    expect(named("the two towers")).toEqual(["The Lord of the Rings: The Two Towers"]);
    expect(named("terminator 2")).toEqual(["Terminator 2: Judgment Day"]);
  });

  it("reads no side two films share, nor a numbering alone", () => {
    expect(named("the lord of the rings")).toEqual([]);
    expect(named("part ii")).toEqual([]);
    expect(named("two")).toEqual([]);
  });

  it("lists the films it lacks under a keyword, and counts every row that carries one", () => {
    const rows = new EmbeddedMovieCatalog(
      [{ movie: "Starfall", title: "Starfall", tmdbId: "1", genres: [], keywords: ["Kraken"] }],
      [{ ...film("Iron Tide", "2004"), keywords: ["kraken", "sea witch"] }, { ...film("Harbor Lights", "2005"), keywords: ["kraken"] }],
    );
    expect(rows.tmdbOnlyWithKeyword("KRAKEN").map((f) => f.title)).toEqual(["Iron Tide", "Harbor Lights"]);
    expect(rows.keywordSpread("kraken")).toBe(3);
    expect(rows.keywordSpread("sea witch")).toBe(1);
    expect(rows.tmdbOnlyWithKeyword("squid")).toEqual([]);
  });

  it("lists a family's films by the words their titles open with, earliest first", () => {
    expect(catalog.tmdbOnlyTitled("lord of the rings").map((f) => f.year)).toEqual(["2001", "2002"]);
    expect(catalog.tmdbOnlyTitled("the godfather").map((f) => f.title)).toEqual(["The Godfather: Part II"]);
    expect(catalog.tmdbOnlyTitled("god")).toEqual([]);
  });

  it("keeps one row's facts when several join a merged title: an exact title first, then the earlier row", () => {
    const kb = ["Remake|release_year|1950", "Remake|release_year|2000", "Amélie|release_year|2001"].join("\n");
    const tmdb = [
      HEADER,
      row({ id: "1", title: "Remake", release_date: "1950-01-01", overview: "The original.", vote_count: "10" }),
      row({ id: "2", title: "Remake", release_date: "2000-01-01", overview: "The remake.", vote_count: "20" }),
      row({ id: "3", title: "Amelie", release_date: "2001-01-01", overview: "Folded title." }),
      row({ id: "4", title: "Amélie", release_date: "2001-06-01", overview: "" }),
    ].join("\n");
    const { data, report } = ingestTexts({ kb, tmdb });
    expect(data.tmdbFacts.map((f) => [f.movie, f.tmdbId])).toEqual([
      ["Remake", "1"],
      ["Amélie", "4"],
    ]);
    expect(report.files.find((f) => f.file === FILE)).toMatchObject({ read: 4, kept: 2, merged: 2, unmatched: 0 });
    expect(data.overviews[data.names.indexOf("Remake")]).toBe("The original.\nThe remake.");
  });
});

const facts = (movie: string, f: Partial<TmdbFacts> = {}): TmdbFacts => ({ movie, tmdbId: movie, title: movie, genres: [], keywords: [], ...f });

describe("the embedded movie catalog", () => {
  const catalog = new EmbeddedMovieCatalog([
    facts("Alpha", { voteAverage: 8, voteCount: 500, popularity: 3, runtime: 120, budget: 0, revenue: 0, genres: ["Science Fiction", "Drama"], keywords: ["time travel"] }),
    facts("Beta", { voteAverage: 9.5, voteCount: 12, popularity: 3, runtime: 90, budget: 5e6, genres: ["Drama"], keywords: ["Time-Travel", "heist"] }),
    facts("Gamma", { voteAverage: 8, voteCount: 150, popularity: 7, runtime: 0, budget: 1e6, genres: ["Comédie"] }),
    facts("Delta", { voteAverage: 6, voteCount: 100, popularity: 1 }),
    facts("Épsilon"),
  ]);
  const names = (list: { movie: string }[]) => list.map((r) => r.movie);

  it("ranks best first with ties by name, and leaves out vote averages of too few votes", () => {
    expect(catalog.rank("voteAverage").map((r) => [r.movie, r.value])).toEqual([
      ["Alpha", 8],
      ["Gamma", 8],
      ["Delta", 6],
    ]);
    expect(names(catalog.rank("voteAverage", { minVotes: 0 }))).toEqual(["Beta", "Alpha", "Gamma", "Delta"]);
    expect(names(catalog.rank("voteAverage", { minVotes: 200 }))).toEqual(["Alpha"]);
    // minVotes is about averages only: a count or popularity ranks every movie that has one.
    expect(names(catalog.rank("voteCount"))).toEqual(["Alpha", "Gamma", "Delta", "Beta"]);
    expect(names(catalog.rank("popularity"))).toEqual(["Gamma", "Alpha", "Beta", "Delta"]);
  });

  it("ranks ascending, within a set of movies, and up to a limit", () => {
    expect(names(catalog.rank("popularity", { order: "asc" }))).toEqual(["Delta", "Alpha", "Beta", "Gamma"]);
    expect(names(catalog.rank("popularity", { among: ["Beta", "Delta", "Alpha", "Unknown film"] }))).toEqual(["Alpha", "Beta", "Delta"]);
    expect(names(catalog.rank("popularity", { limit: 2 }))).toEqual(["Gamma", "Alpha"]);
    expect(catalog.rank("popularity", { among: [] })).toEqual([]);
  });

  it("never ranks a zero runtime, budget or revenue, TMDB's unknown", () => {
    expect(names(catalog.rank("runtime", { order: "asc" }))).toEqual(["Beta", "Alpha"]);
    expect(names(catalog.rank("budget", { order: "asc" }))).toEqual(["Gamma", "Beta"]);
    expect(catalog.rank("revenue")).toEqual([]);
  });

  it("finds movies by genre and keyword whatever the case, accents and punctuation", () => {
    expect(catalog.moviesWithGenre("drama")).toEqual(["Alpha", "Beta"]);
    expect(catalog.moviesWithGenre("SCIENCE-FICTION")).toEqual(["Alpha"]);
    expect(catalog.moviesWithGenre("comedie")).toEqual(["Gamma"]);
    expect(catalog.moviesWithKeyword("time travel")).toEqual(["Alpha", "Beta"]);
    expect(catalog.moviesWithGenre("Western")).toEqual([]);
    expect(catalog.genres()).toEqual([
      { name: "Drama", movies: 2 },
      { name: "Comédie", movies: 1 },
      { name: "Science Fiction", movies: 1 },
    ]);
    expect(catalog.keywords()[0]).toEqual({ name: "Time-Travel", movies: 2 });
  });

  it("looks facts up by exact KB name and counts every joined movie", () => {
    expect(catalog.tmdb("Épsilon")).toMatchObject({ movie: "Épsilon", genres: [] });
    expect(catalog.tmdb("epsilon")).toBeUndefined();
    expect(catalog.size).toBe(5);
  });
});

describe("the catalog in a knowledge base", () => {
  it("is built for an in-memory knowledge base", async () => {
    const kb = await createKnowledgeBaseFromTexts({ kb: KB_TRIPLES, wikimovies: WIKIMOVIES_JSONL, tmdb: TMDB_CSV }, { dimension: 8 });
    expect(kb.catalog.size).toBe(1);
    expect(kb.catalog.moviesWithGenre("science fiction")).toEqual(["Starfall"]);
  });

  it("survives the snapshot: the loaded catalog equals the ingested one", async () => {
    const { dataDir, cacheDir } = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir, CACHE_DIR: cacheDir, EMBED_DIM: "16" });
    const quiet = { log: () => {}, progress: silentProgress };
    const ingested = await loadKnowledgeBase(config, quiet);
    const loaded = await loadKnowledgeBase(config, quiet);
    expect([ingested.info.source, loaded.info.source]).toEqual(["ingest", "snapshot"]);
    expect(loaded.catalog.tmdb("Starfall")).toEqual(ingested.catalog.tmdb("Starfall"));
    expect(loaded.catalog.tmdb("Starfall")).toMatchObject({ voteAverage: 7.1, runtime: 101 });
  });
});

describe.skipIf(!hasRealData)("the catalog on the real knowledge base", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await realKb();
  });

  it("holds the ~3.4k movies that join a TMDB row, and says so in the ingest report", () => {
    expect(kb.catalog.size).toBeGreaterThan(3300);
    expect(kb.catalog.size).toBeLessThan(3600);
    const tmdb = kb.info.report.files.find((f) => f.file === FILE)!;
    expect(tmdb.kept).toBe(kb.catalog.size);
    expect(tmdb.read).toBe(tmdb.kept + tmdb.merged + tmdb.unmatched + tmdb.rejected);
  });

  it("has TMDB's figures for a famous film and ranks it near the top", () => {
    const shawshank = kb.catalog.tmdb("The Shawshank Redemption")!;
    expect(shawshank).toMatchObject({ year: "1994", runtime: 142 });
    expect(shawshank.voteAverage).toBeGreaterThanOrEqual(8);
    expect(shawshank.voteCount).toBeGreaterThan(5000);
    expect(shawshank.genres).toContain("Drama");
    expect(kb.catalog.rank("voteAverage", { limit: 1 })[0]!.movie).toBe("The Shawshank Redemption");
    expect(kb.catalog.moviesWithGenre("science fiction")).toContain("Avatar");
  });
});
