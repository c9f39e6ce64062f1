import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedConceptGraph } from "../../src/adapters/embedded/concept-graph";
import { EmbeddedGraphStore } from "../../src/adapters/embedded/graph-store";
import type { KbGraphData } from "../../src/kb/graph-data";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { ConceptGraph } from "../../src/ports/concept-graph";
import { CONCEPT_FILM_TITLES } from "../fixtures/concept-world";
import { conceptKb } from "../helpers/concept-kb";

/** The fictional concept world, in the forms a concept store under test is loaded from, and the reference. */
export interface ConceptWorld {
  kb: KnowledgeBase;
  data: KbGraphData;
  reference: EmbeddedConceptGraph;
  keys: string[];
  communities: string[];
}

export async function conceptWorld(): Promise<ConceptWorld> {
  const kb = await conceptKb();
  if (!(kb.graph instanceof EmbeddedGraphStore) || !(kb.concepts instanceof EmbeddedConceptGraph)) throw new Error("the concept fixture is expected to use the embedded stores");
  const reference = kb.concepts;
  const keys = Array.from({ length: reference.size }, (_, i) => reference.keyAt(i));
  const communities = reference.parts.reports.map((r) => r.id);
  return { kb, data: kb.graph.data, reference, keys, communities };
}

export interface ConceptHarness {
  store: ConceptGraph;
  teardown(): Promise<void>;
}

const QUERIES = ["Valdoria", "strong women", "drugs", "marisol", "bank robbery getaway", "Red Horizon", "the old town", "clockmaker winter", "zeppelin", "", "space"];
const FIND_OPTIONS = [{}, { limit: 2 }, { types: ["setting", "theme"] as const }, { types: ["mood"] as const, limit: 1 }];

/**
 * The ConceptGraph contract, on the fictional concept world: spot checks a reader can follow, then
 * every concept, film, community and query shape against the embedded store (the reference: the same
 * results in the same order). `setup` loads the world into the store under test.
 */
export function conceptGraphContract(name: string, setup: (world: ConceptWorld) => Promise<ConceptHarness>): void {
  describe(`${name}: ConceptGraph contract`, () => {
    let world: ConceptWorld;
    let harness: ConceptHarness | undefined;
    let store: ConceptGraph;
    let ref: EmbeddedConceptGraph;
    beforeAll(async () => {
      world = await conceptWorld();
      harness = await setup(world);
      store = harness.store;
      ref = world.reference;
    }, 120_000);
    afterAll(async () => {
      await harness?.teardown();
    });

    it("finds a place, a character and a keyword by name, singular or plural", async () => {
      expect((await store.find("Valdoria"))[0]).toMatchObject({ match: "exact", score: 1, concept: { key: "setting:valdoria", type: "setting", films: 3 } });
      expect((await store.find("marisol"))[0]!.concept).toMatchObject({ key: "character:marisol", name: "Marisol" });
      expect((await store.find("strong women"))[0]!.concept.key).toBe("theme:strong woman");
      expect(await store.find("zeppelin")).toEqual([]);
    });

    it("lists a film's concepts and a concept's films, strongest first", async () => {
      const links = (await store.conceptsOf(["Sister Cartel", "Nobody"])).get("Sister Cartel")!;
      expect(links.find((l) => l.concept.key === "theme:drug")!.sources).toEqual(["kb_tag", "tmdb_keyword", "plot"]);
      expect((await store.conceptsOf(["Nobody"])).get("Nobody")).toEqual([]);
      expect((await store.filmsOf(["setting:valdoria"])).get("setting:valdoria")!.map((f) => f.film).sort()).toEqual(["Letters from Valdoria", "The Clockmaker of Valdoria", "Valdoria Nights"]);
    });

    it("counts what it holds as the reference does", async () => {
      expect(await store.stats()).toEqual(await ref.stats());
    });

    it("returns every concept exactly as the reference does", async () => {
      const keys = [...world.keys, "theme:nothing"];
      expect(await store.get(keys)).toEqual(await ref.get(keys));
    });

    it("finds concepts for every query and option as the reference does", async () => {
      for (const q of QUERIES) for (const o of FIND_OPTIONS) expect(await store.find(q, o), `${q} ${JSON.stringify(o)}`).toEqual(await ref.find(q, o));
    });

    it("lists every film's concepts and every concept's films as the reference does", async () => {
      const films = [...CONCEPT_FILM_TITLES, "Nobody", "Anselm Krieg"];
      for (const o of [{}, { limit: 2 }]) {
        expect(await store.conceptsOf(films, o)).toEqual(await ref.conceptsOf(films, o));
        expect(await store.filmsOf([...world.keys, "theme:nothing"], o)).toEqual(await ref.filmsOf([...world.keys, "theme:nothing"], o));
      }
    });

    it("gives every concept's related concepts and communities as the reference does", async () => {
      for (const key of [...world.keys, "theme:nothing"]) {
        expect(await store.related(key), key).toEqual(await ref.related(key));
        expect(await store.related(key, { limit: 1 }), key).toEqual(await ref.related(key, { limit: 1 }));
        expect(await store.communitiesOf(key), key).toEqual(await ref.communitiesOf(key));
      }
    });

    it("reads and searches community reports as the reference does", async () => {
      for (const id of [...world.communities, "c999"]) expect(await store.community(id)).toEqual(await ref.community(id));
      for (const q of QUERIES) for (const o of [{}, { level: 0 }, { limit: 1 }]) expect(await store.searchCommunities(q, o), q).toEqual(await ref.searchCommunities(q, o));
    });
  });
}
