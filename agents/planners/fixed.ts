import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Judgement, PlannedCall } from "../research/types";
import { HeuristicPlanner } from "./heuristic";
import type { PlanResult, StepNote } from "./planner";

export type FixedTool = "tog" | "depth" | "breadth" | "fulltext";

/**
 * One retrieval round with a fixed tool, then the shared answerer: the per-tool baselines a
 * researcher compares the planners against. Prime and answer are the heuristic planner's.
 */
export class FixedPlanner extends HeuristicPlanner {
  override readonly name: string;

  constructor(private readonly tool: FixedTool) {
    super();
    this.name = tool;
  }

  override async plan(state: ResearchStateValue, _ctx: RunContext): Promise<PlanResult> {
    if (state.round > 0) return { calls: [], rationale: `fixed strategy ${this.tool}: one retrieval round` };
    const a = state.analysis!;
    const q = state.question;
    let calls: PlannedCall[];
    switch (this.tool) {
      case "tog":
        calls = a.topics.length
          ? a.topics.map((t) => ({ tool: "think_on_graph" as const, args: { question: q, entities: [t.name] }, rationale: `fixed Think-on-Graph from ${t.name}`, serves: t.id }))
          : [{ tool: "think_on_graph", args: { question: q }, rationale: "fixed Think-on-Graph (it links the question itself)", serves: "q" }];
        break;
      case "depth": {
        const movies = a.topics.filter((t) => t.types.includes("Movie")).map((t) => t.name);
        calls = [{ tool: "depth_first", args: movies.length ? { query: q, movies } : { query: q }, rationale: "fixed depth-first from the question's movies", serves: "q" }];
        break;
      }
      case "breadth":
        calls = [{ tool: "breadth_first", args: { query: q }, rationale: "fixed breadth-first from the question's concepts", serves: "q" }];
        break;
      case "fulltext":
        calls = [{ tool: "full_text", args: { query: q, limit: 10 }, rationale: "fixed full-text search", serves: "q" }];
        break;
    }
    return { calls, rationale: calls.map((c) => c.rationale).join("; ") };
  }

  override async judge(): Promise<Judgement & StepNote> {
    return { enough: true, missing: [], followUps: [], rationale: `fixed strategy ${this.tool}: one retrieval round, no follow-ups` };
  }
}
