/**
 * What a question asks for, as the planner reads it. A multi-part question ("who wrote X and when
 * did it come out?") is `multi_part` at the top, and each of its parts has an intent of its own.
 */
export const INTENTS = [
  "fact",
  "list",
  "multi_part",
  "intersection",
  "difference",
  "count",
  "threshold",
  "most_common",
  "superlative",
  "recommendation",
  "plot",
  "kind_of_film",
  "chitchat",
  "out_of_domain",
] as const;
export type Intent = (typeof INTENTS)[number];

/** Intents answered with no retrieval and no answers. */
export const NO_RETRIEVAL_INTENTS: ReadonlySet<Intent> = new Set(["chitchat", "out_of_domain"]);
