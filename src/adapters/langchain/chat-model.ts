import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage, type AIMessage } from "@langchain/core/messages";
import { z } from "zod";
import { AppError } from "../../errors";
import { ModelCallError, ModelOutputError, ToolCallsSchema, checkReply, retryableModelError, type ChatModel, type StructuredRequest, type StructuredResponse, type TokenUsage, type ToolCallRequest, type ToolCalls } from "../../ports/chat-model";
import { withRetry } from "../../util/retry";

export interface LangChainChatModelOptions {
  /** Attempts per request, counting the first (429s, timeouts, 5xx and invalid output are retried). */
  attempts?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Any LangChain chat model (Gemini in production, scripted fakes in tests) behind the ChatModel
 * port: structured output with the raw message kept for token usage, validation of the reply with
 * the request's zod schema (fakes do not validate), and bounded retries with backoff. Every attempt
 * is recorded on the request's meter, so retries are billed like any other call.
 */
export class LangChainChatModel implements ChatModel {
  private readonly o: Required<Omit<LangChainChatModelOptions, "sleep">> & Pick<LangChainChatModelOptions, "sleep">;

  constructor(
    private readonly model: BaseChatModel,
    readonly id: string,
    options: LangChainChatModelOptions = {},
  ) {
    this.o = { attempts: 3, baseDelayMs: 1000, timeoutMs: 30_000, ...options };
    if (typeof model.bindTools === "function") this.toolCalls = (req) => this.boundTools(req);
  }

  /** Native tool calling (the model's bindTools), where the LangChain model has it. */
  readonly toolCalls?: (req: ToolCallRequest) => Promise<StructuredResponse<ToolCalls>>;

  structured<T>(req: StructuredRequest<T>): Promise<StructuredResponse<T>> {
    return this.attempt(req, async (messages, signal) => {
      const runnable = this.model.withStructuredOutput(req.schema as never, { name: req.name, includeRaw: true });
      return splitRaw(await runnable.invoke(messages, { signal }));
    }, (parsed) => checkReply(req, { value: parsed }));
  }

  /** The tools bound with their JSON schemas (read from zod); the reply's tool calls, its text as the reason. */
  private boundTools(req: ToolCallRequest): Promise<StructuredResponse<ToolCalls>> {
    const tools = req.tools.map((t) => ({ type: "function" as const, function: { name: t.name, description: t.description, parameters: z.toJSONSchema(t.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown> } }));
    const bound = this.model.bindTools!(tools, { tool_choice: req.mustCall ? "any" : "auto" });
    return this.attempt(req, async (messages, signal) => {
      const raw = (await bound.invoke(messages, { signal })) as AIMessage;
      const text = typeof raw.content === "string" ? raw.content : "";
      return { raw, parsed: { reason: text.slice(0, 1000), calls: (raw.tool_calls ?? []).slice(0, req.maxCalls).map((c) => ({ tool: c.name, args: c.args as Record<string, unknown> })) } };
    }, (parsed) => checkReply({ name: req.name, schema: ToolCallsSchema }, { value: parsed }));
  }

  /** One request with bounded retries: every attempt recorded on the meter, usage summed, the reply checked. */
  private async attempt<T>(req: { name: string; system: string; prompt: string; signal?: AbortSignal; meter?: StructuredRequest<T>["meter"] }, invoke: (messages: [SystemMessage, HumanMessage], signal: AbortSignal) => Promise<{ raw: unknown; parsed: unknown }>, check: (parsed: unknown) => T): Promise<StructuredResponse<T>> {
    let attempts = 0;
    const total: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    const value = await withRetry(
      async () => {
        req.meter?.check();
        attempts++;
        const signal = req.signal ? AbortSignal.any([req.signal, AbortSignal.timeout(this.o.timeoutMs)]) : AbortSignal.timeout(this.o.timeoutMs);
        let out: { raw: unknown; parsed: unknown };
        try {
          out = await invoke([new SystemMessage(req.system), new HumanMessage(req.prompt)], signal);
        } catch (e) {
          req.meter?.record({ calls: 1, inputTokens: 0, outputTokens: 0 });
          throw classify(e, req.signal);
        }
        const usage = usageOf(out.raw);
        total.inputTokens += usage.inputTokens;
        total.outputTokens += usage.outputTokens;
        req.meter?.record({ calls: 1, ...usage });
        return check(out.parsed);
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
}

/** `includeRaw` gives `{ raw, parsed }`; some fakes ignore it and return the parsed value alone. */
function splitRaw(out: unknown): { raw: unknown; parsed: unknown } {
  if (out && typeof out === "object" && "raw" in out && "parsed" in out) return { raw: (out as { raw: unknown }).raw, parsed: (out as { parsed: unknown }).parsed };
  return { raw: undefined, parsed: out };
}

/** Input tokens as reported; output billed as total − input, which includes thinking tokens. */
function usageOf(raw: unknown): TokenUsage {
  const meta = (raw as { usage_metadata?: { input_tokens?: number; output_tokens?: number; total_tokens?: number } } | undefined)?.usage_metadata;
  if (!meta) return { inputTokens: 0, outputTokens: 0 };
  const input = meta.input_tokens ?? 0;
  const output = meta.total_tokens !== undefined ? Math.max(0, meta.total_tokens - input) : (meta.output_tokens ?? 0);
  return { inputTokens: input, outputTokens: output };
}

function classify(e: unknown, userSignal?: AbortSignal): Error {
  if (userSignal?.aborted) return e instanceof Error ? e : new Error(String(e));
  if (e instanceof AppError) return e;
  const err = e as { status?: number; response?: { status?: number }; name?: string; message?: string };
  const status = err.status ?? err.response?.status ?? (/\b(429|RESOURCE_EXHAUSTED|Too Many Requests)\b/.test(err.message ?? "") ? 429 : undefined);
  if (err.name === "TimeoutError" || err.name === "AbortError") return new ModelCallError("model call timed out");
  if (err.name === "SyntaxError" || /JSON/.test(err.message ?? "")) return new ModelOutputError(`the model's reply is not valid JSON: ${(err.message ?? "").slice(0, 120)}`);
  return new ModelCallError(`model call failed${status ? ` (HTTP ${status})` : ""}: ${(err.message ?? String(e)).slice(0, 200)}`, status);
}
