import { beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../agents/research/types";
import { loadDataset } from "../../eval/datasets/index";
import { deterministicMetrics } from "../../eval/metrics";
import { checkExpectation } from "../../eval/natural/check";
import { generateCounts } from "../../eval/natural/gen-count";
import { conceptFilms, dominant, genreShares } from "../../eval/natural/gen-kind-of-film";
import { similarFilms } from "../../eval/natural/gen-recommendation";
import { generateSuperlatives } from "../../eval/natural/gen-superlative";
import { generateThresholds } from "../../eval/natural/gen-threshold";
import { generateNaturalSet } from "../../eval/natural/generate";
import {
  atLeast,
  clearArgmax,
  coStarsOfBoth,
  collaborations,
  directedWithout,
  directorsOfBoth,
  films,
  filmsStarringBoth,
  filmsWithoutGenre,
  genreCounts,
  robust,
  wroteNotDirected,
} from "../../eval/natural/gold";
import { surnameOf, typo } from "../../eval/natural/phrasing";
import { PLOT_DESCRIPTIONS } from "../../eval/natural/plot-descriptions";
import { OUT_OF_DOMAIN } from "../../eval/natural/replies";
import { splitOf } from "../../eval/natural/split";
import { SUPERLATIVES, clearWinner } from "../../eval/natural/superlative";
import type { NaturalItem } from "../../eval/natural/types";
import { generateTmdbOnlyComparisons, generateTmdbOnlyFacts } from "../../eval/natural/gen-tmdb-only";
import { buildWorld, isMerged, loadWorld, type World } from "../../eval/natural/world";
import { NATURAL_CATEGORIES as INTENTS } from "../../eval/natural/types";
import { seededRandom } from "../../src/util/random";
import { editDistance, tokenize } from "../../src/util/text";
import { hasRealData, realConfig } from "../helpers/real-kb";

// An invented little world in the real files' formats. "Twice Told" is two films under one title
// (1950 and 1990), merged by the KB as the real one merges remakes.
interface FilmSpec { d?: string[]; w?: string[]; a?: string[]; y: string[]; g?: string[]; l?: string[]; t?: string[] }
const FILMS: Record<string, FilmSpec> = {
  "Red Canyon": { d: ["Ann Ford"], w: ["Ann Ford"], a: ["Bo Lake", "Cy Moss"], y: ["1969"], g: ["Western"], t: ["desert", "horses"] },
  "Blue Canyon": { d: ["Ann Ford"], w: ["Hal Kent"], a: ["Bo Lake", "Di Park"], y: ["1972"], g: ["Western"], t: ["desert", "horses"] },
  "Green Canyon": { d: ["Ann Ford"], w: ["Hal Kent"], a: ["Bo Lake", "Cy Moss"], y: ["1975"], g: ["Drama"] },
  "Cold Harbor": { d: ["Ann Ford"], w: ["Ann Ford"], a: ["Di Park", "Fay Hale"], y: ["1991"], g: ["Drama"], l: ["French"] },
  "Twice Told": { d: ["Ann Ford"], a: ["Bo Lake"], y: ["1950", "1990"], g: ["Drama"] },
  "Night Laughs": { d: ["Ed Gray"], w: ["Hal Kent"], a: ["Cy Moss", "Di Park"], y: ["1995"], g: ["Comedy"] },
  "Night Laughs Again": { d: ["Ed Gray"], w: ["Ed Gray"], a: ["Cy Moss", "Bo Lake"], y: ["1998"], g: ["Comedy"] },
  "The Vampire Ball": { d: ["Ed Gray"], w: ["Gus Ito"], a: ["Fay Hale", "Di Park"], y: ["2001"], g: ["Horror"], t: ["vampire"] },
  "Fangs at Dawn": { d: ["Gus Ito"], w: ["Gus Ito"], a: ["Fay Hale"], y: ["2003"], g: ["Horror"], t: ["vampires"] },
  "Fangs and Giggles": { d: ["Gus Ito"], a: ["Cy Moss"], y: ["2004"], g: ["Comedy"], t: ["vampire"] },
  "Dust Devils": { d: ["Zoe Tan"], a: ["Ivy Cho"], y: ["1980"], g: ["Western"], t: ["bd-r", "r", "desert"] },
};
const REL = { d: "directed_by", w: "written_by", a: "starred_actors", y: "release_year", l: "in_language", g: "has_genre", t: "has_tags" } as const;
const KB = Object.entries(FILMS)
  .flatMap(([title, f]) => (Object.keys(REL) as (keyof typeof REL)[]).flatMap((k) => (f[k] ?? []).map((o) => `${title}|${REL[k]}|${o}`)))
  .join("\n");
const WIKIMOVIES = Object.entries(FILMS)
  .flatMap(([title, f]) => f.y.map((y) => ({ title, y })))
  .map(({ title, y }, id) => JSON.stringify({ id, title, release_year: [y], plot_clean: `a story called ${title.toLowerCase()}` }))
  .join("\n");
const row = (title: string, year: string, o: { va: number; vc: number; pop: number; rev: number; rt: number; budget: number; kw?: string[] }) =>
  [o.budget, '"[]"', "", title.length, `"${JSON.stringify((o.kw ?? []).map((name, id) => ({ id, name }))).replace(/"/g, '""')}"`, "en", title, '"An overview."', o.pop, '"[]"', '"[]"', `${year}-06-01`, o.rev, o.rt, '"[]"', "Released", "", title, o.va, o.vc].join(",");
const TMDB = [
  "budget,genres,homepage,id,keywords,original_language,original_title,overview,popularity,production_companies,production_countries,release_date,revenue,runtime,spoken_languages,status,tagline,title,vote_average,vote_count",
  row("Red Canyon", "1969", { va: 7.5, vc: 500, pop: 20, rev: 1_000_000, rt: 120, budget: 100_000 }),
  row("Blue Canyon", "1972", { va: 7.0, vc: 400, pop: 10, rev: 500_000, rt: 100, budget: 200_000 }),
  row("Green Canyon", "1975", { va: 6.0, vc: 300, pop: 5, rev: 900_000, rt: 130, budget: 150_000 }),
  row("Cold Harbor", "1991", { va: 9.5, vc: 50, pop: 3, rev: 0, rt: 95, budget: 0 }),
  row("Twice Told", "1990", { va: 9.0, vc: 1000, pop: 50, rev: 9_000_000, rt: 0, budget: 0 }),
  row("Night Laughs", "1995", { va: 6.5, vc: 200, pop: 8, rev: 0, rt: 90, budget: 0, kw: ["slapstick", "party", "night"] }),
  row("Fangs and Giggles", "2004", { va: 5.0, vc: 150, pop: 4, rev: 0, rt: 85, budget: 0, kw: ["slapstick", "party"] }),
  // Same title, a year the KB does not have: must not join.
  row("Dust Devils", "2011", { va: 8.0, vc: 900, pop: 30, rev: 0, rt: 100, budget: 0 }),
  // A title no KB film has: a film the KB lacks, known by its TMDB row.
  row("Canyon Rising: Dawn", "1980", { va: 7.2, vc: 800, pop: 25, rev: 4_000_000, rt: 140, budget: 2_000_000 }),
].join("\n");

const world = buildWorld({ kb: KB, wikimovies: WIKIMOVIES, tmdb: TMDB });

describe("natural set gold on an invented world", () => {
  it("reads films, people, merged titles and the TMDB join on title and year", () => {
    expect(films(world, "Ann Ford", "directed")).toEqual(["Blue Canyon", "Cold Harbor", "Green Canyon", "Red Canyon", "Twice Told"]);
    expect(isMerged(world, "Twice Told")).toBe(true);
    expect(isMerged(world, "Red Canyon")).toBe(false);
    expect(world.tmdb.has("Twice Told")).toBe(true);
    expect(world.tmdb.has("Dust Devils")).toBe(false);
  });

  it("films TMDB lists and the KB lacks: their facts and a comparison with a KB film, gold from the TMDB rows", () => {
    expect(world.tmdbOnly.map((r) => r.title)).toEqual(["Canyon Rising: Dawn"]);
    // One film, asked once: its year first.
    const facts = generateTmdbOnlyFacts(world, 1, 5);
    expect(facts.map((it) => it.answers)).toEqual([["1980"]]);
    expect(facts[0]!.question).toMatch(/canyon rising: dawn/i);
    const compared = generateTmdbOnlyComparisons(world, 1, 4);
    expect(compared.length).toBeGreaterThan(0);
    for (const it of compared) {
      const byYear = /released|come out/.test(it.question);
      const other = world.tmdb.get([...world.tmdb.keys()].find((t) => it.question.toLowerCase().includes(t.toLowerCase()))!)!;
      const verdict = byYear ? 1980 < Number(other.year) : 140 > other.runtime;
      expect(it.expect).toEqual({ kind: "verdict", verdict: verdict ? "yes" : "no" });
    }
  });

  it("intersections: films with both, actors who worked with both, directors of both", () => {
    expect(filmsStarringBoth(world, "Bo Lake", "Cy Moss")).toEqual(["Green Canyon", "Night Laughs Again", "Red Canyon"]);
    expect(coStarsOfBoth(world, "Bo Lake", "Fay Hale")).toEqual(["Di Park"]);
    expect(directorsOfBoth(world, "Bo Lake", "Fay Hale")).toEqual(["Ann Ford", "Ed Gray"]);
  });

  it("differences: minus a genre (no genre counts as not in it), minus an actor, written but not directed", () => {
    expect(filmsWithoutGenre(world, "Bo Lake", "acted", "Western")).toEqual(["Green Canyon", "Night Laughs Again", "Twice Told"]);
    expect(directedWithout(world, "Ann Ford", "Bo Lake")).toEqual(["Cold Harbor"]);
    expect(wroteNotDirected(world, "Gus Ito")).toEqual(["The Vampire Ball"]);
    expect(wroteNotDirected(world, "Ann Ford")).toEqual([]);
  });

  it("thresholds by count, and a gold that rests on a merged title is dropped", () => {
    const counts = collaborations(world, "Ann Ford", "directed", "actors");
    expect(Object.fromEntries(counts)).toEqual({ "Bo Lake": 4, "Cy Moss": 2, "Di Park": 2, "Fay Hale": 1 });
    expect(atLeast(counts, 2)).toEqual(["Bo Lake", "Cy Moss", "Di Park"]);
    expect(robust(world, (scope) => atLeast(collaborations(world, "Ann Ford", "directed", "actors", scope), 3))).toEqual(["Bo Lake"]);
    // Bo Lake's fourth Ann Ford film is "Twice Told": which of its two films he is in is unknown.
    expect(robust(world, (scope) => atLeast(collaborations(world, "Ann Ford", "directed", "actors", scope), 4))).toBeUndefined();
  });

  it("most common: the argmax only when it is ahead by the margin", () => {
    expect(clearArgmax(collaborations(world, "Ann Ford", "directed", "actors"), 1, 3)?.winner).toBe("Bo Lake");
    const genres = genreCounts(world, "Ann Ford", "directed");
    expect(clearArgmax(genres, 1, 3)?.winner).toBe("Drama"); // 3 against Western's 2
    expect(clearArgmax(genres, 2, 3)).toBeUndefined();
    expect(clearArgmax(new Map([["A", 3], ["B", 3]]), 1, 1)).toBeUndefined();
  });

  it("superlatives rank TMDB figures: enough votes for an average, zero is unknown, a clear lead", () => {
    const best = SUPERLATIVES.find((s) => s.name === "best")!;
    const longest = SUPERLATIVES.find((s) => s.name === "longest")!;
    const grossing = SUPERLATIVES.find((s) => s.name === "grossing")!;
    const canyons = ["Red Canyon", "Blue Canyon", "Green Canyon", "Cold Harbor"];
    expect(clearWinner(world, canyons, best)).toBe("Red Canyon"); // Cold Harbor's 9.5 has 50 votes
    expect(clearWinner(world, canyons, longest)).toBe("Green Canyon");
    expect(clearWinner(world, canyons, grossing)).toBeUndefined(); // 1.0M against 0.9M is not clear
    expect(clearWinner(world, ["Red Canyon", "Blue Canyon"], best)).toBeUndefined(); // fewer than three ranked
  });

  it("recommendations share a person, two informative tags or two TMDB keywords, and a genre", () => {
    // Dust Devils shares Western and "desert", but "bd-r" and "r" say nothing.
    expect(similarFilms(world, "Red Canyon")).toEqual(["Blue Canyon"]);
    expect(similarFilms(world, "Night Laughs")).toEqual(["Fangs and Giggles", "Night Laughs Again"]);
  });

  it("kind of film: members by tag in either number, and an option must clearly dominate", () => {
    const members = conceptFilms(world, "vampire");
    expect(members).toEqual(["Fangs and Giggles", "Fangs at Dawn", "The Vampire Ball"]);
    expect(Object.fromEntries(genreShares(world, members))).toEqual({ Horror: 2, Comedy: 1 });
    expect(dominant(genreShares(world, members), "Horror", "Comedy")).toBeUndefined(); // too few films
    expect(dominant(new Map([["Horror", 6], ["Comedy", 4]]), "Comedy", "Horror")).toBe("Horror");
    expect(dominant(new Map([["Horror", 5], ["Comedy", 4]]), "Comedy", "Horror")).toBeUndefined();
  });

  it("generators put the computed gold on their items", () => {
    const counts = generateCounts(world, 1);
    const edGray = counts.find((it) => it.id.includes(":directed-") && it.id.endsWith(":ed-gray"));
    expect(edGray?.expect).toEqual({ kind: "count", count: 3 });
    // Ann Ford's films include the merged "Twice Told": no count is asked about her.
    expect(counts.some((it) => it.id.endsWith(":ann-ford") && it.id.includes(":directed-"))).toBe(false);
    for (const it of counts) expect(it.expect).toEqual({ kind: "count", count: it.answers.length });

    const thresholds = generateThresholds(world, 1);
    expect(thresholds.length).toBeGreaterThan(0);
    for (const it of thresholds) expect(it.answers.length).toBeGreaterThan(0);

    const superlatives = generateSuperlatives(world, 1);
    const annFord = superlatives.find((it) => it.id.endsWith(":ann-ford"));
    expect(annFord).toBeDefined();
    const measure = SUPERLATIVES.find((s) => annFord!.template.startsWith(`${s.name}-`))!;
    expect(annFord!.answers).toEqual([clearWinner(world, films(world, "Ann Ford", "directed").filter((f) => !isMerged(world, f)), measure)]);
  });
});

describe("phrasing", () => {
  it("a typo changes one letter, never the first, and never makes another KB name", () => {
    const rand = seededRandom(5);
    for (let i = 0; i < 50; i++) {
      const t = typo("Steven Spielberg", rand, new Set())!;
      expect(editDistance(t, "Steven Spielberg")).toBe(1);
      expect(t.startsWith("S")).toBe(true);
    }
    expect(typo("Bo Lake", rand, new Set())).toBeUndefined();
    expect(typo("Spielberg", () => 0, new Set())).toBe("Sielberg");
    expect(typo("Spielberg", () => 0, new Set(["Sielberg"]))).toBeUndefined();
  });

  it("a surname stands for a person only when no one else with it has a real filmography", () => {
    const kb = (second: number) =>
      [
        ...Array.from({ length: 10 }, (_, i) => `Film ${i}|directed_by|Zed Quill`),
        ...Array.from({ length: second }, (_, i) => `Other ${i}|starred_actors|Amy Quill`),
        "Film 0|starred_actors|Bo Lake",
      ].join("\n");
    expect(surnameOf(buildWorld({ kb: kb(1) }), "Zed Quill")).toBe("Quill");
    expect(surnameOf(buildWorld({ kb: kb(5) }), "Zed Quill")).toBeUndefined();
    expect(surnameOf(buildWorld({ kb: kb(1) }), "Bo Lake")).toBeUndefined();
  });
});

describe("intent check", () => {
  const run = (o: { answers?: string[]; route?: RunResult["route"]; parts?: { answers: string[]; count?: number }[] }): RunResult =>
    ({
      answers: (o.answers ?? []).map((name) => ({ name, score: 1, evidenceIds: [] })),
      route: o.route ?? "research",
      parts: (o.parts ?? []).map((p) => ({ question: "", intent: "fact", text: "", answers: p.answers.map((name) => ({ name, score: 1, evidenceIds: [] })), ...(p.count !== undefined ? { count: p.count } : {}) })),
      evidence: [],
      trace: [],
      usage: { llmCalls: 0, inputTokens: 0, outputTokens: 0, cachedCalls: 0 },
      timings: { totalMs: 1, toolMs: 0, llmMs: 0, nonModelMs: 1, byNode: {}, byTool: {} },
    }) as unknown as RunResult;

  it("hits1 (also with no expectation): the first answer, by name modulo case", () => {
    expect(checkExpectation(run({ answers: ["red canyon", "x"] }), { answers: ["Red Canyon"], expect: { kind: "hits1" } })).toBe(1);
    expect(checkExpectation(run({ answers: ["x", "Red Canyon"] }), { answers: ["Red Canyon"] })).toBe(0);
    expect(checkExpectation(run({}), { answers: ["Red Canyon"] })).toBe(0);
  });

  it("parts: each gold part answered first by the run's part in the same place", () => {
    const q = { answers: ["Ann Ford", "1969"], expect: { kind: "parts" as const, parts: [["Ann Ford"], ["1969"]] } };
    expect(checkExpectation(run({ parts: [{ answers: ["ann ford"] }, { answers: ["1969", "1970"] }] }), q)).toBe(1);
    expect(checkExpectation(run({ parts: [{ answers: ["1969"] }, { answers: ["Ann Ford"] }] }), q)).toBe(0);
    expect(checkExpectation(run({ parts: [{ answers: ["Ann Ford"] }] }), q)).toBe(0);
    expect(checkExpectation(run({ parts: [{ answers: ["Ann Ford"] }, { answers: [] }] }), q)).toBe(0);
  });

  it("count: some part carries the gold number", () => {
    const q = { answers: ["A", "B", "C"], expect: { kind: "count" as const, count: 3 } };
    expect(checkExpectation(run({ parts: [{ answers: [] }, { answers: ["A"], count: 3 }] }), q)).toBe(1);
    expect(checkExpectation(run({ parts: [{ answers: ["A", "B", "C"], count: 4 }] }), q)).toBe(0);
    expect(checkExpectation(run({ answers: ["3"], parts: [{ answers: ["3"] }] }), q)).toBe(0);
  });

  it("no_answer: no answers, and the router replied", () => {
    const q = { answers: [], expect: { kind: "no_answer" as const } };
    expect(checkExpectation(run({ route: "reply" }), q)).toBe(1);
    expect(checkExpectation(run({ route: "research" }), q)).toBe(0);
    expect(checkExpectation(run({ route: "reply", answers: ["Paris"] }), q)).toBe(0);
  });

  it("deterministicMetrics reports it with the question's expectation", () => {
    expect(deterministicMetrics(run({ route: "reply" }), [], { kind: "no_answer" })).toMatchObject({ hits1: 0, intentCheck: 1 });
    expect(deterministicMetrics(run({ route: "reply" }), [])).toMatchObject({ hits1: 0, intentCheck: 0 });
    expect(deterministicMetrics(run({ answers: ["B"] }), ["a", "b"])).toMatchObject({ hits1: 1, intentCheck: 1 });
    expect(deterministicMetrics(run({ answers: ["B"], parts: [{ answers: ["B"], count: 2 }] }), ["a", "b"], { kind: "count", count: 2 })).toMatchObject({ intentCheck: 1 });
  });
});

describe("split", () => {
  it("is a fixed function of the id, about half each", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `natural:fact:directors-0:film-${i}`);
    expect(ids.map(splitOf)).toEqual(ids.map(splitOf));
    expect(splitOf("natural:plot:described:jaws")).toBe(splitOf("natural:plot:described:jaws"));
    const dev = ids.filter((id) => splitOf(id) === "dev").length / ids.length;
    expect(dev).toBeGreaterThan(0.45);
    expect(dev).toBeLessThan(0.55);
  });
});

describe.skipIf(!hasRealData)("natural set on the real data", () => {
  let real: World;
  let items: NaturalItem[];
  beforeAll(() => {
    real = loadWorld(realConfig.dataDir!);
    items = generateNaturalSet(real);
  });

  it("has at least 220 items, 16 per intent, in both splits", () => {
    expect(items.length).toBeGreaterThanOrEqual(220);
    for (const intent of INTENTS) {
      const of = items.filter((it) => it.category === intent);
      expect(of.length, intent).toBeGreaterThanOrEqual(16);
      expect(new Set(of.map((it) => splitOf(it.id))).size, `${intent} in both splits`).toBe(2);
    }
    const templates = (intent: string) => new Set(items.filter((it) => it.category === intent).map((it) => it.template.replace(/-\d+$/, "")));
    for (const intent of INTENTS.filter((i) => !["plot", "chitchat", "out_of_domain"].includes(i))) {
      const phrasings = new Set(items.filter((it) => it.category === intent).map((it) => it.template));
      expect(phrasings.size, `${intent} phrasings`).toBeGreaterThanOrEqual(4);
    }
    expect(templates("list").size).toBeGreaterThanOrEqual(4);
  });

  it("every gold answer is a KB entity; no-answer intents have none", () => {
    for (const it of items) {
      const golds = it.expect.kind === "parts" ? it.expect.parts.flat() : it.answers;
      // A film the KB lacks is asked of its TMDB facts: those are its gold (a year, a figure, TMDB's genres).
      if (!it.template.startsWith("tmdb-only-")) for (const g of golds) expect(real.entities.has(g), `${it.id}: ${g}`).toBe(true);
      if (it.expect.kind === "no_answer") expect(it.answers).toEqual([]);
      else expect(it.answers.length, it.id).toBeGreaterThan(0);
      if (it.expect.kind === "count") expect(it.expect.count).toBe(it.answers.length);
    }
  });

  it("is the same set on every run, and the dataset splits it into disjoint halves", () => {
    expect(JSON.stringify(generateNaturalSet(loadWorld(realConfig.dataDir!)))).toBe(JSON.stringify(items));
    const o = { dataDir: realConfig.dataDir!, brackets: "keep" as const, seed: 1 };
    const dev = loadDataset("natural", { ...o, split: "dev" });
    const test = loadDataset("natural", { ...o, split: "test" });
    expect(dev.length + test.length).toBe(items.length);
    expect(dev.some((q) => test.some((t) => t.id === q.id))).toBe(false);
    expect(dev.every((q) => q.category && q.expect && q.dataset === "natural")).toBe(true);
  });

  it("keeps every hand-written plot question, none reusing four words in a row of the film's plot", () => {
    expect(items.filter((it) => it.category === "plot").length).toBe(PLOT_DESCRIPTIONS.length);
    const grams = (text: string) => {
      const t = tokenize(text);
      return new Set(t.slice(3).map((_, i) => t.slice(i, i + 4).join(" ")));
    };
    for (const d of PLOT_DESCRIPTIONS) {
      const plot = [...grams(real.records.get(d.film)!.plots.join(" | "))];
      expect(plot.filter((g) => grams(d.question).has(g)), d.film).toEqual([]);
    }
  });

  it("out-of-domain questions include some that name a film title", () => {
    const titled = OUT_OF_DOMAIN.filter((q) => ["Chicago", "Brazil", "Titanic", "Mona Lisa", "Paris"].some((t) => q.includes(t) && real.films.has(t)));
    expect(titled.length).toBeGreaterThanOrEqual(4);
  });
});
