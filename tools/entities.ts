import { AppError } from "../src/errors";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import type { QuestionAnalysis, TopicEntity } from "../src/question/analyze";
import { linkKey } from "../src/util/text";
import { isRoleEdge } from "../src/kb/documents";

/** An entity name that matches nothing in the KB; carries the closest names as suggestions. */
export class UnknownEntityError extends AppError {
  constructor(readonly mention: string, readonly suggestions: string[]) {
    super("unknown_entity", `unknown entity "${mention}"${suggestions.length ? `; closest names: ${suggestions.map((s) => `"${s}"`).join(", ")}` : "; no similar name in the knowledge base"}`, { mention, suggestions });
    this.name = "UnknownEntityError";
  }
}

/**
 * Resolves a name a caller gave to one KB node: the exact name, or a folded/typo match when it is
 * unambiguous enough. Anything looser is an UnknownEntityError with suggestions.
 */
export function resolveEntity(kb: KnowledgeBase, name: string): { id: string; name: string; type: TopicEntity["type"]; types: TopicEntity["types"] } {
  const cands = kb.linker.link(name, { limit: 5 });
  const top = cands[0];
  if (top && (top.match === "exact" || top.match === "folded" || (top.match === "fuzzy" && top.score >= 0.8))) return { id: top.id, name: top.name, type: top.type, types: top.types };
  throw new UnknownEntityError(name, cands.map((c) => c.name));
}

/** A given entity as a topic of the analysed question, placed at its mention when the question names it. */
export function topicFromName(kb: KnowledgeBase, analysis: QuestionAnalysis, name: string): TopicEntity {
  const e = resolveEntity(kb, name);
  const found = analysis.topics.find((t) => t.id === e.id);
  if (found) return found;
  const words = linkKey(e.name).split(" ");
  const folded = analysis.tokens.map((t) => t.folded);
  let at = -1;
  for (let i = 0; i + words.length <= folded.length && at < 0; i++) if (words.every((w, j) => folded[i + j] === w)) at = i;
  const start = at >= 0 ? at : analysis.tokens.length;
  return { ...e, text: e.name, tokenStart: start, tokenEnd: at >= 0 ? at + words.length : start, confidence: 1, alternatives: [] };
}

/** Most films one entity may narrow a search to (a prolific actor has a few hundred; a genre, thousands). */
const MAX_LINKED_FILMS = 20_000;

/**
 * The films linked to every named entity (a person in any role, a tag, a genre): the set a search is
 * narrowed to when a told plot names someone ("the one where bill murray relives the same day").
 */
export async function filmsLinkedToAll(kb: KnowledgeBase, names: readonly string[]): Promise<Set<string>> {
  let out: Set<string> | undefined;
  for (const name of names) {
    const e = resolveEntity(kb, name);
    const films = new Set((await kb.graph.neighbors(e.id, { direction: "both", limit: MAX_LINKED_FILMS })).filter((nb) => nb.direction === (isRoleEdge(nb.edge) ? "out" : "in")).map((nb) => nb.id));
    // A person is also on the films tagged with their name (Cast Away lists Tom Hanks only as a tag).
    const tag = e.types.includes("Person") ? kb.linker.link(e.name, { types: ["Tag"], limit: 1 }).find((c) => linkKey(c.name) === linkKey(e.name)) : undefined;
    if (tag) for (const nb of await kb.graph.neighbors(tag.id, { edges: ["HAS_TAG"], direction: "in", limit: MAX_LINKED_FILMS })) films.add(nb.id);
    out = out ? new Set([...out].filter((m) => films.has(m))) : films;
  }
  return out ?? new Set();
}

/** Years a film can have: a range is read within these. */
const FIRST_FILM_YEAR = 1880;
const LAST_FILM_YEAR = 2030;

/** The films released in a range of years (any of their release years), through each year's node. */
export async function filmsReleasedIn(kb: KnowledgeBase, years: { from: number; to: number }): Promise<Set<string>> {
  const ids: string[] = [];
  for (let y = Math.max(years.from, FIRST_FILM_YEAR); y <= Math.min(years.to, LAST_FILM_YEAR); y++) ids.push(String(y));
  const released = await kb.graph.neighborsMany(ids, { edges: ["RELEASED_IN"], direction: "in" });
  return new Set([...released.values()].flat().map((nb) => nb.id));
}
