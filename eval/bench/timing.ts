import { percentile, round } from "../../src/util/stats";

export interface Timing {
  n: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
}

/** Times `fn` over the inputs after a warm-up pass; reports milliseconds per call. */
export async function timeCalls<T>(inputs: readonly T[], fn: (input: T) => unknown, warmup = Math.min(50, inputs.length)): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(inputs[i % inputs.length]!);
  const ms: number[] = [];
  for (const input of inputs) {
    const t0 = performance.now();
    await fn(input);
    ms.push(performance.now() - t0);
  }
  return summarize(ms);
}

export function summarize(ms: readonly number[]): Timing {
  const sum = ms.reduce((a, b) => a + b, 0);
  return { n: ms.length, p50Ms: round(percentile(ms, 50), 4), p95Ms: round(percentile(ms, 95), 4), meanMs: round(sum / Math.max(1, ms.length), 4) };
}
