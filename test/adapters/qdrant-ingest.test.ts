import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointId } from "../../src/adapters/qdrant/ids";
import { formatChecks, ingestIntoBackends, parseTargets } from "../../src/cli/ingest-backends";
import { loadConfig, type Config } from "../../src/config";
import { InvalidInputError } from "../../src/errors";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { silentProgress } from "../../src/util/progress";
import { FakeQdrant } from "../contracts/fake-qdrant";
import { uniqueName } from "../contracts/fixture-world";
import { fixtureKb } from "../helpers/fixture-kb";

/** `npm run ingest -- --vectors qdrant` (its vector half) against the fake Qdrant server. */
let server: FakeQdrant;
let kb: KnowledgeBase;
beforeAll(async () => {
  server = await new FakeQdrant().start();
  kb = await fixtureKb();
});
afterAll(async () => {
  await server.stop();
});

const configFor = (collection: string): Config => loadConfig({ QDRANT_URL: server.url, QDRANT_COLLECTION: collection });
const options = { progress: silentProgress, log: () => {}, vectorBatch: 3 };
const upserts = (from: number) => server.requests.slice(from).filter((r) => r.method === "PUT" && r.path.endsWith("/points"));

describe("ingest into qdrant", () => {
  it("pushes every movie vector with its payload and compares the stored count", async () => {
    const collection = uniqueName("ingest_");
    const summary = await ingestIntoBackends(kb, configFor(collection), { vectors: "qdrant" }, options);
    const movies = await kb.vectors.size();
    expect(summary).toEqual({ checks: [{ what: "qdrant vectors", stored: movies, expected: movies }], ok: true });
    const stored = server.collections.get(collection)!;
    expect(stored.metadata).toEqual({ embedder: kb.embedder.id, dimension: kb.embedder.dimension });
    expect(stored.indexes.has("type")).toBe(true);
    expect(stored.points.get(pointId("Starfall"))!.payload).toEqual({ id: "Starfall", type: "Movie", name: "Starfall" });
    expect(formatChecks(summary)).toMatch(/^qdrant vectors\s+8 stored \/\s+8 expected {2}ok$/);
  });

  it("resumes: a rerun skips complete batches and fills only the gap", async () => {
    const collection = uniqueName("ingest_");
    await ingestIntoBackends(kb, configFor(collection), { vectors: "qdrant" }, options);
    let mark = server.requests.length;
    expect((await ingestIntoBackends(kb, configFor(collection), { vectors: "qdrant" }, options)).ok).toBe(true);
    expect(upserts(mark)).toHaveLength(0);

    // An interrupted run: the last batch never arrived.
    const points = server.collections.get(collection)!.points;
    const last = [...points.keys()].slice(-2);
    for (const id of last) points.delete(id);
    mark = server.requests.length;
    const summary = await ingestIntoBackends(kb, configFor(collection), { vectors: "qdrant" }, options);
    expect(summary.ok).toBe(true);
    expect(upserts(mark)).toHaveLength(1);
    expect(points.size).toBe(await kb.vectors.size());
  });

  it("recreates a collection another embedder made, and starts fresh when asked", async () => {
    const collection = uniqueName("ingest_");
    await ingestIntoBackends(kb, configFor(collection), { vectors: "qdrant" }, options);
    server.collections.get(collection)!.metadata = { embedder: "some-other-embedder" };
    const logs: string[] = [];
    expect((await ingestIntoBackends(kb, configFor(collection), { vectors: "qdrant" }, { ...options, log: (l) => logs.push(l) })).ok).toBe(true);
    expect(logs.join("\n")).toMatch(/built with embedder some-other-embedder.*recreating it/);
    expect(server.collections.get(collection)!.metadata).toMatchObject({ embedder: kb.embedder.id });

    server.collections.get(collection)!.points.set(pointId("Stale Film"), { vector: Array(kb.embedder.dimension).fill(0.1), payload: { id: "Stale Film", type: "Movie", name: "Stale Film" } });
    expect((await ingestIntoBackends(kb, configFor(collection), { vectors: "qdrant" }, options)).ok).toBe(false);
    expect((await ingestIntoBackends(kb, configFor(collection), { vectors: "qdrant" }, { ...options, freshVectors: true })).ok).toBe(true);
    expect(server.collections.get(collection)!.points.has(pointId("Stale Film"))).toBe(false);
  });

  it("accepts only the known backends on the command line", () => {
    expect(parseTargets("neo4j", "qdrant")).toEqual({ graph: "neo4j", vectors: "qdrant" });
    expect(parseTargets(undefined, undefined)).toEqual({});
    expect(() => parseTargets("memgraph", undefined)).toThrow(InvalidInputError);
    expect(() => parseTargets(undefined, "pinecone")).toThrow(/--vectors takes "qdrant"/);
  });
});
