import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { PartRef, PlanPartInput } from "../../plan/schema";
import type { Reading } from "../reading";
import type { Feature } from "./features";

/** What a rule matches: every feature of `all`, at least one of `any` (when given), none of `none`. */
export interface Match {
  all?: readonly Feature[];
  any?: readonly Feature[];
  none?: readonly Feature[];
}

/** Parts without ids, in order; a part refers to an earlier one of the same build by `{ ref: "#k" }` (its index k). */
export type DraftPart = DistributiveOmit<PlanPartInput, "id">;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** A rule's result: the parts it builds (the last one answers the clause, unless `answer` says which). */
export interface Built {
  parts: DraftPart[];
  answer?: number;
}

export interface RuleContext {
  kb: KnowledgeBase;
  /** The question's first paragraph, when a blank line sets it apart from more (a post's title), normalized. */
  headline?: string;
}

/**
 * A rule: an id, what it matches over a clause's features (computed from its tokens and mentions),
 * and what plan parts it builds. `build` may decline (undefined) when a finer reading of the same
 * mentions does not fit; the next rule is tried.
 */
export interface Rule {
  id: string;
  /** What kind of question it reads, for the README and the code-health count. */
  reads: string;
  when: Match;
  /** `inner`: for a wrapper, what the clause's own rule built. */
  build(r: Reading, ctx: RuleContext, inner?: Built): Promise<Built | undefined> | Built | undefined;
}

/** A reference to the k-th part of the same build. */
export const local = (k: number): PartRef => ({ ref: `#${k}` });
