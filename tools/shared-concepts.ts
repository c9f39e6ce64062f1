import type { ConceptInfo, FilmConceptLink } from "../src/ports/concept-graph";
import { makeEvidence, type Evidence } from "./evidence";
import type { ToolContext } from "./tool";

/** Concept types that say what a film is about; a series says which family it belongs to, which "like X" is not asking for. */
export const ABOUT_TYPES: ReadonlySet<string> = new Set(["genre", "theme", "setting", "mood", "phrase", "character"]);
/** Films read down from one concept at most (its strongest links). */
export const PER_CONCEPT_FILMS = 300;

export interface SharedConceptResult {
  id: string;
  score: number;
  via: { concept: ConceptInfo; weight: number }[];
}

/**
 * "Like X" by what the films are about: the concepts the seeds hold (a concept several seeds share,
 * and a specific one, counts most), then the films that hold the most of them, weighted by both
 * links' strength. People are not climbed through: a shared director is not a shared story.
 */
export async function filmsSharingConcepts(seeds: readonly string[], concepts: number, ctx: ToolContext): Promise<{ ranked: SharedConceptResult[]; evidence: Evidence[]; notes: string[] }> {
  const graph = ctx.kb.concepts;
  if (!graph) return { ranked: [], evidence: [], notes: ["depth_first: this knowledge base has no concept graph; climbing through the KB's relations"] };
  const seedSet = new Set(seeds);
  const ofSeeds = await graph.conceptsOf(seeds, { limit: 80 });
  const shared = new Map<string, { concept: ConceptInfo; weight: number; seeds: string[] }>();
  for (const seed of seeds) {
    for (const link of ofSeeds.get(seed) ?? []) {
      if (!ABOUT_TYPES.has(link.concept.type) || link.concept.films <= 1) continue;
      const e = shared.get(link.concept.key) ?? { concept: link.concept, weight: 0, seeds: [] };
      e.weight += link.weight;
      e.seeds.push(seed);
      shared.set(link.concept.key, e);
    }
  }
  const top = [...shared.values()].sort((a, b) => b.seeds.length - a.seeds.length || b.weight - a.weight || (a.concept.key < b.concept.key ? -1 : 1)).slice(0, concepts);
  if (!top.length) return { ranked: [], evidence: [], notes: ["depth_first: the seed films hold no concept other films share"] };
  const down = await graph.filmsOf(top.map((c) => c.concept.key), { limit: PER_CONCEPT_FILMS });
  const score = new Map<string, SharedConceptResult>();
  for (const c of top) {
    for (const link of down.get(c.concept.key) ?? []) {
      if (seedSet.has(link.film)) continue;
      const e = score.get(link.film) ?? { id: link.film, score: 0, via: [] };
      e.score += c.weight * link.weight;
      e.via.push({ concept: c.concept, weight: c.weight * link.weight });
      score.set(link.film, e);
    }
  }
  const max = top[0]!.weight || 1;
  const evidence = top.map((c) =>
    makeEvidence({ kind: "node", text: `${c.concept.name} (${c.concept.type}) is shared by ${c.seeds.length} of ${seeds.length} seed films: ${c.seeds.join(", ")}`, nodeIds: [c.concept.key, ...c.seeds], focus: c.concept.key, score: Math.round((c.weight / max) * 1000) / 1000, tool: "depth_first", step: ctx.step, meta: { role: "concept", sharedBy: c.seeds.length, films: c.concept.films } }),
  );
  return { ranked: [...score.values()], evidence, notes: [] };
}

export type { FilmConceptLink };
