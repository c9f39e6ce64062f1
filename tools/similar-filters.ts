import { z } from "zod";
import { conceptMembers, Concept } from "./find-movies";
import type { ToolContext } from "./tool";

/** Constraints every film like the seeds must meet ("like Alien but from the 90s", "like X but a comedy"). */
export const SimilarFilters = z
  .object({
    years: z.object({ from: z.number().int().min(0).max(9999), to: z.number().int().min(0).max(9999) }).strict().optional(),
    kind: Concept.optional(),
    /** A kind every returned movie must not be ("like Toy Story but not animated"). */
    notKind: Concept.optional(),
  })
  .strict();
export type SimilarFilters = z.infer<typeof SimilarFilters>;

/** Keeps the ranked movies that meet the question's constraints; says how many were dropped. */
export async function applyFilters<T extends { id: string }>(ranked: T[], f: SimilarFilters, ctx: ToolContext, notes: string[]): Promise<T[]> {
  let keep = ranked;
  if (f.years) {
    const years = await ctx.kb.graph.neighborsMany(keep.map((r) => r.id), { edges: ["RELEASED_IN"], direction: "out" });
    keep = keep.filter((r) => (years.get(r.id) ?? []).some((nb) => Number(nb.id) >= f.years!.from && Number(nb.id) <= f.years!.to));
  }
  if (f.kind) {
    const members = (await conceptMembers(ctx.kb, f.kind)).movies;
    keep = keep.filter((r) => members.has(r.id));
  }
  if (f.notKind) {
    const members = (await conceptMembers(ctx.kb, f.notKind)).movies;
    keep = keep.filter((r) => !members.has(r.id));
  }
  if (keep.length < ranked.length) notes.push(`depth_first: ${keep.length} of ${ranked.length} similar movies meet the constraints`);
  return keep;
}
