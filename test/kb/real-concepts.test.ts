import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { hasRealData, realKb } from "../helpers/real-kb";

/** The concept graph of the real knowledge base (skipped without the data; under CI=true it must be there). */
describe.skipIf(!hasRealData)("concept graph on the real data", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await realKb();
  }, 120_000);

  it("holds 'strong woman' (an adjective–noun keyword) as a concept with films", async () => {
    const [hit] = await kb.concepts.find("strong woman");
    expect(hit).toMatchObject({ match: "exact", concept: { key: "theme:strong woman" } });
    expect(hit!.concept.films).toBeGreaterThanOrEqual(2);
    expect((await kb.concepts.filmsOf(["theme:strong woman"])).get("theme:strong woman")).toHaveLength(hit!.concept.films);
  });

  it("types Prague as a setting, and every Prague film's text, tags or keywords name it", async () => {
    const [hit] = await kb.concepts.find("Prague");
    expect(hit!.concept).toMatchObject({ key: "setting:prague", type: "setting" });
    const films = (await kb.concepts.filmsOf(["setting:prague"])).get("setting:prague")!;
    expect(films.length).toBeGreaterThanOrEqual(3);
    for (const f of films) {
      const node = await kb.graph.getNode(f.film);
      const keywords = kb.catalog.tmdb(f.film)?.keywords ?? [];
      const tags = (await kb.graph.neighbors(f.film, { edges: ["HAS_TAG"], direction: "out" })).map((t) => t.id);
      expect(`${node?.plot ?? ""} ${node?.overview ?? ""} ${keywords.join(" ")} ${tags.join(" ")}`.toLowerCase(), f.film).toContain("prague");
    }
  });

  it("groups concepts into levelled communities whose reports a query finds", async () => {
    const stats = await kb.concepts.stats();
    expect(stats.levels).toBeGreaterThanOrEqual(2);
    const [top] = await kb.concepts.searchCommunities("drug addiction heroin");
    expect(top!.report.topConcepts.map((c) => c.name).join(" ")).toMatch(/heroin|addiction/);
  });
});
