import type { ChatModel, StructuredRequest, StructuredResponse } from "../ports/chat-model";
import type { BudgetMeter } from "./budget";

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
  ) {
    this.id = inner.id;
  }

  async structured<T>(req: StructuredRequest<T>): Promise<StructuredResponse<T>> {
    // About four characters a token: a prompt that alone outgrows the token budget is not sent.
    this.meter.check(Math.ceil((req.system.length + req.prompt.length) / 4));
    const t0 = performance.now();
    try {
      return await this.inner.structured({ ...req, meter: this.meter, signal: req.signal ? AbortSignal.any([req.signal, this.signal]) : this.signal });
    } finally {
      this.timings.llmMs += performance.now() - t0;
    }
  }
}
