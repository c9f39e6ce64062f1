import type { z } from "zod";
import type { BreadthFirstInput } from "../../tools/breadth-first";
import type { CommunityReportsInput } from "../../tools/community-reports";
import type { FindConceptsInput } from "../../tools/find-concepts";
import type { DepthFirstInput } from "../../tools/depth-first";
import type { ToolName } from "../../tools/evidence";
import type { FindMoviesInput } from "../../tools/find-movies";
import type { FullTextInput } from "../../tools/full-text";
import type { LookupEntityInput } from "../../tools/lookup-entity";
import type { MovieStoryInput } from "../../tools/movie-story";
import type { NeighborsInput } from "../../tools/neighbors";
import type { SemanticSearchInput } from "../../tools/semantic-search";
import type { ThinkOnGraphInput } from "../../tools/think-on-graph";
import type { PlannedCall } from "../research/types";

/** Each tool's arguments, typed from its own zod input: the compiler cannot write a call a tool would refuse to parse. */
export interface ToolArgs {
  find_movies: z.input<typeof FindMoviesInput>;
  neighbors: z.input<typeof NeighborsInput>;
  think_on_graph: z.input<typeof ThinkOnGraphInput>;
  depth_first: z.input<typeof DepthFirstInput>;
  breadth_first: z.input<typeof BreadthFirstInput>;
  full_text: z.input<typeof FullTextInput>;
  semantic_search: z.input<typeof SemanticSearchInput>;
  lookup_entity: z.input<typeof LookupEntityInput>;
  find_concepts: z.input<typeof FindConceptsInput>;
  community_reports: z.input<typeof CommunityReportsInput>;
  movie_story: z.input<typeof MovieStoryInput>;
}

/** A typed tool call serving one plan part, with why. */
export function call<T extends ToolName>(tool: T, args: ToolArgs[T], rationale: string, serves: string, score?: number): PlannedCall {
  return { tool, args: args as Record<string, unknown>, rationale, serves, ...(score !== undefined ? { score } : {}) };
}
