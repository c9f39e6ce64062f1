import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EmbeddedGraphStore } from "../../src/adapters/embedded/graph-store";
import { buildConceptGraphData } from "../../src/kb/concepts/offline/build";
import { conceptSections, readConceptSections, type ConceptGraphData } from "../../src/kb/concepts/offline/data";
import { SOURCE_BIT } from "../../src/kb/concepts/offline/collect";
import { linkWeight } from "../../src/kb/concepts/offline/table";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { SnapshotCorruptError, readSnapshotFile, writeSnapshotFile } from "../../src/kb/snapshot-file";
import { conceptKb } from "../helpers/concept-kb";

let kb: KnowledgeBase;
let data: ConceptGraphData;
beforeAll(async () => {
  kb = await conceptKb();
  data = buildConceptGraphData((kb.graph as EmbeddedGraphStore).data);
});

const filmsOf = async (key: string) => (await kb.concepts.filmsOf([key])).get(key)?.map((f) => f.film).sort();
const linkOf = async (film: string, key: string) => (await kb.concepts.conceptsOf([film])).get(film)!.find((l) => l.concept.key === key);

describe("offline concept extraction", () => {
  it("keeps a single keyword, and meets it in a plot's plural ('drugs')", async () => {
    expect(await filmsOf("theme:drug")).toEqual(["Hard Habit", "Powder Road", "Sister Cartel"]);
    expect((await linkOf("Sister Cartel", "theme:drug"))!.sources).toEqual(["kb_tag", "tmdb_keyword", "plot"]);
  });

  it("keeps an adjective–noun pair, from keywords and from plot text", async () => {
    const [hit] = await kb.concepts.find("strong women");
    expect(hit).toMatchObject({ match: "exact", concept: { key: "theme:strong woman", type: "theme", films: 3 } });
    expect((await linkOf("Powder Road", "theme:strong woman"))!.sources).toContain("plot");
  });

  it("types a place named after 'in' or 'to' as a setting, and a name after 'named' as a character", async () => {
    const [place] = await kb.concepts.find("Valdoria");
    expect(place!.concept).toMatchObject({ key: "setting:valdoria", name: "Valdoria", type: "setting" });
    expect(await filmsOf("setting:valdoria")).toEqual(["Letters from Valdoria", "The Clockmaker of Valdoria", "Valdoria Nights"]);
    const [person] = await kb.concepts.find("marisol");
    expect(person!.concept).toMatchObject({ key: "character:marisol", name: "Marisol", type: "character", sources: ["plot", "overview"] });
    expect(await filmsOf("character:marisol")).toEqual(["Hard Habit", "Sister Cartel"]);
  });

  it("types genres, a tone tag, a title family and a time setting from their sources", async () => {
    const types = Object.fromEntries((await kb.concepts.get(["genre:crime", "mood:mysterious", "series:red horizon", "setting:old town"])).map((c) => [c?.key, c?.type]));
    expect(types).toEqual({ "genre:crime": "genre", "mood:mysterious": "mood", "series:red horizon": "series", "setting:old town": "setting" });
    expect(await filmsOf("series:red horizon")).toEqual(["Red Horizon", "Red Horizon II"]);
    // A genre word in a plot is no link: only genre sources say what a film's genre is.
    expect((await linkOf("The Long Table", "genre:comedy"))!.sources).toEqual(["kb_genre", "tmdb_genre"]);
  });
});

describe("film–concept weights", () => {
  it("let a rare concept outweigh a common one, and a curated keyword outweigh a plot phrase", async () => {
    expect((await linkOf("Quiet Orchard", "theme:orchard"))!.weight).toBeGreaterThan((await linkOf("Quiet Orchard", "genre:drama"))!.weight);
    expect(linkWeight(2, 1000, SOURCE_BIT.tmdb_keyword)).toBeGreaterThan(linkWeight(2, 1000, SOURCE_BIT.plot));
    expect(linkWeight(2, 1000, SOURCE_BIT.plot)).toBeGreaterThan(linkWeight(200, 1000, SOURCE_BIT.plot));
    const links = (await kb.concepts.conceptsOf(["Quiet Orchard"])).get("Quiet Orchard")!;
    expect(links.map((l) => l.weight)).toEqual([...links.map((l) => l.weight)].sort((a, b) => b - a));
  });
});

describe("co-occurrence and communities", () => {
  it("join concepts that share films, and group each film family into one community", async () => {
    expect((await kb.concepts.related("theme:heist")).map((r) => r.concept.key)).toEqual(expect.arrayContaining(["theme:bank robbery", "theme:getaway driver"]));
    const community = async (key: string) => (await kb.concepts.communitiesOf(key)).at(-1);
    expect(await community("theme:heist")).toBe(await community("theme:getaway driver"));
    expect(await community("setting:valdoria")).toBe(await community("theme:clockmaker"));
    expect(await community("theme:heist")).not.toBe(await community("setting:valdoria"));
    expect(await kb.concepts.communitiesOf("theme:orchard")).toEqual([]);
  });

  it("are the same on every run (seeded)", () => {
    const again = buildConceptGraphData((kb.graph as EmbeddedGraphStore).data);
    expect(again.reports).toEqual(data.reports);
    expect(Array.from(again.leafOf)).toEqual(Array.from(data.leafOf));
    expect(Array.from(again.related.targets)).toEqual(Array.from(data.related.targets));
  });

  it("each have a report built from the data", async () => {
    const [hit] = await kb.concepts.searchCommunities("bank robbery getaway");
    const r = hit!.report;
    expect(r.topConcepts.map((c) => c.key)).toEqual(expect.arrayContaining(["theme:heist", "theme:bank robbery", "theme:getaway driver"]));
    expect(r.representativeFilms.map((f) => f.film).sort()).toEqual(["Getaway Nights", "Midnight Cash", "The Vault Job"]);
    expect(r.genres[0]).toEqual({ name: "Crime", share: 1 });
    expect(r.decades.map((d) => d.decade).sort()).toEqual([2000]);
    expect(r.summary).toMatch(/held together by 3 films, mostly Crime 100%/);
    expect(r.summary).toMatch(/Films such as .*The Vault Job \(2001\)/);
    expect(r.title.split(", ")).toHaveLength(3);
    expect(await kb.concepts.community(r.id)).toEqual(r);
  });
});

describe("the concept graph in the snapshot", () => {
  it("round-trips through the snapshot's sections", () => {
    const path = join(mkdtempSync(join(tmpdir(), "mg-concepts-")), "c.snap");
    const nodes = (kb.graph as EmbeddedGraphStore).data.names.length;
    writeSnapshotFile(path, {}, conceptSections(data));
    expect(readConceptSections(readSnapshotFile(path), path, nodes)).toEqual(data);
  });

  it("refuses arrays that do not fit together", () => {
    const path = join(mkdtempSync(join(tmpdir(), "mg-concepts-")), "bad.snap");
    const broken = { ...data, leafOf: Int32Array.from(data.leafOf, () => data.reports.length + 1) };
    writeSnapshotFile(path, {}, conceptSections(broken));
    expect(() => readConceptSections(readSnapshotFile(path), path, (kb.graph as EmbeddedGraphStore).data.names.length)).toThrow(SnapshotCorruptError);
  });
});
