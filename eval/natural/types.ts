import type { FactKind } from "../../src/plan/schema";

/** The natural set's categories: kinds of question people ask, as the set was generated (not the plan's part kinds). */
export const NATURAL_CATEGORIES = ["fact", "list", "multi_part", "intersection", "difference", "count", "threshold", "most_common", "superlative", "recommendation", "plot", "kind_of_film", "chitchat", "out_of_domain"] as const;
export type Intent = (typeof NATURAL_CATEGORIES)[number];

/**
 * What a natural question's answer must look like, beyond Hits@1: one answer per part of a
 * multi-part question, a count, or no answer at all (chit-chat, out of domain).
 */
export type Expectation =
  | { kind: "hits1" }
  | { kind: "parts"; parts: string[][] }
  | { kind: "count"; count: number }
  | { kind: "verdict"; verdict: "yes" | "no" }
  | { kind: "lacks"; fact: FactKind }
  | { kind: "no_answer" }
  /** An open request: at least `min` of the first `of` answers are gold (films that meet it), and the reply says `says` when given (a facet no film met). */
  | { kind: "top"; min: number; of: number; says?: string };

/** One generated question: gold answers are exact KB names (empty for no-answer intents). */
export interface NaturalItem {
  id: string;
  category: Intent;
  /** The phrasing template it came from (for inspection; several per intent). */
  template: string;
  question: string;
  answers: string[];
  expect: Expectation;
}

/** Builds one item; ids are `natural:<intent>:<template>:<key>`, stable across runs. */
export function item(category: Intent, template: string, key: string, question: string, answers: string[], expect: Expectation = { kind: "hits1" }): NaturalItem {
  return { id: `natural:${category}:${template}:${key}`, category, template, question, answers, expect };
}
