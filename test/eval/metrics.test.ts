import { describe, expect, it } from "vitest";
import { deterministicMetrics } from "../../eval/metrics";
import { overallScore } from "../../eval/judge";
import type { RunResult } from "../../agents/research/types";

const result = (answers: string[], nodeIds: string[][]): RunResult =>
  ({
    answers: answers.map((name, i) => ({ name, score: 1 / (i + 1), evidenceIds: [] })),
    evidence: nodeIds.map((ids, i) => ({ id: `e${i}`, kind: "node", text: "", nodeIds: ids, focus: ids[0]!, score: 1, sources: [{ tool: "full_text", step: 1 }] })),
    trace: [
      { index: 0, node: "plan", decision: "full_text", rationale: "", evidenceIds: [], notes: [], ms: 1, llmCalls: 0, inputTokens: 0, outputTokens: 0 },
      { index: 1, node: "act", decision: "full_text", rationale: "", tool: "full_text", evidenceIds: [], notes: [], ms: 2, llmCalls: 0, inputTokens: 0, outputTokens: 0 },
      { index: 2, node: "plan", decision: "finish", rationale: "", evidenceIds: [], notes: [], ms: 1, llmCalls: 0, inputTokens: 0, outputTokens: 0 },
    ],
    usage: { llmCalls: 2, inputTokens: 100, outputTokens: 20, cachedCalls: 0 },
    timings: { totalMs: 12, toolMs: 2, llmMs: 5, nonModelMs: 7, byNode: {}, byTool: {} },
  }) as unknown as RunResult;

describe("deterministic metrics", () => {
  it("computes Hits@1, set precision/recall/F1 and context recall by KB name", () => {
    const m = deterministicMetrics(result(["B", "x", "A"], [["A"], ["b", "z"]]), ["A", "B", "C", "D"]);
    expect(m.hits1).toBe(1);
    expect(m.precision).toBeCloseTo(2 / 3, 4);
    expect(m.recall).toBe(0.5);
    expect(m.f1).toBeCloseTo((2 * (2 / 3) * 0.5) / (2 / 3 + 0.5), 4);
    expect(m.contextRecall).toBe(0.5); // A and b (case-insensitive) of four
    expect(m).toMatchObject({ steps: 1, toolCalls: 1, toolCallsByTool: { full_text: 1 }, llmCalls: 2, inputTokens: 100, outputTokens: 20, latencyMs: 12, nonModelMs: 7 });
  });

  it("scores an empty answer as a miss", () => {
    expect(deterministicMetrics(result([], []), ["A"])).toMatchObject({ hits1: 0, precision: 0, recall: 0, f1: 0, contextRecall: 0 });
  });

  it("weights the judge's overall score as specified", () => {
    expect(overallScore({ faithfulness: 1, answerRelevancy: 1, answerCorrectness: 1, contextPrecision: 0, contextRecall: 0 })).toBeCloseTo(4.5 / 6.5, 4);
    expect(overallScore({ faithfulness: 0, answerRelevancy: 0, answerCorrectness: 0, contextPrecision: 1, contextRecall: 1 })).toBeCloseTo(2 / 6.5, 4);
  });
});
