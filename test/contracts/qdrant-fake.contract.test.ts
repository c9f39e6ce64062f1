import { QdrantVectorStore } from "../../src/adapters/qdrant/vector-store";
import { FakeQdrant } from "./fake-qdrant";
import { uniqueName } from "./fixture-world";
import { vectorStoreContract } from "./vector-store.contract";

/**
 * The Qdrant adapter, through the real client and real HTTP, against the in-test fake server: checks
 * the requests it sends and how it reads the answers. Qdrant's own behaviour is the live runner's job.
 */
vectorStoreContract("qdrant adapter on a fake Qdrant HTTP server", async (dimension) => {
  const server = await new FakeQdrant().start();
  const store = new QdrantVectorStore({ url: server.url, collection: uniqueName("contract_"), timeoutMs: 5000 }, dimension);
  await store.ensureCollection(`test-embedder-${dimension}`);
  return { store, teardown: () => server.stop() };
});
