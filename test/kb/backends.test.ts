import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Neo4jConnection, neo4jSettingsFromEnv } from "../../src/adapters/neo4j/connection";
import { Neo4jVectorStore } from "../../src/adapters/neo4j/vector-store";
import { QdrantVectorStore } from "../../src/adapters/qdrant/vector-store";
import { ingestIntoBackends } from "../../src/cli/ingest-backends";
import { loadConfig } from "../../src/config";
import { AppError, BackendUnavailableError } from "../../src/errors";
import { connectBackends } from "../../src/kb/backends";
import { ingestTexts } from "../../src/kb/ingest";
import { assembleKnowledgeBase, buildArtifacts, type KbArtifacts } from "../../src/kb/load";
import { silentProgress } from "../../src/util/progress";
import { runTool } from "../../tools/tool";
import { semanticSearch } from "../../tools/semantic-search";
import { FakeQdrant, closedPortUrl } from "../contracts/fake-qdrant";
import { uniqueName } from "../contracts/fixture-world";
import { KB_TRIPLES, TMDB_CSV, WIKIMOVIES_JSONL } from "../fixtures/movie-world";

const PASSWORD = "neo4j-password-never-shown";
const API_KEY = "qdrant-key-never-shown";

let artifacts: KbArtifacts;
let server: FakeQdrant;
beforeAll(async () => {
  artifacts = buildArtifacts(ingestTexts({ kb: KB_TRIPLES, wikimovies: WIKIMOVIES_JSONL, tmdb: TMDB_CSV }), 8, silentProgress);
  server = await new FakeQdrant(API_KEY).start();
});
afterAll(async () => {
  await server.stop();
});

const qdrantEnv = (collection: string) => ({ VECTOR_STORE: "qdrant", QDRANT_URL: server.url, QDRANT_API_KEY: API_KEY, QDRANT_COLLECTION: collection, QDRANT_TIMEOUT_MS: "2000" });

/** Runs connectBackends on a fresh embedded knowledge base and returns it, the error, and the log. */
async function connect(env: Record<string, string>) {
  const kb = assembleKnowledgeBase(artifacts);
  const before = { graph: kb.graph, text: kb.text, vectors: kb.vectors };
  const log: string[] = [];
  const error = await connectBackends(kb, loadConfig(env), artifacts, (l) => log.push(l)).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  return { kb, before, error, log: log.join("\n") };
}

describe("connecting the scale-out backends", () => {
  it("changes nothing with the embedded defaults", async () => {
    const { kb, before, error } = await connect({});
    expect(error).toBeUndefined();
    expect({ graph: kb.graph, text: kb.text, vectors: kb.vectors }).toEqual(before);
    expect(kb.graph.kind).toBe("embedded");
  });

  it("fails start-up on an unreachable Neo4j with the URL and what to check, never the password", async () => {
    const { kb, before, error, log } = await connect({ GRAPH_STORE: "neo4j", NEO4J_URI: "bolt://127.0.0.1:1", NEO4J_PASSWORD: PASSWORD, NEO4J_TIMEOUT_MS: "300" });
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect(error!.message).toMatch(/^neo4j at bolt:\/\/127\.0\.0\.1:1 \(database "neo4j"\) is unavailable while connecting/);
    expect(error!.message).toMatch(/NEO4J_URI/);
    expect(`${error!.message}\n${log}`).not.toContain(PASSWORD);
    expect(log).toContain("neo4j: connecting to bolt://127.0.0.1:1");
    expect(kb.graph).toBe(before.graph);
  });

  it("fails start-up on an unreachable Neo4j vector store the same way", async () => {
    const { kb, before, error, log } = await connect({ VECTOR_STORE: "neo4j", NEO4J_URI: "bolt://127.0.0.1:1", NEO4J_PASSWORD: PASSWORD, NEO4J_TIMEOUT_MS: "300" });
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect(error!.message).toMatch(/^neo4j at bolt:\/\/127\.0\.0\.1:1 \(database "neo4j"\) is unavailable while connecting/);
    expect(`${error!.message}\n${log}`).not.toContain(PASSWORD);
    expect(kb.vectors).toBe(before.vectors);
  });

  it("fails start-up on an unreachable Qdrant with the URL, never the API key", async () => {
    const url = await closedPortUrl();
    const { kb, before, error, log } = await connect({ VECTOR_STORE: "qdrant", QDRANT_URL: url, QDRANT_API_KEY: API_KEY, QDRANT_TIMEOUT_MS: "500" });
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect(error!.message).toContain(`qdrant at ${url} is unreachable`);
    expect(`${error!.message}\n${log}`).not.toContain(API_KEY);
    expect(kb.vectors).toBe(before.vectors);
  });

  it("says to run ingest when the collection is missing or empty", async () => {
    const missing = await connect(qdrantEnv(uniqueName("none_")));
    expect(missing.error).toBeInstanceOf(BackendUnavailableError);
    expect(missing.error!.message).toMatch(/has no collection "none_.*"; load it with npm run ingest -- --vectors qdrant/);
    const empty = uniqueName("empty_");
    await new QdrantVectorStore({ url: server.url, apiKey: API_KEY, collection: empty, timeoutMs: 2000 }, 8).ensureCollection(assembleKnowledgeBase(artifacts).embedder.id);
    expect((await connect(qdrantEnv(empty))).error!.message).toMatch(/holds no vectors; load it with npm run ingest/);
  });

  it("refuses vectors made by another embedder", async () => {
    const other = uniqueName("other_");
    const store = new QdrantVectorStore({ url: server.url, apiKey: API_KEY, collection: other, timeoutMs: 2000 }, 8);
    await store.ensureCollection("some-other-embedder");
    await store.upsert([{ id: "Starfall", type: "Movie", name: "Starfall", vector: new Float32Array(8).fill(0.5) }]);
    const { error } = await connect(qdrantEnv(other));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("config_invalid");
    expect(error!.message).toMatch(/was built with embedder some-other-embedder/);
  });

  it("serves vector search from an ingested collection, through the tools", async () => {
    const collection = uniqueName("movies_");
    const local = assembleKnowledgeBase(artifacts);
    const config = loadConfig(qdrantEnv(collection));
    expect((await ingestIntoBackends(local, config, { vectors: "qdrant" }, { progress: silentProgress, log: () => {} })).ok).toBe(true);

    const { kb, error, log } = await connect(qdrantEnv(collection));
    expect(error).toBeUndefined();
    expect(kb.vectors.kind).toBe("qdrant");
    expect(log).not.toMatch(/warning/);
    const [qv] = await kb.embedder.embed(["a pilot bends time to return before the star collapses"]);
    const ids = async (store: typeof kb.vectors) => (await store.search(qv!, { k: 3 })).map((h) => h.id);
    expect(await ids(kb.vectors)).toEqual(await ids(local.vectors));
    const out = await runTool(semanticSearch, { query: "pilot star galaxy", k: 3, threshold: 0 }, { kb: { ...kb, info: {} as never }, step: 1 });
    expect(out.evidence.map((e) => e.focus)).toContain("Starfall");
    await kb.close();
  });
});

/**
 * VECTOR_STORE=neo4j against a live server (NEO4J_URI and NEO4J_PASSWORD set; skipped otherwise).
 * The fixture's embedder (8 dimensions) has a vector space of its own, so real data is never touched;
 * it is dropped afterwards.
 */
const live = process.env.NEO4J_URI && process.env.NEO4J_PASSWORD ? { NEO4J_URI: process.env.NEO4J_URI, NEO4J_PASSWORD: process.env.NEO4J_PASSWORD } : undefined;
describe.skipIf(!live)("VECTOR_STORE=neo4j on a live server", () => {
  const env = { ...live!, VECTOR_STORE: "neo4j" };
  afterAll(async () => {
    const conn = new Neo4jConnection(neo4jSettingsFromEnv(loadConfig(env).env));
    const embedder = assembleKnowledgeBase(artifacts).embedder;
    await new Neo4jVectorStore(conn, embedder.id, embedder.dimension).drop();
    await conn.close();
  });

  it("says to run ingest for this embedder, then serves the ingested vectors like the embedded store", async () => {
    const local = assembleKnowledgeBase(artifacts);
    await new Neo4jVectorStore(new Neo4jConnection(neo4jSettingsFromEnv(loadConfig(env).env)), local.embedder.id, local.embedder.dimension).drop();
    const missing = await connect(env);
    expect(missing.error).toBeInstanceOf(AppError);
    expect(missing.error!.message).toMatch(new RegExp(`holds no vectors of embedder ${local.embedder.id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(8 dimensions\\).*npm run ingest -- --vectors neo4j`));

    const summary = await ingestIntoBackends(local, loadConfig(env), { vectors: "neo4j" }, { progress: silentProgress, log: () => {}, vectorBatch: 3 });
    expect(summary.checks).toEqual([{ what: "neo4j vectors", stored: 8, expected: 8 }]);
    const { kb, error, log } = await connect(env);
    expect(error).toBeUndefined();
    expect(kb.vectors.kind).toBe("neo4j-vector");
    expect(log).not.toMatch(/warning/);
    const [qv] = await kb.embedder.embed(["a pilot bends time to return before the star collapses"]);
    const want = (await local.vectors.search(qv!, { k: 3 })).map((h) => [h.id, expect.closeTo(h.score, 5)]);
    expect((await kb.vectors.search(qv!, { k: 3 })).map((h) => [h.id, h.score])).toEqual(want);
    const out = await runTool(semanticSearch, { query: "pilot star galaxy", k: 3, threshold: 0 }, { kb: { ...kb, info: {} as never }, step: 1 });
    expect(out.evidence.map((e) => e.focus)).toContain("Starfall");
    await kb.close();
  });
});
