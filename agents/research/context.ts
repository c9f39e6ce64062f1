import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { ChatModel } from "../../src/ports/chat-model";
import type { BudgetMeter } from "../../src/llm/budget";
import type { Planner } from "../planners/planner";
import type { TraceSpan } from "../../src/ports/tracing";
import type { Ablation, Budget, JudgeBy, Writer } from "./types";

/**
 * What a run's nodes share that is not state: the knowledge base, the model (metered and timed),
 * the planner, the budget, and two signals: `signal` cancels the run (client gone), `deadline`
 * only ends the research (the agent answers from what it has).
 */
export interface RunContext {
  kb: KnowledgeBase;
  model?: ChatModel;
  planner: Planner;
  meter: BudgetMeter;
  budget: Budget;
  signal: AbortSignal;
  deadline: AbortSignal;
  /** performance.now() value at which the deadline passes (checked directly: timers may lag). */
  deadlineAt: number;
  ablations: ReadonlySet<Ablation>;
  /** Who judges sufficiency and who writes the text (the model only when one is configured: checked when the run starts). */
  judgeBy: JudgeBy;
  writer: Writer;
  timings: { toolMs: number; llmMs: number; byNode: Record<string, number>; byTool: Record<string, number> };
  /** The run's `invoke_agent` span: tool calls and model calls are its children (a no-op unless tracing is on). */
  span: TraceSpan;
}

export function runContext(config: LangGraphRunnableConfig | undefined): RunContext {
  const ctx = (config?.configurable as { run?: RunContext } | undefined)?.run;
  if (!ctx) throw new Error("research graph invoked without a run context (configurable.run)");
  return ctx;
}

/** Why the research must stop now, if it must: the deadline or a spent model budget. */
export function stopReason(ctx: RunContext): string | undefined {
  if (ctx.deadline.aborted || performance.now() >= ctx.deadlineAt) return `deadline of ${ctx.budget.deadlineMs} ms reached`;
  return undefined;
}
