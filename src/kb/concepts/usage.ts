import type { UsageMeter } from "../../ports/chat-model";

export interface CallUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * A meter that adds up every attempt the model records (retries and failed attempts included, so
 * the tokens are exact) and passes each record on to the caller's meter, if any.
 */
export function countingMeter(outer?: UsageMeter): { meter: UsageMeter; usage: CallUsage } {
  const usage: CallUsage = { calls: 0, inputTokens: 0, outputTokens: 0 };
  const meter: UsageMeter = {
    check: () => outer?.check(),
    record: (u) => {
      usage.calls += u.calls;
      usage.inputTokens += u.inputTokens;
      usage.outputTokens += u.outputTokens;
      outer?.record(u);
    },
  };
  return { meter, usage };
}

/**
 * What a request cost: the meter's records, or the reply's own usage for a provider that records
 * nothing on the meter.
 */
export function billed(metered: CallUsage, reply?: { inputTokens: number; outputTokens: number }): CallUsage {
  if (metered.calls > 0 || !reply) return { ...metered };
  return { calls: 1, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens };
}
