import type { Expectation } from "./types";

/**
 * The expectation of a gold answer list, found by the list's identity. The eval runner hands
 * `deterministicMetrics` only a question's gold array; registering the expectation against that
 * very array lets the metric find it without the runner knowing about expectations. A caller that
 * has the question should pass `expect` explicitly instead.
 */
const byGold = new WeakMap<readonly string[], Expectation>();

export function attachExpectation(gold: readonly string[], expect: Expectation): void {
  byGold.set(gold, expect);
}

export function expectationOf(gold: readonly string[]): Expectation | undefined {
  return byGold.get(gold);
}
