import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { isMainThread } from "node:worker_threads";
import type { Config } from "../config";
import { createGeminiChatModel } from "../adapters/gemini/chat";
import { LocalChatModel } from "../adapters/llama/chat-model";
import { ModelFileError } from "../adapters/llama/runtime";
import { OpenAiCompatibleChatModel } from "../adapters/openai/chat-model";
import type { ChatModel } from "../ports/chat-model";
import { CachingChatModel } from "./response-cache";

/**
 * The configured chat model (CHAT_MODEL; none by default offline), cached on disk if asked.
 * Constructing one makes no request and loads no weights; a local model's missing file is
 * reported here, so a server stops at start-up rather than at its first question.
 */
export function createChatModel(config: Config, options: { cache?: boolean } = {}): ChatModel | undefined {
  const model = createProvider(config);
  if (!model) return undefined;
  const cache = options.cache ?? config.env.LLM_CACHE === "on";
  return cache ? new CachingChatModel(model, join(config.cacheDir, "llm-responses")) : model;
}

function createProvider(config: Config): ChatModel | undefined {
  const env = config.env;
  switch (config.chatModel) {
    case "none":
      return undefined;
    case "gemini":
      return createGeminiChatModel({ apiKey: env.GOOGLE_API_KEY!, model: env.GEMINI_CHAT_MODEL, timeoutMs: env.MODEL_TIMEOUT_MS });
    case "openai":
      return new OpenAiCompatibleChatModel({ baseUrl: env.OPENAI_BASE_URL!, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_CHAT_MODEL!, timeoutMs: env.MODEL_TIMEOUT_MS });
    case "local": {
      const path = config.localChatModel;
      if (!existsSync(path)) throw new ModelFileError(path, `CHAT_MODEL=local: model file not found: ${path} (run \`npm run models:fetch\`, or set LOCAL_CHAT_MODEL to a GGUF file)`);
      return new LocalChatModel(path, { contextSize: env.LOCAL_CONTEXT_SIZE, maxOutputTokens: env.LOCAL_MAX_OUTPUT_TOKENS, timeoutMs: env.MODEL_TIMEOUT_MS, threads: localThreads(config) });
    }
  }
}

/**
 * Half the cores (see LocalChatModelOptions.threads), shared out among the research workers, which
 * each load their own model.
 */
function localThreads(config: Config): number {
  if (config.env.LOCAL_THREADS) return config.env.LOCAL_THREADS;
  const cores = availableParallelism();
  const workers = isMainThread ? 1 : Math.max(1, config.env.WORKERS ?? cores);
  return Math.max(1, Math.floor(cores / 2 / workers));
}

export function modelProvider(model: ChatModel | undefined): string {
  return model ? model.id : "none";
}
