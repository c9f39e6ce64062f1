import type { QuestionAnalysis } from "../src/question/analyze";
import type { Evidence, ToolName } from "../tools/evidence";
import type { Judgement, PlannedCall, RankedAnswer } from "../agents/research/types";

/**
 * Prompts of the LLM planner, short enough for a 135M model. The reply schemas do the work: the
 * model picks tool calls from a numbered menu, follow-ups from the same kind of menu, answers from
 * the numbered exact candidates and citations from the evidence ids shown; only a few short strings
 * are free text. No JSON examples: a grammar (local models) or the provider's structured output
 * (Gemini, OpenAI) carries the shape. The question comes first, then what to choose from.
 */

/** Bounds of the replies, said in the prompts (in words) and enforced by the schemas (agents/planners/llm.ts). */
export const REPLY_LIMITS = { choices: 3, why: 60, missing: 80, picked: 10, cited: 3, sentence: 140 } as const;

export const SYSTEM = "You research questions about films in a movie knowledge graph. Choose only from the options given. Reply with JSON only.";

/** What each tool is for, in one line: all a model needs to choose among concrete calls. */
export const TOOL_PURPOSE: Readonly<Record<ToolName, string>> = {
  think_on_graph: "follows relations from a named film or person (director, cast, writer, year, language, their films)",
  neighbors: "lists the direct relations of one entity",
  lookup_entity: "finds the graph entity a name means",
  full_text: "keyword search over titles, names and plots",
  semantic_search: "finds films whose story is like the text",
  depth_first: "films similar to the given films",
  breadth_first: "overview of a kind of film and its genre mix",
  find_movies: "exact list of films by genre, person, language or years, optionally ranked",
};

/** A part of a question that holds several, as the menu lines refer to it. */
export interface QuestionPart {
  id: string;
  text: string;
}

/** A menu entry: its number, the call it runs, and whether it is part of the usual (heuristic) plan. */
export interface MenuEntry {
  label: string;
  call: PlannedCall;
  usual?: boolean;
}

/** Characters of an evidence text shown to the planner and judge (a digest), and to the answerer. */
const DIGEST_TEXT = 160;
const ANSWER_TEXT = 200;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function analysisSummary(a: QuestionAnalysis | undefined): string {
  if (!a) return "";
  const topics = a.topics.map((t) => `${t.name} (${t.type})`).join(", ") || "none";
  const parts = [`Linked: ${topics}.`];
  if (a.answer.type || a.answer.edge) parts.push(`Asked: ${a.answer.type ?? "?"}${a.answer.edge ? ` via ${a.answer.edge}` : ""}.`);
  if (a.constraints.length) parts.push(`Constraints: ${a.constraints.map((c) => c.text).join(", ")}.`);
  return parts.join(" ");
}

/** The best evidence, one `ev_…: text` line each (the local model's context guard trims these lines first). */
export function evidenceDigest(evidence: readonly Evidence[], max = 8): string {
  if (evidence.length === 0) return "Evidence: none yet.";
  const top = [...evidence].sort((a, b) => b.score - a.score).slice(0, max);
  return [`Evidence (${evidence.length} items, best ${top.length}):`, ...top.map((e) => `${e.id}: ${clip(e.text, DIGEST_TEXT)}`)].join("\n");
}

/**
 * Arguments as a reader needs them: names and filters kept; the question's own text said as such;
 * tuning numbers, empty lists and field selections left out.
 */
export function briefArgs(args: Record<string, unknown>, question?: string): string {
  const shown = Object.entries(args).flatMap(([k, v]) => {
    if (k === "question" || v === undefined || (Array.isArray(v) && v.length === 0)) return [];
    if (typeof v === "number" && !((k === "width" || k === "depth") && v !== 3)) return [];
    if (k === "fields" || k === "types" || k === "scorer" || k === "direction") return [];
    return [`${k}: ${v === question ? "the question" : brief(v)}`];
  });
  return `{${shown.join(", ")}}`;
}

function brief(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(clip(v, 60));
  if (Array.isArray(v)) return `[${v.slice(0, 4).map(brief).join(", ")}${v.length > 4 ? `, +${v.length - 4}` : ""}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (typeof o.label === "string") return JSON.stringify(o.label);
    if (typeof o.name === "string") return `${JSON.stringify(o.name)}${typeof o.role === "string" ? ` ${o.role}` : ""}`;
    if (typeof o.from === "number" && typeof o.to === "number") return o.from === o.to ? String(o.from) : `${o.from}-${o.to}`;
    return briefArgs(o);
  }
  return String(v);
}

/** One menu line: `1) tool {args}: what the tool is for`, with the part it serves when there are several. */
export function menuLine(e: MenuEntry, parts: readonly QuestionPart[]): string {
  const part = parts.findIndex((p) => p.id === e.call.serves);
  const text = part >= 0 ? parts[part]!.text : undefined;
  return `${e.label}) ${e.call.tool} ${briefArgs(e.call.args, text)}: ${TOOL_PURPOSE[e.call.tool]}${parts.length > 1 && part >= 0 ? ` (part ${part + 1})` : ""}`;
}

function partLines(parts: readonly QuestionPart[]): string[] {
  return parts.length > 1 ? [`Parts: ${parts.map((p, i) => `${i + 1}) ${p.text}`).join(" ")}`] : [];
}

/**
 * Round one: which of the candidate calls to run. `judgement` is the last round's verdict when a
 * later round asks again; `parts` are the question's parts when it holds several.
 */
export function planPrompt(question: string, a: QuestionAnalysis | undefined, evidence: readonly Evidence[], judgement: Judgement | undefined, menu: readonly MenuEntry[], stepsLeft: number, parts: readonly QuestionPart[] = []): { system: string; prompt: string } {
  const usual = menu.filter((e) => e.usual).map((e) => e.label);
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      ...partLines(parts),
      analysisSummary(a),
      ...(evidence.length ? [evidenceDigest(evidence)] : []),
      ...(judgement && !judgement.enough && judgement.missing.length ? [`Missing: ${judgement.missing.join("; ")}`] : []),
      `Options, most likely first${usual.length ? ` (the usual plan: ${usual.join("+")})` : ""}:`,
      ...menu.map((e) => menuLine(e, parts)),
      `Steps left: ${stepsLeft}. Choose one to three options to run now${parts.length > 1 ? ", at least one per part" : ""}, and say why in a few words.`,
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

/** After a round: is it enough, and if not, which one follow-up to run. */
export function judgePrompt(question: string, evidence: readonly Evidence[], found: string, check: string, menu: readonly MenuEntry[], parts: readonly QuestionPart[] = []): { system: string; prompt: string } {
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      ...partLines(parts),
      evidenceDigest(evidence),
      `Answers found: ${found}`,
      `Automatic check: ${check}`,
      ...(menu.length ? ["Follow-up options:", ...menu.map((e) => menuLine(e, parts))] : ["No follow-up is left to run."]),
      `Is the evidence enough to answer the question? If not, pick the follow-up most likely to fill the gap${menu.length ? "" : " (none)"} and say in a few words what is missing.`,
    ].join("\n"),
  };
}

/** A part's computed answers, for a question that holds several. */
export interface PartAnswers {
  question: string;
  names: string[];
}

/**
 * How a computed answer is offered: numbered, best first ("1. Hannibal"). A small model picking
 * among bare names takes the one whose first token it likes best ("The …"); numbered, it keeps the
 * computed order.
 */
export function candidateLabels(candidates: readonly { name: string }[]): string[] {
  return candidates.map((c, i) => `${i + 1}. ${c.name}`);
}

/**
 * The answer: names picked from the exact candidates, citations from the evidence ids, one short
 * sentence. With several parts, the candidates are listed per part.
 */
export function answerPrompt(question: string, context: readonly Evidence[], candidates: readonly RankedAnswer[], basis: string, count?: number, byPart: readonly PartAnswers[] = []): { system: string; prompt: string } {
  const labels = candidateLabels(candidates);
  const labelOf = new Map(candidates.map((c, i) => [c.name, labels[i]!]));
  const offered = (names: readonly string[]) => names.flatMap((n) => labelOf.get(n) ?? []);
  const computed =
    byPart.length > 1
      ? `Answers computed from the graph, per part: ${byPart.map((p, i) => `part ${i + 1} (${p.question}): ${offered(p.names).join("; ") || "none"}`).join("; ")}`
      : `Answers computed from the graph${basis ? ` (${basis})` : ""}, best first: ${labels.join("; ")}`;
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      context.length ? "Evidence:" : "Evidence: none.",
      ...context.map((e) => `${e.id}: ${clip(e.text, ANSWER_TEXT)}`),
      // After the evidence, right before the instruction: small models copy the last lines they read.
      candidates.length ? computed : "No answer was computed from the graph.",
      ...(count !== undefined ? [`Count: ${count}`] : []),
      candidates.length
        ? "Pick the right answers from the computed list, best first (ten at most), answer the question in one short sentence that names the answers you picked, and cite up to three evidence ids that support it."
        : "Answer in one short sentence, saying so if the evidence does not answer the question, and cite up to three evidence ids you use.",
    ].join("\n"),
  };
}
