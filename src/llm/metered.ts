import type { ChatModel, StructuredRequest, StructuredResponse, ToolCallRequest, ToolCalls } from "../ports/chat-model";
import type { BudgetMeter } from "./budget";
import { NO_TRACING, type TraceSpan } from "../ports/tracing";

/**
 * A run's view of the chat model: every request carries the run's budget meter and signal, and the
 * time spent waiting for the model is added up (so non-model time can be reported).
 */
export class MeteredChatModel implements ChatModel {
  readonly id: string;

  constructor(
    private readonly inner: ChatModel,
    private readonly meter: BudgetMeter,
    private readonly timings: { llmMs: number },
    private readonly signal: AbortSignal,
    private readonly span: TraceSpan = NO_TRACING.root(""),
  ) {
    this.id = inner.id;
    if (inner.toolCalls) this.toolCalls = (req) => this.timed(req, "json", () => inner.toolCalls!({ ...req, meter: this.meter, signal: this.signalFor(req) }));
  }

  readonly toolCalls?: (req: ToolCallRequest) => Promise<StructuredResponse<ToolCalls>>;

  structured<T>(req: StructuredRequest<T>): Promise<StructuredResponse<T>> {
    return this.timed(req, "json", () => this.inner.structured({ ...req, meter: this.meter, signal: this.signalFor(req) }));
  }

  private signalFor(req: { signal?: AbortSignal }): AbortSignal {
    return req.signal ? AbortSignal.any([req.signal, this.signal]) : this.signal;
  }

  private async timed<R>(req: { name: string; system: string; prompt: string }, output: string, call: () => Promise<StructuredResponse<R>>): Promise<StructuredResponse<R>> {
    // About four characters a token: a prompt that alone outgrows the token budget is not sent.
    this.meter.check(Math.ceil((req.system.length + req.prompt.length) / 4));
    const t0 = performance.now();
    // A model call as the GenAI conventions name it: "chat {model}", with the model and the tokens it used.
    const [provider, ...model] = this.id.split(":");
    const span = this.span.child(`chat ${this.id}`, { "gen_ai.operation.name": "chat", "gen_ai.provider.name": provider, "gen_ai.request.model": model.join(":") || this.id, "gen_ai.output.type": output, "movie_graph.schema": req.name });
    try {
      const r = await call();
      span.set({ "gen_ai.usage.input_tokens": r.usage.inputTokens, "gen_ai.usage.output_tokens": r.usage.outputTokens, "movie_graph.cached": r.cached ?? false });
      return r;
    } catch (e) {
      span.fail(e);
      throw e;
    } finally {
      span.end();
      this.timings.llmMs += performance.now() - t0;
    }
  }
}
