import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createGeminiChatModel } from "../../src/adapters/gemini/chat";
import { BudgetMeter } from "../../src/llm/budget";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

type Reply = { status: number; text?: string; usage?: { promptTokenCount: number; totalTokenCount: number } };
function stubGemini(replies: Reply[]) {
  const bodies: Record<string, unknown>[] = [];
  globalThis.fetch = (async (url: string | URL, init: RequestInit) => {
    bodies.push({ url: String(url), ...(JSON.parse(init.body as string) as object) });
    const r = replies.shift()!;
    if (r.status !== 200) return new Response(JSON.stringify({ error: { code: r.status, message: "Resource has been exhausted", status: "RESOURCE_EXHAUSTED" } }), { status: r.status, headers: { "content-type": "application/json" } });
    return new Response(
      JSON.stringify({
        candidates: [{ content: { parts: [{ text: r.text }], role: "model" }, finishReason: "STOP", index: 0 }],
        usageMetadata: { ...r.usage, candidatesTokenCount: 5 },
      }),
      { status: 200, headers: { "content-type": "application/json" } },
    );
  }) as typeof fetch;
  return bodies;
}

const Judge = z.object({ reasoning: z.string(), enough: z.boolean() });
const noSleep = async () => {};

describe("Gemini chat adapter (real ChatGoogleGenerativeAI, stubbed fetch)", () => {
  it("sends a JSON response schema, validates the reply, and bills output as total − input", async () => {
    const bodies = stubGemini([{ status: 200, text: '{"reasoning":"fine","enough":true}', usage: { promptTokenCount: 40, totalTokenCount: 75 } }]);
    const model = createGeminiChatModel({ apiKey: "test-key", sleep: noSleep });
    const meter = new BudgetMeter(5, 10_000);
    const r = await model.structured({ name: "judge", schema: Judge, system: "be brief", prompt: "enough?", meter });
    expect(r.value).toEqual({ reasoning: "fine", enough: true });
    expect(r.usage).toEqual({ inputTokens: 40, outputTokens: 35 }); // 35 includes thinking tokens
    expect(meter.usage).toMatchObject({ llmCalls: 1, inputTokens: 40, outputTokens: 35 });
    const body = bodies[0] as { url: string; generationConfig: { responseMimeType: string; responseSchema: { properties: Record<string, unknown> }; temperature: number } };
    expect(body.url).toMatch(/models\/gemini-2\.5-flash:generateContent$/);
    expect(body.generationConfig.responseMimeType).toBe("application/json");
    expect(Object.keys(body.generationConfig.responseSchema.properties)).toEqual(["reasoning", "enough"]);
    expect(body.generationConfig.temperature).toBe(0);
  });

  it("retries a 429 and a reply that does not fit the schema, counting every attempt", async () => {
    stubGemini([
      { status: 429 },
      { status: 200, text: '{"reasoning":"x","enough":"perhaps"}', usage: { promptTokenCount: 10, totalTokenCount: 20 } },
      { status: 200, text: '{"reasoning":"x","enough":false}', usage: { promptTokenCount: 10, totalTokenCount: 20 } },
    ]);
    const model = createGeminiChatModel({ apiKey: "test-key", sleep: noSleep, attempts: 3 });
    const meter = new BudgetMeter(5, 10_000);
    const r = await model.structured({ name: "judge", schema: Judge, system: "s", prompt: "p", meter });
    expect(r.value.enough).toBe(false);
    expect(r.attempts).toBe(3);
    expect(meter.usage.llmCalls).toBe(3);
  });

  it("gives up after the attempts with an error that does not leak the key", async () => {
    stubGemini([{ status: 429 }, { status: 429 }]);
    const model = createGeminiChatModel({ apiKey: "very-secret-key", sleep: noSleep, attempts: 2 });
    const err = await model.structured({ name: "judge", schema: Judge, system: "s", prompt: "p" }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/429/);
    expect((err as Error).message).not.toContain("very-secret-key");
  });
});
