import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { hasRealData, realKb } from "../helpers/real-kb";

describe.skipIf(!hasRealData)("the real MetaQA / WikiMovies knowledge base", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await realKb();
  });

  it("has every entity and distinct triple of kb.txt, typed, with nothing rejected", () => {
    const { stats, report } = kb.info;
    expect(stats.nodes).toBe(43234);
    expect(stats.edges).toBe(133582);
    expect(stats.nodesByType).toMatchObject({ Movie: 16427, Genre: 23, Rating: 3, Votes: 3 });
    expect(stats.edgesByType).toMatchObject({ ACTED_IN: 33718, DIRECTED: 15957, WROTE: 19127, HAS_TAG: 28719 });
    const kbFile = report.files.find((f) => f.file === "metaqa/kb.txt")!;
    expect(kbFile).toMatchObject({ read: 134741, kept: 133582, merged: 1159, rejected: 0 });
    expect(report.files.find((f) => f.file === "tmdb/tmdb_5000_movies.csv.gz")!.kept).toBeGreaterThan(3000);
  });

  it("answers neighbour look-ups with the KB's exact names", async () => {
    const kismet = await kb.graph.neighbors("Kismet", { edges: ["DIRECTED"], direction: "in" });
    expect(kismet.map((n) => n.id)).toEqual(["William Dieterle"]);
    const node = await kb.graph.getNode("Kismet");
    expect(node!.plot).toMatch(/hafiz/);
  });

  it("links the issue's examples", () => {
    expect(kb.linker.link("gregoire colin")[0]!.id).toBe("Grégoire Colin");
    expect(kb.linker.link("Cristopher Nolan")[0]).toMatchObject({ id: "Christopher Nolan", type: "Person" });
    const nolans = kb.linker.link("Nolan", { types: ["Person"] });
    expect(nolans[0]!.id).toBe("Christopher Nolan");
    expect(nolans.length).toBeGreaterThan(2);
    expect(nolans.every((c) => c.name.includes("Nolan"))).toBe(true);
  });

  it("finds a film from its TMDB overview by full-text search", async () => {
    const avatar = await kb.graph.getNode("Avatar");
    const hits = await kb.text.search(avatar!.overview!, { types: ["Movie"], fields: ["name", "plot", "tags", "people"] });
    expect(hits.slice(0, 10).map((h) => h.id)).toContain("Avatar");
  });
});
