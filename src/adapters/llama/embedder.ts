import { statSync } from "node:fs";
import { basename } from "node:path";
import type { LlamaEmbeddingContext, LlamaModel, Token } from "node-llama-cpp";
import { normalizeInPlace } from "../../math/vector";
import type { EmbedOptions, Embedder } from "../../ports/embedder";
import { loadGgufModel } from "./runtime";

export interface LocalEmbedderOptions {
  /** Tokens per text, counting the two markers the encoder adds; longer texts are cut (MiniLM was trained on 128). */
  maxTokens?: number;
  /** llama.cpp threads; more than the machine's cores makes it much slower, not faster. */
  threads?: number;
  /** Prefixes some models were trained with (e5: "query: " / "passage: "); none for MiniLM. */
  queryPrefix?: string;
  documentPrefix?: string;
}

/**
 * A sentence encoder in GGUF (e.g. all-MiniLM-L6-v2, converted by `npm run models:fetch`) run
 * in-process by llama.cpp with mean pooling. Texts are embedded one at a time through one context
 * (llama.cpp already uses every core for one text), cut to `maxTokens`, and returned unit-length.
 */
export class LocalEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly model: LlamaModel,
    private readonly context: LlamaEmbeddingContext,
    private readonly o: Required<LocalEmbedderOptions>,
    path: string,
  ) {
    // The file's size stands in for its checksum: enough to tell a swapped model under the same name.
    this.id = `local:${basename(path).replace(/\.gguf$/i, "")}:${statSync(path).size}:${o.maxTokens}`;
    this.dimension = model.embeddingVectorSize;
  }

  static async open(path: string, options: LocalEmbedderOptions = {}): Promise<LocalEmbedder> {
    const o = { maxTokens: 128, threads: 2, queryPrefix: "", documentPrefix: "", ...options };
    const model = await loadGgufModel(path);
    const context = await model.createEmbeddingContext({ contextSize: o.maxTokens, batchSize: o.maxTokens, threads: o.threads });
    return new LocalEmbedder(model, context, o, path);
  }

  embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const run = this.queue.then(() => this.embedAll(texts, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async embedAll(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    const prefix = options.kind === "query" ? this.o.queryPrefix : options.kind === "document" ? this.o.documentPrefix : "";
    const out: Float32Array[] = [];
    for (const text of texts) {
      options.signal?.throwIfAborted();
      const tokens = this.model.tokenize(prefix + text.trim());
      if (tokens.length === 0) {
        out.push(new Float32Array(this.dimension));
        continue;
      }
      // node-llama-cpp adds [CLS] and [SEP] and wants the whole input strictly shorter than the context.
      const cut: Token[] = tokens.slice(0, this.o.maxTokens - 3);
      const { vector } = await this.context.getEmbeddingFor(cut);
      out.push(normalizeInPlace(Float32Array.from(vector)));
    }
    return out;
  }

  async close(): Promise<void> {
    await this.context.dispose();
  }
}
