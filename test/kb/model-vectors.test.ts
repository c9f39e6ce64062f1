import { createServer, type Server } from "node:http";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { loadKnowledgeBase } from "../../src/kb/load";
import { runningBuild } from "../../src/kb/model-vectors";
import { silentProgress } from "../../src/util/progress";
import { tempDataDir } from "../helpers/temp-data";

/** An OpenAI-compatible embeddings server: 4 dimensions from the text's letters, counting the texts it embedded. */
function fakeEmbeddings(): Promise<{ server: Server; url: string; embedded: () => number }> {
  let count = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const input = (JSON.parse(body) as { input: string[] }).input;
      count += input.length;
      const data = input.map((t, index) => ({ object: "embedding", index, embedding: [t.length % 7, (t.charCodeAt(0) || 1) % 5, 1, 2] }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data, model: "fake", usage: { prompt_tokens: 0, total_tokens: 0 } }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, embedded: () => count })));
}

describe("a model embedder's vectors, built ahead", () => {
  let fake: Awaited<ReturnType<typeof fakeEmbeddings>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    fake = await fakeEmbeddings();
    const { dataDir, cacheDir } = tempDataDir();
    env = { DATA_DIR: dataDir, CACHE_DIR: cacheDir, EMBEDDER: "openai", OPENAI_BASE_URL: fake.url, OPENAI_EMBED_MODEL: "fake-embed" };
  });
  afterAll(() => fake.server.close());

  it("serves at once with the offline embedder while they are missing, and says what to run", async () => {
    const before = fake.embedded();
    const kb = await loadKnowledgeBase(loadConfig(env), { log: () => {} });
    expect(kb.info.embedder).toMatchObject({ vectors: "missing", wanted: "openai:fake-embed", build: "npm run ingest -- --vectors" });
    expect(kb.embedder.id).toBe(kb.info.embedder.serving);
    expect(kb.embedder.id).not.toContain("openai");
    expect(fake.embedded() - before).toBeLessThan(3); // the dimension probe, not the films
  });

  it("builds them when asked, and uses them from then on without embedding again", async () => {
    const built = await loadKnowledgeBase(loadConfig(env), { vectors: "build", progress: silentProgress, log: () => {} });
    expect(built.info.embedder).toEqual({ serving: "openai:fake-embed", vectors: "ready" });
    const films = fake.embedded();
    const again = await loadKnowledgeBase(loadConfig(env), { log: () => {} });
    expect(again.info.embedder.vectors).toBe("ready");
    expect(again.embedder.id).toBe("openai:fake-embed");
    expect(fake.embedded() - films).toBeLessThan(3);
  });

  it("reports a build another process runs, with the time left", () => {
    const cacheDir = env.CACHE_DIR!;
    const started = new Date(Date.now() - 10_000).toISOString();
    writeFileSync(join(cacheDir, "vector-build.json"), JSON.stringify({ embedder: "local:x", what: "movies", done: 1000, total: 5000, from: 0, startedAt: started, updatedAt: new Date().toISOString(), pid: process.pid }));
    const b = runningBuild({ cacheDir });
    expect(b).toMatchObject({ embedder: "local:x", what: "movies", done: 1000, total: 5000 });
    expect(b!.etaSeconds).toBeGreaterThan(30);
    expect(b!.etaSeconds).toBeLessThan(50);
    // A build whose process is gone is no build.
    writeFileSync(join(cacheDir, "vector-build.json"), JSON.stringify({ embedder: "local:x", what: "movies", done: 1, total: 5, from: 0, startedAt: started, updatedAt: started, pid: 2 ** 22 + 12345 }));
    expect(runningBuild({ cacheDir })).toBeUndefined();
  });
});
