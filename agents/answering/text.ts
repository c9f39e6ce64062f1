import type { QuestionAnalysis } from "../../src/question/analyze";
import type { Evidence } from "../../tools/evidence";
import type { Draft } from "../research/types";
import type { AnswerSet } from "./candidates";

const SHOWN = 10;

/**
 * Grounded answer text from an answer set, with nothing the evidence does not say: each answer is
 * followed by the id of the evidence that supports it, and the text says how the set was computed.
 */
export function draftFromAnswers(analysis: QuestionAnalysis | undefined, set: AnswerSet, evidence: readonly Evidence[], truncated?: string): Draft {
  const byId = new Map(evidence.map((e) => [e.id, e]));
  if (set.answers.length === 0) {
    const why = truncated ? ` The run stopped early (${truncated}).` : "";
    return { text: `I could not find an answer in the knowledge graph.${why}`, answers: [], citations: [], author: "template" };
  }
  const shown = set.answers.slice(0, SHOWN);
  const cite = (ids: string[]) => ids.filter((id) => byId.has(id)).slice(0, 2);
  const parts = shown.map((a) => `${a.name} [${cite(a.evidenceIds).join("][")}]`);
  const more = set.answers.length > SHOWN ? ` and ${set.answers.length - SHOWN} more` : "";
  const lead = set.count !== undefined ? `${set.count}: ` : analysis?.operators.some((o) => o.kind === "aggregate") ? `Most often: ` : "";
  const example = shown[0] ? byId.get(cite(shown[0].evidenceIds)[0] ?? "") : undefined;
  const how = example ? ` For example: ${example.text}.` : "";
  const text = `${lead}${joinList(parts)}${more}.${how} (${set.basis}${truncated ? `; stopped early: ${truncated}` : ""}.)`;
  return { text, answers: set.answers, citations: [...new Set(shown.flatMap((a) => cite(a.evidenceIds)))], author: "template" };
}

/** "a, b and c". */
export function joinList(xs: readonly string[]): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}
