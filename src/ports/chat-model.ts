import type { z } from "zod";
import { AppError } from "../errors";

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface StructuredRequest<T> {
  /** Names the schema (and the prompt) for tracing and caching. */
  name: string;
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  signal?: AbortSignal;
}

export interface StructuredResponse<T> {
  value: T;
  usage: TokenUsage;
  /** Served from the on-disk response cache. */
  cached?: boolean;
  /** Attempts it took (1 when the first one succeeded). */
  attempts?: number;
}

/** A chat model that answers with a value of a given schema, validated, with its token usage. */
export interface ChatModel {
  readonly id: string;
  structured<T>(request: StructuredRequest<T>): Promise<StructuredResponse<T>>;
}

/** The model answered, but not with something that fits the schema. */
export class ModelOutputError extends AppError {
  constructor(message: string, readonly raw?: string) {
    super("model_error", message);
    this.name = "ModelOutputError";
  }
}

/** The model call failed (HTTP status, timeout, network). */
export class ModelCallError extends AppError {
  constructor(message: string, readonly status?: number, readonly retryAfterMs?: number) {
    super("model_error", message);
    this.name = "ModelCallError";
  }
}
