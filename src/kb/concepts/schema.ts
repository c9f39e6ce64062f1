import { z } from "zod";

/** The concept kinds a film is tagged with, in the order they are reported. */
export const CONCEPT_KINDS = ["genre", "character", "theme", "setting", "series"] as const;
export type ConceptKind = (typeof CONCEPT_KINDS)[number];

/** Longest concept name the model may write; the grammar enforces it, so keep it tight. */
export const MAX_NAME_CHARS = 40;
const name = z.string().min(1).max(MAX_NAME_CHARS);

/**
 * The model's reply: one flat object of short lists, small enough for a 270M model under a
 * JSON-schema grammar. Genres and themes are closed lists (free text there came back as the title
 * or the prompt's words); the lists must not be empty (greedy decoding otherwise closes them at
 * once) except the series; counts are capped low, as a small model's later items are filler and
 * every output token costs time.
 */
export const GENRES = [
  "action", "adventure", "animation", "comedy", "crime", "documentary", "drama", "family", "fantasy", "history",
  "horror", "music", "mystery", "romance", "science fiction", "thriller", "war", "western",
] as const;

export const THEMES = [
  "betrayal", "coming of age", "corruption", "crime", "death", "family", "fate", "freedom", "friendship", "greed",
  "identity", "justice", "love", "loyalty", "madness", "marriage", "memory", "money", "power", "redemption",
  "revenge", "sacrifice", "survival", "technology", "war",
] as const;

export const ConceptReply = z.object({
  genres: z.array(z.enum(GENRES)).min(1).max(2),
  characters: z.array(name).min(1).max(3),
  themes: z.array(z.enum(THEMES)).min(1).max(2),
  settings: z.array(name).min(1).max(2),
  series: z.array(name).max(1),
});
export type ConceptReply = z.infer<typeof ConceptReply>;

/** Which reply field holds which kind. */
export const REPLY_FIELD: Readonly<Record<ConceptKind, keyof ConceptReply>> = {
  genre: "genres",
  character: "characters",
  theme: "themes",
  setting: "settings",
  series: "series",
};

export const MAX_SUMMARY_CHARS = 200;
export const SummaryReply = z.object({ summary: z.string().min(1).max(MAX_SUMMARY_CHARS) });
export type SummaryReply = z.infer<typeof SummaryReply>;

/** A normalised concept as a film names it. */
export const ConceptRef = z.object({ kind: z.enum(CONCEPT_KINDS), name: z.string().min(1).max(80) });
export type ConceptRef = z.infer<typeof ConceptRef>;

const count = z.number().int().min(0);
const Usage = { calls: count, inputTokens: count, outputTokens: count, ms: z.number().min(0) };

/**
 * One film's extraction as cached on disk. It is reused only when the film, its input text's hash
 * and the prompt version all match. The raw reply is kept, not the normalised concepts, so a better
 * normaliser applies to cached films without new calls. A reply that did not fit the schema is
 * cached too (`reply: null`): the model is deterministic (greedy first attempt, seeded retries), so
 * asking again would give the same reply.
 */
export const FilmRecord = z.object({
  film: z.string().min(1),
  inputHash: z.string().min(1),
  promptVersion: z.string().min(1),
  model: z.string().min(1),
  reply: ConceptReply.nullable(),
  reason: z.string().optional(),
  ...Usage,
});
export type FilmRecord = z.infer<typeof FilmRecord>;

/** One concept's summary as cached on disk, keyed by concept key, input hash and prompt version. */
export const SummaryRecord = z.object({
  key: z.string().min(1),
  inputHash: z.string().min(1),
  promptVersion: z.string().min(1),
  model: z.string().min(1),
  status: z.enum(["ok", "unusable"]),
  summary: z.string(),
  reason: z.string().optional(),
  ...Usage,
});
export type SummaryRecord = z.infer<typeof SummaryRecord>;
