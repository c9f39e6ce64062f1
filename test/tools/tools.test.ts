import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { TOOLS } from "../../tools/index";
import { mergeEvidence, makeEvidence } from "../../tools/evidence";
import { toLangChainTool } from "../../tools/langchain";
import { runTool } from "../../tools/tool";
import { fixtureKb } from "../helpers/fixture-kb";
import { EmbeddedVectorStore } from "../../src/adapters/embedded/vector-store";
import { overviewPassage } from "../../src/kb/documents";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});
const call = (name: keyof typeof TOOLS, input: unknown) => runTool(TOOLS[name], input, { kb, step: 2 });

describe("full_text", () => {
  it("ranks by BM25 and quotes the matching plot", async () => {
    const out = await call("full_text", { query: "heist at midnight" });
    expect(out.evidence[0]).toMatchObject({ kind: "node", focus: "Midnight Ledger", focusType: "Movie", score: 1, sources: [{ tool: "full_text", step: 2 }] });
    expect(out.evidence[0]!.text).toMatch(/^Movie Midnight Ledger \(2010\) — plot: .*heist planned for midnight/);
    expect(out.evidence[1]!.score).toBeLessThan(1);
  });

  it("filters by type and explains an empty result", async () => {
    const out = await call("full_text", { query: "heist", types: ["Tag"] });
    expect(out.evidence.map((e) => e.focus)).toEqual(["heist"]);
    const none = await call("full_text", { query: "zeppelin" });
    expect(none.evidence).toEqual([]);
    expect(none.notes[0]).toMatch(/nothing matches "zeppelin" \(fuzzy: true tolerates typos\)/);
  });

  it("rejects out-of-range limits with the field named", async () => {
    const out = await call("full_text", { query: "x", limit: 500 });
    expect(out.error).toMatchObject({ code: "invalid_input" });
    expect(out.error!.message).toMatch(/limit/);
    expect((await call("full_text", { query: "x", colour: "red" })).error!.message).toMatch(/colour|unrecognized/i);
  });
});

describe("movie_story", () => {
  it("quotes a film's plot and overview whole, each with its source, and names what it cannot read", async () => {
    const out = await call("movie_story", { titles: ["Midnight Ledger"] });
    expect(out.evidence.map((e) => e.meta?.source)).toEqual(expect.arrayContaining(["WikiMovies plot"]));
    expect(out.evidence[0]).toMatchObject({ kind: "passage", focus: "Midnight Ledger", focusType: "Movie", sources: [{ tool: "movie_story", step: 2 }] });
    expect(out.evidence[0]!.text).toMatch(/^Midnight Ledger \(2010\), WikiMovies plot: .*heist planned for midnight/);
    const person = await call("movie_story", { titles: ["Tom Harker"] });
    expect(person.evidence).toEqual([]);
    expect(person.notes[0]).toMatch(/"Tom Harker" is no film in the knowledge base/);
    expect((await call("movie_story", { titles: [] })).error!.message).toMatch(/give at least one title/);
    expect((await call("movie_story", { titles: ["Zeppelin Dreams"] })).error!.message).toMatch(/unknown entity "Zeppelin Dreams"/);
  });
});

describe("depth_first", () => {
  it("climbs to what the seeds share, ranks it by how many share it and how specific it is, and comes back down", async () => {
    const out = await call("depth_first", { movies: ["Starfall", "Starfall Returns"], concepts: 4 });
    const seeds = out.evidence.filter((e) => e.meta?.role === "seed").map((e) => e.focus);
    expect(seeds).toEqual(["Starfall", "Starfall Returns"]);
    const concepts = out.evidence.filter((e) => e.meta?.role === "concept");
    expect(concepts.every((c) => c.meta?.sharedBy === 2)).toBe(true);
    // Specificity (fewer edges) times what the relation says about likeness: a shared writer or director
    // counts more than a shared actor, a shared language least. Ada Marlowe (director) is less specific
    // than Ben Okafor (writer) but outranks Céline Dupré (actor); English comes last.
    expect(concepts.map((c) => c.focus)).toEqual(["Ben Okafor", "Ada Marlowe", "Céline Dupré", "English"]);
    expect(concepts[0]!.path).toEqual([
      { subject: "Ben Okafor", edge: "WROTE", object: "Starfall" },
      { subject: "Ben Okafor", edge: "WROTE", object: "Starfall Returns" },
    ]);
    const results = out.evidence.filter((e) => e.meta?.role === "result");
    // The shared writer outweighs a shared actor plus a shared language.
    expect(results.slice(0, 2).map((r) => r.focus)).toEqual(["The Quiet Harbor", "Midnight Ledger"]);
    expect(results[1]!.meta?.sharedConcepts).toBe(2); // Céline Dupré and English
    expect(results.map((r) => r.focus)).not.toContain("Starfall");
    expect(results[0]!.path).toHaveLength(2);
  });

  it("keeps only similar films of a kind, or none of a kind ('like X but not a drama')", async () => {
    const only = await call("depth_first", { movies: ["Starfall", "Starfall Returns"], concepts: 4, filters: { kind: { label: "drama", genres: ["Drama"] } } });
    const not = await call("depth_first", { movies: ["Starfall", "Starfall Returns"], concepts: 4, filters: { notKind: { label: "drama", genres: ["Drama"] } } });
    const results = (out: typeof only) => out.evidence.filter((e) => e.meta?.role === "result").map((e) => e.focus);
    expect(results(only)).toContain("The Quiet Harbor");
    expect(results(not)).not.toContain("The Quiet Harbor");
    expect(results(not)).toContain("Midnight Ledger");
    expect(not.notes.some((n) => /similar movies meet the constraints/.test(n))).toBe(true);
  });

  it("finds its seeds from a query when no movies are named", async () => {
    const out = await call("depth_first", { query: "pilot stranded near a collapsing star", seeds: 1 });
    expect(out.evidence.filter((e) => e.meta?.role === "seed").map((e) => e.focus)).toEqual(["Starfall"]);
  });

  it("needs a query or movies, and names an unknown movie", async () => {
    expect((await call("depth_first", {})).error!.message).toMatch(/give a query, seed movies, or both/);
    expect((await call("depth_first", { movies: ["Nonexistent Film"] })).error!.code).toBe("unknown_entity");
  });
});

describe("breadth_first", () => {
  it("finds the concept, summarises it from the graph and lists its movies", async () => {
    const out = await call("breadth_first", { query: "films about family" });
    const concept = out.evidence[0]!;
    expect(concept).toMatchObject({ kind: "node", focus: "family", meta: { role: "concept", movies: 2 } });
    expect(concept.text).toBe('Tag "family": 2 movies; mostly from 1980s (1), 2010s (1); directors: Jonas Whitfield (1), Lena Marlowe (1); goes with: Drama (2), sea (1)');
    const movies = out.evidence.filter((e) => e.meta?.role === "movie").map((e) => e.focus);
    expect(movies.sort()).toEqual(["Paper Moons", "The Quiet Harbor"]);
    expect(out.evidence[1]!.path![0]).toMatchObject({ edge: "HAS_TAG", object: "family" });
  });

  it("prefers movies under several of the matched concepts", async () => {
    const out = await call("breadth_first", { query: "drama about family", concepts: 2 });
    const underDrama = out.evidence.filter((e) => e.meta?.concept === "Drama");
    expect(underDrama[0]!.meta?.alsoInMatched).toBe(1);
    expect(["Paper Moons", "The Quiet Harbor"]).toContain(underDrama[0]!.focus);
  });

  it("says when no concept matches", async () => {
    const out = await call("breadth_first", { query: "zeppelins", conceptTypes: ["Genre"] });
    expect(out.evidence).toEqual([]);
    expect(out.notes[0]).toMatch(/no Genre matches "zeppelins"/);
  });
});

describe("exact helpers", () => {
  it("lookup_entity ranks partial names by prominence", async () => {
    const out = await call("lookup_entity", { mention: "Marlowe", types: ["Person"] });
    expect(out.evidence.map((e) => [e.focus, e.meta?.match])).toEqual([
      ["Ada Marlowe", "partial"],
      ["Lena Marlowe", "partial"],
    ]);
  });

  it("neighbors resolves the name, returns exact triples, and says when it truncates", async () => {
    const out = await call("neighbors", { entity: "tom harker", edge: "ACTED_IN", limit: 2 });
    expect(out.evidence.map((e) => e.path![0])).toEqual([
      { subject: "Tom Harker", edge: "ACTED_IN", object: "Starfall" },
      { subject: "Tom Harker", edge: "ACTED_IN", object: "The Quiet Harbor" },
    ]);
    expect(out.notes).toEqual(['neighbors: "tom harker" resolved to "Tom Harker"', "neighbors: showing 2 of 4 for Tom Harker; raise limit for more"]);
    const none = await call("neighbors", { entity: "Tom Harker", edge: "DIRECTED" });
    expect(none.notes).toContain("neighbors: Tom Harker has no DIRECTED neighbours");
    expect((await call("neighbors", { entity: "Tom Harker", direction: "sideways" })).error!.code).toBe("invalid_input");
  });

  it("semantic_search returns movie passages above the threshold, and nothing for unknown words", async () => {
    const out = await call("semantic_search", { query: "a pilot lost in space near a dying star", k: 2 });
    expect(out.evidence.map((e) => e.focus).sort()).toEqual(["Starfall", "Starfall Returns"]);
    expect(out.evidence[0]!.kind).toBe("passage");
    expect(out.evidence[0]!.text).toMatch(/Directed by Ada Marlowe/);
    expect(out.evidence[0]!.nodeIds).toContain("Céline Dupré");
    const none = await call("semantic_search", { query: "qwertyuiop" });
    expect(none.notes[0]).toMatch(/knows none of the query's words/);
    const high = await call("semantic_search", { query: "a pilot lost in space", threshold: 0.9999 });
    expect(high.notes[0]).toMatch(/no movie is above cosine 0.9999/);
  });
});

describe("semantic_search over overviews", () => {
  it("with overviews, a film also matches by its overview passage and scores by the closer text", async () => {
    const embed = async (t: string) => (await kb.embedder.embed([t], { kind: "document" }))[0]!;
    const text = overviewPassage("Midnight Ledger", "A pilot lost in space near a dying star radios home.", ["space", "pilot"]);
    const withOverview: KnowledgeBase = { ...kb, passages: new EmbeddedVectorStore(kb.embedder.dimension, { ids: ["Midnight Ledger"], types: ["Movie"], matrix: await embed(text) }) };
    const run = (overviews: boolean) => runTool(TOOLS.semantic_search, { query: "a pilot lost in space near a dying star", k: 3, threshold: 0.3, overviews }, { kb: withOverview, step: 2 });
    const plain = await run(false);
    const both = await run(true);
    expect(plain.evidence.map((e) => e.focus)).not.toContain("Midnight Ledger");
    expect(both.evidence.find((e) => e.focus === "Midnight Ledger")).toMatchObject({ meta: { matched: "overview" } });
    // Each film once, whichever text it matched by.
    expect(new Set(both.evidence.map((e) => e.focus)).size).toBe(both.evidence.length);
    expect(both.evidence.filter((e) => e.focus !== "Midnight Ledger").every((e) => e.meta?.matched === "document")).toBe(true);
    expect(both.evidence.map((e) => e.score)).toEqual([...both.evidence.map((e) => e.score)].sort((a, b) => b - a));
  });

  it("overview passages name the film and carry its keywords", () => {
    expect(overviewPassage("Jaws", "A shark menaces a beach town.", ["shark", "police chief"])).toBe("Jaws. A shark menaces a beach town. shark, police chief.");
    expect(overviewPassage("Jaws", "A shark menaces a beach town.", [])).toBe("Jaws. A shark menaces a beach town.");
  });
});

describe("evidence", () => {
  it("has content ids, so the same fact from two tools merges and keeps both sources", () => {
    const a = makeEvidence({ kind: "triple", text: "t", nodeIds: ["x", "y"], focus: "y", path: [{ subject: "x", edge: "DIRECTED", object: "y" }], score: 0.4, tool: "neighbors", step: 1 });
    const b = makeEvidence({ kind: "triple", text: "t", nodeIds: ["x", "y"], focus: "y", path: [{ subject: "x", edge: "DIRECTED", object: "y" }], score: 0.9, tool: "think_on_graph", step: 2 });
    expect(a.id).toBe(b.id);
    const merged = mergeEvidence([a], [b]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.score).toBe(0.9);
    expect(merged[0]!.sources).toEqual([
      { tool: "neighbors", step: 1 },
      { tool: "think_on_graph", step: 2 },
    ]);
  });
});

describe("LangChain wrappers", () => {
  it("exposes each tool with its schema and returns a compact digest; bad input becomes an error message", async () => {
    const seen: number[] = [];
    const t = toLangChainTool(TOOLS.neighbors, () => ({ kb, step: 3 }), (out) => seen.push(out.evidence.length));
    expect(t.name).toBe("neighbors");
    const reply = JSON.parse((await t.invoke({ entity: "Paper Moons", edge: "DIRECTED" })) as string);
    expect(reply).toMatchObject({ total: 1, evidence: [{ about: "Lena Marlowe", text: "Lena Marlowe directed Paper Moons" }] });
    expect(seen).toEqual([1]);
    const err = JSON.parse((await t.invoke({ entity: "Zebulon Quux" })) as string);
    expect(err.error).toMatch(/unknown entity "Zebulon Quux"/);
  });
});

describe("find_movies", () => {
  it("intersects a kind of film with a period and ranks by a TMDB figure, naming its source", async () => {
    const kb = await fixtureKb();
    const out = await runTool(TOOLS.find_movies, { concepts: [{ label: "science fiction", genres: ["Science Fiction"] }], years: { from: 1990, to: 2009 }, rankBy: "runtime", order: "desc" }, { kb, step: 1 });
    const results = out.evidence.filter((e) => e.meta?.role === "result");
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r.path?.some((t) => t.edge === "HAS_GENRE")).toBe(true);
    expect(results.every((r) => r.meta?.source === "TMDB runtime" || r.meta?.metric === undefined)).toBe(true);
  });

  it("reads one named film's figure, and says a title that is not a film is not one", async () => {
    const kb = await fixtureKb();
    const sci = await runTool(TOOLS.find_movies, { concepts: [{ label: "science fiction", genres: ["Science Fiction"] }], rankBy: "runtime" }, { kb, step: 1 });
    const film = sci.evidence.find((e) => e.meta?.role === "result")!;
    const out = await runTool(TOOLS.find_movies, { titles: [film.focus], rankBy: "runtime", limit: 1 }, { kb, step: 1 });
    const results = out.evidence.filter((e) => e.meta?.role === "result");
    expect(results.map((e) => [e.focus, e.meta?.value])).toEqual([[film.focus, film.meta?.value]]);
    const bad = await runTool(TOOLS.find_movies, { titles: ["Céline Dupré"], rankBy: "runtime" }, { kb, step: 1 });
    expect(bad.error?.message).toMatch(/"Céline Dupré" is not a film in the knowledge base/);
  });

  it("ranks a person's films by the KB's release year, earliest or latest first", async () => {
    const kb = await fixtureKb();
    const run = (order: "asc" | "desc") => runTool(TOOLS.find_movies, { people: [{ name: "Ada Marlowe", role: "DIRECTED" }], rankBy: "releaseYear", order }, { kb, step: 1 });
    const years = (out: Awaited<ReturnType<typeof run>>) => out.evidence.filter((e) => e.meta?.role === "result").map((e) => Number(e.meta?.value));
    const asc = years(await run("asc"));
    expect(asc.length).toBeGreaterThan(1);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = await run("desc");
    expect(years(desc)).toEqual([...asc].sort((a, b) => b - a));
    expect(desc.evidence.find((e) => e.meta?.role === "result")).toMatchObject({ meta: { source: "KB release year" } });
    expect(desc.evidence.find((e) => e.meta?.role === "result")!.text).toMatch(/: released in \d{4}/);
  });

  it("relaxed (no film meets all), puts the named person's films before other films that meet as many constraints", async () => {
    const kb = await fixtureKb();
    // Rita Vale has no 1987 film; The Quiet Harbor is 1987's, and meets as many (one of two).
    const out = await runTool(TOOLS.find_movies, { people: [{ name: "Rita Vale", role: "ACTED_IN" }], years: { from: 1987, to: 1987 }, atLeast: 1 }, { kb, step: 1 });
    const results = out.evidence.filter((e) => e.meta?.role === "result");
    const rows = results.map((e) => [e.focus, e.meta?.met, e.meta?.named] as const);
    expect(rows).toContainEqual(["Paper Moons", 1, 1]);
    expect(rows).toContainEqual(["The Quiet Harbor", 1, 0]);
    // Every film of hers comes before every other film.
    const firstOther = rows.findIndex((r) => r[2] === 0);
    expect(rows.slice(firstOther).every((r) => r[2] === 0)).toBe(true);
    expect(rows.findIndex((r) => r[0] === "Paper Moons")).toBeLessThan(firstOther);
    // Hers nearest the year asked first: Starfall Returns (2004) before Paper Moons (2010).
    expect(rows.findIndex((r) => r[0] === "Starfall Returns")).toBeLessThan(rows.findIndex((r) => r[0] === "Paper Moons"));
  });

  it("subtracts a person's films in another role", async () => {
    const kb = await fixtureKb();
    const out = await runTool(TOOLS.find_movies, { people: [{ name: "Ben Okafor", role: "WROTE" }], exclude: { people: [{ name: "Ada Marlowe", role: "DIRECTED" }] } }, { kb, step: 1 });
    const films = out.evidence.filter((e) => e.meta?.role === "result").map((e) => e.focus);
    expect(films).toContain("The Quiet Harbor");
    expect(films).not.toContain("Starfall");
  });

  it("states the genre split of every film that matches, beside the films, when asked", async () => {
    const kb = await fixtureKb();
    const out = await runTool(TOOLS.find_movies, { people: [{ name: "Ben Okafor", role: "WROTE" }], distribution: true, limit: 1 }, { kb, step: 1 });
    const shares = out.evidence.filter((e) => e.meta?.role === "share");
    expect(shares.map((e) => e.focus).sort()).toEqual(["Drama", "Science Fiction"]);
    expect(shares.every((e) => e.sources[0]!.tool === "find_movies")).toBe(true);
    // The split counts every matching film, not only the one result shown.
    expect(shares.reduce((n, e) => n + Number(e.meta?.count), 0)).toBeGreaterThan(out.evidence.filter((e) => e.meta?.role === "result").length);
    const plain = await runTool(TOOLS.find_movies, { people: [{ name: "Ben Okafor", role: "WROTE" }] }, { kb, step: 1 });
    expect(plain.evidence.some((e) => e.meta?.role === "share")).toBe(false);
  });

  it("rejects a call with no constraint, saying what to give", async () => {
    const kb = await fixtureKb();
    const out = await runTool(TOOLS.find_movies, {}, { kb, step: 1 });
    expect(out.error?.message).toMatch(/give at least one constraint/);
  });
});
