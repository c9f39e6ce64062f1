import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConceptCache } from "../../src/kb/concepts/cache";
import { buildConceptGraph, type ConceptFilm, type ConceptProgress } from "../../src/kb/concepts/index";
import { FilmRecord } from "../../src/kb/concepts/schema";
import { ModelCallError, type StructuredRequest } from "../../src/ports/chat-model";
import { scriptedModel } from "../helpers/scripted-model";

const FILMS: ConceptFilm[] = [
  { id: "Starfall", title: "Starfall", text: "Mara Quell crash-lands on Mars and must survive.", source: "tmdb" },
  { id: "Starfall Returns", title: "Starfall Returns", text: "Mara Quell goes back to Mars for her brother.", source: "tmdb" },
  { id: "The Quiet Harbor", title: "The Quiet Harbor", text: "a widow keeps her family together in brittany", source: "wikimovies" },
  { id: "Midnight Ledger", title: "Midnight Ledger", text: "An accountant robs the bank he audits.", source: "tmdb" },
];

const TAGS: Record<string, unknown> = {
  Starfall: { genres: ["science fiction"], characters: ["Mara Quell"], themes: ["survival"], settings: ["Mars"], series: ["Starfall saga"] },
  "Starfall Returns": { genres: ["science fiction"], characters: ["mara quell"], themes: ["survival", "family"], settings: ["Mars"], series: ["Starfall Saga"] },
  "The Quiet Harbor": { genres: ["drama"], characters: ["the widow"], themes: ["family"], settings: ["Brittany"], series: [] },
  // Does not fit the schema: an unusable reply.
  "Midnight Ledger": { genres: "crime" },
};

/** Tags each film from TAGS and summarises each concept by its name; every request is recorded. */
function tagger(tags: Record<string, unknown> = TAGS) {
  const answer = (req: StructuredRequest<unknown>) => {
    if (req.name === "concept_summary") return { summary: `About ${/"(.+)":/.exec(req.prompt)![1]}.` };
    const title = /^Film: (.+)$/m.exec(req.prompt)![1]!;
    const tag = tags[title];
    if (tag instanceof Error) throw tag;
    return tag;
  };
  return scriptedModel(Array.from({ length: 100 }, () => answer));
}

const newCacheDir = () => mkdtempSync(join(tmpdir(), "mg-concepts-"));
const extractRequests = (m: { requests: StructuredRequest<unknown>[] }) => m.requests.filter((r) => r.name === "concept_extract");

describe("building the concept graph", () => {
  it("joins the films' mentions by name and kind, and summarises the concepts two films share", async () => {
    const model = tagger();
    const progress: ConceptProgress[] = [];
    const g = await buildConceptGraph(FILMS, model, { cacheDir: newCacheDir(), onProgress: (p) => progress.push(p) });

    const byKey = new Map(g.concepts.map((c) => [c.key, c]));
    expect(byKey.get("character:mara quell")).toMatchObject({ kind: "character", films: ["Starfall", "Starfall Returns"], summarySource: "model", summary: "About Mara Quell." });
    expect(byKey.get("theme:family")?.films).toEqual(["Starfall Returns", "The Quiet Harbor"]);
    expect(byKey.get("series:starfall saga")?.films).toHaveLength(2);
    expect(byKey.get("setting:brittany")).toMatchObject({ films: ["The Quiet Harbor"], summarySource: "list", summary: 'Setting "Brittany" in 1 film: The Quiet Harbor.' });
    expect(g.concepts[0]!.films.length).toBe(2);

    expect(g.films.find((f) => f.film === "Midnight Ledger")).toMatchObject({ status: "unusable", concepts: [], cached: false });
    const shared = g.concepts.filter((c) => c.films.length >= 2).length;
    expect(shared).toBe(6);
    expect(g.stats.extract).toMatchObject({ calls: 4, unusable: 1, cached: 0, failed: 0 });
    expect(g.stats.summarize).toMatchObject({ mode: "model", eligible: 6, calls: 6, unusable: 0, cached: 0 });
    expect(g.stats.calls).toBe(10);
    const billed = model.requests.reduce((n, r) => n + r.prompt.length, 0);
    expect(g.stats.inputTokens).toBe(billed);
    expect(g.stats.outputTokens).toBe(100);
    expect(progress.at(-1)).toEqual({ phase: "summarize", done: 6, total: 6 });
    expect(progress.filter((p) => p.phase === "extract").at(-1)).toEqual({ phase: "extract", done: 4, total: 4 });
  });

  it("lists the films instead of calling the model in list mode, and takes only `limit` films", async () => {
    const model = tagger();
    const g = await buildConceptGraph(FILMS, model, { cacheDir: newCacheDir(), summaries: "list", limit: 2 });
    expect(g.stats.films).toBe(2);
    expect(model.requests.every((r) => r.name === "concept_extract")).toBe(true);
    expect(g.concepts.find((c) => c.key === "genre:science fiction")).toMatchObject({ summarySource: "list", summary: 'Genre "science fiction" in 2 films: Starfall, Starfall Returns.' });
  });
});

describe("the concept cache", () => {
  it("answers a re-run from disk without a single model call", async () => {
    const cacheDir = newCacheDir();
    const first = await buildConceptGraph(FILMS, tagger(), { cacheDir });
    const again = tagger();
    const second = await buildConceptGraph(FILMS, again, { cacheDir });
    expect(again.requests).toHaveLength(0);
    expect(second.concepts).toEqual(first.concepts);
    expect(second.stats).toMatchObject({ calls: 0, inputTokens: 0, extract: { cached: 4, unusable: 1 }, summarize: { cached: 6, calls: 0 } });
    expect(second.films.every((f) => f.cached)).toBe(true);
  });

  it("asks again only for a film whose text changed, and re-summarises only the concepts it touches", async () => {
    const cacheDir = newCacheDir();
    await buildConceptGraph(FILMS, tagger(), { cacheDir });
    const changed = FILMS.map((f) => (f.id === "The Quiet Harbor" ? { ...f, text: "a widow and her sons keep the boat going" } : f));
    const model = tagger();
    const g = await buildConceptGraph(changed, model, { cacheDir });
    expect(extractRequests(model).map((r) => /^Film: (.+)$/m.exec(r.prompt)![1])).toEqual(["The Quiet Harbor"]);
    expect(model.requests.filter((r) => r.name === "concept_summary").map((r) => /"(.+)":/.exec(r.prompt)![1])).toEqual(["family"]);
    expect(g.stats.extract).toMatchObject({ calls: 1, cached: 3 });
  });

  it("re-extracts a corrupt record, says so, and replaces it with a valid one", async () => {
    const cacheDir = newCacheDir();
    await buildConceptGraph(FILMS, tagger(), { cacheDir });
    const cache = new ConceptCache(cacheDir, "scripted");
    const torn = cache.filmPath("Starfall");
    const wrongShape = cache.filmPath("Starfall Returns");
    writeFileSync(torn, '{"film":"Starfall","inputHa');
    writeFileSync(wrongShape, JSON.stringify({ film: "Starfall Returns", concepts: "Mars" }));

    const logs: string[] = [];
    const model = tagger();
    const g = await buildConceptGraph(FILMS, model, { cacheDir, log: (l) => logs.push(l) });
    expect(extractRequests(model)).toHaveLength(2);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toContain(torn);
    expect(logs[1]).toContain(wrongShape);
    expect(FilmRecord.parse(JSON.parse(readFileSync(torn, "utf8"))).reply?.characters).toEqual(["Mara Quell"]);
    expect(g.concepts.find((c) => c.key === "character:mara quell")?.films).toHaveLength(2);
  });

  it("silently redoes a record of another prompt version", async () => {
    const cacheDir = newCacheDir();
    await buildConceptGraph(FILMS, tagger(), { cacheDir });
    const path = new ConceptCache(cacheDir, "scripted").filmPath("Starfall");
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), promptVersion: "extract-0" }));
    const logs: string[] = [];
    const model = tagger();
    await buildConceptGraph(FILMS, model, { cacheDir, log: (l) => logs.push(l) });
    expect(extractRequests(model)).toHaveLength(1);
    expect(logs).toEqual([]);
  });

  it("keeps a failed call out of the cache, so the next run asks again", async () => {
    const cacheDir = newCacheDir();
    const down = tagger({ ...TAGS, Starfall: new ModelCallError("timed out") });
    const logs: string[] = [];
    const g = await buildConceptGraph(FILMS, down, { cacheDir, log: (l) => logs.push(l) });
    expect(g.films[0]).toMatchObject({ film: "Starfall", status: "failed", reason: "timed out" });
    expect(g.stats.extract).toMatchObject({ failed: 1, calls: 4 });
    expect(logs.some((l) => l.includes("Starfall: timed out"))).toBe(true);
    expect(existsSync(new ConceptCache(cacheDir, "scripted").filmPath("Starfall"))).toBe(false);

    const model = tagger();
    await buildConceptGraph(FILMS, model, { cacheDir });
    expect(extractRequests(model)).toHaveLength(1);
  });

  it("stops when the provider fails call after call", async () => {
    const films = Array.from({ length: 8 }, (_, i) => ({ ...FILMS[0]!, id: `F${i}`, title: `F${i}` }));
    const down = scriptedModel(Array.from({ length: 8 }, () => new ModelCallError("connection refused")));
    await expect(buildConceptGraph(films, down, { cacheDir: newCacheDir(), log: () => {} })).rejects.toThrow(/connection refused/);
    expect(down.requests).toHaveLength(5);
  });
});
