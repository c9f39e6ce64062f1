import type { TextField } from "../ports/text-index";
import { STOP_WORDS, foldText, stem } from "../util/text";
import type { MovieFacts } from "./documents";
import type { KbGraphData } from "./graph-data";

/** A node's searchable text, field by field, as every full-text index indexes it. */
export type TextFields = { name: string } & Partial<Record<Exclude<TextField, "name">, string>>;

/**
 * The fields of every node: its name, and a movie's plot, overview (with TMDB's keywords, the TMDB
 * text of a film), genres and tags, and people. One definition, so the embedded index and Neo4j's
 * index the same text.
 */
export function textFieldsOf(data: KbGraphData, facts: readonly MovieFacts[]): TextFields[] {
  const byNode = new Map(facts.map((f) => [f.node, f]));
  const keywords = new Map((data.tmdbFacts ?? []).map((t) => [t.movie, t.keywords.join(" ; ")]));
  return data.names.map((name, i) => {
    const f = byNode.get(i);
    if (!f) return { name };
    const fields: TextFields = { name };
    const plot = data.plots[i];
    const overview = [data.overviews[i], keywords.get(name)].filter(Boolean).join(" ; ");
    const tags = [...f.genres, ...f.tags].join(" ; ");
    const people = [...f.directors, ...f.writers, ...f.actors].join(" ; ");
    if (plot) fields.plot = plot;
    if (overview) fields.overview = overview;
    if (tags) fields.tags = tags;
    if (people) fields.people = people;
    return fields;
  });
}

/** Words as they are split for the index: folded (case, accents, punctuation). */
export function indexTokens(text: string): string[] {
  return foldText(text).split(" ");
}

/** One token as indexed and searched: stop words dropped, the rest stemmed. */
export function indexTerm(token: string): string | null {
  return token === "" || STOP_WORDS.has(token) ? null : stem(token);
}

/** A text's index terms, in order (what a server index stores for it, split on spaces). */
export function indexTerms(text: string): string[] {
  return indexTokens(text).flatMap((t) => indexTerm(t) ?? []);
}
