/**
 * Bounded retries with exponential backoff and jitter from a seeded source, for calls to remote
 * services. Only errors the caller marks retryable are retried; the last error is rethrown.
 */
export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  signal?: AbortSignal;
  /** Whether an error is worth another attempt, and optionally how long the server asked us to wait. */
  retryable?: (error: unknown) => boolean | { retryAfterMs: number };
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 8000;
  const sleep = options.sleep ?? sleepMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      const verdict = options.retryable ? options.retryable(error) : true;
      if (!verdict || attempt >= attempts || options.signal?.aborted) throw error;
      const backoff = Math.min(max, base * 2 ** (attempt - 1));
      const delay = typeof verdict === "object" ? Math.min(max, Math.max(verdict.retryAfterMs, backoff)) : backoff;
      options.onRetry?.(error, attempt, delay);
      await sleep(delay, options.signal);
    }
  }
}

export function sleepMs(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error("aborted"));
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason ?? new Error("aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
