import { ModelOutputError, type ChatModel, type UsageMeter } from "../../ports/chat-model";
import { sha256Hex } from "../../util/hash";
import { editDistance, foldText } from "../../util/text";
import type { ConceptFilm } from "./films";
import { CONCEPT_KINDS, ConceptReply, REPLY_FIELD, type ConceptKind, type ConceptRef } from "./schema";
import { billed, countingMeter, type CallUsage } from "./usage";

/** Bump when the prompt or the reply schema changes: cached extractions of another version are redone. */
export const EXTRACT_PROMPT_VERSION = "extract-1";

// Tuned on gemma-3 270M: the form's wording goes after the story (the model heeds what it read
// last), a worked example is copied verbatim, and genres and themes are enums in the schema (free
// text there came back as the title or the instruction's own words).
const SYSTEM = "You fill in a form about a film. Answer with JSON only.";
const FORM = "Form: genres of the film; characters: names of people in the story; themes: what the story is about; settings: places and times in the story; series: the film series it belongs to, if any.";

export function extractionPrompt(film: ConceptFilm): string {
  return `Film: ${film.title}\nStory: ${film.text}\n\n${FORM}`;
}

/** Hash of everything a film's extraction depends on besides the model: its title and text. */
export function filmInputHash(film: ConceptFilm): string {
  return sha256Hex(`${film.title}\n${film.text}`).slice(0, 32);
}

export interface Extraction extends CallUsage {
  status: "ok" | "unusable";
  concepts: ConceptRef[];
  /** The model's reply as validated, before normalising (absent when it did not fit the schema). */
  reply?: ConceptReply;
  /** Why the reply was unusable. */
  reason?: string;
  ms: number;
}

export interface ExtractOptions {
  signal?: AbortSignal;
  meter?: UsageMeter;
}

/**
 * Asks the model for a film's concepts and normalises them. A reply that does not fit the schema, or
 * holds nothing once normalised, is returned as `unusable`; call failures (timeouts, HTTP errors,
 * an exhausted budget, an abort) are thrown.
 */
export async function extractConcepts(film: ConceptFilm, model: ChatModel, options: ExtractOptions = {}): Promise<Extraction> {
  const started = performance.now();
  const { meter, usage } = countingMeter(options.meter);
  try {
    const res = await model.structured({ name: "concept_extract", schema: ConceptReply, system: SYSTEM, prompt: extractionPrompt(film), signal: options.signal, meter });
    return { ...readReply(res.value, film.title), reply: res.value, ...billed(usage, res.usage), ms: Math.round(performance.now() - started) };
  } catch (e) {
    if (!(e instanceof ModelOutputError)) throw e;
    return { status: "unusable", concepts: [], reason: e.message, ...billed(usage), ms: Math.round(performance.now() - started) };
  }
}

/** A validated reply's concepts and whether any are left (also used on cached replies, so a better normaliser needs no new calls). */
export function readReply(reply: ConceptReply, title: string): Pick<Extraction, "status" | "concepts" | "reason"> {
  const concepts = normaliseConcepts(reply, title);
  return concepts.length ? { status: "ok", concepts } : { status: "unusable", concepts, reason: NOTHING_LEFT };
}

export const NOTHING_LEFT = "no concepts left after normalising";

// Words a model writes when it has nothing to say, or when it names the field instead of filling it.
const PLACEHOLDERS = new Set([
  "none", "n a", "na", "null", "nil", "unknown", "no", "not applicable", "nothing", "other", "various", "film", "movie", "story",
  "genre", "character", "theme", "setting", "name", "age", "gender", "location", "place", "time", "year", "franchise",
]);
// A small model copies the form's own words ("the film series it belongs to", "if any"): such an echo is no concept.
const FORM_WORDS = ` ${foldText(FORM)} `;
const EDGE_PUNCTUATION = /^[\s"'“”‘’`*•·\-–—.,;:!?()[\]]+|[\s"'“”‘’`*•·\-–—.,;:!?()[\]]+$/g;

/** The key two mentions of one concept share: its kind and its folded name. */
export function conceptKey(kind: ConceptKind, name: string): string {
  return `${kind}:${foldText(name)}`;
}

/**
 * Tidies each name (whitespace, edge punctuation; "a, b" lists split) and drops empties,
 * placeholders, echoes of the form, the film's own title (give or take a few letters: small models
 * misquote it) and repeats. A name is one thing: once it has a kind, the same name under a later kind is dropped, as
 * small models fill every field with the same phrase. Kinds are read in CONCEPT_KINDS order.
 */
export function normaliseConcepts(reply: ConceptReply, title: string): ConceptRef[] {
  const isTitle = titleMatcher(title);
  const seen = new Set<string>();
  const out: ConceptRef[] = [];
  for (const kind of CONCEPT_KINDS) {
    for (const raw of reply[REPLY_FIELD[kind]].flatMap((v) => v.split(/[,;]/))) {
      const name = raw.replace(/\s+/g, " ").replace(EDGE_PUNCTUATION, "");
      const folded = foldText(name);
      const bare = withoutArticle(folded);
      if (!bare || PLACEHOLDERS.has(bare) || FORM_WORDS.includes(` ${bare} `) || isTitle(folded) || seen.has(folded)) continue;
      seen.add(folded);
      out.push({ kind, name });
    }
  }
  return out;
}

function titleMatcher(title: string): (folded: string) => boolean {
  const key = withoutArticle(foldText(title));
  const slack = key.length >= 8 ? Math.floor(key.length / 5) : 0;
  return (folded) => editDistance(withoutArticle(folded), key, slack) <= slack;
}

function withoutArticle(folded: string): string {
  return folded.replace(/^(the|a|an) /, "");
}
