import { BudgetExceededError, type UsageMeter } from "../ports/chat-model";

export interface Usage {
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Calls answered from the response cache (included in llmCalls, which replays the original cost). */
  cachedCalls: number;
}

/**
 * The run's model budget, enforced in code: `check` refuses a call once the call or token budget
 * is spent, and every attempt (retries included) is recorded.
 */
export class BudgetMeter implements UsageMeter {
  readonly usage: Usage = { llmCalls: 0, inputTokens: 0, outputTokens: 0, cachedCalls: 0 };

  constructor(
    readonly maxLlmCalls: number,
    readonly maxTokens: number,
  ) {}

  /** `promptTokens`: what the call's prompt alone will cost, when known; a call that cannot fit is refused before it is made. */
  check(promptTokens = 0): void {
    if (this.usage.llmCalls >= this.maxLlmCalls) throw new BudgetExceededError("llm_calls", `LLM call budget of ${this.maxLlmCalls} is spent`);
    if (this.usage.inputTokens + this.usage.outputTokens + promptTokens >= this.maxTokens) throw new BudgetExceededError("tokens", `token budget of ${this.maxTokens} is spent`);
  }

  record(u: { calls: number; inputTokens: number; outputTokens: number; cached?: boolean }): void {
    this.usage.llmCalls += u.calls;
    this.usage.inputTokens += u.inputTokens;
    this.usage.outputTokens += u.outputTokens;
    if (u.cached) this.usage.cachedCalls += u.calls;
  }

  snapshot(): Usage {
    return { ...this.usage };
  }
}
