import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT, loadConfig } from "../../src/config";
import { extractConcepts, normaliseConcepts } from "../../src/kb/concepts/extract";
import { clip, conceptFilmsOf, type ConceptFilm } from "../../src/kb/concepts/films";
import { requireConceptModel } from "../../src/kb/concepts/ingest";
import type { ConceptReply } from "../../src/kb/concepts/schema";
import { listSummary, summarizeConcept, summaryPrompt, tidySummary } from "../../src/kb/concepts/summarize";
import { ModelCallError } from "../../src/ports/chat-model";
import { fixtureKb } from "../helpers/fixture-kb";
import { scriptedModel } from "../helpers/scripted-model";

const HARBOR: ConceptFilm = { id: "The Quiet Harbor", title: "The Quiet Harbor", text: "A fisherman's widow keeps her family together in a Breton port.", source: "tmdb" };

const reply = (r: Partial<ConceptReply>): ConceptReply => ({ genres: ["drama"], characters: [], themes: ["family"], settings: [], series: [], ...r });

describe("normalising extracted concepts", () => {
  it("trims, dedupes case-insensitively, drops placeholders and the film's own title", () => {
    const concepts = normaliseConcepts(
      reply({ characters: ["  Marie  Le Goff ", "marie le goff", "\"the widow\".", "N/A", "Quiet Harbor"], settings: ["Brittany, 1950s", "-"], series: ["The Quiet Harbour"] }),
      "The Quiet Harbor",
    );
    expect(concepts).toEqual([
      { kind: "genre", name: "drama" },
      { kind: "character", name: "Marie Le Goff" },
      { kind: "character", name: "the widow" },
      { kind: "theme", name: "family" },
      { kind: "setting", name: "Brittany" },
      { kind: "setting", name: "1950s" },
    ]);
  });

  it("keeps a name under its first kind only, as a small model repeats one phrase in every field", () => {
    const concepts = normaliseConcepts(reply({ characters: ["Nostromo"], settings: ["Nostromo", "deep space"], series: ["nostromo"] }), "Alien Shore");
    expect(concepts.filter((c) => c.name.toLowerCase() === "nostromo")).toEqual([{ kind: "character", name: "Nostromo" }]);
    expect(concepts).toContainEqual({ kind: "setting", name: "deep space" });
  });

  it("drops the form's own words echoed back, as a small model fills fields with them", () => {
    const concepts = normaliseConcepts(reply({ characters: ["name", "age", "Woody"], settings: ["the setting", "places", "the ocean"], series: ["the film series it belongs to, if any"] }), "Toy Town");
    expect(concepts.filter((c) => c.kind !== "genre" && c.kind !== "theme")).toEqual([
      { kind: "character", name: "Woody" },
      { kind: "setting", name: "the ocean" },
    ]);
  });

  it("does not mistake a short concept for a short title", () => {
    expect(normaliseConcepts(reply({ characters: ["Max"] }), "Mad")).toContainEqual({ kind: "character", name: "Max" });
  });
});

describe("extracting a film's concepts", () => {
  it("returns the normalised concepts with the call's usage", async () => {
    const model = scriptedModel([reply({ characters: ["Marie"], settings: ["Breton port"] })]);
    const x = await extractConcepts(HARBOR, model);
    expect(x.status).toBe("ok");
    expect(x.concepts.map((c) => `${c.kind}:${c.name}`)).toEqual(["genre:drama", "character:Marie", "theme:family", "setting:Breton port"]);
    expect(x.calls).toBe(1);
    expect(x.inputTokens).toBeGreaterThan(0);
    expect(model.requests[0]!.prompt).toContain(HARBOR.text);
  });

  it("records a reply that does not fit the schema as unusable instead of throwing", async () => {
    const x = await extractConcepts(HARBOR, scriptedModel([{ genres: "drama" }]));
    expect(x).toMatchObject({ status: "unusable", concepts: [], calls: 1 });
    expect(x.reason).toMatch(/does not fit/);
  });

  it("records a reply with nothing left after normalising as unusable", async () => {
    const war: ConceptFilm = { id: "War", title: "War", text: "Two armies fight over a river.", source: "wikimovies" };
    const x = await extractConcepts(war, scriptedModel([reply({ genres: ["war"], themes: ["war"], characters: ["War"], settings: ["n/a"] })]));
    expect(x).toMatchObject({ status: "unusable", concepts: [], reason: "no concepts left after normalising" });
  });

  it("throws when the call itself fails, so the caller can tell a down provider from a bad reply", async () => {
    await expect(extractConcepts(HARBOR, scriptedModel([new ModelCallError("timed out")]))).rejects.toThrow(ModelCallError);
  });
});

describe("concept summaries", () => {
  const films: ConceptFilm[] = [HARBOR, { id: "Paper Moons", title: "Paper Moons", text: "Two sisters run their late father's print shop.", source: "wikimovies" }];
  const concept = { key: "theme:family", kind: "theme" as const, name: "family", films };

  it("asks the model over the films' snippets", async () => {
    const model = scriptedModel([{ summary: "  Families   hold together after a loss. " }]);
    const s = await summarizeConcept(concept, model);
    expect(s).toMatchObject({ status: "ok", summary: "Families hold together after a loss.", calls: 1 });
    expect(model.requests[0]!.prompt).toContain("- Paper Moons: Two sisters run their late father's print shop.");
  });

  it("caps the films quoted and says how many were left out", () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...HARBOR, id: `F${i}`, title: `F${i}` }));
    const prompt = summaryPrompt({ ...concept, films: many }, { maxFilms: 3 });
    expect(prompt.match(/^- F/gm)).toHaveLength(3);
    expect(prompt).toContain("(and 5 more)");
  });

  it("falls back to listing the films when the reply is unusable", async () => {
    const s = await summarizeConcept(concept, scriptedModel([{ summary: 42 }]));
    expect(s.status).toBe("unusable");
    expect(s.summary).toBe('Theme "family" in 2 films: The Quiet Harbor, Paper Moons.');
  });

  it("drops repeated sentences and the unfinished one the length cap cut", () => {
    expect(tidySummary("Sea films are quiet. Boats sink. ".repeat(8).slice(0, 200))).toBe("Sea films are quiet. Boats sink.");
    expect(tidySummary("It is a comedy, but not one. It is a comedy, but not one.")).toBe("It is a comedy, but not one.");
    expect(tidySummary("Families hold on. The film is about the…")).toBe("Families hold on.");
    expect(tidySummary("The film is about the…")).toBe("The film is about the…");
    expect(listSummary({ ...concept, films: [...films, ...films] }, 1)).toBe('Theme "family" in 4 films: The Quiet Harbor and 3 more.');
  });
});

describe("the films the model reads", () => {
  it("prefers the TMDB overview, falls back to the plot, and clips long texts at a word", async () => {
    const films = conceptFilmsOf(await fixtureKb());
    expect(films.length).toBeGreaterThan(3);
    expect(new Set(films.map((f) => f.source))).toEqual(new Set(["tmdb", "wikimovies"]));
    for (const f of films) expect(f.text.length).toBeGreaterThan(0);
    expect(clip("one two three four five", 12)).toBe("one two…");
  });
});

describe("ingest --concepts without a chat model", () => {
  it("says which model to configure", () => {
    expect(() => requireConceptModel(loadConfig({ CHAT_MODEL: "none" }))).toThrow(/CHAT_MODEL=local \(after `npm run models:fetch`\)/);
  });

  it("stops the command before loading the knowledge base", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", join(PROJECT_ROOT, "src/cli/ingest.ts"), "--concepts"], { env: { ...process.env, CHAT_MODEL: "none" }, cwd: PROJECT_ROOT, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/--concepts needs a chat model.*CHAT_MODEL=local/);
    expect(run.stdout).toBe("");
  });
});
