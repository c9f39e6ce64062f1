/** Text → vector. The embedded default is built from the corpus itself; Gemini is the scale-out. */
export interface Embedder {
  /** Identifies the model and its build, so stored vectors are never mixed across embedders. */
  readonly id: string;
  readonly dimension: number;
  /** One unit-length vector per text (a zero vector when the text has no known terms). */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
}

export interface EmbedOptions {
  /** Gemini distinguishes retrieval queries from documents; the corpus embedder treats both alike. */
  kind?: "query" | "document";
  signal?: AbortSignal;
}
