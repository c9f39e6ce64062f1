import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Judgement } from "../research/types";
import { call } from "../plan/calls";
import { HeuristicPlanner } from "./heuristic";
import type { PlanResult, StepNote } from "./planner";

export type FixedTool = "tog" | "depth" | "breadth" | "fulltext";

/**
 * One retrieval round with a fixed tool, whatever the plan asks, then an answer read off that
 * evidence: the per-tool baselines a researcher compares the planners against. The plan is read
 * (and recorded) as for every strategy; only its compilation is replaced.
 */
export class FixedPlanner extends HeuristicPlanner {
  override readonly name: string;

  constructor(private readonly tool: FixedTool) {
    super();
    this.name = tool;
  }

  protected override get compilesPlan(): boolean {
    return false;
  }

  override async plan(state: ResearchStateValue, _ctx: RunContext): Promise<PlanResult> {
    if (state.round > 0) return { calls: [], rationale: `fixed strategy ${this.tool}: one retrieval round` };
    const q = state.question;
    const serves = state.queryPlan?.answer[0] ?? "p1";
    const topics = state.analysis?.topics ?? [];
    switch (this.tool) {
      case "tog": {
        const calls = topics.length
          ? topics.slice(0, 4).map((t) => call("think_on_graph", { question: q, entities: [t.name] }, `fixed Think-on-Graph from ${t.name}`, serves))
          : [call("think_on_graph", { question: q }, "fixed Think-on-Graph (it links the question itself)", serves)];
        return { calls, rationale: calls.map((c) => c.rationale).join("; ") };
      }
      case "depth": {
        const movies = topics.filter((t) => t.types.includes("Movie")).map((t) => t.name).slice(0, 10);
        return { calls: [call("depth_first", movies.length ? { query: q, movies } : { query: q }, "fixed depth-first from the question's movies", serves)], rationale: "fixed depth-first from the question's movies" };
      }
      case "breadth":
        return { calls: [call("breadth_first", { query: q }, "fixed breadth-first from the question's concepts", serves)], rationale: "fixed breadth-first from the question's concepts" };
      case "fulltext":
        return { calls: [call("full_text", { query: q, limit: 10 }, "fixed full-text search", serves)], rationale: "fixed full-text search" };
    }
  }

  override async judge(): Promise<Judgement & StepNote> {
    return { enough: true, missing: [], followUps: [], rationale: `fixed strategy ${this.tool}: one retrieval round, no follow-ups` };
  }
}
