import { describe, it } from "vitest";
import { Neo4jConnection } from "../../src/adapters/neo4j/connection";
import { Neo4jGraphStore } from "../../src/adapters/neo4j/graph-store";
import { dropLabel, ensureSchema, ingestGraph } from "../../src/adapters/neo4j/ingest";
import { Neo4jTextIndex } from "../../src/adapters/neo4j/text-index";
import { Neo4jVectorStore } from "../../src/adapters/neo4j/vector-store";
import { graphStoreContract } from "./graph-store.contract";
import { conceptGraphContract } from "./concept-graph.contract";
import { Neo4jConceptGraph } from "../../src/adapters/neo4j/concept-graph";
import { ingestConceptGraph } from "../../src/adapters/neo4j/concept-ingest";
import { textIndexContract } from "./text-index.contract";
import { vectorStoreContract } from "./vector-store.contract";
import { uniqueName, type FixtureWorld } from "./fixture-world";

/**
 * The Neo4j adapters against a live server:
 * `NEO4J_URI=neo4j://localhost:7687 NEO4J_PASSWORD=... npm run test:integration`. Each suite loads
 * the fixture under its own label (with its own constraint and full-text index) and drops it after;
 * each vector store gets a space of its own (an embedder id no other run uses), dropped after.
 */
const uri = process.env.NEO4J_URI;
const password = process.env.NEO4J_PASSWORD;

const connect = () => new Neo4jConnection({ uri: uri!, user: process.env.NEO4J_USER || "neo4j", password: password!, database: process.env.NEO4J_DATABASE || "neo4j", maxPool: 10, timeoutMs: 30_000 });

async function loaded(world: FixtureWorld): Promise<{ conn: Neo4jConnection; label: string; teardown(): Promise<void> }> {
  const conn = connect();
  const label = uniqueName("ContractTest");
  await conn.verify();
  await ensureSchema(conn, label);
  await ingestGraph(conn, world.data, { label, batchSize: 20 });
  return {
    conn,
    label,
    teardown: async () => {
      try {
        await dropLabel(conn, label);
      } finally {
        await conn.close();
      }
    },
  };
}

if (uri && password) {
  graphStoreContract(`neo4j at ${uri}`, async (world) => {
    const { conn, label, teardown } = await loaded(world);
    return { store: new Neo4jGraphStore(conn, label), teardown };
  });
  conceptGraphContract(`neo4j concept graph at ${uri}`, async (world) => {
    const { conn, label, teardown } = await loaded({ data: world.data } as FixtureWorld);
    await ingestConceptGraph(conn, world.reference.parts, (node) => world.data.names[node]!, { label, batchSize: 20 });
    return { store: new Neo4jConceptGraph(conn, label), teardown };
  });
  textIndexContract(`neo4j full-text at ${uri}`, async (world) => {
    const { conn, label, teardown } = await loaded(world);
    return { index: new Neo4jTextIndex(conn, label), teardown };
  });
  vectorStoreContract(`neo4j vector index at ${uri}`, async (dimension) => {
    const conn = connect();
    await conn.verify();
    const store = new Neo4jVectorStore(conn, uniqueName("contract-embedder:"), dimension);
    await store.ensureSpace();
    return {
      store,
      teardown: async () => {
        try {
          await store.drop();
        } finally {
          await conn.close();
        }
      },
    };
  });
} else if (process.env.REQUIRE_NEO4J === "1") {
  // CI starts a server and sets REQUIRE_NEO4J=1: a missing address is then a failure, not a skip.
  describe("neo4j contract (REQUIRE_NEO4J=1)", () => {
    it("has a live Neo4j to run against", () => {
      throw new Error("REQUIRE_NEO4J=1 but NEO4J_URI or NEO4J_PASSWORD is not set; start one with npm run neo4j -- start");
    });
  });
} else {
  describe.skip("neo4j contract (skipped: set NEO4J_URI and NEO4J_PASSWORD)", () => {
    it("runs the GraphStore, ConceptGraph, TextIndex and VectorStore contracts against a live Neo4j", () => {});
  });
}
