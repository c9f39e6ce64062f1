import { ModelOutputError, type ChatModel, type UsageMeter } from "../../ports/chat-model";
import { sha256Hex } from "../../util/hash";
import { clip, type ConceptFilm } from "./films";
import { MAX_SUMMARY_CHARS, SummaryReply, type ConceptKind } from "./schema";
import { billed, countingMeter, type CallUsage } from "./usage";

/** Bump when the summary prompt or schema changes: cached summaries of another version are redone. */
export const SUMMARY_PROMPT_VERSION = "summary-1";

/** A concept with the films that mention it, as the summary step reads it. */
export interface ConceptMembers {
  key: string;
  kind: ConceptKind;
  name: string;
  films: readonly ConceptFilm[];
}

export interface SummaryOptions {
  /** Films quoted in the prompt (the rest are only counted). */
  maxFilms?: number;
  /** Characters of each film's text quoted. */
  snippetChars?: number;
  signal?: AbortSignal;
  meter?: UsageMeter;
}

export interface ConceptSummary extends CallUsage {
  status: "ok" | "unusable";
  summary: string;
  reason?: string;
  ms: number;
}

const SYSTEM = "You summarise what films have in common. Answer with JSON only.";
const DEFAULT_MAX_FILMS = 5;
const DEFAULT_SNIPPET_CHARS = 160;

export function summaryPrompt(concept: ConceptMembers, options: Pick<SummaryOptions, "maxFilms" | "snippetChars"> = {}): string {
  const quoted = concept.films.slice(0, options.maxFilms ?? DEFAULT_MAX_FILMS);
  const more = concept.films.length - quoted.length;
  return [
    `Films with the ${concept.kind} "${concept.name}":`,
    ...quoted.map((f) => `- ${f.title}: ${clip(f.text, options.snippetChars ?? DEFAULT_SNIPPET_CHARS)}`),
    ...(more > 0 ? [`(and ${more} more)`] : []),
    "",
    `summary: one short sentence on what these films show about ${concept.name}.`,
  ].join("\n");
}

/** Hash of the summary prompt's input, so a concept whose films change is summarised again. */
export function summaryInputHash(concept: ConceptMembers, options: Pick<SummaryOptions, "maxFilms" | "snippetChars"> = {}): string {
  return sha256Hex(summaryPrompt(concept, options)).slice(0, 32);
}

/**
 * One model call over the concept's films. A reply that does not fit the schema, or is blank, comes
 * back `unusable` with the list summary in its place; call failures are thrown.
 */
export async function summarizeConcept(concept: ConceptMembers, model: ChatModel, options: SummaryOptions = {}): Promise<ConceptSummary> {
  const started = performance.now();
  const { meter, usage } = countingMeter(options.meter);
  const done = (status: ConceptSummary["status"], summary: string, cost: CallUsage, reason?: string): ConceptSummary => ({
    status,
    summary,
    ...(reason ? { reason } : {}),
    ...cost,
    ms: Math.round(performance.now() - started),
  });
  try {
    const reply = await model.structured({ name: "concept_summary", schema: SummaryReply, system: SYSTEM, prompt: summaryPrompt(concept, options), signal: options.signal, meter });
    const summary = tidySummary(reply.value.summary);
    const cost = billed(usage, reply.usage);
    return summary ? done("ok", summary, cost) : done("unusable", listSummary(concept), cost, "blank summary");
  } catch (e) {
    if (e instanceof ModelOutputError) return done("unusable", listSummary(concept), billed(usage), e.message);
    throw e;
  }
}

/**
 * Whitespace collapsed, repeated sentences dropped (a small model loops), and a reply cut
 * mid-sentence (at the length cap, or closed with an ellipsis as the model nears it) loses the
 * unfinished sentence.
 */
export function tidySummary(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const ellipsis = /(…|\.\.\.)$/.test(flat);
  const cut = ellipsis || (flat.length >= MAX_SUMMARY_CHARS - 2 && !/[.!?]$/.test(flat));
  const sentences = flat.match(/[^.!?]+(?:[.!?]+|$)/g)?.map((s) => s.trim()).filter(Boolean) ?? [];
  const whole = cut && sentences.length > 1 ? sentences.slice(0, -1) : sentences;
  const seen = new Set<string>();
  const kept = whole.filter((s) => {
    const key = s.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const out = kept.join(" ");
  return cut && sentences.length === 1 && !ellipsis ? `${out}…` : out;
}

/** A summary without a model: the kind, the film count and the first few titles. */
export function listSummary(concept: Pick<ConceptMembers, "kind" | "name" | "films">, shown = 3): string {
  const titles = concept.films.slice(0, shown).map((f) => f.title);
  const more = concept.films.length - titles.length;
  const n = concept.films.length;
  return `${capitalise(concept.kind)} "${concept.name}" in ${n} film${n === 1 ? "" : "s"}: ${titles.join(", ")}${more > 0 ? ` and ${more} more` : ""}.`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
