import type { ChatModel } from "../../src/ports/chat-model";
import type { Strategy } from "../research/types";
import { AgentPlanner } from "./agent";
import { FixedPlanner } from "./fixed";
import { HeuristicPlanner } from "./heuristic";
import { LlmPlanner } from "./llm";
import type { Planner } from "./planner";

/** The planner a strategy runs with. `auto` uses the model when there is one, the heuristic otherwise. */
export function plannerFor(strategy: Strategy, model: ChatModel | undefined): Planner {
  switch (strategy) {
    case "llm":
      return new LlmPlanner();
    case "agent":
      return new AgentPlanner();
    case "auto":
      return model ? new LlmPlanner() : new HeuristicPlanner();
    case "simple":
      return model ? new LlmPlanner() : new HeuristicPlanner();
    case "heuristic":
    case "deep":
      return new HeuristicPlanner();
    case "tog":
    case "depth":
    case "breadth":
    case "fulltext":
      return new FixedPlanner(strategy);
  }
}
