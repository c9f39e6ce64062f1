import { availableParallelism } from "node:os";
import type { Config } from "../config";
import { GeminiEmbedder } from "../adapters/gemini/embedder";
import { LocalEmbedder } from "../adapters/llama/embedder";
import { OpenAiEmbedder } from "../adapters/openai/embedder";
import type { Embedder } from "../ports/embedder";

/**
 * The model embedder EMBEDDER asks for, or undefined for the corpus embedder (built with the
 * snapshot). A local GGUF that is missing or unreadable fails here, naming the file and the fetch
 * command.
 */
export async function openModelEmbedder(config: Config): Promise<Embedder | undefined> {
  const env = config.env;
  switch (config.embedder) {
    case "corpus":
      return undefined;
    case "gemini":
      return new GeminiEmbedder({ apiKey: env.GOOGLE_API_KEY!, model: env.GEMINI_EMBED_MODEL });
    case "local":
      return LocalEmbedder.open(config.localEmbedModel, { maxTokens: env.LOCAL_EMBED_MAX_TOKENS, threads: env.LOCAL_THREADS ?? availableParallelism() });
    case "openai":
      return OpenAiEmbedder.open({ baseUrl: env.OPENAI_BASE_URL!, model: env.OPENAI_EMBED_MODEL!, apiKey: env.OPENAI_API_KEY });
  }
}
