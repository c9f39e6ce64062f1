import { existsSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LocalEmbedder } from "../../src/adapters/llama/embedder";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { sampleRecall } from "../../eval/embedder-sample";
import { realConfig, realKb } from "../helpers/real-kb";
import { describeWithModel } from "./models";

/**
 * The floor comes from `npm run bench -- kb` (embedderQuality.ciSample): MiniLM scored
 * 0.960 there on the same 200 films (Recall@1 0.845), the corpus embedder (LSA) 0.890 (0.665).
 */
const RECALL_AT_10_FLOOR = 0.93;

describeWithModel("local sentence encoder, live", realConfig.localEmbedModel, () => {
  let kb: KnowledgeBase;
  let embedder: LocalEmbedder;
  beforeAll(async () => {
    expect(existsSync(realConfig.localEmbedModel), `${realConfig.localEmbedModel} is missing (REQUIRE_MODELS=1)`).toBe(true);
    kb = await realKb();
    embedder = await LocalEmbedder.open(realConfig.localEmbedModel, { maxTokens: realConfig.env.LOCAL_EMBED_MAX_TOKENS });
  });
  afterAll(async () => embedder?.close());

  it("finds a film from its TMDB overview among 200 films, above the floor and above LSA", async () => {
    const neural = await sampleRecall(kb, embedder, { size: 200 });
    const lsa = await sampleRecall(kb, kb.embedder, { size: 200 });
    expect(neural.films).toBe(200);
    expect(neural.recallAt10).toBeGreaterThanOrEqual(RECALL_AT_10_FLOOR);
    expect(neural.recallAt10).toBeGreaterThan(lsa.recallAt10);
  }, 180_000);

  it("embeds deterministically, unit-length, and returns a zero vector for empty text", async () => {
    const [a, b, empty] = await embedder.embed(["a ghost haunts a boy", "a ghost haunts a boy", "   "]);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(Math.abs(Math.hypot(...a!) - 1)).toBeLessThan(1e-5);
    expect(empty!.every((x) => x === 0)).toBe(true);
    expect(a!.length).toBe(embedder.dimension);
  });
});
