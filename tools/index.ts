import { breadthFirst } from "./breadth-first";
import { communityReports } from "./community-reports";
import { findConcepts } from "./find-concepts";
import { depthFirst } from "./depth-first";
import type { ToolName } from "./evidence";
import { findMovies } from "./find-movies";
import { fullText } from "./full-text";
import { lookupEntity } from "./lookup-entity";
import { movieStory } from "./movie-story";
import { neighbors } from "./neighbors";
import { semanticSearch } from "./semantic-search";
import { thinkOnGraph } from "./think-on-graph";
import type { AnyTool } from "./tool";

/** Every retrieval tool by name: the list the planners choose from. */
export const TOOLS: Readonly<Record<ToolName, AnyTool>> = {
  full_text: fullText,
  depth_first: depthFirst,
  breadth_first: breadthFirst,
  think_on_graph: thinkOnGraph,
  lookup_entity: lookupEntity,
  neighbors: neighbors,
  semantic_search: semanticSearch,
  find_movies: findMovies,
  find_concepts: findConcepts,
  community_reports: communityReports,
  movie_story: movieStory,
};
