import { z } from "zod";
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
  /** Counts every attempt (successful or not) against the run's budget. */
  meter?: UsageMeter;
  /**
   * A JSON Schema that constrains generation where the provider can (a local model's grammar) in
   * place of `schema`'s; the reply is still validated with `schema`.
   */
  grammar?: Record<string, unknown>;
}

/** Every model attempt of a run is recorded here; `check` refuses a call the budget cannot pay for. */
export interface UsageMeter {
  check(): void;
  record(usage: { calls: number; inputTokens: number; outputTokens: number; cached?: boolean }): void;
}

export interface StructuredResponse<T> {
  value: T;
  usage: TokenUsage;
  /** Served from the on-disk response cache. */
  cached?: boolean;
  /** Attempts it took (1 when the first one succeeded). */
  attempts?: number;
}

/** A tool a model may call: its name, what it does, and its input schema (the tool's own zod schema). */
export interface ToolSpec {
  name: string;
  description: string;
  input: z.ZodType;
  /**
   * Where generation is constrained by a grammar (which writes every field it is given): the sets of
   * input fields a model may write, each set one alternative; the other fields keep their defaults.
   * All fields when absent.
   */
  fields?: readonly (readonly string[])[];
}

export interface ToolCallRequest {
  /** Names the request for tracing and caching. */
  name: string;
  system: string;
  prompt: string;
  tools: readonly ToolSpec[];
  /** The model must call at least one tool (it may not finish yet). */
  mustCall: boolean;
  /** Calls the model may make in one reply. */
  maxCalls: number;
  signal?: AbortSignal;
  meter?: UsageMeter;
}

/** The model's choice: the tools it calls (arguments as it wrote them, checked by the caller with each tool's schema), or none to finish. */
export interface ToolCalls {
  reason: string;
  calls: { tool: string; args: Record<string, unknown> }[];
}

/** Only the shape of a reply is checked here; arguments are the caller's to validate, so an invalid one can be said back to the model. */
export const ToolCallsSchema: z.ZodType<ToolCalls> = z.object({ reason: z.string().max(1000), calls: z.array(z.object({ tool: z.string().max(80), args: z.record(z.string(), z.unknown()) })).max(12) });

/** A chat model that answers with a value of a given schema, validated, with its token usage. */
export interface ChatModel {
  readonly id: string;
  structured<T>(request: StructuredRequest<T>): Promise<StructuredResponse<T>>;
  /**
   * Tool calling, where the provider has it: native tool binding (LangChain's bindTools, an
   * OpenAI-compatible server's tools) or a grammar built from the tools' schemas (a local model).
   * Absent: the caller asks for its calls through `structured`.
   */
  toolCalls?(request: ToolCallRequest): Promise<StructuredResponse<ToolCalls>>;
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

/** A run's LLM call or token budget is spent. */
export class BudgetExceededError extends AppError {
  constructor(readonly budget: "llm_calls" | "tokens", message: string) {
    super("budget_exceeded", message);
    this.name = "BudgetExceededError";
  }
}

/**
 * A model's reply as the request's schema wants it: `raw` is JSON text (parsed here) or an already
 * parsed value; either way it is validated, and a misfit is a ModelOutputError naming the first issue.
 */
export function checkReply<T>(req: Pick<StructuredRequest<T>, "name" | "schema">, raw: { text: string } | { value: unknown }): T {
  const text = "text" in raw ? raw.text : undefined;
  let parsed: unknown;
  if (text === undefined) parsed = (raw as { value: unknown }).value;
  else {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ModelOutputError(`${req.name}: the model's reply is not valid JSON: ${text.slice(0, 120)}`, text);
    }
  }
  const checked = req.schema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new ModelOutputError(`${req.name}: the model's reply does not fit the schema (${issue?.path.join(".") || "root"}: ${issue?.message})`, text);
  }
  return checked.data;
}

/** Remote model calls: an unusable reply, a timeout or network failure, a 429 or a 5xx is worth another attempt. */
export function retryableModelError(e: unknown): boolean | { retryAfterMs: number } {
  if (e instanceof ModelOutputError) return true;
  if (e instanceof ModelCallError) return e.status === undefined || e.status === 429 || e.status >= 500 ? { retryAfterMs: e.retryAfterMs ?? 0 } : false;
  return false;
}
