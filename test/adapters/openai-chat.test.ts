import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAiCompatibleChatModel, type OpenAiChatModelOptions } from "../../src/adapters/openai/chat-model";
import { BudgetMeter } from "../../src/llm/budget";
import { ModelCallError, ModelOutputError } from "../../src/ports/chat-model";

/** A fake OpenAI-compatible server: answers each request with the next scripted reply and keeps what it was sent. */
type Scripted = { status?: number; content?: string; toolCalls?: { name: string; arguments: string }[]; usage?: { prompt_tokens: number; completion_tokens: number }; delayMs?: number; headers?: Record<string, string>; finish?: string; onReceived?: () => void };
let server: Server;
let baseUrl: string;
let script: Scripted[] = [];
let received: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];

function reply(res: ServerResponse, r: Scripted): void {
  if (r.status && r.status !== 200) {
    res.writeHead(r.status, { "content-type": "application/json", ...r.headers });
    res.end(JSON.stringify({ error: { message: `scripted ${r.status}`, type: "server_error" } }));
    return;
  }
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 0,
      model: "tiny",
      choices: [{ index: 0, finish_reason: r.finish ?? (r.toolCalls ? "tool_calls" : "stop"), message: { role: "assistant", content: r.content ?? "", ...(r.toolCalls ? { tool_calls: r.toolCalls.map((c, i) => ({ id: `call_${i}`, type: "function", function: c })) } : {}) } }],
      usage: r.usage ? { ...r.usage, total_tokens: r.usage.prompt_tokens + r.usage.completion_tokens } : undefined,
    }),
  );
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", authorization: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
      const r = script.shift() ?? { status: 500 };
      r.onReceived?.();
      if (r.delayMs) setTimeout(() => reply(res, r), r.delayMs);
      else reply(res, r);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  script = [];
  received = [];
});

const Judge = z.object({ reasoning: z.string(), enough: z.boolean() });
const request = (meter?: BudgetMeter) => ({ name: "judge", schema: Judge, system: "be brief", prompt: "enough?", meter });
const KEY = "sk-test-secret-4f9a";
const model = (o: Partial<OpenAiChatModelOptions> = {}) => new OpenAiCompatibleChatModel({ baseUrl, model: "tiny", apiKey: KEY, sleep: async () => {}, ...o });

describe("OpenAI-compatible chat model (fake server over HTTP)", () => {
  it("sends the schema as a strict json_schema response format and returns the value with the server's usage", async () => {
    script = [{ content: '{"reasoning":"the evidence names him","enough":true}', usage: { prompt_tokens: 41, completion_tokens: 12 } }];
    const meter = new BudgetMeter(5, 10_000);
    const r = await model().structured(request(meter));
    expect(r).toEqual({ value: { reasoning: "the evidence names him", enough: true }, usage: { inputTokens: 41, outputTokens: 12 }, attempts: 1 });
    expect(meter.usage).toMatchObject({ llmCalls: 1, inputTokens: 41, outputTokens: 12 });
    const sent = received[0]!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({
      model: "tiny",
      temperature: 0,
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "enough?" },
      ],
      response_format: { type: "json_schema", json_schema: { name: "judge", strict: true, schema: { type: "object", required: ["reasoning", "enough"], additionalProperties: false } } },
    });
    const schema = (sent.body.response_format as { json_schema: { schema: { properties: Record<string, unknown> } } }).json_schema.schema;
    expect(Object.keys(schema.properties)).toEqual(["reasoning", "enough"]);
  });

  it("retries junk replies and then fails with ModelOutputError, every attempt metered", async () => {
    script = [
      { content: "Sure! Here is the JSON you asked for", usage: { prompt_tokens: 40, completion_tokens: 9 } },
      { content: '{"reasoning":"x"}', usage: { prompt_tokens: 40, completion_tokens: 5 } },
      { content: '{"reasoning":"x","enough":"yes"}', usage: { prompt_tokens: 40, completion_tokens: 7 } },
    ];
    const meter = new BudgetMeter(10, 10_000);
    const err = await model().structured(request(meter)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelOutputError);
    expect((err as Error).message).toMatch(/judge: the model's reply does not fit the schema \(enough:/);
    expect(received).toHaveLength(3);
    expect(meter.usage).toMatchObject({ llmCalls: 3, inputTokens: 120, outputTokens: 21 });
  });

  it("retries a 429 after the wait the server asks for, then succeeds", async () => {
    script = [{ status: 429, headers: { "retry-after": "2" } }, { content: '{"reasoning":"ok","enough":false}', usage: { prompt_tokens: 30, completion_tokens: 6 } }];
    const waits: number[] = [];
    const meter = new BudgetMeter(10, 10_000);
    const r = await model({ sleep: async (ms) => void waits.push(ms) }).structured(request(meter));
    expect(r.value).toEqual({ reasoning: "ok", enough: false });
    expect(r.attempts).toBe(2);
    expect(waits).toEqual([2000]);
    expect(meter.usage).toMatchObject({ llmCalls: 2, inputTokens: 30, outputTokens: 6 });
  });

  it("does not retry a 400", async () => {
    script = [{ status: 400 }];
    const err = await model().structured(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect((err as ModelCallError).status).toBe(400);
    expect((err as Error).message).toMatch(/openai:tiny: judge failed \(HTTP 400\)/);
    expect(received).toHaveLength(1);
  });

  it("turns a slow server into a ModelCallError after the timeout, retried like any timeout", async () => {
    script = [{ delayMs: 2000, content: "{}" }, { delayMs: 2000, content: "{}" }];
    const meter = new BudgetMeter(10, 10_000);
    const err = await model({ timeoutMs: 150, attempts: 2 }).structured(request(meter)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect((err as Error).message).toMatch(/timed out after 150 ms/);
    expect(received).toHaveLength(2);
    expect(meter.usage.llmCalls).toBe(2);
  });

  it("stops at once when the caller aborts", async () => {
    const controller = new AbortController();
    script = [{ delayMs: 2000, content: "{}", onReceived: () => controller.abort(new Error("run cancelled")) }];
    const err = await model().structured({ ...request(), signal: controller.signal }).catch((e: unknown) => e);
    expect((err as Error).message).toBe("run cancelled");
    expect(received).toHaveLength(1);
  });

  it("never puts the key in an error, even when the server echoes it", async () => {
    const echoing = createServer((req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `bad key: ${req.headers.authorization}` } }));
    });
    await new Promise<void>((resolve) => echoing.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(echoing.address() as AddressInfo).port}/v1`;
      const err = await model({ baseUrl: url }).structured(request()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ModelCallError);
      expect((err as Error).message).toMatch(/HTTP 401/);
      expect((err as Error).message).not.toContain(KEY);
      expect(JSON.stringify(err)).not.toContain(KEY);
    } finally {
      echoing.closeAllConnections();
      await new Promise((resolve) => echoing.close(resolve));
    }
  });
});

describe("OpenAI-compatible native tool calling (fake server over HTTP)", () => {
  const tools = [
    { name: "neighbors", description: "Exact neighbours of an entity.", input: z.object({ entity: z.string(), edge: z.string().optional() }) },
    { name: "full_text", description: "BM25 search.", input: z.object({ query: z.string() }) },
  ];
  const ask = (mustCall: boolean) => model().toolCalls({ name: "agent_tools", system: "you research films", prompt: "Who directed Jaws?", tools, mustCall, maxCalls: 3 });

  it("sends the tools as functions with their schemas, requires a call when it must, and returns the calls with parsed arguments", async () => {
    script = [{ content: "need the director", toolCalls: [{ name: "neighbors", arguments: '{"entity":"Jaws","edge":"DIRECTED"}' }], usage: { prompt_tokens: 90, completion_tokens: 20 } }];
    const r = await ask(true);
    expect(r.value).toEqual({ reason: "need the director", calls: [{ tool: "neighbors", args: { entity: "Jaws", edge: "DIRECTED" } }] });
    expect(r.usage).toEqual({ inputTokens: 90, outputTokens: 20 });
    const body = received[0]!.body as { tools: { type: string; function: { name: string; parameters: { properties: Record<string, unknown>; required?: string[] } } }[]; tool_choice: string; response_format?: unknown };
    expect(body.tool_choice).toBe("required");
    expect(body.response_format).toBeUndefined();
    expect(body.tools.map((t) => t.function.name)).toEqual(["neighbors", "full_text"]);
    expect(body.tools[0]!.function.parameters.required).toEqual(["entity"]);
  });

  it("lets the model finish with no call when it need not call, and says which arguments are not JSON", async () => {
    script = [{ content: "the evidence answers it" }];
    expect((await ask(false)).value).toEqual({ reason: "the evidence answers it", calls: [] });
    expect((received[0]!.body as { tool_choice: string }).tool_choice).toBe("auto");
    script = [1, 2, 3].map(() => ({ toolCalls: [{ name: "neighbors", arguments: "{entity: Jaws" }] }));
    await expect(ask(true)).rejects.toThrow(/agent_tools: the arguments of neighbors are not JSON: \{entity: Jaws/);
  });
});
