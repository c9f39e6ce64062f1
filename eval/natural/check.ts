import type { RunResult } from "../../agents/research/types";
import { normalizeAnswer } from "../metrics";
import type { Expectation } from "./types";

/** What a check reads of a run: parts and route may be absent from runs of an older runner. */
export type CheckedRun = Pick<RunResult, "answers"> & Partial<Pick<RunResult, "parts" | "route" | "answer">>;

/**
 * Whether the run answered the way the question's intent needs (1) or not (0):
 * - hits1 (also without an expectation): the first answer is a gold answer;
 * - parts: for each gold part i, the run's part i exists and its first answer is in gold part i;
 * - count: some part's count equals the gold number;
 * - verdict: a part answers yes or no, and it is the gold one;
 * - lacks: a part says the knowledge base lacks that kind of fact (a person's age and birth date are one);
 * - no_answer: no answers at all, and the router sent it to a short reply;
 * - top: at least `min` of the first `of` answers are gold, and the reply says `says` when given.
 */
export function checkExpectation(result: CheckedRun, question: { answers: readonly string[]; expect?: Expectation }): 0 | 1 {
  const expect = question.expect ?? { kind: "hits1" };
  const parts = result.parts ?? [];
  switch (expect.kind) {
    case "hits1":
      return firstIn(result.answers, question.answers);
    case "parts":
      if (parts.length < expect.parts.length) return 0;
      return expect.parts.every((gold, i) => firstIn(parts[i]!.answers, gold) === 1) ? 1 : 0;
    case "count":
      return parts.some((p) => p.count === expect.count) ? 1 : 0;
    case "verdict":
      return parts.some((p) => p.verdict === expect.verdict) ? 1 : 0;
    case "lacks":
      return parts.some((p) => p.lacks !== undefined && sameFact(p.lacks, expect.fact)) ? 1 : 0;
    case "no_answer":
      return result.answers.length === 0 && result.route === "reply" ? 1 : 0;
    case "top": {
      const gold = new Set(question.answers.map(normalizeAnswer));
      const hits = result.answers.slice(0, expect.of).filter((a) => gold.has(normalizeAnswer(a.name))).length;
      return hits >= expect.min && (!expect.says || new RegExp(expect.says, "i").test(result.answer ?? "")) ? 1 : 0;
    }
  }
}

function firstIn(answers: readonly { name: string }[], gold: readonly string[]): 0 | 1 {
  const first = answers[0];
  return first !== undefined && gold.some((g) => normalizeAnswer(g) === normalizeAnswer(first.name)) ? 1 : 0;
}

/** Kinds of fact one answer covers: the knowledge base has neither ages nor birth dates. */
function sameFact(a: string, b: string): boolean {
  const group = (f: string) => (f === "age" || f === "birth_date" ? "age" : f);
  return group(a) === group(b);
}
