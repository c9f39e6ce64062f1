import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { PartOf } from "../../src/plan/schema";

/**
 * "Like Heat but newer": the years after the latest film started from (or before the earliest); a film TMDB lists and
 * the graph lacks gives its row's year. Undefined when the part says no age or no seed has a year.
 */
export async function yearsBeyondSeeds(part: Pick<PartOf<"similar">, "seeds" | "tmdbOnly" | "age">, kb: KnowledgeBase): Promise<{ from: number; to: number } | undefined> {
  if (!part.age) return undefined;
  const nodes = await kb.graph.getNodes(part.seeds.map((s) => s.id));
  const years = [...nodes.flatMap((n) => (n?.years ?? []).map(Number)), ...(part.tmdbOnly ?? []).map((t) => Number(t.year))].filter((y) => Number.isFinite(y));
  if (!years.length) return undefined;
  return part.age === "newer" ? { from: Math.max(...years) + 1, to: 9999 } : { from: 0, to: Math.min(...years) - 1 };
}
