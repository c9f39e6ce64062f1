import { describe, expect, it } from "vitest";
import { ingestTexts } from "../../src/kb/ingest";
import { EmbeddedFilmEditions } from "../../src/adapters/embedded/film-editions";
import type { Rejection } from "../../src/kb/ingest-report";
import { NODE_TYPES } from "../../src/kb/schema";
import { KB_TRIPLES, TMDB_CSV, WIKIMOVIES_JSONL } from "../fixtures/movie-world";

function ingest(kb: string, wikimovies?: string, tmdb?: string) {
  const rejections: Rejection[] = [];
  const result = ingestTexts({ kb, wikimovies, tmdb }, (r) => rejections.push(r));
  const counts = (file: string) => result.report.files.find((f) => f.file === file)!;
  return { ...result, rejections, counts };
}

describe("ingestion", () => {
  it("keeps the films a merged title stands for, each year with its people, and tells a person's film by year", () => {
    const kb = ["Tidewater|directed_by|Ada Marlowe", "Tidewater|directed_by|Jonas Whitfield", "Tidewater|release_year|1953", "Tidewater|release_year|1997", "Starfall|directed_by|Ada Marlowe", "Starfall|release_year|2001"].join("\n");
    const film = (id: number, title: string, year: string, directed: string[]) => JSON.stringify({ id, title, directed_by: directed, written_by: [], starred_actors: [], release_year: [year], plot_clean: "" });
    const wiki = [film(1, "Tidewater", "1953", ["Jonas Whitfield"]), film(2, "Tidewater", "1997", ["Ada Marlowe"]), film(3, "Starfall", "2001", ["Ada Marlowe"])].join("\n");
    const { data } = ingest(kb, wiki);
    expect(data.editions).toEqual([
      { movie: "Tidewater", year: "1953", people: ["Jonas Whitfield"] },
      { movie: "Tidewater", year: "1997", people: ["Ada Marlowe"] },
    ]);
    const editions = new EmbeddedFilmEditions(data.editions);
    expect(editions.yearFor("Tidewater", "Ada Marlowe")).toBe("1997");
    expect(editions.yearFor("Starfall", "Ada Marlowe")).toBeUndefined();
    expect(editions.of("Starfall")).toEqual([]);
  });

  it("counts what it read, kept and merged, and merges the duplicate triple", () => {
    const { counts, data } = ingest(KB_TRIPLES, WIKIMOVIES_JSONL, TMDB_CSV);
    const kb = counts("metaqa/kb.txt");
    expect(kb.read).toBe(KB_TRIPLES.split("\n").length);
    expect(kb.merged).toBe(1); // "The Quiet Harbor|has_tags|family" twice
    expect(kb.kept).toBe(kb.read - 1);
    expect(kb.rejected).toBe(0);
    expect(data.edgeType.length).toBe(kb.kept);
  });

  it("rejects malformed triples with file, line and reason, and keeps the rest", () => {
    const text = ["A|directed_by|B", "too|many|fields|here", "", "C|sung_by|D", "|has_genre|Drama", "E|has_genre|"].join("\n");
    const { rejections, counts, data } = ingest(text);
    expect(rejections).toEqual([
      { file: "metaqa/kb.txt", line: 2, reason: 'expected 3 fields separated by "|", found 4' },
      { file: "metaqa/kb.txt", line: 3, reason: "empty line" },
      { file: "metaqa/kb.txt", line: 4, reason: expect.stringContaining('unknown relation "sung_by"') },
      { file: "metaqa/kb.txt", line: 5, reason: "empty subject" },
      { file: "metaqa/kb.txt", line: 6, reason: "empty object" },
    ]);
    expect(counts("metaqa/kb.txt")).toMatchObject({ read: 6, kept: 1, rejected: 5 });
    expect(data.names).toEqual(["A", "B"]);
  });

  it("types entities from their relations and keeps every type a name has", () => {
    const { data } = ingest(KB_TRIPLES);
    const typesOf = (name: string) => {
      const i = data.names.indexOf(name);
      return NODE_TYPES.filter((_, b) => (data.typeMask[i]! & (1 << b)) !== 0);
    };
    expect(typesOf("Céline Dupré")).toEqual(["Person"]);
    expect(typesOf("Ada Marlowe")).toEqual(["Movie", "Person"]);
    expect(typesOf("1999")).toEqual(["Movie", "Year"]);
    expect(typesOf("good")).toEqual(["Rating"]);
    // Ada Marlowe has more edges as a person (directed/wrote 3) than as a film (3 facts), ties go to Movie.
    const ada = data.names.indexOf("Ada Marlowe");
    expect(NODE_TYPES[data.primaryType[ada]!]).toBe("Movie");
    const tom = data.names.indexOf("Tom Harker");
    expect(NODE_TYPES[data.primaryType[tom]!]).toBe("Person");
  });

  it("keeps names byte for byte", () => {
    const { data } = ingest("Amélie|starred_actors|Audrey Tautou \n");
    expect(data.names).toEqual(["Amélie", "Audrey Tautou "]);
  });

  it("merges plots of films that share a title and reports unmatched and bad plot records", () => {
    const bad = `${WIKIMOVIES_JSONL}\n{not json\n{"id": 9, "title": "Nowhere", "release_year": [], "plot_clean": "x"}\n{"id": 10, "title": 5}`;
    const { data, counts, rejections } = ingest(KB_TRIPLES, bad);
    const wiki = counts("wikimovies/movies.jsonl.gz");
    expect(wiki).toMatchObject({ read: 10, kept: 6, merged: 1, unmatched: 1, rejected: 2 });
    expect(rejections.map((r) => r.line)).toEqual([8, 10]);
    expect(rejections[0]!.reason).toMatch(/invalid JSON/);
    expect(rejections[1]!.reason).toMatch(/bad record: title/);
    const starfall = data.names.indexOf("Starfall");
    expect(data.plots[starfall]).toContain("bends time");
    expect(data.plots[starfall]).toContain("silent comet drama");
  });

  it("joins TMDB overviews on title and year only", () => {
    const { data, counts } = ingest(KB_TRIPLES, WIKIMOVIES_JSONL, TMDB_CSV);
    expect(counts("tmdb/tmdb_5000_movies.csv.gz")).toMatchObject({ read: 8, kept: 1, unmatched: 7, rejected: 0 });
    expect(data.overviews[data.names.indexOf("Starfall")]).toMatch(/collapsing star/);
    expect(data.overviews[data.names.indexOf("Starfall Returns")]).toBe(""); // 2020 ≠ 2004
  });

  it("rejects a TMDB row with the wrong number of fields and a file without the needed columns", () => {
    const header = TMDB_CSV.split("\n")[0]!;
    const { rejections } = ingest(KB_TRIPLES, undefined, `${header}\n1,2,3`);
    expect(rejections).toEqual([{ file: "tmdb/tmdb_5000_movies.csv.gz", line: 2, reason: "expected 20 fields, found 3" }]);
    const noCols = ingest(KB_TRIPLES, undefined, "a,b\n1,2");
    expect(noCols.rejections[0]!.reason).toMatch(/lacks the "id" column/);
  });
});
