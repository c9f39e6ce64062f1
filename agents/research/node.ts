import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { runContext, type RunContext } from "./context";
import { StepRunnable } from "./step-runnable";
import type { ResearchStateValue, ResearchUpdate } from "./state";
import type { TraceStep } from "./types";

export type StepInfo = Omit<TraceStep, "index" | "node" | "ms" | "llmCalls" | "inputTokens" | "outputTokens"> & Partial<Pick<TraceStep, "ms">>;

/**
 * Wraps a node so it records its own trace step: time, model calls and tokens spent (read off the
 * run's meter), and what it decided. Nodes stay small functions of (state, context).
 */
export function tracedNode(name: string, fn: (state: ResearchStateValue, ctx: RunContext) => Promise<{ update: ResearchUpdate; step: StepInfo }>) {
  return new StepRunnable(name, async (state: ResearchStateValue, config: LangGraphRunnableConfig): Promise<ResearchUpdate> => {
    const ctx = runContext(config);
    ctx.signal.throwIfAborted();
    const t0 = performance.now();
    const before = { ...ctx.meter.usage };
    const { update, step } = await fn(state, ctx);
    const ms = performance.now() - t0;
    ctx.timings.byNode[name] = (ctx.timings.byNode[name] ?? 0) + ms;
    const u = ctx.meter.usage;
    const trace: TraceStep = {
      index: 0, // numbered in order when the run is assembled
      node: name,
      ...step,
      ms: Math.round((step.ms ?? ms) * 1000) / 1000,
      llmCalls: u.llmCalls - before.llmCalls,
      inputTokens: u.inputTokens - before.inputTokens,
      outputTokens: u.outputTokens - before.outputTokens,
    };
    return { ...update, trace: [trace] };
  });
}
