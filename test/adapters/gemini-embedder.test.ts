import { describe, expect, it } from "vitest";
import { GeminiEmbedder } from "../../src/adapters/gemini/embedder";

type Call = { url: string; init: RequestInit };

function stubFetch(responder: (body: { requests: { content: { parts: { text: string }[] } }[] }, n: number) => Response) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return responder(JSON.parse(init.body as string), calls.length);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const ok = (n: number, dim = 4) => new Response(JSON.stringify({ embeddings: Array.from({ length: n }, (_, i) => ({ values: Array.from({ length: dim }, (_, j) => (j === i % dim ? 3 : 0)) })) }), { status: 200 });
const noSleep = async () => {};

describe("Gemini embedder (stubbed fetch)", () => {
  it("sends batches of at most 100 texts with the key in a header, and keeps order", async () => {
    const { fetch, calls } = stubFetch((body) => ok(body.requests.length));
    const emb = new GeminiEmbedder({ apiKey: "secret-key", dimension: 4, fetch, sleep: noSleep });
    const texts = Array.from({ length: 250 }, (_, i) => `text ${i}`);
    const vectors = await emb.embed(texts, { kind: "document" });
    expect(vectors).toHaveLength(250);
    expect(calls.map((c) => JSON.parse(c.init.body as string).requests.length)).toEqual([100, 100, 50]);
    expect(calls[0]!.url).toBe("https://generativelanguage.googleapis.com/v1beta/models/text-embedding-004:batchEmbedContents");
    expect(calls[0]!.url).not.toContain("secret-key");
    expect((calls[0]!.init.headers as Record<string, string>)["x-goog-api-key"]).toBe("secret-key");
    const first = JSON.parse(calls[0]!.init.body as string).requests[0];
    expect(first).toEqual({ model: "models/text-embedding-004", content: { parts: [{ text: "text 0" }] }, taskType: "RETRIEVAL_DOCUMENT" });
    expect(Array.from(vectors[1]!)).toEqual([0, 1, 0, 0]); // normalised
  });

  it("retries 429 and 5xx with backoff, then succeeds", async () => {
    const { fetch, calls } = stubFetch((body, n) => (n <= 2 ? new Response("slow down", { status: n === 1 ? 429 : 503 }) : ok(body.requests.length)));
    const delays: number[] = [];
    const emb = new GeminiEmbedder({ apiKey: "k", dimension: 4, fetch, sleep: async (ms) => void delays.push(ms) });
    expect(await emb.embed(["a"])).toHaveLength(1);
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([500, 1000]);
  });

  it("gives up after the attempt limit with an error that names the status, not the key", async () => {
    const { fetch, calls } = stubFetch(() => new Response("quota exceeded for key secret-key", { status: 429 }));
    const emb = new GeminiEmbedder({ apiKey: "secret-key", dimension: 4, fetch, sleep: noSleep, attempts: 3 });
    const err = await emb.embed(["a"]).catch((e: Error) => e);
    expect(calls).toHaveLength(3);
    expect((err as Error).message).toMatch(/HTTP 429/);
    expect((err as Error).message).not.toContain("secret-key");
  });

  it("does not retry a 400 and rejects a response of the wrong shape or size", async () => {
    const bad = stubFetch(() => new Response("bad request", { status: 400 }));
    await expect(new GeminiEmbedder({ apiKey: "k", dimension: 4, fetch: bad.fetch, sleep: noSleep }).embed(["a"])).rejects.toThrow(/HTTP 400/);
    expect(bad.calls).toHaveLength(1);
    const shape = stubFetch(() => new Response(JSON.stringify({ nope: true }), { status: 200 }));
    await expect(new GeminiEmbedder({ apiKey: "k", dimension: 4, fetch: shape.fetch, sleep: noSleep }).embed(["a"])).rejects.toThrow(/unexpected shape/);
    const dim = stubFetch((b) => ok(b.requests.length, 3));
    await expect(new GeminiEmbedder({ apiKey: "k", dimension: 4, fetch: dim.fetch, sleep: noSleep }).embed(["a"])).rejects.toThrow(/3-dimensional/);
  });

  it("retries a network failure", async () => {
    let n = 0;
    const fetch = (async (_url: string, init: RequestInit) => {
      n++;
      if (n === 1) throw new TypeError("fetch failed");
      return ok(JSON.parse(init.body as string).requests.length);
    }) as unknown as typeof globalThis.fetch;
    expect(await new GeminiEmbedder({ apiKey: "k", dimension: 4, fetch, sleep: noSleep }).embed(["a", "b"])).toHaveLength(2);
    expect(n).toBe(2);
  });
});
