import { join } from "node:path";
import type { Config } from "../config";
import { createGeminiChatModel } from "../adapters/gemini/chat";
import type { ChatModel } from "../ports/chat-model";
import { CachingChatModel } from "./response-cache";

/** The configured chat model: Gemini when GOOGLE_API_KEY is set (cached on disk if asked), else none. */
export function createChatModel(config: Config, options: { cache?: boolean } = {}): ChatModel | undefined {
  const key = config.env.GOOGLE_API_KEY;
  if (!key) return undefined;
  const model = createGeminiChatModel({ apiKey: key, model: config.env.GEMINI_CHAT_MODEL });
  const cache = options.cache ?? config.env.LLM_CACHE === "on";
  return cache ? new CachingChatModel(model, join(config.cacheDir, "llm-responses")) : model;
}

export function modelProvider(model: ChatModel | undefined): string {
  return model ? model.id : "none";
}
