import { runResearch, type ResearchDeps, type ResearchOptions } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";

/** Where research runs execute: on this thread, or in a pool of worker threads. */
export interface ResearchExecutor {
  readonly kind: string;
  /** Worker pools: how many workers have their knowledge base loaded (runs wait for the first). */
  readyCount?(): number;
  run(question: string, options: ResearchOptions): Promise<RunResult>;
  close(): Promise<void>;
}

export class InProcessExecutor implements ResearchExecutor {
  readonly kind = "in-process";
  constructor(private readonly deps: ResearchDeps) {}
  run(question: string, options: ResearchOptions): Promise<RunResult> {
    return runResearch(question, this.deps, options);
  }
  async close(): Promise<void> {}
}
