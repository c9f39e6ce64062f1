import type { ResearchOptions } from "../../agents/research/run";
import type { ConversationTurn } from "../../src/conversation/turns";
import type { ResearchExecutor } from "../../src/server/executor";

/** An executor that records each run's question and history, then runs it on the inner executor. */
export class RecordingExecutor implements ResearchExecutor {
  readonly kind = "recording";
  readonly runs: { question: string; history?: ConversationTurn[] }[] = [];

  constructor(private readonly inner: ResearchExecutor) {}

  run(question: string, options: ResearchOptions) {
    this.runs.push({ question, ...(options.history ? { history: options.history } : {}) });
    return this.inner.run(question, options);
  }

  async close(): Promise<void> {}
}
