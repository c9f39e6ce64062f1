import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointId } from "../../src/adapters/qdrant/ids";
import { QdrantVectorStore, qdrantSettingsFromEnv, type QdrantStoreOptions } from "../../src/adapters/qdrant/vector-store";
import { loadConfig } from "../../src/config";
import { AppError, BackendUnavailableError } from "../../src/errors";
import type { VectorItem } from "../../src/ports/vector-store";
import { FakeQdrant, closedPortUrl } from "../contracts/fake-qdrant";
import { uniqueName } from "../contracts/fixture-world";

/** The Qdrant adapter through the real client and HTTP, against the fake server: shapes, retries, errors. */
const API_KEY = "qdrant-api-key-do-not-print";
let server: FakeQdrant;
beforeAll(async () => {
  server = await new FakeQdrant(API_KEY).start();
});
afterAll(async () => {
  await server.stop();
});

const delays: number[] = [];
const options: QdrantStoreOptions = { retry: { sleep: async (ms) => void delays.push(ms) } };
const storeFor = (collection = uniqueName("t_"), extra: Partial<QdrantStoreOptions> = {}, apiKey = API_KEY) =>
  new QdrantVectorStore({ url: server.url, apiKey, collection, timeoutMs: 2000 }, 3, { ...options, ...extra });
const item = (id: string, v: number[], type: VectorItem["type"] = "Movie"): VectorItem => ({ id, name: id, type, vector: Float32Array.from(v) });
const since = (n: number) => server.requests.slice(n);

describe("qdrant vector store", () => {
  it("creates the collection with its dimension, distance, embedder and a type index, once", async () => {
    const store = storeFor();
    const mark = server.requests.length;
    expect(await store.ensureCollection("emb-1")).toBe("created");
    const sent = since(mark);
    expect(sent.find((r) => r.method === "PUT" && r.path === `/collections/${store.target.collection}`)!.body).toEqual({ vectors: { size: 3, distance: "Cosine" }, metadata: { embedder: "emb-1", dimension: 3 } });
    expect(sent.find((r) => r.path.endsWith("/index"))!.body).toEqual({ field_name: "type", field_schema: "keyword" });
    expect(sent.every((r) => r.headers["api-key"] === API_KEY)).toBe(true);
    expect(await store.ensureCollection("emb-1")).toBe("exists");
    expect(await store.describe()).toEqual({ exists: true, dimension: 3, distance: "Cosine", embedder: "emb-1" });
  });

  it("refuses a collection made by another embedder, and recreates it only when asked", async () => {
    const store = storeFor();
    await store.ensureCollection("emb-1");
    await store.upsert([item("a", [1, 0, 0])]);
    const refused = await store.ensureCollection("emb-2").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("config_invalid");
    expect((refused as Error).message).toMatch(/built with embedder emb-1, not emb-2/);
    expect(await store.ensureCollection("emb-2", { recreate: true })).toBe("recreated");
    expect(await store.size()).toBe(0);
    const other = new QdrantVectorStore({ url: server.url, apiKey: API_KEY, collection: store.target.collection, timeoutMs: 2000 }, 4);
    await expect(other.ensureCollection("emb-2")).rejects.toThrow(/holds 3-dimensional vectors but the embedder \(emb-2\) makes 4/);
  });

  it("upserts in batches with deterministic point ids and waits for each", async () => {
    const store = storeFor(undefined, { batchSize: 2 });
    await store.ensureCollection("emb");
    const mark = server.requests.length;
    await store.upsert([item("Starfall", [1, 0, 0]), item("Céline Dupré", [0, 1, 0], "Person"), item("1999", [0, 0, 1], "Year")]);
    const puts = since(mark).filter((r) => r.path.endsWith("/points"));
    expect(puts.map((r) => (r.body as { points: unknown[] }).points.length)).toEqual([2, 1]);
    expect(puts.every((r) => r.search === "?wait=true")).toBe(true);
    expect((puts[0]!.body as { points: unknown[] }).points[1]).toEqual({ id: pointId("Céline Dupré"), vector: [0, 1, 0], payload: { id: "Céline Dupré", type: "Person", name: "Céline Dupré" } });
    expect(await store.countIds(["Starfall", "1999", "Nobody"])).toBe(2);
    expect(await store.countIds([])).toBe(0);
  });

  it("sends the search with filters and threshold, and reads hits back by node id", async () => {
    const store = storeFor();
    await store.ensureCollection("emb");
    await store.upsert([item("a", [1, 0, 0]), item("b", [0.9, 0.1, 0], "Person")]);
    const mark = server.requests.length;
    const hits = await store.search(Float32Array.from([1, 0, 0]), { k: 5, threshold: 0.5, types: ["Person"] });
    expect(hits).toEqual([{ id: "b", type: "Person", score: expect.closeTo(0.9 / Math.hypot(0.9, 0.1), 5) }]);
    expect(since(mark)[0]!.body).toEqual({ query: [1, 0, 0], limit: 5, with_payload: ["id", "type"], with_vector: false, filter: { must: [{ key: "type", match: { any: ["Person"] } }] }, score_threshold: 0.5 });
    await expect(store.search(Float32Array.from([1, 0]))).rejects.toThrow(/2 dimensions, expected 3/);
  });

  it("retries 5xx and 429 (waiting as the server asks) and then succeeds", async () => {
    const store = storeFor();
    await store.ensureCollection("emb");
    delays.length = 0;
    server.failNext({ status: 503, pathEndsWith: "/points/count" }, { status: 429, headers: { "retry-after": "2" }, pathEndsWith: "/points/count" });
    const mark = server.requests.length;
    expect(await store.size()).toBe(0);
    expect(since(mark).filter((r) => r.path.endsWith("/points/count"))).toHaveLength(3);
    expect(delays).toEqual([250, 2000]);
  });

  it("gives up after the attempts with a BackendUnavailableError naming the URL", async () => {
    const store = storeFor();
    await store.ensureCollection("emb");
    server.failNext(...Array.from({ length: 4 }, () => ({ status: 502, pathEndsWith: "/points/query" })));
    const error = await store.search(Float32Array.from([1, 0, 0])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(new RegExp(`^qdrant at ${server.url} failed with HTTP 502 while searching`));
  });

  it("does not retry a request the server rejects, and keeps it a plain error", async () => {
    const store = storeFor();
    await store.ensureCollection("emb");
    server.failNext({ status: 400, pathEndsWith: "/points/query" });
    const mark = server.requests.length;
    const error = await store.search(Float32Array.from([1, 0, 0])).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as Error).message).toMatch(/rejected the request with HTTP 400/);
    expect(since(mark)).toHaveLength(1);
  });

  it("maps a missing collection, a refused key and a slow server to typed errors without the key", async () => {
    await expect(storeFor(uniqueName("missing_")).size()).rejects.toThrow(/has no collection "missing_.*run npm run ingest -- --vectors qdrant/);
    const wrongKey = await storeFor(undefined, {}, "wrong-key-123").describe().catch((e: unknown) => e);
    expect(wrongKey).toBeInstanceOf(BackendUnavailableError);
    expect((wrongKey as Error).message).toMatch(/HTTP 401.*check QDRANT_API_KEY/);
    expect((wrongKey as Error).message).not.toContain("wrong-key-123");
    const slow = new QdrantVectorStore({ url: server.url, apiKey: API_KEY, collection: "any", timeoutMs: 100 }, 3, { retry: { attempts: 1 } });
    server.failNext({ hangMs: 400 });
    await expect(slow.describe()).rejects.toThrow(/did not answer within 100 ms while checking the collection/);
  });

  it("maps an unreachable server to BackendUnavailableError naming the URL, never the key", async () => {
    const url = await closedPortUrl();
    const store = new QdrantVectorStore({ url, apiKey: API_KEY, collection: "movies", timeoutMs: 1000 }, 3, { retry: { attempts: 2, sleep: async () => {} } });
    const error = await store.size().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toBe(`qdrant at ${url} is unreachable while counting points (ECONNREFUSED). Check that it is running (docker compose up -d qdrant) and that QDRANT_URL points at it.`);
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it("rejects a hit whose payload is not one this adapter wrote", async () => {
    const store = storeFor();
    await store.ensureCollection("emb");
    server.collections.get(store.target.collection)!.points.set(pointId("x"), { vector: [1, 0, 0], payload: { id: "x", type: "Alien" } });
    const error = await store.search(Float32Array.from([1, 0, 0])).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("data_invalid");
    expect((error as Error).message).toMatch(/points\.0\.payload\.type/);
  });

  it("reads its settings from the environment", () => {
    expect(() => qdrantSettingsFromEnv(loadConfig({}).env)).toThrow(/needs QDRANT_URL/);
    expect(qdrantSettingsFromEnv(loadConfig({ QDRANT_URL: "http://q:6333", QDRANT_API_KEY: "k", QDRANT_TIMEOUT_MS: "900" }).env)).toEqual({ url: "http://q:6333", apiKey: "k", collection: "movies", timeoutMs: 900 });
  });
});
