import type { QueryPlan } from "../../src/plan/schema";
import type { QuestionAnalysis } from "../../src/question/analyze";
import type { Evidence } from "../../tools/evidence";
import type { Draft } from "../research/types";
import { rankAnswers } from "./candidates";
import { citationsFor, joinList } from "./render/citations";

const SHOWN = 10;

/**
 * The answer when the evidence was not gathered for the plan's parts (SimpleRAG, a fixed tool, text
 * search alone): the entities the evidence names, of the asked type when there is one, with how they
 * were found, numbered citations, and the plan's first answered part as its kind.
 */
export function renderEvidenceAnswer(analysis: QuestionAnalysis | undefined, plan: QueryPlan, evidence: readonly Evidence[], clauses: readonly string[], truncated?: string): Draft {
  const set = rankAnswers(analysis, evidence);
  const cite = citationsFor(evidence);
  const shown = set.answers.slice(0, SHOWN).map((a) => `${a.name} ${cite.cite(a.evidenceIds)}`.trimEnd());
  const more = set.answers.length > SHOWN ? ` and ${set.answers.length - SHOWN} more` : "";
  const stopped = truncated ? ` (The research stopped early: ${truncated}.)` : "";
  const text = set.answers.length ? `${set.count !== undefined ? `${set.count}: ` : ""}${joinList(shown)}${more} — ${set.basis}.${stopped}` : `I could not find an answer in the knowledge graph.${stopped}`;
  const first = plan.parts.find((p) => p.id === plan.answer[0]) ?? plan.parts[0]!;
  return {
    text,
    answers: set.answers,
    citations: cite.list(),
    author: "template",
    parts: [{ partId: first.id, kind: first.kind, question: clauses[0] ?? plan.question, answers: set.answers, text, ...(set.count !== undefined ? { count: set.count } : {}) }],
  };
}
