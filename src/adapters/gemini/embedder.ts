import { z } from "zod";
import type { EmbedOptions, Embedder } from "../../ports/embedder";
import { AppError } from "../../errors";
import { normalizeInPlace } from "../../math/vector";
import { redact } from "../../util/redact";
import { withRetry } from "../../util/retry";

/**
 * Gemini text embeddings over the REST API (`batchEmbedContents`), in batches of at most 100 texts,
 * with bounded retries on 429, 5xx and network failures. The API key travels in a header and never
 * appears in an error message.
 */
export interface GeminiEmbedderOptions {
  apiKey: string;
  model?: string;
  /** text-embedding-004 returns 768 values. */
  dimension?: number;
  batchSize?: number;
  timeoutMs?: number;
  attempts?: number;
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const ResponseSchema = z.object({
  embeddings: z.array(z.object({ values: z.array(z.number()) })),
});

export class GeminiHttpError extends AppError {
  constructor(readonly status: number, message: string, readonly retryAfterMs?: number) {
    super("model_error", message);
    this.name = "GeminiHttpError";
  }
}

export class GeminiEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  private readonly o: Required<Omit<GeminiEmbedderOptions, "sleep">> & Pick<GeminiEmbedderOptions, "sleep">;

  constructor(options: GeminiEmbedderOptions) {
    if (!options.apiKey) throw new AppError("config_invalid", "GeminiEmbedder needs an API key (set GOOGLE_API_KEY)");
    this.o = {
      model: "text-embedding-004",
      dimension: 768,
      batchSize: 100,
      timeoutMs: 30_000,
      attempts: 4,
      baseUrl: "https://generativelanguage.googleapis.com/v1beta",
      fetch: (...args) => globalThis.fetch(...args),
      ...options,
    };
    if (this.o.batchSize < 1 || this.o.batchSize > 100) throw new AppError("config_invalid", "Gemini batchEmbedContents takes 1 to 100 texts per request");
    this.id = `gemini:${this.o.model}`;
    this.dimension = this.o.dimension;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.o.batchSize) {
      const batch = texts.slice(i, i + this.o.batchSize);
      const vectors = await withRetry(() => this.request(batch, options), {
        attempts: this.o.attempts,
        signal: options.signal,
        sleep: this.o.sleep,
        retryable: (e) => {
          if (e instanceof GeminiHttpError) return e.status === 429 || e.status >= 500 ? { retryAfterMs: e.retryAfterMs ?? 0 } : false;
          return !(e instanceof AppError); // network errors and timeouts
        },
      });
      out.push(...vectors);
    }
    return out;
  }

  private async request(batch: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    const model = `models/${this.o.model}`;
    const taskType = options.kind === "document" ? "RETRIEVAL_DOCUMENT" : "RETRIEVAL_QUERY";
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(this.o.timeoutMs)]) : AbortSignal.timeout(this.o.timeoutMs);
    const res = await this.o.fetch(`${this.o.baseUrl}/${model}:batchEmbedContents`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": this.o.apiKey },
      body: JSON.stringify({ requests: batch.map((text) => ({ model, content: { parts: [{ text }] }, taskType })) }),
      signal,
    });
    if (!res.ok) {
      const retryAfter = Number(res.headers.get("retry-after"));
      const body = redact((await res.text().catch(() => "")).slice(0, 300), [this.o.apiKey]);
      throw new GeminiHttpError(res.status, `Gemini embeddings returned HTTP ${res.status}: ${body}`, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
    }
    const parsed = ResponseSchema.safeParse(await res.json());
    if (!parsed.success) throw new AppError("model_error", `Gemini embeddings response has an unexpected shape: ${parsed.error.issues[0]?.message}`);
    if (parsed.data.embeddings.length !== batch.length) throw new AppError("model_error", `Gemini returned ${parsed.data.embeddings.length} embeddings for ${batch.length} texts`);
    return parsed.data.embeddings.map((e) => {
      if (e.values.length !== this.dimension) throw new AppError("model_error", `Gemini returned a ${e.values.length}-dimensional embedding, expected ${this.dimension}`);
      return normalizeInPlace(Float32Array.from(e.values));
    });
  }
}
