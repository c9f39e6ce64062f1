import { availableParallelism } from "node:os";
import { basename } from "node:path";
import { z } from "zod";
import type { LlamaChatSession, LlamaContext, LlamaGrammar, LlamaModel } from "node-llama-cpp";
import { AppError } from "../../errors";
import { ModelCallError, ModelOutputError, ToolCallsSchema, checkReply, type ChatModel, type StructuredRequest, type StructuredResponse, type TokenUsage, type ToolCallRequest, type ToolCalls, type ToolSpec } from "../../ports/chat-model";
import { withRetry } from "../../util/retry";
import { fitToContext } from "./context-guard";
import { toGrammarSchema } from "./grammar-schema";
import { llamaModule, llamaRuntime, loadGgufModel } from "./runtime";

export interface LocalChatModelOptions {
  /** Context window in tokens, capped at the model's training context. */
  contextSize?: number;
  /** The most tokens a reply may have; also what the context guard keeps free. */
  maxOutputTokens?: number;
  /** Deadline of one attempt, waiting for the model included. */
  timeoutMs?: number;
  /** Attempts per request, counting the first; only unusable replies are retried. */
  attempts?: number;
  /**
   * llama.cpp threads (default: half the cores). Its threads spin-wait on each other, so when another
   * process takes a core they stall: measured on 2 busy cores, 2 threads took 35 s for a reply that 1
   * thread gave in 0.8 s.
   */
  threads?: number;
  /** Sampling seed of the retries (the first attempt is greedy). */
  seed?: number;
  /** Temperature of the retries, so a retry can differ from the greedy reply that failed. */
  retryTemperature?: number;
  /**
   * Context sequences kept, one per kind of request (its name) most recently used: each keeps its
   * system prompt evaluated, so the next request of that kind reads only what differs (an agent's
   * step after a judge's call no longer re-reads the tools). Each costs its own KV cache.
   */
  sequences?: number;
}

interface Engine {
  model: LlamaModel;
  context: LlamaContext;
  /** A chat session per kind of request, most recently used last. */
  sessions: Map<string, LlamaChatSession>;
  contextSize: number;
}

interface Reply {
  text: string;
  usage: TokenUsage;
  cut: boolean;
}

/**
 * A GGUF chat model run in-process by llama.cpp (node-llama-cpp), for offline use. Every reply is
 * constrained by a grammar built from the request's schema and then validated with zod. Requests
 * take turns on one context sequence, each from a clean history (system + user, merged by the
 * model's chat template when it has no system role); a prompt too long for the small context
 * loses evidence lines from the end (see context-guard.ts). The first attempt is greedy, retries
 * sample with a fixed seed, so the same request gets the same replies. Usage is exact: the
 * prompt's tokens through the chat template, and the tokens generated.
 */
export class LocalChatModel implements ChatModel {
  readonly id: string;
  private readonly o: Required<LocalChatModelOptions>;
  private engine?: Promise<Engine>;
  private readonly grammars = new Map<string, { schema: string; grammar: Promise<LlamaGrammar> }>();
  private tail: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    options: LocalChatModelOptions = {},
  ) {
    this.o = { contextSize: 4096, maxOutputTokens: 256, timeoutMs: 60_000, attempts: 2, threads: Math.max(1, Math.floor(availableParallelism() / 2)), seed: 1, retryTemperature: 0.6, sequences: 3, ...options };
    this.id = `local:${basename(path).replace(/\.gguf$/i, "")}`;
  }

  async structured<T>(req: StructuredRequest<T>): Promise<StructuredResponse<T>> {
    let attempts = 0;
    const total: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    const value = await withRetry(
      async (attempt) => {
        req.meter?.check();
        attempts++;
        const deadline = AbortSignal.timeout(this.o.timeoutMs);
        const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
        let reply: Reply;
        try {
          reply = await this.exclusive(signal, () => this.generate(req, attempt, signal));
        } catch (e) {
          req.meter?.record({ calls: 1, inputTokens: 0, outputTokens: 0 });
          throw this.classify(e, req, deadline);
        }
        total.inputTokens += reply.usage.inputTokens;
        total.outputTokens += reply.usage.outputTokens;
        req.meter?.record({ calls: 1, ...reply.usage });
        if (signal.aborted) throw this.classify(signal.reason, req, deadline);
        return this.validate(req, reply);
      },
      { attempts: this.o.attempts, baseDelayMs: 0, signal: req.signal, retryable: (e) => e instanceof ModelOutputError },
    );
    return { value, usage: total, attempts };
  }

  /**
   * Tool calling through a grammar built from the tools' own schemas: the reply is a reason, then the
   * calls, each one of the tools with arguments of its input's shape (at least one call when the
   * request says the model must call). Refinements a grammar cannot express are the caller's to check.
   */
  toolCalls(req: ToolCallRequest): Promise<StructuredResponse<ToolCalls>> {
    if (!req.tools.length) throw new ModelOutputError(`${req.name}: no tools to call`);
    const call = (t: ToolSpec) => ({ type: "object", properties: { tool: { const: t.name }, args: writtenFields(t) }, required: ["tool", "args"], additionalProperties: false });
    const grammar = {
      type: "object",
      properties: { reason: { type: "string", maxLength: 300 }, calls: { type: "array", items: { oneOf: req.tools.map(call) }, minItems: req.mustCall ? 1 : 0, maxItems: req.maxCalls } },
      required: ["reason", "calls"],
      additionalProperties: false,
    };
    const { tools: _tools, mustCall: _must, maxCalls: _max, ...rest } = req;
    return this.structured({ ...rest, schema: ToolCallsSchema, grammar });
  }

  /** Frees the context (the model file stays loaded for anyone else using it). */
  async close(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    if (engine) await engine.then((e) => e.context.dispose(), () => undefined);
  }

  private async generate<T>(req: StructuredRequest<T>, attempt: number, signal: AbortSignal): Promise<Reply> {
    const engine = await this.load();
    const { model, contextSize } = engine;
    const session = await this.sessionFor(engine, req.name);
    signal.throwIfAborted();
    const fitted = fitToContext(req.system, req.prompt, {
      contextSize,
      reserveOutput: this.o.maxOutputTokens,
      countTokens: (system, prompt) => chatTokens(session, model, system, prompt),
      name: `${this.id} ${req.name}`,
    });
    const grammar = await this.grammarFor(req.name, req.grammar ?? z.toJSONSchema(req.schema, { unrepresentable: "any" }));
    session.setChatHistory([{ type: "system", text: req.system }]);
    let generated = 0;
    const res = await session.promptWithMeta(fitted.prompt, {
      grammar,
      maxTokens: this.o.maxOutputTokens,
      temperature: attempt === 1 ? 0 : this.o.retryTemperature,
      seed: this.o.seed + attempt - 1,
      signal,
      stopOnAbortSignal: true,
      onToken: (tokens) => {
        generated += tokens.length;
      },
    });
    return { text: res.responseText, usage: { inputTokens: fitted.promptTokens, outputTokens: generated }, cut: res.stopReason === "maxTokens" };
  }

  private validate<T>(req: StructuredRequest<T>, reply: Reply): T {
    if (reply.cut) throw new ModelOutputError(`${req.name}: the model's reply was cut at ${this.o.maxOutputTokens} tokens (LOCAL_MAX_OUTPUT_TOKENS)`, reply.text);
    return checkReply(req, { text: reply.text });
  }

  private classify<T>(e: unknown, req: StructuredRequest<T>, deadline: AbortSignal): unknown {
    if (req.signal?.aborted) return e;
    if (deadline.aborted) return new ModelCallError(`${this.id}: ${req.name} timed out after ${this.o.timeoutMs} ms (MODEL_TIMEOUT_MS)`);
    if (e instanceof AppError) return e;
    return new ModelCallError(`${this.id}: ${req.name} failed: ${String((e as Error)?.message ?? e).slice(0, 200)}`);
  }

  private load(): Promise<Engine> {
    if (this.engine) return this.engine;
    const engine = (async () => {
      const model = await loadGgufModel(this.path);
      const contextSize = Math.min(this.o.contextSize, model.trainContextSize);
      const context = await model.createContext({ contextSize, threads: this.o.threads, sequences: Math.max(1, this.o.sequences) });
      return { model, context, sessions: new Map<string, LlamaChatSession>(), contextSize };
    })();
    this.engine = engine;
    engine.catch(() => {
      if (this.engine === engine) this.engine = undefined;
    });
    return engine;
  }

  /**
   * The session for a kind of request: its own, or a new one on a free sequence, or on the least
   * recently used kind's sequence (whose cache is then overwritten). Requests take turns (exclusive),
   * so a session is never used by two at once.
   */
  private async sessionFor(engine: Engine, name: string): Promise<LlamaChatSession> {
    const { LlamaChatSession } = await llamaModule();
    let session = engine.sessions.get(name);
    if (session) {
      engine.sessions.delete(name);
    } else if (engine.sessions.size < Math.max(1, this.o.sequences)) {
      session = new LlamaChatSession({ contextSequence: engine.context.getSequence(), forceAddSystemPrompt: true });
    } else {
      const [oldest, old] = engine.sessions.entries().next().value as [string, LlamaChatSession];
      engine.sessions.delete(oldest);
      const sequence = old.sequence;
      old.dispose({ disposeSequence: false });
      session = new LlamaChatSession({ contextSequence: sequence, forceAddSystemPrompt: true });
    }
    engine.sessions.set(name, session);
    return session;
  }

  /** One grammar per request name, rebuilt only if that name's schema changes. */
  private grammarFor(name: string, jsonSchema: Record<string, unknown>): Promise<LlamaGrammar> {
    const schema = JSON.stringify(toGrammarSchema(jsonSchema));
    const cached = this.grammars.get(name);
    if (cached?.schema === schema) return cached.grammar;
    const grammar = llamaRuntime().then((llama) => llama.createGrammarForJsonSchema(JSON.parse(schema)));
    this.grammars.set(name, { schema, grammar });
    grammar.catch(() => this.grammars.delete(name));
    return grammar;
  }

  /** Runs `fn` when the requests before it are done; giving up the wait on abort frees the turn. */
  private async exclusive<R>(signal: AbortSignal, fn: () => Promise<R>): Promise<R> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => done);
    try {
      await untilOrAbort(previous, signal);
      return await fn();
    } finally {
      release();
    }
  }
}

/** Tokens the model reads for system + prompt: the chat template applied, then tokenized. */
function chatTokens(session: LlamaChatSession, model: LlamaModel, system: string, prompt: string): number {
  const { contextText } = session.chatWrapper.generateContextState({
    chatHistory: [
      { type: "system", text: system },
      { type: "user", text: prompt },
      { type: "model", response: [] },
    ],
  });
  return contextText.tokenize(model.tokenizer).length;
}

function untilOrAbort(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}

/**
 * A tool's input as the grammar writes it: one of the tool's sets of fields for models (a grammar
 * writes every property it is given, so an optional one left in would be filled with something),
 * each field of the set then required.
 */
function writtenFields(t: ToolSpec): Record<string, unknown> {
  const schema = z.toJSONSchema(t.input, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, unknown> };
  const all = schema.properties ?? {};
  const object = (keep: readonly string[]) => {
    const properties = Object.fromEntries(Object.entries(all).filter(([k]) => keep.includes(k)));
    return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
  };
  const sets = t.fields ?? [Object.keys(all)];
  return sets.length === 1 ? object(sets[0]!) : { oneOf: sets.map(object) };
}
