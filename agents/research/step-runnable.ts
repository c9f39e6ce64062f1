import { Runnable, type RunnableConfig } from "@langchain/core/runnables";

/**
 * A node or edge function as a Runnable that LangGraph calls directly. Given a plain function,
 * LangGraph wraps it in a callable that enters AsyncLocalStorage with a fresh (untraced) run tree
 * on every call, so that `getConfig()` works inside it; our nodes take their config as an argument
 * and never call it, and that wrapping cost about a fifth of a heuristic run. Callbacks, tags and
 * the stream's own bookkeeping are untouched: this only skips the per-call context entry.
 */
export class StepRunnable<I, O> extends Runnable<I, O> {
  lc_namespace = ["movie_graph_research", "research"];

  constructor(
    name: string,
    private readonly fn: (input: I, config: RunnableConfig) => O | Promise<O>,
  ) {
    super();
    this.name = name;
  }

  async invoke(input: I, config?: RunnableConfig): Promise<O> {
    return this.fn(input, config ?? {});
  }
}
