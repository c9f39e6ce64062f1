import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LocalChatModel } from "../../src/adapters/llama/chat-model";
import { fitToContext } from "../../src/adapters/llama/context-guard";
import { toGrammarSchema } from "../../src/adapters/llama/grammar-schema";
import { loadConfig } from "../../src/config";
import { BudgetMeter } from "../../src/llm/budget";
import { createChatModel } from "../../src/llm/factory";
import { ModelCallError } from "../../src/ports/chat-model";
import { evidenceId, type Evidence } from "../../tools/evidence";

/** One token per whitespace-separated word: enough to test the guard without a tokenizer. */
const words = (system: string, prompt: string) => `${system} ${prompt}`.split(/\s+/).filter(Boolean).length;

function evidence(n: number): Evidence[] {
  return Array.from({ length: n }, (_, i) => ({
    id: evidenceId("triple", `fact ${i}`),
    kind: "triple",
    text: `Film ${i} directed_by Director ${i} in the year 19${40 + i}`,
    nodeIds: [],
    focus: `Film ${i}`,
    score: 1 - i / 100,
    sources: [{ tool: "full_text", step: 1 }],
  }));
}

const SYSTEM = "You answer from evidence. Reply with JSON only.";
const QUESTION = "Who directed Casablanca?";

/** A prompt laid out as an evidence-reading prompt is: the question, the computed answers, one `ev_…: text` line per evidence, the instructions. */
function evidencePrompt(question: string, ev: readonly Evidence[], answers: readonly string[] = []): { prompt: string } {
  return { prompt: [`Question: ${question}`, `Computed answers: ${answers.join(", ") || "none"}`, "Evidence:", ...ev.map((e) => `${e.id}: ${e.text}`), "Answer with JSON: {\"answer\": string}."].join("\n") };
}

describe("context guard", () => {
  it("leaves a prompt that fits alone", () => {
    const { prompt } = evidencePrompt(QUESTION, evidence(3));
    const fitted = fitToContext(SYSTEM, prompt, { contextSize: 1000, reserveOutput: 100, countTokens: words });
    expect(fitted).toEqual({ prompt, promptTokens: words(SYSTEM, prompt), trimmed: 0 });
  });

  it("drops the last evidence lines of the answer prompt, as few as it can, and says how many", () => {
    const { prompt } = evidencePrompt(QUESTION, evidence(20), ["Michael Curtiz"]);
    const limit = words(SYSTEM, prompt) - 40;
    const fitted = fitToContext(SYSTEM, prompt, { contextSize: limit + 50, reserveOutput: 50, countTokens: words });
    expect(fitted.promptTokens).toBeLessThanOrEqual(limit);
    expect(fitted.promptTokens).toBe(words(SYSTEM, fitted.prompt));
    const lines = fitted.prompt.split("\n");
    const kept = lines.filter((l) => l.startsWith("ev_"));
    expect(kept).toEqual(evidence(20).slice(0, kept.length).map((e) => `${e.id}: ${e.text}`));
    expect(fitted.trimmed).toBe(20 - kept.length);
    expect(lines[lines.indexOf(kept.at(-1)!) + 1]).toBe(`[… ${fitted.trimmed} evidence lines trimmed to fit the model's context]`);
    // the question, the computed answers and the instructions are all still there
    for (const line of prompt.split("\n").filter((l) => !l.startsWith("ev_"))) expect(lines).toContain(line);
    // one more evidence line would not have fitted (a marker of similar length replaces it)
    const oneMore = evidencePrompt(QUESTION, evidence(kept.length + 1), ["Michael Curtiz"]).prompt;
    expect(words(SYSTEM, `${oneMore}\n[… ${fitted.trimmed - 1} evidence lines trimmed to fit the model's context]`)).toBeGreaterThan(limit);
  });

  it("refuses, naming the sizes, when the instructions and question alone do not fit", () => {
    const { prompt } = evidencePrompt(QUESTION, evidence(5));
    const fit = () => fitToContext(SYSTEM, prompt, { contextSize: 60, reserveOutput: 30, countTokens: words, name: "answer" });
    expect(fit).toThrow(ModelCallError);
    expect(fit).toThrow(/answer: the prompt needs \d+ tokens even without its 5 evidence lines, but the model's context of 60 tokens leaves 30 after reserving 30 for the reply/);
  });
});

describe("JSON schema for the grammar", () => {
  it("turns zod's anyOf into oneOf and drops what a grammar cannot express", () => {
    const schema = z.object({ n: z.number().int().min(0), tag: z.string().regex(/^a/).nullable(), ops: z.array(z.enum(["x", "y"])).max(3) });
    expect(toGrammarSchema(z.toJSONSchema(schema))).toEqual({
      type: "object",
      properties: {
        n: { type: "integer" },
        tag: { oneOf: [{ type: "string" }, { type: "null" }] },
        ops: { type: "array", maxItems: 3, items: { type: "string", enum: ["x", "y"] } },
      },
      required: ["n", "tag", "ops"],
      additionalProperties: false,
    });
  });
});

describe("CHAT_MODEL=local start-up", () => {
  it("fails when the model is built, naming the missing file and how to get it", () => {
    const config = loadConfig({ CHAT_MODEL: "local", LOCAL_CHAT_MODEL: "/nonexistent/tiny.gguf" });
    expect(() => createChatModel(config)).toThrow(/model file not found: \/nonexistent\/tiny\.gguf \(run `npm run models:fetch`, or set LOCAL_CHAT_MODEL/);
  });
});

const MODEL_FILE = loadConfig().localChatModel;
const present = existsSync(MODEL_FILE);

if (!present && process.env.REQUIRE_MODELS !== "1") {
  describe.skip(`local chat model, live (skipped: ${MODEL_FILE} is absent; run \`npm run models:fetch\`, or REQUIRE_MODELS=1 to fail instead)`, () => {
    it("answers with a value of the schema", () => {});
  });
} else {
  describe("local chat model, live", () => {
    const model = new LocalChatModel(MODEL_FILE, { maxOutputTokens: 48 });
    afterAll(() => model.close());

    it("answers with a value of the schema, with exact usage, the same every time", { timeout: 60_000 }, async () => {
      expect(existsSync(MODEL_FILE), `${MODEL_FILE} is missing (REQUIRE_MODELS=1)`).toBe(true);
      expect(model.id).toBe(`local:${MODEL_FILE.split("/").at(-1)!.replace(/\.gguf$/, "")}`);
      const Reply = z.object({ director: z.string().max(60), sure: z.boolean() });
      const meter = new BudgetMeter(10, 10_000);
      const ask = () => model.structured({ name: "director", schema: Reply, system: "Reply with JSON only.", prompt: 'Who directed Casablanca? Reply as {"director":"...","sure":true}.', meter });
      // Two at once: they take turns on the one context, each from a clean history.
      const [a, b] = await Promise.all([ask(), ask()]);
      expect(Reply.safeParse(a.value).success).toBe(true);
      expect(a.usage.inputTokens).toBeGreaterThan(10);
      expect(a.usage.outputTokens).toBeGreaterThan(3);
      expect(b).toEqual(a);
      expect(meter.usage).toMatchObject({ llmCalls: a.attempts! + b.attempts!, inputTokens: a.usage.inputTokens * 2, outputTokens: a.usage.outputTokens * 2 });
    });

    it("gives up at its deadline, and at once when the caller aborts", async () => {
      const hasty = new LocalChatModel(MODEL_FILE, { timeoutMs: 1 });
      const req = { name: "yes", schema: z.object({ yes: z.boolean() }), system: "Reply with JSON only.", prompt: "Yes?" };
      try {
        await expect(hasty.structured(req)).rejects.toThrow(/local:.*: yes timed out after 1 ms \(MODEL_TIMEOUT_MS\)/);
      } finally {
        await hasty.close();
      }
      await expect(model.structured({ ...req, signal: AbortSignal.abort(new Error("run cancelled")) })).rejects.toThrow("run cancelled");
    });
  });
}
