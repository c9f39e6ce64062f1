import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { GoldError, evaluateGold, inTitleFamily, metricValue, namedEntities, type GoldSpec } from "../../eval/real/gold-spec";
import { CHECK_QUESTIONS_PATH, FRESH_QUESTIONS_PATH, NEW_QUESTIONS_PATH, QUESTIONS_PATH, REAL_KINDS, THIRD_QUESTIONS_PATH, loadRealCheckSet, loadRealFreshSet, loadRealNewSet, loadRealSet, loadRealThirdSet, readRealLines, toItem, type RealItem, type RealLine } from "../../eval/real/load";
import { loadRawKb, parseCsv, rawKbFromTriples, readTmdbRows, type TmdbRow } from "../../eval/real/raw-kb";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dataDir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : resolve(repoRoot, "..", "shared", "data");
const hasData = existsSync(join(dataDir, "metaqa", "kb.txt"));
const ci = process.env.CI === "true" || process.env.CI === "1";

// ---------------------------------------------------------------------------------------------
// A tiny fictional KB: every gold form is checked against it, with or without the real data.
// ---------------------------------------------------------------------------------------------
const T = (s: string): [string, string, string] => s.split("|") as [string, string, string];
const triples = [
  "Alpha Road|directed_by|Ann Vale",
  "Alpha Road|starred_actors|Bo Kerr",
  "Alpha Road|starred_actors|Cy Dunn",
  "Alpha Road|release_year|1990",
  "Alpha Road|has_genre|Drama",
  "Alpha Road|in_language|English",
  "Beta Road|directed_by|Ann Vale",
  "Beta Road|starred_actors|Bo Kerr",
  "Beta Road|release_year|1995",
  "Beta Road|has_genre|Drama",
  "Beta Road|has_genre|Comedy",
  "Gamma|directed_by|Dee Ross",
  "Gamma|starred_actors|Cy Dunn",
  "Gamma|starred_actors|Bo Kerr",
  "Gamma|release_year|2001",
  "Gamma|has_genre|Comedy",
  "Gamma 2|directed_by|Dee Ross",
  "Gamma 2|release_year|2004",
  "Gamma 2|has_genre|Comedy",
  "Gamma: Reborn|release_year|2010",
  "Gamma Rays|release_year|1980",
  "Remake|release_year|1950",
  "Remake|release_year|2000",
].map(T);
const row = (title: string, date: string, f: Partial<TmdbRow> = {}): TmdbRow => ({ title, releaseDate: date, runtime: undefined, budget: undefined, revenue: undefined, vote_average: undefined, vote_count: undefined, popularity: undefined, ...f });
const tmdb = [
  row("Alpha Road", "1990-05-01", { runtime: 100, budget: 5_000_000, vote_average: 6.1 }),
  row("Beta Road", "1995-01-01", { runtime: 120, vote_average: 7.5 }),
  row("Beta Road", "1994-01-01", { runtime: 999 }), // wrong year: must not join
  row("Gamma", "2001-03-03", { runtime: 90, vote_average: 7.5 }),
  row("Gamma 2", "2004-03-03", { runtime: 95 }),
  row("Remake", "1950-01-01", { runtime: 80 }),
  row("Remake", "2000-01-01", { runtime: 110 }),
];
const kb = rawKbFromTriples(triples, tmdb);
const E = (entity: string) => ({ entity });
const gold = (g: GoldSpec) => evaluateGold(g, kb);

describe("real set: gold evaluator on a fictional fixture", () => {
  it("answers: forward and reverse hops, and/or/minus, years, title families, figures", () => {
    expect(gold({ answers: { follow: E("Alpha Road"), rel: "starred_actors" } })).toEqual({ form: "answers", answers: ["Bo Kerr", "Cy Dunn"] });
    expect(gold({ answers: { follow: E("Ann Vale"), rel: "~directed_by" } })).toEqual({ form: "answers", answers: ["Alpha Road", "Beta Road"] });
    // multi-hop: the other directors of Bo Kerr's films
    expect(gold({ answers: { follow: { follow: E("Bo Kerr"), rel: "~starred_actors" }, rel: "directed_by" } })).toMatchObject({ answers: ["Ann Vale", "Dee Ross"] });
    const both = { and: [{ follow: E("Bo Kerr"), rel: "~starred_actors" as const }, { follow: E("Cy Dunn"), rel: "~starred_actors" as const }] };
    expect(gold({ answers: both })).toMatchObject({ answers: ["Alpha Road", "Gamma"] });
    expect(gold({ answers: { or: [{ follow: E("Ann Vale"), rel: "~directed_by" }, { follow: E("Dee Ross"), rel: "~directed_by" }] } })).toMatchObject({ answers: ["Alpha Road", "Beta Road", "Gamma", "Gamma 2"] });
    expect(gold({ answers: { minus: [{ follow: E("Bo Kerr"), rel: "~starred_actors" }, { follow: E("Comedy"), rel: "~has_genre" }] } })).toMatchObject({ answers: ["Alpha Road"] });
    expect(gold({ answers: { years: { follow: E("Bo Kerr"), rel: "~starred_actors" }, from: 1991, to: 2001 } })).toMatchObject({ answers: ["Beta Road", "Gamma"] });
    expect(gold({ answers: { title_family: "Gamma" } })).toMatchObject({ answers: ["Gamma", "Gamma 2", "Gamma: Reborn"] });
    expect(gold({ answers: { value: "budget", of: E("Alpha Road") } })).toMatchObject({ answers: ["5000000"] });
  });

  it("title family rule", () => {
    expect(inTitleFamily("Rocky", "Rocky")).toBe(true);
    expect(inTitleFamily("Rocky II", "Rocky")).toBe(true);
    expect(inTitleFamily("Rocky 5", "Rocky")).toBe(true);
    expect(inTitleFamily("Rocky: The Return", "Rocky")).toBe(true);
    expect(inTitleFamily("Rocky Balboa", "Rocky")).toBe(false);
    expect(inTitleFamily("Rockyville", "Rocky")).toBe(false);
    expect(inTitleFamily("Rocky Interlude", "Rocky")).toBe(false);
  });

  it("count", () => {
    expect(gold({ count: { follow: E("Bo Kerr"), rel: "~starred_actors" } })).toEqual({ form: "count", count: 3, members: ["Alpha Road", "Beta Road", "Gamma"] });
  });

  it("verdict: nonempty / empty", () => {
    const inIt = (film: string, who: string): GoldSpec => ({ verdict: { nonempty: { and: [{ follow: E(film), rel: "starred_actors" }, E(who)] } } });
    expect(gold(inIt("Alpha Road", "Cy Dunn"))).toMatchObject({ form: "verdict", verdict: "yes" });
    expect(gold(inIt("Beta Road", "Cy Dunn"))).toMatchObject({ form: "verdict", verdict: "no" });
    expect(gold({ verdict: { empty: { and: [{ follow: E("Beta Road"), rel: "starred_actors" }, E("Cy Dunn")] } } })).toMatchObject({ verdict: "yes" });
  });

  it("verdict: compare by a KB year, a TMDB figure and a film count", () => {
    expect(gold({ verdict: { compare: [E("Alpha Road"), E("Gamma")], by: "release_year", op: "lt" } })).toMatchObject({ verdict: "yes" });
    expect(gold({ verdict: { compare: [E("Alpha Road"), E("Beta Road")], by: "runtime", op: "gt" } })).toMatchObject({ verdict: "no" });
    expect(() => gold({ verdict: { compare: [E("Ann Vale"), E("Dee Ross")], by: "film_count:directed_by", op: "gt" } })).toThrow(/tie/);
    expect(gold({ verdict: { compare: [E("Bo Kerr"), E("Cy Dunn")], by: "film_count:starred_actors", op: "gt" } })).toMatchObject({ verdict: "yes" });
    expect(() => gold({ verdict: { compare: [E("Alpha Road"), E("Gamma: Reborn")], by: "runtime", op: "lt" } })).toThrow(GoldError);
  });

  it("pick: the best of named items; ties and missing figures are errors", () => {
    expect(gold({ pick: { entities: ["Alpha Road", "Beta Road", "Gamma"] }, by: "runtime", max: true })).toMatchObject({ form: "winner", answers: ["Beta Road"] });
    expect(gold({ pick: { entities: ["Alpha Road", "Beta Road", "Gamma"] }, by: "release_year", max: false })).toMatchObject({ answers: ["Alpha Road"] });
    expect(() => gold({ pick: { entities: ["Beta Road", "Gamma"] }, by: "vote_average", max: true })).toThrow(/tie/);
    expect(() => gold({ pick: { entities: ["Alpha Road", "Gamma: Reborn"] }, by: "runtime", max: true })).toThrow(/no runtime/);
  });

  it("all_films and pick with skip_missing: superlatives over the whole KB", () => {
    expect(gold({ count: { all_films: true } })).toMatchObject({ form: "count", count: 7 });
    expect(gold({ most_common: { all_films: true }, rel: "starred_actors" })).toMatchObject({ form: "winner", answers: ["Bo Kerr"] });
    expect(namedEntities({ most_common: { all_films: true }, rel: "starred_actors" })).toEqual([]);
    // without skip_missing a film lacking the figure (Gamma: Reborn) or a merged title (Remake) is an error
    const some = { entities: ["Alpha Road", "Beta Road", "Gamma: Reborn", "Remake"] };
    expect(() => gold({ pick: some, by: "runtime", max: true })).toThrow(GoldError);
    expect(gold({ pick: some, by: "runtime", max: true, skip_missing: true })).toMatchObject({ form: "winner", answers: ["Beta Road"] });
    expect(gold({ pick: { all_films: true }, by: "runtime", max: false, skip_missing: true })).toMatchObject({ answers: ["Gamma"] });
    // still at least two ranked items, and no tie at the top
    expect(() => gold({ pick: { entities: ["Alpha Road", "Gamma: Reborn"] }, by: "runtime", max: true, skip_missing: true })).toThrow(/at least two/);
    expect(() => gold({ pick: { all_films: true }, by: "vote_average", max: true, skip_missing: true })).toThrow(/tie/);
  });

  it("nth: ordinals from the start and from the end", () => {
    const dee = { follow: E("Dee Ross"), rel: "~directed_by" as const };
    expect(gold({ nth: dee, by: "release_year", n: 1 })).toMatchObject({ form: "winner", answers: ["Gamma"] });
    expect(gold({ nth: dee, by: "release_year", n: 1, from_end: true })).toMatchObject({ answers: ["Gamma 2"] });
    expect(() => gold({ nth: dee, by: "release_year", n: 3 })).toThrow(GoldError);
  });

  it("most_common, with an exclusion", () => {
    const boFilms = { follow: E("Bo Kerr"), rel: "~starred_actors" as const };
    expect(gold({ most_common: boFilms, rel: "has_genre" })).toMatchObject({ form: "winner", answers: ["Comedy", "Drama"] });
    expect(gold({ most_common: boFilms, rel: "starred_actors", exclude: E("Bo Kerr") })).toMatchObject({ answers: ["Cy Dunn"] });
  });

  it("lacks: the fact kind, a partial answer, and a named entity that must exist", () => {
    expect(gold({ lacks: "producer", about: E("Ann Vale"), partial: { follow: E("Ann Vale"), rel: "~directed_by" } })).toEqual({ form: "lacks", fact: "producer", partial: ["Alpha Road", "Beta Road"] });
    expect(gold({ lacks: "birthplace", about: E("Cy Dunn") })).toEqual({ form: "lacks", fact: "birthplace", partial: [] });
    expect(() => gold({ lacks: "birthplace", about: E("Nobody Known") })).toThrow(/not a KB entity/);
  });

  it("reply", () => {
    expect(gold({ reply: true })).toEqual({ form: "reply" });
  });

  it("unknown entities are errors, and namedEntities lists every name a spec uses", () => {
    expect(() => gold({ answers: { follow: E("Delta"), rel: "directed_by" } })).toThrow(/not a KB entity/);
    const g: GoldSpec = { lacks: "music", about: E("Gamma"), partial: { and: [{ follow: E("Bo Kerr"), rel: "~starred_actors" }, { entities: ["Gamma", "Alpha Road"] }] } };
    expect(namedEntities(g).sort()).toEqual(["Alpha Road", "Bo Kerr", "Gamma", "Gamma"]);
  });

  it("TMDB join: exact title and a KB year; merged remakes are ambiguous; zeros are unknown", () => {
    expect(metricValue("Beta Road", "runtime", kb)).toBe(120);
    expect(metricValue("Gamma Rays", "runtime", kb)).toBeUndefined();
    expect(() => metricValue("Remake", "runtime", kb)).toThrow(/merged/);
    expect(metricValue("Remake", "release_year", kb)).toBe(1950);
    const csv = 'title,release_date,runtime,budget,revenue,vote_average,vote_count,popularity\n"Quote ""Q"", Film",2001-01-01,0,10000,12,5.5,3,1.5\n"Two\nLines",1999-02-02,90,0,0,0,0,0\n';
    const rows = readTmdbRows(csv);
    expect(rows[0]).toMatchObject({ title: 'Quote "Q", Film', releaseDate: "2001-01-01", runtime: undefined, budget: 10000, revenue: undefined, vote_average: 5.5 });
    expect(rows[1]).toMatchObject({ title: "Two\nLines", runtime: 90, budget: undefined });
    expect(parseCsv("a,b\r\n1,2\r\n")).toEqual([["a", "b"], ["1", "2"]]);
  });
});

describe("real set: loader", () => {
  const line = (g: GoldSpec, kind: RealLine["kind"] = "lookup"): RealLine => ({ id: "real:test:1", source: "Test", split: "train", origin: "o/r:p", question: "q?", kind, gold: g });
  const dir = mkdtempSync(join(tmpdir(), "real-set-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("maps each gold form to answers and an expectation; an empty answer set is an error naming the id", () => {
    expect(toItem(line({ answers: E("Gamma") }), gold({ answers: E("Gamma") }))).toMatchObject({ answers: ["Gamma"], expect: { kind: "hits1" }, category: "lookup", dataset: "real" });
    expect(toItem(line({ count: E("Gamma") }, "aggregate"), gold({ count: { follow: E("Dee Ross"), rel: "~directed_by" } }))).toMatchObject({ answers: ["Gamma", "Gamma 2"], expect: { kind: "count", count: 2 } });
    expect(toItem(line({ reply: true }, "reply"), gold({ reply: true }))).toMatchObject({ answers: [], expect: { kind: "no_answer" } });
    expect(toItem(line({ lacks: "music", about: E("Gamma") }, "beyond"), gold({ lacks: "music", about: E("Gamma") }))).toMatchObject({ answers: [], expect: { kind: "lacks", fact: "music" } });
    const v = gold({ verdict: { nonempty: { and: [{ follow: E("Gamma"), rel: "starred_actors" }, E("Ann Vale")] } } });
    expect(toItem(line({ reply: true }, "check"), v)).toMatchObject({ answers: ["no"], expect: { kind: "verdict", verdict: "no" } });
    const empty = gold({ answers: { follow: E("Gamma: Reborn"), rel: "directed_by" } });
    expect(() => toItem(line({ answers: E("Gamma") }), empty)).toThrow(/real:test:1: gold answer set is empty/);
  });

  it("rejects a bad line, naming its line number", () => {
    const good = JSON.stringify(line({ answers: E("Gamma") }));
    const path = join(dir, "q.jsonl");
    writeFileSync(path, `${good}\n${good.replace('"lookup"', '"guess"')}\n`);
    expect(() => readRealLines(path)).toThrow(/q\.jsonl:2: kind/);
    writeFileSync(path, `${good}\n${good}\n`);
    expect(() => readRealLines(path)).toThrow(/duplicate id/);
    writeFileSync(path, `${good}\n{not json\n`);
    expect(() => readRealLines(path)).toThrow(/q\.jsonl:2: not JSON/);
  });
});

describe("real set: data presence", () => {
  it.runIf(!hasData && ci)("has the MetaQA data under CI", () => {
    throw new Error(`CI is set but there is no MetaQA data at ${dataDir}`);
  });
});

describe.skipIf(!hasData)(`real set on the real data${hasData ? "" : ` (skipped: no MetaQA data at ${dataDir})`}`, () => {
  it("loads at least 200 items whose gold computes from the raw data", () => {
    const items = loadRealSet(dataDir);
    expect(items.length).toBeGreaterThanOrEqual(200);
    const ids = new Set(items.map((i) => i.id));
    expect(ids.size).toBe(items.length);
    for (const it of items) {
      expect(REAL_KINDS).toContain(it.category);
      expect(it.question.trim().length).toBeGreaterThan(0);
      switch (it.expect.kind) {
        case "hits1":
          expect(it.answers.length, it.id).toBeGreaterThan(0);
          break;
        case "count":
          expect(it.expect.count, it.id).toBeGreaterThan(0);
          expect(it.answers.length, it.id).toBe(it.expect.count);
          break;
        case "verdict":
          expect(["yes", "no"], it.id).toContain(it.expect.verdict);
          break;
        case "lacks":
          expect(it.category, it.id).toBe("beyond");
          break;
        case "no_answer":
          expect(it.answers, it.id).toEqual([]);
          break;
      }
    }
  });

  it("every line is a train-split question from an allowed source and names only KB entities", () => {
    const rawKb = loadRawKb(dataDir);
    for (const line of readRealLines()) {
      expect(line.split).toBe("train");
      expect(line.source, line.id).not.toMatch(/metaqa|webquestions|complexwebquestions|mintaka/i);
      for (const e of namedEntities(line.gold)) expect(rawKb.isEntity(e), `${line.id}: ${e}`).toBe(true);
    }
  });

  // The later files (questions-new.jsonl, questions-third.jsonl, questions-check.jsonl, questions-fresh.jsonl): the same checks, their dataset name, and
  // no id or (case-folded) question of an earlier file.
  const later: { name: string; path: string; earlier: string[]; min: number; load: (dir: string) => RealItem[] }[] = [
    { name: "real-new", path: NEW_QUESTIONS_PATH, earlier: [QUESTIONS_PATH], min: 200, load: loadRealNewSet },
    { name: "real-third", path: THIRD_QUESTIONS_PATH, earlier: [QUESTIONS_PATH, NEW_QUESTIONS_PATH], min: 120, load: loadRealThirdSet },
    { name: "real-check", path: CHECK_QUESTIONS_PATH, earlier: [QUESTIONS_PATH, NEW_QUESTIONS_PATH, THIRD_QUESTIONS_PATH], min: 100, load: loadRealCheckSet },
    { name: "real-fresh", path: FRESH_QUESTIONS_PATH, earlier: [QUESTIONS_PATH, NEW_QUESTIONS_PATH, THIRD_QUESTIONS_PATH, CHECK_QUESTIONS_PATH], min: 100, load: loadRealFreshSet },
  ];
  for (const set of later) {
    it(`${set.name}: gold computes for every item, lines name only KB entities, nothing repeats an earlier file`, () => {
      const items = set.load(dataDir);
      expect(items.length).toBeGreaterThanOrEqual(set.min);
      for (const it of items) {
        expect(it.dataset).toBe(set.name);
        if (it.expect.kind === "hits1") expect(it.answers.length, it.id).toBeGreaterThan(0);
        if (it.expect.kind === "lacks") expect(it.category, it.id).toBe("beyond");
      }
      const rawKb = loadRawKb(dataDir);
      const lines = readRealLines(set.path);
      const before = set.earlier.flatMap((p) => readRealLines(p));
      const ids = new Set(before.map((l) => l.id));
      const texts = new Set(before.map((l) => l.question.trim().toLowerCase()));
      for (const line of lines) {
        expect(line.split).toBe("train");
        expect(line.source, line.id).not.toMatch(/metaqa|webquestions|complexwebquestions|mintaka/i);
        for (const e of namedEntities(line.gold)) expect(rawKb.isEntity(e), `${line.id}: ${e}`).toBe(true);
        expect(ids.has(line.id), `${line.id} repeats an earlier id`).toBe(false);
        expect(texts.has(line.question.trim().toLowerCase()), `${line.id} repeats an earlier question`).toBe(false);
      }
    });
  }
});
