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

/** Films SimpleRAG shows with their passages; the ranked answers keep all it retrieved. */
const RETRIEVED_SHOWN = 5;

/**
 * SimpleRAG's answer, as the seed study's baseline gives one: the films retrieved for the question,
 * best first, as ranked answers, with a short reply grounded in their passages. No query processing:
 * the reply says the films are the closest descriptions, not that they answer every part.
 */
export function renderRetrievedFilms(plan: QueryPlan, evidence: readonly Evidence[], clauses: readonly string[], truncated?: string): Draft {
  const films = evidence.filter((e) => e.focusType === "Movie").sort((a, b) => b.score - a.score || (a.focus < b.focus ? -1 : 1));
  const cite = citationsFor(evidence);
  const answers = films.map((e) => ({ name: e.focus, type: "Movie" as const, score: Math.round(e.score * 1000) / 1000, evidenceIds: [e.id] }));
  const shown = films.slice(0, RETRIEVED_SHOWN).map((e) => `${typeof e.meta?.title === "string" ? e.meta.title : e.focus} ${cite.cite([e.id], 1)}`.trimEnd());
  const stopped = truncated ? ` (The research stopped early: ${truncated}.)` : "";
  const text = films.length
    ? `The films whose descriptions come closest to the question: ${joinList(shown)}${films.length > RETRIEVED_SHOWN ? `, and ${films.length - RETRIEVED_SHOWN} more` : ""}.${stopped}`
    : `No film's description came close enough to the question.${stopped}`;
  const first = plan.parts.find((p) => p.id === plan.answer[0]) ?? plan.parts[0]!;
  return { text, answers, citations: cite.list(), author: "template", parts: [{ partId: first.id, kind: first.kind, question: clauses[0] ?? plan.question, answers, text }] };
}
