import { AppError } from "../src/errors";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import type { QuestionAnalysis, TopicEntity } from "../src/question/analyze";
import { linkKey } from "../src/util/text";

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
