import { z } from "zod";
import type { ChatModel } from "../src/ports/chat-model";
import { evalJudgePrompt } from "../prompts/eval-judge";

const score = z.number().min(0).max(1);
/**
 * Each reasoning is one short clause. The bound is in the schema, so a grammar-constrained local model
 * cannot ramble past its output budget (five unbounded strings overflowed 256 tokens on the first answer).
 */
export const JUDGE_REASON_MAX = 100;
const reason = z.string().max(JUDGE_REASON_MAX);
export const JudgeScores = z.object({
  faithfulness_reasoning: reason,
  faithfulness: score,
  answer_relevancy_reasoning: reason,
  answer_relevancy: score,
  context_precision_reasoning: reason,
  context_precision: score,
  context_recall_reasoning: reason,
  context_recall: score,
  answer_correctness_reasoning: reason,
  answer_correctness: score,
  completeness_reasoning: reason,
  completeness: score,
});

export interface JudgeMetrics {
  faithfulness: number;
  answerRelevancy: number;
  contextPrecision: number;
  contextRecall: number;
  answerCorrectness: number;
  /** Does the answer give everything asked (every part, every reference answer)? Reported apart: not in `overall`. */
  completeness: number;
  /** (1.5·faithfulness + 1.5·relevancy + 1.5·correctness + precision + recall) / 6.5 */
  overall: number;
  reasoning: Record<string, string>;
}

export function overallScore(m: Omit<JudgeMetrics, "overall" | "reasoning" | "completeness">): number {
  return Math.round(((1.5 * m.faithfulness + 1.5 * m.answerRelevancy + 1.5 * m.answerCorrectness + m.contextPrecision + m.contextRecall) / 6.5) * 10000) / 10000;
}

/** Scores one answer with the judge model. Failures propagate: a record is never judged zero by accident. */
export async function judgeAnswer(model: ChatModel, input: { question: string; gold: readonly string[]; answer: string; context: readonly string[] }): Promise<JudgeMetrics> {
  const { value: v } = await model.structured({ name: "eval_judge", schema: JudgeScores, ...evalJudgePrompt(input) });
  const m = { faithfulness: v.faithfulness, answerRelevancy: v.answer_relevancy, contextPrecision: v.context_precision, contextRecall: v.context_recall, answerCorrectness: v.answer_correctness };
  return {
    ...m,
    completeness: v.completeness,
    overall: overallScore(m),
    reasoning: {
      faithfulness: v.faithfulness_reasoning,
      answerRelevancy: v.answer_relevancy_reasoning,
      contextPrecision: v.context_precision_reasoning,
      contextRecall: v.context_recall_reasoning,
      answerCorrectness: v.answer_correctness_reasoning,
      completeness: v.completeness_reasoning,
    },
  };
}
