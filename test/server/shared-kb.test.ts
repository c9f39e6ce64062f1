import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { SharedStringMap } from "../../src/kb/shared/string-map";
import { SharedStrings } from "../../src/kb/shared/strings";
import { WorkerPoolExecutor } from "../../src/server/worker-pool";
import { kbFromShared, type SharedKbParts } from "../../src/kb/shared/parts";
import { remotePorts } from "../../src/server/kb-rpc";
import { MessageChannel } from "node:worker_threads";
import { hasRealData, realKb } from "../helpers/real-kb";

describe("shared-memory structures", () => {
  it("keep strings once and read them back, long and non-Latin ones too", () => {
    const texts = ["", "Amélie", "千と千尋の神隠し", "🎬 film", "x".repeat(20_000)];
    const s = SharedStrings.build(texts);
    expect(s.data.units.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(s.toArray()).toEqual(texts);
    expect(s.equals(1, "Amélie")).toBe(true);
    expect(s.equals(1, "Amelie")).toBe(false);
    const view = s.asArray();
    expect(view.length).toBe(5);
    expect(view[2]).toBe("千と千尋の神隠し");
    expect(view[9]).toBeUndefined();
  });

  it("map strings to lists like a Map, and refuse a repeated key", () => {
    const entries: [string, number[]][] = [["heat", [3, 9]], ["ronin", [4]], ["", []], ["Amélie", [1]]];
    const m = SharedStringMap.build(entries);
    for (const [k, v] of entries) expect([...(m.get(k) ?? [])]).toEqual(v);
    expect(m.get("missing")).toBeUndefined();
    expect(m.has("ronin")).toBe(true);
    expect(m.keyAt(m.indexOf("heat"))).toBe("heat");
    expect(() => SharedStringMap.build([["a", [1]], ["a", [2]]])).toThrow(/duplicate key/);
    const many = SharedStringMap.build(Array.from({ length: 5000 }, (_, i) => [`k${i}`, [i]] as const));
    expect(Array.from({ length: 5000 }, (_, i) => many.get(`k${i}`)![0])).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });
});

/** One knowledge base in memory: workers read the main thread's shared copy and ask it for searches. */
describe.skipIf(!hasRealData)("research workers on the shared knowledge base", () => {
  let kb: KnowledgeBase;
  let pool: WorkerPoolExecutor;
  beforeAll(async () => {
    kb = await realKb();
    pool = await WorkerPoolExecutor.start(1, undefined, kb);
  }, 120_000);
  afterAll(async () => {
    await pool.close();
  });

  it("read the same concept graph as the main thread, from shared memory", async () => {
    // The parts cross a message port as they cross to a worker: SharedArrayBuffers shared, reports copied.
    const channel = new MessageChannel();
    const received = new Promise<SharedKbParts>((resolve) => channel.port2.once("message", resolve));
    channel.port1.postMessage(kb.sharedParts!());
    const parts = await received;
    channel.port1.close();
    expect(parts.concepts.byFilm.targets.buffer).toBeInstanceOf(SharedArrayBuffer);
    const remote = remotePorts({ postMessage: () => {}, on: () => undefined }, { text: { kind: "x" }, vectors: { kind: "x", dimension: 1 }, passages: { kind: "x", dimension: 1 }, embedder: { id: "x", dimension: 1 } });
    const there = kbFromShared(parts, remote, kb.info).concepts;
    const here = kb.concepts;
    expect(await there.stats()).toEqual(await here.stats());
    for (const q of ["strong woman", "Prague", "drug addiction", "psychological thriller"]) {
      expect(await there.find(q), q).toEqual(await here.find(q));
      expect(await there.searchCommunities(q), q).toEqual(await here.searchCommunities(q));
    }
    const films = ["Shutter Island", "The Matrix", "Alien", "Pulp Fiction"];
    expect(await there.conceptsOf(films)).toEqual(await here.conceptsOf(films));
    const keys = (await here.find("prague")).map((h) => h.concept.key);
    expect(await there.filmsOf(keys)).toEqual(await here.filmsOf(keys));
    for (const key of keys) expect(await there.communitiesOf(key)).toEqual(await here.communitiesOf(key));
  });

  it("answer as the main thread does: graph, linking, text and vector search (asked of the main thread)", async () => {
    for (const q of ["who directed jurassic park", "the movie where a boy sees dead people", "films like heat", "Which Rocky movie has the highest rating?"]) {
      const here = await runResearch(q, { kb }, { strategy: "heuristic" });
      const there = await pool.run(q, { strategy: "heuristic" });
      expect(there.answer, q).toBe(here.answer);
      expect(there.answers.map((a) => a.name)).toEqual(here.answers.map((a) => a.name));
    }
  });
});
