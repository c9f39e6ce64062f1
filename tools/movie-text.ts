import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { FACT_FIELD, isRoleEdge, movieDocument, type MovieFacts } from "../src/kb/documents";
import type { EdgeType, KbNode } from "../src/kb/schema";
import type { Triple } from "./evidence";


/** A movie's facts from whichever graph store is configured. */
export async function movieFacts(kb: KnowledgeBase, id: string): Promise<MovieFacts> {
  const facts: MovieFacts = { node: -1, title: id, directors: [], writers: [], actors: [], years: [], languages: [], genres: [], tags: [], ratings: [], votes: [] };
  for (const nb of await kb.graph.neighbors(id)) {
    // From the movie, a role edge comes in (person → movie) and a value edge goes out.
    if (nb.direction === (isRoleEdge(nb.edge) ? "in" : "out")) facts[FACT_FIELD[nb.edge]].push(nb.id);
  }
  return facts;
}

/** The movie as the same short document the embedder indexed (plot included), every entity it names, and its facts as triples. */
export async function moviePassage(kb: KnowledgeBase, node: KbNode): Promise<{ text: string; entities: string[]; facts: Triple[] }> {
  const f = await movieFacts(kb, node.id);
  const facts: Triple[] = [];
  for (const [edge, field] of Object.entries(FACT_FIELD) as [EdgeType, keyof Omit<MovieFacts, "node" | "title">][]) {
    for (const v of f[field]) facts.push(isRoleEdge(edge) ? { subject: v, edge, object: node.id } : { subject: node.id, edge, object: v });
  }
  const entities = [node.id, ...facts.map((t) => (t.subject === node.id ? t.object : t.subject))];
  return { text: movieDocument(f, node.plot ?? ""), entities: [...new Set(entities)], facts };
}

/** "Title (1999)" */
export function titleWithYear(node: KbNode): string {
  return node.years?.length ? `${node.name} (${node.years.join(", ")})` : node.name;
}

/** A window of `text` around the first occurrence of any of the words, about `width` characters. */
export function snippet(text: string, words: readonly string[], width = 160): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const w of words) {
    const i = lower.indexOf(w.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) return text.length > width ? `${text.slice(0, width).trimEnd()}…` : text;
  const start = Math.max(0, at - Math.floor(width / 3));
  const end = Math.min(text.length, start + width);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
