import { describe, expect, it } from "vitest";
import { Neo4jConnection } from "../../src/adapters/neo4j/connection";
import type { CypherQuery } from "../../src/adapters/neo4j/cypher";
import {
  annQuery,
  assertIdentifier,
  cosineFromNeo4j,
  countIdsQuery,
  deleteBatchQuery,
  dropSpaceStatements,
  idsQuery,
  initialFetch,
  spaceStatements,
  upsertQuery,
  vectorSpace,
  writeMetaQuery,
} from "../../src/adapters/neo4j/vector-cypher";
import { IndexRow, Neo4jVectorStore, indexInfo, spaceProblem, type SpaceInfo } from "../../src/adapters/neo4j/vector-store";
import { parseTargets } from "../../src/cli/ingest-backends";
import { loadConfig } from "../../src/config";
import { AppError, BackendUnavailableError, InvalidInputError } from "../../src/errors";
import { StubDriver, driverError, type Answer } from "../contracts/neo4j-stub";
import { unit } from "../helpers/vectors";

const NASTY = ["a}) DETACH DELETE v //", "x' OR 1=1 //", "$k + 1", "`Vec`", "Céline Dupré"];
const LSA = "corpus-lsa-192:5f3a9c1b2e7d4a60";

describe("neo4j vector spaces", () => {
  it("derives one label, index and constraint per (embedder, dimension), all plain identifiers", () => {
    const space = vectorSpace(LSA, 192);
    expect(space).toMatchObject({ embedder: LSA, dimension: 192 });
    expect(space.key).toMatch(/^corpus_lsa_192_5f3a9c1b2_192d_[0-9a-f]{10}$/);
    expect(space.label).toBe(`Vec_${space.key}`);
    expect(space.index).toBe(`vec_${space.key}`);
    expect(space.constraint).toBe(`vec_${space.key}_id`);
    expect(vectorSpace(LSA, 192)).toEqual(space);
    // Ids that slug alike, the same id at another dimension, and ids differing past the cut stay apart.
    const keys = [vectorSpace("a:b", 8), vectorSpace("a-b", 8), vectorSpace("a:b", 16), vectorSpace(`${"x".repeat(40)}1`, 8), vectorSpace(`${"x".repeat(40)}2`, 8)].map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("turns any embedder id into a safe name, and refuses bad dimensions", () => {
    for (const id of [...NASTY, "local:all-MiniLM-L6-v2.Q8_0:25000000:256", "é".repeat(300), "__"]) {
      const space = vectorSpace(id, 384);
      for (const name of [space.label, space.index, space.constraint]) expect(() => assertIdentifier(name)).not.toThrow();
      for (const q of [...spaceStatements(space), ...dropSpaceStatements(space)]) expect(q.text).not.toContain(id);
    }
    expect(() => vectorSpace("", 8)).toThrow(InvalidInputError);
    for (const d of [0, -1, 1.5, 4097, Number.NaN]) expect(() => vectorSpace(LSA, d)).toThrow(RangeError);
    for (const bad of NASTY) expect(() => assertIdentifier(bad)).toThrow(InvalidInputError);
    expect(() => assertIdentifier("x".repeat(64))).toThrow(InvalidInputError);
  });

  it("creates a cosine vector index of the embedder's dimension and records the embedder as parameters", () => {
    const space = vectorSpace(LSA, 192);
    const [constraint, index] = spaceStatements(space).map((q) => q.text.replace(/\s+/g, " "));
    expect(constraint).toBe(`CREATE CONSTRAINT ${space.constraint} IF NOT EXISTS FOR (v:${space.label}) REQUIRE v.id IS UNIQUE`);
    expect(index).toContain(`CREATE VECTOR INDEX ${space.index} IF NOT EXISTS FOR (v:${space.label}) ON v.embedding`);
    expect(index).toContain("`vector.dimensions`: 192, `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false");
    expect(writeMetaQuery(space).params).toEqual({ key: space.key, embedder: LSA, dimension: 192, label: space.label, index: space.index });
  });
});

describe("neo4j vector queries", () => {
  const space = vectorSpace(LSA, 3);
  const flat = (q: CypherQuery) => q.text.replace(/\s+/g, " ");

  it("keeps ids, names, types and vectors out of the query text", () => {
    const items = NASTY.map((id) => ({ id, name: id, type: "Movie" as const, vector: unit(1, 2, 3) }));
    const queries = [upsertQuery(space, items), idsQuery(space, unit(1, 0, 0), NASTY, 5, ["Movie"]), countIdsQuery(space, NASTY), annQuery(space, unit(1, 0, 0), 20), deleteBatchQuery(space, 100)];
    for (const q of queries) for (const bad of NASTY) expect(q.text).not.toContain(bad);
    expect(upsertQuery(space, items).params.rows).toEqual(items.map((it) => ({ id: it.id, name: it.name, type: "Movie", vector: Array.from(it.vector) })));
  });

  it("scores within ids exactly, zero vectors as cosine 0, best first, ties by id", () => {
    const q = idsQuery(space, unit(0, 1, 0), ["b", "a", "b"], 2);
    expect(flat(q)).toContain("CASE WHEN $zero OR none(x IN v.embedding WHERE x <> 0.0) THEN 0.5 ELSE vector.similarity.cosine(v.embedding, $vector) END");
    expect(flat(q)).toContain("ORDER BY similarity DESC, id ASC LIMIT toInteger($k)");
    expect(q.params).toMatchObject({ ids: ["b", "a"], types: null, zero: false, k: 2 });
    expect(idsQuery(space, new Float32Array(3), ["a"], 1, []).params).toMatchObject({ zero: true, types: null });
  });

  it("rescores the index's neighbours exactly", () => {
    const q = annQuery(space, unit(1, 0, 0), 40);
    expect(flat(q)).toBe("CALL db.index.vector.queryNodes($index, toInteger($fetch), $vector) YIELD node RETURN node.id AS id, node.type AS type, vector.similarity.cosine(node.embedding, $vector) AS similarity");
    expect(q.params).toEqual({ index: space.index, fetch: 40, vector: [1, 0, 0] });
  });

  it("converts Neo4j's (1 + cos) / 2 back to the cosine", () => {
    expect(cosineFromNeo4j(1)).toBe(1);
    expect(cosineFromNeo4j(0.5)).toBe(0);
    expect(cosineFromNeo4j(0)).toBe(-1);
    expect(cosineFromNeo4j(0.8)).toBeCloseTo(0.6, 12);
  });

  it("over-fetches by the factor, at least 4 × k under a type filter, never past the cap", () => {
    expect(initialFetch(10, false, 1, 4096)).toBe(10);
    expect(initialFetch(10, false, 2, 4096)).toBe(20);
    expect(initialFetch(10, true, 2, 4096)).toBe(40);
    expect(initialFetch(10, true, 8, 4096)).toBe(80);
    expect(initialFetch(3000, true, 2, 4096)).toBe(4096);
    expect(initialFetch(3, false, 1.5, 4096)).toBe(5);
  });
});

describe("neo4j vector space checks", () => {
  const space = vectorSpace(LSA, 192);
  const index = { type: "VECTOR", state: "ONLINE", labels: [space.label], properties: ["embedding"], dimension: 192, similarity: "COSINE" };
  const ok: SpaceInfo = { meta: { embedder: LSA, dimension: 192 }, index };

  it("reads the index's dimension and similarity from SHOW INDEXES as the server reports them", () => {
    const row = IndexRow.parse({
      name: space.index,
      type: "VECTOR",
      state: "ONLINE",
      labelsOrTypes: [space.label],
      properties: ["embedding"],
      options: { indexConfig: { "vector.dimensions": 192, "vector.hnsw.m": 16, "vector.quantization.enabled": true, "vector.similarity_function": "COSINE", "vector.hnsw.ef_construction": 100 }, indexProvider: "vector-2.0" },
    });
    expect(indexInfo(row)).toEqual(index);
  });

  it("accepts its own space, ignores a missing one, and says what is wrong with any other", () => {
    expect(spaceProblem(ok, space)).toBeUndefined();
    expect(spaceProblem({}, space)).toBeUndefined();
    expect(spaceProblem({ ...ok, meta: { embedder: "local:minilm", dimension: 192 } }, space)).toBe(`was built with embedder local:minilm, not ${LSA}`);
    expect(spaceProblem({ ...ok, meta: { embedder: LSA, dimension: 384 } }, space)).toMatch(/holds 384-dimensional vectors but the embedder .* makes 192/);
    expect(spaceProblem({ meta: ok.meta }, space)).toMatch(/has no vector index .*an ingest did not finish/);
    // Ingest writes the vectors before the index, so a resumed ingest finds the space without one.
    expect(spaceProblem({ meta: ok.meta }, space, { indexPending: true })).toBeUndefined();
    expect(spaceProblem({ meta: { embedder: "other", dimension: 192 } }, space, { indexPending: true })).toMatch(/built with embedder other/);
    expect(spaceProblem({ ...ok, index: { ...index, dimension: 384 } }, space)).toMatch(/index for 384-dimensional vectors/);
    expect(spaceProblem({ ...ok, index: { ...index, similarity: "EUCLIDEAN" } }, space)).toMatch(/EUCLIDEAN similarity, not cosine/);
    expect(spaceProblem({ ...ok, index: { ...index, type: "RANGE" } }, space)).toMatch(/RANGE index/);
    expect(spaceProblem({ ...ok, index: { ...index, properties: ["vec"] } }, space)).toMatch(/not \(Vec_.*\)\.embedding/);
    expect(spaceProblem({ ...ok, index: { ...index, state: "FAILED" } }, space)).toMatch(/failed to build/);
    expect(spaceProblem({ index }, space)).toMatch(/no record of its embedder/);
  });
});

describe("neo4j vector store over a stubbed driver", () => {
  const SECRET = "stub-secret-password";
  const settings = { uri: "neo4j://vectors.example:7687", user: "neo4j", password: SECRET, database: "neo4j", maxPool: 2, timeoutMs: 1000 };
  function storeWith(answer: Answer, options = {}) {
    const driver = new StubDriver(answer);
    return { driver, store: new Neo4jVectorStore(new Neo4jConnection(settings, driver), "test-embedder", 3, options) };
  }
  const hit = (id: string, cos: number, type = "Movie") => ({ id, type, similarity: (1 + cos) / 2 });

  it("returns cosine scores best first, ties by id, above the threshold, asking the index for 8 × k", async () => {
    const { driver, store } = storeWith(() => [hit("b", 0.5), hit("c", 0.9), hit("a", 0.5), hit("d", -0.2)]);
    const hits = await store.search(unit(1, 0, 0), { k: 3 });
    expect(hits.map((h) => h.id)).toEqual(["c", "a", "b"]);
    expect(hits[0]!.score).toBeCloseTo(0.9, 12);
    expect(driver.calls).toHaveLength(1);
    expect(driver.calls[0]).toMatchObject({ mode: "READ", params: { fetch: 24 } });
    expect((await store.search(unit(1, 0, 0), { k: 10, threshold: 0 })).map((h) => h.id)).toEqual(["c", "a", "b"]);
    expect(driver.opened).toBe(driver.closed);
  });

  it("asks again for more while a type filter leaves fewer than k and the index has more", async () => {
    const { driver, store } = storeWith((_text, params) => Array.from({ length: Number(params.fetch) }, (_, i) => hit(`n${String(i).padStart(3, "0")}`, 0.9 - i / 1000, i % 7 === 6 ? "Person" : "Movie")), { overfetch: 1 });
    const hits = await store.search(unit(1, 0, 0), { k: 10, types: ["Person"] });
    expect(hits).toHaveLength(10);
    expect(hits.every((h) => h.type === "Person")).toBe(true);
    expect(driver.calls.map((c) => c.params.fetch)).toEqual([40, 160]);
  });

  it("stops asking once the index runs out or its neighbours fall below the threshold", async () => {
    const few = storeWith(() => [hit("a", 0.9), hit("b", 0.8)]);
    expect(await few.store.search(unit(1, 0, 0), { k: 5, types: ["Person"] })).toEqual([]);
    expect(few.driver.calls).toHaveLength(1);
    const far = storeWith((_t, params) => Array.from({ length: Number(params.fetch) }, (_, i) => hit(`m${i}`, 0.5 - i / 50)));
    expect(await far.store.search(unit(1, 0, 0), { k: 5, types: ["Person"], threshold: 0.3 })).toEqual([]);
    expect(far.driver.calls).toHaveLength(1);
  });

  it("scores given ids exactly in one query and sends nothing for k 0, no ids or a zero vector", async () => {
    const { driver, store } = storeWith(() => [hit("x", 0.7), hit("y", 0)]);
    expect(await store.search(unit(0, 1, 0), { ids: ["y", "x"], k: 5, threshold: 0.1 })).toEqual([{ id: "x", type: "Movie", score: expect.closeTo(0.7, 12) }]);
    expect(driver.calls[0]!.text).toContain("UNWIND $ids AS id");
    expect(await store.search(unit(0, 1, 0), { k: 0 })).toEqual([]);
    expect(await store.search(unit(0, 1, 0), { ids: [] })).toEqual([]);
    expect(await store.search(new Float32Array(3))).toEqual([]);
    expect(driver.calls).toHaveLength(1);
    await expect(store.search(unit(1, 0))).rejects.toThrow(/2 dimensions, expected 3/);
    await expect(store.search(Float32Array.of(Number.NaN, 0, 0))).rejects.toThrow(InvalidInputError);
  });

  it("writes in batches, each a write transaction, after checking every dimension", async () => {
    const { driver, store } = storeWith(() => [], { batchSize: 2 });
    const items = ["a", "b", "c", "d", "e"].map((id) => ({ id, name: id, type: "Movie" as const, vector: unit(1, 1, 0) }));
    await expect(store.upsert([...items, { id: "bad", name: "bad", type: "Movie", vector: unit(1, 0) }])).rejects.toThrow(/bad has 2 dimensions, expected 3/);
    expect(driver.calls).toHaveLength(0);
    await store.upsert(items);
    expect(driver.calls.map((c) => [c.mode, (c.params.rows as unknown[]).length])).toEqual([
      ["WRITE", 2],
      ["WRITE", 2],
      ["WRITE", 1],
    ]);
  });

  it("rejects rows it does not understand, and turns a lost server into BackendUnavailableError without the password", async () => {
    const bad = storeWith(() => [{ id: "a", type: "Spaceship", similarity: 1 }]);
    const error = await bad.store.search(unit(1, 0, 0)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("data_invalid");
    expect((error as Error).message).toMatch(/npm run ingest -- --vectors neo4j/);
    const down = storeWith(() => {
      throw driverError("ServiceUnavailable", `connection to vectors.example refused (${SECRET})`);
    });
    const lost = await down.store.size().catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(BackendUnavailableError);
    expect((lost as Error).message).toMatch(/^neo4j at neo4j:\/\/vectors\.example:7687 \(database "neo4j"\) is unavailable while counting vectors/);
    expect((lost as Error).message).not.toContain(SECRET);
    expect(down.driver.opened).toBe(down.driver.closed);
  });

  it("refuses a space made for another embedder unless told to recreate it", async () => {
    const { store } = storeWith((text) => (text.includes("m.embedder AS embedder") ? [{ embedder: "other-embedder", dimension: 3 }] : []));
    await expect(store.ensureSpace()).rejects.toThrow(/vector space "test_embedder_3d_[0-9a-f]{10}" was built with embedder other-embedder, not test-embedder; re-run npm run ingest -- --vectors neo4j/);
  });
});

describe("VECTOR_STORE=neo4j configuration", () => {
  it("takes neo4j as a vector store and --vectors target, and needs the Neo4j settings", () => {
    expect(loadConfig({ VECTOR_STORE: "neo4j", NEO4J_URI: "neo4j://h:7687", NEO4J_PASSWORD: "pw" }).env.VECTOR_STORE).toBe("neo4j");
    expect(() => loadConfig({ VECTOR_STORE: "neo4j" })).toThrow(/VECTOR_STORE=neo4j needs NEO4J_URI .*\n.*VECTOR_STORE=neo4j needs NEO4J_PASSWORD/);
    expect(() => loadConfig({ VECTOR_STORE: "neo4j", GRAPH_STORE: "neo4j", NEO4J_URI: "neo4j://h:7687" })).toThrow(/GRAPH_STORE=neo4j and VECTOR_STORE=neo4j need NEO4J_PASSWORD/);
    expect(() => loadConfig({ VECTOR_STORE: "milvus" })).toThrow(/VECTOR_STORE/);
    expect(parseTargets("neo4j", "neo4j")).toEqual({ graph: "neo4j", vectors: "neo4j" });
    expect(() => parseTargets(undefined, "pinecone")).toThrow(/--vectors takes "qdrant" or "neo4j"/);
  });
});
