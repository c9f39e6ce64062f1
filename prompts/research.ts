import type { QuestionAnalysis } from "../src/question/analyze";
import type { Evidence } from "../tools/evidence";
import type { AnyTool } from "../tools/tool";
import type { Judgement } from "../agents/research/types";
import type { RankedAnswer } from "../agents/research/types";

/**
 * Prompts of the LLM planner. Each asks for one flat JSON object (validated with zod by the caller)
 * and shows the model only what it needs: the question, what the linker found, a digest of the
 * evidence with ids, and the tools with their arguments.
 */

export const SYSTEM =
  "You plan research over a movie knowledge graph (films, people, genres, tags, languages, years; relations DIRECTED, WROTE, ACTED_IN from people to films and RELEASED_IN, IN_LANGUAGE, HAS_GENRE, HAS_TAG, HAS_RATING, HAS_VOTES from films to values). Use only what the tools return. Reply with JSON only.";

export function analysisSummary(a: QuestionAnalysis | undefined): string {
  if (!a) return "(not analysed)";
  const topics = a.topics.map((t) => `${t.name} [${t.type}]`).join(", ") || "none";
  const ops = a.operators.map((o) => o.kind).join(", ") || "none";
  const cons = a.constraints.map((c) => c.text).join(", ") || "none";
  return `Linked entities: ${topics}. Expected answer: ${a.answer.type ?? "unknown"}${a.answer.edge ? ` via ${a.answer.edge}` : ""}. Operations: ${ops}. Constraints: ${cons}.`;
}

export function evidenceDigest(evidence: readonly Evidence[], max = 12): string {
  if (evidence.length === 0) return "(no evidence yet)";
  const top = [...evidence].sort((a, b) => b.score - a.score).slice(0, max);
  const lines = top.map((e) => `${e.id}: ${e.text.length > 220 ? `${e.text.slice(0, 220)}…` : e.text}`);
  return `${evidence.length} items; the best ${top.length}:\n${lines.join("\n")}`;
}

function toolList(tools: readonly AnyTool[]): string {
  return tools.map((t) => `- ${t.name}: ${t.description}`).join("\n");
}

export function primePrompt(question: string, a: QuestionAnalysis): { system: string; prompt: string } {
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      `The entity linker found: ${analysisSummary(a)}`,
      "Split the question into at most 4 sub-questions, list the entity names it mentions exactly as written, and say which set operation combines the sub-answers.",
      'Reply as {"sub_questions":["..."],"entities":["..."],"operation":"none|intersection|union|count|aggregate","count_at_least":0,"year_from":0,"year_to":0} (0 means none).',
    ].join("\n"),
  };
}

export function planPrompt(question: string, a: QuestionAnalysis | undefined, evidence: readonly Evidence[], judgement: Judgement | undefined, tools: readonly AnyTool[], stepsLeft: number): { system: string; prompt: string } {
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      analysisSummary(a),
      `Evidence so far: ${evidenceDigest(evidence)}`,
      judgement ? `The judge says: ${judgement.enough ? "enough" : `missing: ${judgement.missing.join("; ") || "unspecified"}`}` : "",
      `Tools:\n${toolList(tools)}`,
      `Steps left: ${stepsLeft}. Choose up to 3 independent tool calls to run next (they run in parallel), or finish if the evidence answers the question.`,
      'Reply as {"finish":false,"rationale":"...","calls":[{"tool":"think_on_graph","args_json":"{\\"question\\":\\"...\\"}","why":"..."}]}. args_json is the tool\'s arguments as a JSON string.',
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

export function judgePrompt(question: string, a: QuestionAnalysis | undefined, evidence: readonly Evidence[], tools: readonly AnyTool[]): { system: string; prompt: string } {
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      analysisSummary(a),
      `Evidence: ${evidenceDigest(evidence)}`,
      `Tools:\n${toolList(tools)}`,
      "Is this evidence enough to answer every part of the question? If not, say what is missing and propose follow-up tool calls, each with a score from 0 to 1 for how likely it is to fill the gap.",
      'Reply as {"reasoning":"...","enough":true,"missing":"","follow_ups":[{"tool":"full_text","args_json":"{\\"query\\":\\"...\\"}","score":0.5,"why":"..."}]}.',
    ].join("\n"),
  };
}

export function answerPrompt(question: string, context: readonly Evidence[], candidates: readonly RankedAnswer[], basis: string): { system: string; prompt: string } {
  const cands = candidates.slice(0, 30).map((c) => `${c.name} (score ${c.score}; evidence ${c.evidenceIds.slice(0, 2).join(", ")})`);
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      `Evidence (cite by id in square brackets, e.g. [ev_0123abcd4567ef89]):`,
      ...context.map((e) => `${e.id}: ${e.text}`),
      cands.length ? `Answer entities computed exactly from the graph (${basis}), best first:\n${cands.join("\n")}` : "No answer entities were computed from the graph.",
      "Write a short answer that uses only this evidence and cites it. List the answer entities, best first, using names exactly as they appear in the evidence.",
      'Reply as {"answer":"...","answers":["..."],"cited_ids":["ev_..."]}.',
    ].join("\n"),
  };
}
