import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { EdgeType } from "../../kb/schema";
import { foldText, saidAt, withoutLeadingArticle, wordTokens, type WordToken } from "../../util/text";
import type { TopicEntity } from "../analyze";
import type { UnknownName } from "./unknown-names";

/** The relations by which a person's own films are theirs. */
const MADE_BY: readonly EdgeType[] = ["ACTED_IN", "DIRECTED", "WROTE"];
/** Letters a title said short keeps at least, all words together ("les mis"). */
const SHORT_TITLE_LETTERS = 4;

/**
 * Whether `said` is `title` said short: each word said opens the title's word in its place (an article the title opens
 * with may go unsaid), one of them cut short or the last ones unsaid ("les mis" for Les Misérables).
 */
export function saysShort(said: string, title: string): boolean {
  const s = foldText(withoutLeadingArticle(said)).split(" ").filter(Boolean);
  const t = foldText(withoutLeadingArticle(title)).split(" ").filter(Boolean);
  if (s.length === 0 || s.length > t.length || s.join("").length < SHORT_TITLE_LETTERS) return false;
  return s.every((w, i) => w.length >= 2 && t[i]!.startsWith(w)) && (s.length < t.length || s.some((w, i) => w.length < t[i]!.length));
}

/**
 * "who did russell crowe play in les mis": a film the question's person made, said short where a film stands, is that
 * film, not a name the KB lacks; only when exactly one of their films is said so. Returns the names still lacking and
 * the films read instead.
 */
export async function shortTitles(notFound: readonly UnknownName[], people: readonly TopicEntity[], tokens: readonly WordToken[], kb: KnowledgeBase): Promise<{ notFound: UnknownName[]; films: TopicEntity[] }> {
  if (!people.length || !notFound.some((n) => n.asFilm)) return { notFound: [...notFound], films: [] };
  const made = await kb.graph.neighborsMany(people.map((p) => p.id), { edges: MADE_BY, neighborType: "Movie" });
  const titles = [...new Set([...made.values()].flat().map((n) => n.id))];
  const kept: UnknownName[] = [];
  const films: TopicEntity[] = [];
  for (const n of notFound) {
    const [title, ...others] = n.asFilm ? titles.filter((t) => saysShort(n.text, t)) : [];
    const at = saidAt(n.text, tokens)[0];
    if (!title || others.length || at === undefined) kept.push(n);
    else films.push({ id: title, name: title, type: "Movie", types: ["Movie"], text: n.text, tokenStart: at, tokenEnd: at + wordTokens(n.text).length, confidence: 0.8, alternatives: [] });
  }
  return { notFound: kept, films };
}
