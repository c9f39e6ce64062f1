import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { FACT_FIELD, isRoleEdge, movieDocument, type MovieFacts } from "../src/kb/documents";
import type { EdgeType, KbNode, Neighbor } from "../src/kb/schema";
import type { Triple } from "./evidence";


/** A movie's facts read off its neighbours. */
function factsFrom(id: string, neighbors: readonly Neighbor[]): MovieFacts {
  const facts: MovieFacts = { node: -1, title: id, directors: [], writers: [], actors: [], years: [], languages: [], genres: [], tags: [], ratings: [], votes: [] };
  for (const nb of neighbors) {
    // From the movie, a role edge comes in (person → movie) and a value edge goes out.
    if (nb.direction === (isRoleEdge(nb.edge) ? "in" : "out")) facts[FACT_FIELD[nb.edge]].push(nb.id);
  }
  return facts;
}

export interface MoviePassage {
  text: string;
  /** Every entity the passage names. */
  entities: string[];
  facts: Triple[];
}

/**
 * Movies as the same short documents the embedder indexed (plot included), with every entity they
 * name and their facts as triples. One neighbours call for all of them (one round trip on Neo4j).
 */
export async function moviePassages(kb: KnowledgeBase, nodes: readonly KbNode[]): Promise<MoviePassage[]> {
  const all = await kb.graph.neighborsMany(nodes.map((n) => n.id));
  return nodes.map((node) => {
    const f = factsFrom(node.id, all.get(node.id) ?? []);
    const facts: Triple[] = [];
    for (const [edge, field] of Object.entries(FACT_FIELD) as [EdgeType, keyof Omit<MovieFacts, "node" | "title">][]) {
      for (const v of f[field]) facts.push(isRoleEdge(edge) ? { subject: v, edge, object: node.id } : { subject: node.id, edge, object: v });
    }
    const entities = [node.id, ...facts.map((t) => (t.subject === node.id ? t.object : t.subject))];
    return { text: movieDocument(f, node.plot ?? ""), entities: [...new Set(entities)], facts };
  });
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
