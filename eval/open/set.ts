import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { PROJECT_ROOT } from "../../src/config";
import { loadRawKb, type RawKb } from "../real/raw-kb";
import type { Expectation } from "../natural/types";
import { fold, loadFilmTexts, type FilmTexts } from "./texts";

/**
 * The open example requests: questions of the kind the issue names (themes, settings, characters,
 * moods, "like X", tastes and films seen), written by the team for this set, each with a spec the
 * gold is computed from (the films that meet it, read from the raw files by an independent reader).
 * A run passes when at least `min` of its first 5 answers are gold, and its reply says what `says`
 * names (a facet no film has).
 */
const Spec = z
  .object({
    /** The film has every one of these genres (KB or TMDB, any case). */
    genres: z.array(z.string().min(1)).default([]),
    languages: z.array(z.string().min(1)).default([]),
    /** Each group: the film's texts hold at least one of its phrases (whole words). */
    terms: z.array(z.array(z.string().min(1)).min(1)).default([]),
    years: z.object({ from: z.number().int(), to: z.number().int() }).strict().optional(),
    /** Like one of these films: a genre in common and at least two informative tags or keywords in common (or a director). */
    like: z.array(z.string().min(1)).default([]),
    /** Titles of the liked films' own family (a pattern on the folded title), never gold. */
    notFamily: z.string().min(1).optional(),
    not: z.array(z.string().min(1)).default([]),
  })
  .strict();
type Spec = z.infer<typeof Spec>;

const Line = z
  .object({ id: z.string().startsWith("open:"), kind: z.enum(["explore", "recommend"]), question: z.string().min(1), spec: Spec, min: z.number().int().min(0).max(5), says: z.string().min(1).optional() })
  .strict();

export interface OpenItem {
  id: string;
  kind: "explore" | "recommend";
  question: string;
  answers: string[];
  expect: Expectation;
}

/** Tags and keywords about the credits, not the story (as the natural set's recommendation gold leaves them out). */
const UNINFORMATIVE = new Set(["bd-r", "r", "duringcreditsstinger", "aftercreditsstinger", "woman director", "independent film", "based on novel"]);
const MAX_TAG_FILMS = 300;

export function readOpenLines(path = join(PROJECT_ROOT, "eval", "open", "requests.jsonl")): z.infer<typeof Line>[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l, i) => {
      const parsed = Line.safeParse(JSON.parse(l));
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`);
      return parsed.data;
    });
}

function meets(film: string, spec: Spec, kb: RawKb, texts: FilmTexts, tagFilms: (t: string) => number): boolean {
  if (spec.not.includes(film) || spec.like.includes(film)) return false;
  if (spec.notFamily && new RegExp(`^ (?:the )?(?:${spec.notFamily})\\b`).test(fold(film))) return false;
  const genres = texts.genres(film);
  if (!spec.genres.every((g) => genres.has(g.toLowerCase()))) return false;
  if (spec.languages.length && !spec.languages.every((l) => kb.forward(film, "in_language").has(l))) return false;
  if (spec.years && !kb.years(film).some((y) => y >= spec.years!.from && y <= spec.years!.to)) return false;
  const text = texts.text(film);
  // Whole words, in the singular or plural ("outlaw" is in "outlaws").
  if (!spec.terms.every((group) => group.some((t) => new RegExp(`${fold(t).trimEnd()}(?:s|es)? `).test(text)))) return false;
  if (!spec.like.length) return true;
  return spec.like.some((x) => {
    const shareGenre = [...texts.genres(x)].some((g) => genres.has(g));
    const informative = (k: string) => !UNINFORMATIVE.has(k) && tagFilms(k) <= MAX_TAG_FILMS;
    const mine = texts.keywords(film);
    const shared = [...texts.keywords(x)].filter((k) => informative(k) && mine.has(k)).length;
    const sameDirector = [...kb.forward(x, "directed_by")].some((d) => kb.forward(film, "directed_by").has(d));
    return shareGenre && (shared >= 2 || sameDirector);
  });
}

export function loadOpenSet(dataDir: string): OpenItem[] {
  const kb = loadRawKb(dataDir);
  const texts = loadFilmTexts(dataDir, kb);
  const tagFilms = (t: string) => kb.reverse(t, "has_tags").size;
  const films = [...kb.films()];
  return readOpenLines().map((l) => {
    const answers = films.filter((f) => meets(f, l.spec, kb, texts, tagFilms)).sort();
    if (answers.length < l.min) throw new Error(`${l.id}: only ${answers.length} films meet its spec, fewer than the ${l.min} it asks for`);
    return { id: l.id, kind: l.kind, question: l.question, answers, expect: { kind: "top", min: l.min, of: 5, ...(l.says ? { says: l.says } : {}) } };
  });
}
