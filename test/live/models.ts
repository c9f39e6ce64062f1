import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe } from "vitest";
import { runResearch, type ResearchOptions } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import { LocalChatModel } from "../../src/adapters/llama/chat-model";
import { loadConfig } from "../../src/config";
import { createChatModel } from "../../src/llm/factory";
import type { ChatModel } from "../../src/ports/chat-model";
import { realKb } from "../helpers/real-kb";

/**
 * Live-model tests run when the model files are installed (`npm run models:fetch`); without them
 * they skip and say why, unless REQUIRE_MODELS=1 (CI), which turns an absent file into a failure.
 */
export function describeWithModel(title: string, file: string, body: () => void): void {
  if (!existsSync(file) && process.env.REQUIRE_MODELS !== "1") {
    describe.skip(`${title} (skipped: ${file} is absent; run \`npm run models:fetch\`, or REQUIRE_MODELS=1 to fail instead)`, body);
  } else {
    describe(title, body);
  }
}

/**
 * One research run with the fetched local chat model, in process, made before the suite's tests and
 * read by them through the getter; the model is closed after the suite.
 */
export function liveLocalRun(question: string, options: ResearchOptions, timeoutMs: number): () => RunResult {
  let model: ChatModel | undefined;
  let r: RunResult | undefined;
  beforeAll(async () => {
    const kb = await realKb();
    model = createChatModel(loadConfig({ ...process.env, CHAT_MODEL: "local" }), { cache: false });
    r = await runResearch(question, { kb, ...(model ? { model } : {}) }, options);
  }, timeoutMs);
  afterAll(async () => {
    if (model instanceof LocalChatModel) await model.close();
  });
  return () => {
    if (!r) throw new Error("the live run did not finish: see the beforeAll error above");
    return r;
  };
}
