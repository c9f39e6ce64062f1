import type { KnowledgeBase } from "../src/kb/knowledge-base";
import type { ConceptFilmLink, ConceptInfo } from "../src/ports/concept-graph";
import { makeEvidence, type Evidence } from "./evidence";
import type { ToolContext } from "./tool";

/**
 * Down the concept graph: from concepts (or a community) to the films linked to them, strongest first,
 * each film once with every concept that led to it. Used by breadth_first when it is given concept
 * keys or a community, as the deep route's local step "from concepts down to films".
 */
export async function filmsUnderConcepts(keys: readonly string[], limit: number, ctx: ToolContext): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const graph = ctx.kb.concepts;
  if (!graph) return { evidence: [], notes: ["breadth_first: this knowledge base has no concept graph"] };
  const infos = await graph.get(keys);
  const known = keys.map((k, i) => [k, infos[i]] as const).filter((x): x is readonly [string, ConceptInfo] => x[1] !== undefined);
  const notes = keys.filter((_, i) => !infos[i]).map((k) => `breadth_first: no concept "${k}"`);
  if (!known.length) return { evidence: [], notes };
  const byConcept = await graph.filmsOf(known.map(([k]) => k), { limit: Math.max(limit, 50) });
  const films = new Map<string, { score: number; via: { concept: ConceptInfo; link: ConceptFilmLink }[] }>();
  for (const [key, concept] of known) {
    for (const link of byConcept.get(key) ?? []) {
      const e = films.get(link.film) ?? { score: 0, via: [] };
      e.score += link.weight;
      e.via.push({ concept, link });
      films.set(link.film, e);
    }
  }
  const ranked = [...films].sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
  const max = ranked[0]?.[1].score || 1;
  const evidence = known.map(([key, c], i) =>
    makeEvidence({ kind: "node", text: `concept "${c.name}" (${c.type}): ${c.films} films`, nodeIds: [key], focus: key, score: 1 - i * 0.05, tool: "breadth_first", step: ctx.step, meta: { role: "concept", films: c.films, conceptType: c.type } }),
  );
  for (const [film, e] of ranked) {
    const via = e.via.sort((a, b) => b.link.weight - a.link.weight);
    const text = `${film} is about ${via.map((v) => `"${v.concept.name}" (${v.link.sources.join(", ")})`).join(", ")}`;
    evidence.push(makeEvidence({ kind: "node", text, nodeIds: [film, ...via.map((v) => v.concept.key)], focus: film, focusType: "Movie", score: Math.round((e.score / max) * 1000) / 1000, tool: "breadth_first", step: ctx.step, meta: { role: "movie", concept: via[0]!.concept.key, concepts: via.map((v) => v.concept.key).join("|") } }));
  }
  if (films.size > ranked.length) notes.push(`breadth_first: showing ${ranked.length} of ${films.size} films linked to ${known.map(([, c]) => c.name).join(", ")}`);
  return { evidence, notes };
}

/** A community's representative films, with its report as the first evidence item. */
export async function filmsOfCommunity(kb: KnowledgeBase, id: string, limit: number, ctx: ToolContext): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const report = await kb.concepts?.community(id);
  if (!report) return { evidence: [], notes: [`breadth_first: no community "${id}"`] };
  const evidence: Evidence[] = [
    makeEvidence({ kind: "node", text: `community "${report.title}": ${report.summary}`, nodeIds: [id, ...report.topConcepts.slice(0, 5).map((c) => c.key)], focus: id, score: 1, tool: "breadth_first", step: ctx.step, meta: { role: "community", level: report.level, films: report.films } }),
  ];
  const films = report.representativeFilms.slice(0, limit);
  const max = films[0]?.weight || 1;
  for (const f of films) {
    evidence.push(makeEvidence({ kind: "node", text: `${f.film} is representative of "${report.title}"`, nodeIds: [f.film, id], focus: f.film, focusType: "Movie", score: Math.round((f.weight / max) * 1000) / 1000, tool: "breadth_first", step: ctx.step, meta: { role: "movie", community: id } }));
  }
  return { evidence, notes: report.representativeFilms.length > films.length ? [`breadth_first: showing ${films.length} of ${report.representativeFilms.length} representative films of "${report.title}"`] : [] };
}
