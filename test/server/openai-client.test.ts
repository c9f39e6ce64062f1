import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { fixtureKb } from "../helpers/fixture-kb";
import { startTestServer, type TestServer } from "../helpers/api-server";

let kb: KnowledgeBase;
let srv: TestServer;
let client: OpenAI;
beforeAll(async () => {
  kb = await fixtureKb();
  srv = await startTestServer(kb, { options: { apiKeys: ["sk-test"] } });
  client = new OpenAI({ baseURL: `${srv.url}/v1`, apiKey: "sk-test", maxRetries: 0 });
});
afterAll(async () => {
  await srv.close();
});

describe("POST /v1/chat/completions with the official openai client", () => {
  it("lists the strategies as models", async () => {
    const ids = (await client.models.list()).data.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["graphrag-auto", "graphrag-simple", "graphrag-heuristic", "graphrag-tog"]));
    expect(ids).not.toContain("graphrag-llm"); // no model configured
  });

  it("answers a chat completion with the research answer and usage", async () => {
    const c = await client.chat.completions.create({ model: "graphrag-heuristic", messages: [{ role: "system", content: "be brief" }, { role: "user", content: "who directed Paper Moons" }] });
    expect(c.object).toBe("chat.completion");
    expect(c.choices[0]!.message.content).toMatch(/^Paper Moons \(2010\) was directed by Lena Marlowe \[1\]/);
    expect(c.choices[0]!.finish_reason).toBe("stop");
    expect(c.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
    const runId = c.id.replace(/^chatcmpl-/, "");
    expect(((await (await srv.get(`/v1/runs/${runId}`, { authorization: "Bearer sk-test" })).json()) as { request: { via: string } }).request.via).toBe("chat");
  });

  it("streams the same answer as chunks", async () => {
    const stream = await client.chat.completions.create({ model: "graphrag-auto", messages: [{ role: "user", content: "who directed Paper Moons" }], stream: true, stream_options: { include_usage: true } });
    let text = "";
    let finish: string | null = null;
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toMatch(/^Paper Moons \(2010\) was directed by Lena Marlowe \[1\]/);
    expect(finish).toBe("stop");
    expect(usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
  });

  it("reports errors the way OpenAI clients read them", async () => {
    const unknown = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect((unknown as Error).message).toMatch(/unknown model "gpt-4o"; available: graphrag-auto/);
    const bad = await client.chat.completions.create({ model: "graphrag-auto", messages: [] }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    const noKey = new OpenAI({ baseURL: `${srv.url}/v1`, apiKey: "wrong", maxRetries: 0 });
    expect(await noKey.models.list().catch((e: unknown) => e)).toBeInstanceOf(OpenAI.AuthenticationError);
  });
});
