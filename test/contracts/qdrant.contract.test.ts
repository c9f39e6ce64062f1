import { describe, it } from "vitest";
import { QdrantVectorStore } from "../../src/adapters/qdrant/vector-store";
import { uniqueName } from "./fixture-world";
import { vectorStoreContract } from "./vector-store.contract";

/** The Qdrant adapter against a live server: `QDRANT_URL=http://localhost:6333 npm run test:integration`. */
const url = process.env.QDRANT_URL;

if (url) {
  vectorStoreContract(`qdrant at ${url}`, async (dimension) => {
    // A throwaway collection per store, so the suite never touches the service's collection.
    const store = new QdrantVectorStore({ url, apiKey: process.env.QDRANT_API_KEY || undefined, collection: uniqueName("contract_"), timeoutMs: 15_000 }, dimension);
    await store.ensureCollection(`contract-test-${dimension}`);
    return { store, teardown: () => store.deleteCollection() };
  });
} else {
  describe.skip("qdrant contract (skipped: set QDRANT_URL, e.g. http://localhost:6333)", () => {
    it("runs the VectorStore contract against a live Qdrant", () => {});
  });
}
