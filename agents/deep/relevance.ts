import type { RunContext } from "../research/context";
import type { RelevanceTest } from "./assess";

/** The model's relevance test when a chat model is configured; offline, none (the facet-match score decides). */
export function relevanceTestFor(_ctx: RunContext): RelevanceTest | undefined {
  return undefined;
}
