import { ChatGoogleGenerativeAI } from "@langchain/google-genai";
import { LangChainChatModel, type LangChainChatModelOptions } from "../langchain/chat-model";

/**
 * Gemini 2.5 Flash through LangChain. LangChain's own retries are off (maxRetries 0): the adapter
 * retries, so every attempt is counted against the run's budget. Constructing it makes no request.
 */
export function createGeminiChatModel(options: { apiKey: string; model?: string; temperature?: number } & LangChainChatModelOptions): LangChainChatModel {
  const model = options.model ?? "gemini-2.5-flash";
  const chat = new ChatGoogleGenerativeAI({ model, apiKey: options.apiKey, temperature: options.temperature ?? 0, maxRetries: 0 });
  return new LangChainChatModel(chat, `gemini:${model}`, options);
}
