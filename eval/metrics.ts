import type { RunResult } from "../agents/research/types";
import { checkExpectation } from "./natural/check";
import type { Expectation } from "./natural/types";
import type { RankingMetrics } from "./open-requests/ranking";

/** Answers are compared by KB name: exact, modulo case and surrounding space. */
export function normalizeAnswer(s: string): string {
  return s.trim().toLowerCase();
}

export interface DeterministicMetrics {
  hits1: number;
  /**
   * Whether the answer has the shape the question's intent needs (see checkExpectation): one answer
   * per part, the right count, no answer for chit-chat. Hits@1 when the question has no expectation.
   * Absent from records written before it existed.
   */
  intentCheck?: 0 | 1;
  precision: number;
  recall: number;
  f1: number;
  /** Share of the gold answers found among the entities of the evidence. */
  contextRecall: number;
  steps: number;
  toolCalls: number;
  toolCallsByTool: Record<string, number>;
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  nonModelMs: number;
  /** Plan, judge and answer steps whose model reply was unusable (or missing), so the heuristic stepped in. */
  fallbackSteps?: number;
  /** Plan, judge and answer steps in all (the denominator of the fallback rate). */
  decisionSteps?: number;
  /** Open requests only: hit@5, hit@10, reciprocal rank over the ranked answers. */
  ranking?: RankingMetrics;
}

/** `expect` is the question's own check (natural set); without one the intent check is Hits@1. */
export function deterministicMetrics(result: RunResult, gold: readonly string[], expect?: Expectation): DeterministicMetrics {
  const g = new Set(gold.map(normalizeAnswer));
  const predicted = [...new Set(result.answers.map((a) => normalizeAnswer(a.name)))];
  const hits1 = predicted.length > 0 && g.has(predicted[0]!) ? 1 : 0;
  const tp = predicted.filter((p) => g.has(p)).length;
  const precision = predicted.length ? tp / predicted.length : 0;
  const recall = g.size ? tp / g.size : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  const evidenceEntities = new Set(result.evidence.flatMap((e) => e.nodeIds).map(normalizeAnswer));
  const contextRecall = g.size ? [...g].filter((x) => evidenceEntities.has(x)).length / g.size : 0;
  const acts = result.trace.filter((s) => s.node === "act" || s.node === "simple_rag");
  const toolCallsByTool: Record<string, number> = {};
  for (const s of acts) if (s.tool) toolCallsByTool[s.tool] = (toolCallsByTool[s.tool] ?? 0) + 1;
  const steps = result.trace.filter((s) => (s.node === "plan" && s.decision !== "finish") || s.node === "simple_rag").length;
  const decisions = result.trace.filter((s) => s.node === "plan" || s.node === "judge" || s.node === "answer");
  return {
    hits1,
    intentCheck: expect ? checkExpectation(result, { answers: gold, expect }) : hits1,
    precision: round(precision),
    recall: round(recall),
    f1: round(f1),
    contextRecall: round(contextRecall),
    steps,
    toolCalls: acts.length,
    toolCallsByTool,
    llmCalls: result.usage.llmCalls,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    latencyMs: result.timings.totalMs,
    nonModelMs: result.timings.nonModelMs,
    fallbackSteps: decisions.filter((s) => s.fallback).length,
    decisionSteps: decisions.length,
  };
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
