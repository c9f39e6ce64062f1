import { HttpError } from "./errors";

/**
 * Caps concurrent research runs. Past the cap a request waits in a bounded FIFO queue (up to
 * `timeoutMs`); a full queue or a timeout answers 503 with Retry-After. A waiter whose client goes
 * away leaves the queue.
 */
export class RunGate {
  private running = 0;
  private readonly queue: { resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    readonly maxRunning: number,
    readonly maxQueued: number,
    readonly timeoutMs: number,
  ) {}

  stats(): { running: number; queued: number; maxRunning: number; maxQueued: number } {
    return { running: this.running, queued: this.queue.length, maxRunning: this.maxRunning, maxQueued: this.maxQueued };
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.running < this.maxRunning) {
      this.running++;
      return this.releaser();
    }
    if (this.queue.length >= this.maxQueued) throw this.busy(`${this.running} runs in progress and ${this.queue.length} waiting: the service is at capacity`);
    await new Promise<void>((resolve, reject) => {
      const entry = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.drop(entry);
          reject(this.busy(`no run slot freed within ${this.timeoutMs} ms`));
        }, this.timeoutMs),
      };
      this.queue.push(entry);
      signal?.addEventListener(
        "abort",
        () => {
          this.drop(entry);
          clearTimeout(entry.timer);
          reject(new HttpError(499 as 400, "client_closed", "the client went away while waiting"));
        },
        { once: true },
      );
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.resolve(); // the slot passes straight to the next waiter
      } else this.running--;
    };
  }

  private drop(entry: (typeof this.queue)[number]): void {
    const i = this.queue.indexOf(entry);
    if (i >= 0) this.queue.splice(i, 1);
  }

  private busy(message: string): HttpError {
    const retry = Math.max(1, Math.ceil(this.timeoutMs / 1000 / 2));
    return new HttpError(503, "overloaded", message, this.stats(), { "retry-after": String(retry) });
  }
}
