import type { ResearchOptions } from "../../agents/research/run";
import type { RunResult, TraceStep } from "../../agents/research/types";
import type { ResearchExecutor } from "../../src/server/executor";

/**
 * Runs the real research, then hands its steps to the stream one at a time with a pause between
 * them, as a slow run (a model in the loop) would: the page must show each step as it arrives,
 * before the answer. Questions containing FAIL_MARK fail after their first step with an error that
 * is not the service's own, which the API reports as a plain internal error.
 */
export const FAIL_MARK = "[fail]";

export class PacedExecutor implements ResearchExecutor {
  readonly kind = "paced";
  constructor(
    private readonly inner: ResearchExecutor,
    private readonly pauseMs: number,
  ) {}

  async run(question: string, options: ResearchOptions): Promise<RunResult> {
    const steps: TraceStep[] = [];
    const result = await this.inner.run(question.replace(FAIL_MARK, "").trim(), { ...options, onStep: (s) => steps.push(s) });
    for (const [i, step] of steps.entries()) {
      options.signal?.throwIfAborted();
      options.onStep?.(step);
      if (question.includes(FAIL_MARK) && i === 0) throw new Error("simulated failure inside the service");
      await new Promise((r) => setTimeout(r, this.pauseMs));
    }
    return result;
  }

  async close(): Promise<void> {}
}
