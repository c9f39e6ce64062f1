import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { z } from "zod";
import { AppError } from "../../errors";
import { ModelCallError, ModelOutputError, ToolCallsSchema, checkReply, retryableModelError, type ChatModel, type StructuredRequest, type StructuredResponse, type TokenUsage, type ToolCallRequest, type ToolCalls } from "../../ports/chat-model";
import { redact } from "../../util/redact";
import { withRetry } from "../../util/retry";

export interface OpenAiChatModelOptions {
  /** The server's OpenAI-compatible root, e.g. http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token; many local servers need none. Never logged or put in an error. */
  apiKey?: string;
  /** Attempts per request, counting the first (429s, 5xx, timeouts and unusable replies are retried). */
  attempts?: number;
  baseDelayMs?: number;
  /** Deadline of one attempt. */
  timeoutMs?: number;
  /** Cap on the reply's tokens; the server's default when unset. */
  maxOutputTokens?: number;
  temperature?: number;
  seed?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Any OpenAI-compatible chat server (Ollama, vLLM, llama.cpp's server, LM Studio, OpenAI itself)
 * through the `openai` client: a structured reply is constrained with `response_format: json_schema`
 * (strict) and still validated with the request's zod schema; tool calls use the server's own
 * `tools`. Usage is what the server reports, and every
 * attempt is recorded on the request's meter. The client's own retries are off; this adapter
 * retries, so retries are billed like any other call.
 */
export class OpenAiCompatibleChatModel implements ChatModel {
  readonly id: string;
  private readonly client: OpenAI;
  private readonly o: Required<Pick<OpenAiChatModelOptions, "attempts" | "baseDelayMs" | "timeoutMs" | "temperature">> & OpenAiChatModelOptions;

  constructor(options: OpenAiChatModelOptions) {
    this.o = { attempts: 3, baseDelayMs: 1000, timeoutMs: 60_000, temperature: 0, ...options };
    this.client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey ?? "unused", maxRetries: 0, timeout: this.o.timeoutMs, fetch: options.fetch });
    this.id = `openai:${options.model}`;
  }

  structured<T>(req: StructuredRequest<T>): Promise<StructuredResponse<T>> {
    const { $schema: _dialect, ...schema } = z.toJSONSchema(req.schema) as Record<string, unknown>;
    return this.attempt(req, { response_format: { type: "json_schema", json_schema: { name: schemaName(req.name), schema, strict: true } } }, (res) => this.validate(req, res));
  }

  /**
   * Native tool calling: the tools as functions with their JSON schemas (not strict: their optional
   * fields stay optional), `tool_choice: "required"` when the model must call; the reply's tool calls
   * with their arguments parsed, its text as the reason.
   */
  toolCalls(req: ToolCallRequest): Promise<StructuredResponse<ToolCalls>> {
    const tools = req.tools.map((t) => {
      const { $schema: _dialect, ...parameters } = z.toJSONSchema(t.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
      return { type: "function" as const, function: { name: t.name, description: t.description, parameters } };
    });
    return this.attempt(req, { tools, tool_choice: req.mustCall ? "required" : "auto" }, (res) => {
      const message = res.choices?.[0]?.message;
      if (res.choices?.[0]?.finish_reason === "length") throw new ModelOutputError(`${req.name}: the model's reply was cut at its token limit`);
      const calls = (message?.tool_calls ?? []).slice(0, req.maxCalls).map((c) => {
        if (c.type !== "function") throw new ModelOutputError(`${req.name}: a tool call of type ${c.type} is not a function call`);
        let args: unknown;
        try {
          args = JSON.parse(c.function.arguments || "{}");
        } catch {
          throw new ModelOutputError(`${req.name}: the arguments of ${c.function.name} are not JSON: ${c.function.arguments.slice(0, 120)}`);
        }
        return { tool: c.function.name, args };
      });
      return checkReply({ name: req.name, schema: ToolCallsSchema }, { value: { reason: (message?.content ?? "").slice(0, 1000), calls } });
    });
  }

  /** One request with bounded retries: every attempt recorded on the meter, usage summed, the reply checked. */
  private async attempt<T>(req: Pick<StructuredRequest<T>, "name" | "system" | "prompt" | "signal" | "meter">, extra: Partial<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming>, check: (res: OpenAI.Chat.Completions.ChatCompletion) => T): Promise<StructuredResponse<T>> {
    let attempts = 0;
    const total: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    const value = await withRetry(
      async () => {
        req.meter?.check();
        attempts++;
        let res: OpenAI.Chat.Completions.ChatCompletion;
        try {
          res = await this.client.chat.completions.create(
            {
              model: this.o.model,
              messages: [
                { role: "system", content: req.system },
                { role: "user", content: req.prompt },
              ],
              ...extra,
              temperature: this.o.temperature,
              ...(this.o.seed !== undefined ? { seed: this.o.seed } : {}),
              ...(this.o.maxOutputTokens !== undefined ? { max_tokens: this.o.maxOutputTokens } : {}),
            },
            { signal: req.signal },
          );
        } catch (e) {
          req.meter?.record({ calls: 1, inputTokens: 0, outputTokens: 0 });
          throw this.classify(e, req);
        }
        const usage = { inputTokens: res.usage?.prompt_tokens ?? 0, outputTokens: res.usage?.completion_tokens ?? 0 };
        total.inputTokens += usage.inputTokens;
        total.outputTokens += usage.outputTokens;
        req.meter?.record({ calls: 1, ...usage });
        return check(res);
      },
      {
        attempts: this.o.attempts,
        baseDelayMs: this.o.baseDelayMs,
        signal: req.signal,
        sleep: this.o.sleep,
        retryable: retryableModelError,
      },
    );
    return { value, usage: total, attempts };
  }

  private validate<T>(req: StructuredRequest<T>, res: OpenAI.Chat.Completions.ChatCompletion): T {
    const choice = res.choices?.[0];
    const text = choice?.message?.content;
    if (choice?.message?.refusal) throw new ModelOutputError(`${req.name}: the model refused: ${choice.message.refusal.slice(0, 120)}`);
    if (choice?.finish_reason === "length") throw new ModelOutputError(`${req.name}: the model's reply was cut at its token limit`, text ?? undefined);
    if (typeof text !== "string" || text.trim() === "") throw new ModelOutputError(`${req.name}: the model's reply is empty`);
    return checkReply(req, { text });
  }

  private classify(e: unknown, req: { name: string; signal?: AbortSignal }): unknown {
    if (req.signal?.aborted || e instanceof APIUserAbortError) return req.signal?.reason ?? e;
    if (e instanceof AppError) return e;
    const secret = (text: string) => redact(text, this.o.apiKey ? [this.o.apiKey] : []);
    if (e instanceof APIConnectionTimeoutError) return new ModelCallError(`${this.id}: ${req.name} timed out after ${this.o.timeoutMs} ms (MODEL_TIMEOUT_MS)`);
    if (e instanceof APIError && e.status !== undefined) {
      return new ModelCallError(`${this.id}: ${req.name} failed (HTTP ${e.status}): ${secret(String(e.message).slice(0, 200))}`, e.status, retryAfterMs(e.headers));
    }
    return new ModelCallError(`${this.id}: ${req.name} failed: ${secret(String((e as Error)?.message ?? e).slice(0, 200))}`);
  }
}

/** OpenAI allows [a-zA-Z0-9_-]{1,64} as a schema name. */
function schemaName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "reply";
}

/** `retry-after-ms`, else `retry-after` in seconds (a date is not worth parsing here). */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get("retry-after-ms"));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const s = Number(headers?.get("retry-after"));
  return Number.isFinite(s) && s > 0 ? s * 1000 : undefined;
}
