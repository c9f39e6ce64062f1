import { z } from "zod";
import type { Config } from "../../src/config";
import { InvalidInputError } from "../../src/errors";
import { createChatModel } from "../../src/llm/factory";
import { round } from "../../src/util/stats";

/**
 * `npm run bench -- model`: the configured chat model's speed on this machine, as the research run
 * uses it (structured replies): the first call (loading the weights included), prompt tokens per
 * second (a long prompt, a one-word reply) and generated tokens per second (a short prompt, a reply of
 * about a hundred tokens), each the median of three. No response cache.
 */
const Short = z.object({ ok: z.boolean() }).strict();
const Long = z.object({ text: z.string().max(1200) }).strict();

const FILLER = Array.from({ length: 60 }, (_, i) => `Evidence ${i + 1}: the film number ${i + 1} was directed by a person whose name is written here, released in ${1950 + i}, in English.`).join("\n");

export async function benchModel(config: Config): Promise<Record<string, unknown>> {
  const model = createChatModel(config, { cache: false });
  if (!model) throw new InvalidInputError("bench model needs a chat model: set CHAT_MODEL (local after `npm run models:fetch`, openai, or gemini)");
  const timed = async <T>(f: () => Promise<T>) => {
    const t0 = performance.now();
    const v = await f();
    return { v, s: (performance.now() - t0) / 1000 };
  };
  try {
    const first = await timed(() => model.structured({ name: "bench_first", schema: Short, system: "Reply with JSON only.", prompt: 'Is 2 larger than 1? Reply as {"ok":true} or {"ok":false}.' }));
    const prompts: { tokens: number; s: number }[] = [];
    const outputs: { tokens: number; s: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await timed(() => model.structured({ name: "bench_prompt", schema: Short, system: "Reply with JSON only.", prompt: `${FILLER}\nRun ${i}. Is any film above released before 1960? Reply as {"ok":true} or {"ok":false}.` }));
      prompts.push({ tokens: p.v.usage.inputTokens, s: p.s });
      const g = await timed(() => model.structured({ name: "bench_output", schema: Long, system: "Reply with JSON only.", prompt: `Describe, in about eighty words, a film festival held in a small town (variation ${i}). Reply as {"text":"…"}.` }));
      outputs.push({ tokens: g.v.usage.outputTokens, s: g.s });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    return {
      model: model.id,
      firstCallSeconds: round(first.s, 2),
      promptTokens: median(prompts.map((p) => p.tokens)),
      promptTokensPerSecond: round(median(prompts.map((p) => p.tokens / p.s)), 1),
      outputTokens: median(outputs.map((o) => o.tokens)),
      outputTokensPerSecond: round(median(outputs.map((o) => o.tokens / o.s)), 1),
      note: "prompt tokens/s includes the one-word reply; output tokens/s includes its short prompt",
    };
  } finally {
    await (model as { close?: () => Promise<void> }).close?.();
  }
}
