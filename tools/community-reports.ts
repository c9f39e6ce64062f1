import { z } from "zod";
import type { CommunityReport } from "../src/ports/concept-graph";
import { makeEvidence, type Evidence } from "./evidence";
import { defineTool, type ToolContext } from "./tool";

export const CommunityReportsInput = z
  .object({
    /** Words to rank community reports by (BM25 over their titles, top concepts and summaries). */
    query: z.string().trim().min(1, "query must not be empty").max(1000).optional(),
    /** One community by id ("c12", "c12.3"), with its sub-communities. */
    id: z.string().trim().regex(/^c\d+(?:\.\d+)*$/, 'a community id looks like "c12" or "c12.3"').optional(),
    /** Only communities of this level (0 = the broadest). */
    level: z.number().int().min(0).max(9).optional(),
    limit: z.number().int().min(1).max(20).default(5),
  })
  .strict()
  .refine((v) => (v.query === undefined) !== (v.id === undefined), { message: "give exactly one of query (rank communities) or id (one community and its sub-communities)", path: ["query"] })
  .refine((v) => v.level === undefined || v.query !== undefined, { message: "level filters a query; a community id already names its level", path: ["level"] });

/** How many representative films a report's evidence names (the report lists up to ten). */
const FILMS_NAMED = 5;

function reportEvidence(r: CommunityReport, score: number, role: string, ctx: ToolContext): Evidence {
  const films = r.representativeFilms.slice(0, FILMS_NAMED).map((f) => f.film);
  return makeEvidence({
    kind: "passage",
    text: `Community ${r.id} (level ${r.level}): ${r.title}. ${r.summary}`,
    nodeIds: films,
    focus: r.id,
    score,
    tool: "community_reports",
    step: ctx.step,
    meta: {
      role,
      community: r.id,
      level: r.level,
      ...(r.parent ? { parent: r.parent } : {}),
      children: r.children.join(" "),
      concepts: r.topConcepts.map((c) => c.key).join(" | "),
      conceptCount: r.concepts,
      films: r.films,
    },
  });
}

/**
 * Community reports of the concept graph as a tool (the primer of a DRIFT-style search): the
 * communities whose reports best match a query, or one community with its sub-communities. Each
 * report says its most central concepts, films that hold the most of them, and its genre and decade
 * spread, all computed from the data.
 */
export const communityReports = defineTool({
  name: "community_reports",
  description:
    "Rank the concept graph's communities (groups of themes, settings, characters and moods that share films) by how well their reports match `query`, optionally at one `level` (0 = broadest); or read one community by `id` with its sub-communities. Each report names its central concepts (keys usable with find_concepts), representative films, and genre and decade spread.",
  input: CommunityReportsInput,
  async run(input, ctx) {
    if (input.id !== undefined) {
      const r = await ctx.kb.concepts.community(input.id);
      if (!r) return { evidence: [], notes: [`community_reports: no community has the id "${input.id}"; find ids with a query`] };
      const children = (await Promise.all(r.children.map((id) => ctx.kb.concepts.community(id)))).filter((c): c is CommunityReport => c !== undefined);
      const shown = children.slice(0, input.limit);
      const notes = children.length > shown.length ? [`community_reports: ${r.id}: showing ${shown.length} of ${children.length} sub-communities`] : [];
      return { evidence: [reportEvidence(r, 1, "community", ctx), ...shown.map((c, i) => reportEvidence(c, Math.round((0.9 - i * 0.01) * 1000) / 1000, "sub-community", ctx))], notes };
    }
    const hits = await ctx.kb.concepts.searchCommunities(input.query!, { level: input.level, limit: input.limit });
    if (hits.length === 0) return { evidence: [], notes: [`community_reports: no community report matches "${input.query}"${input.level !== undefined ? ` at level ${input.level}` : ""}`] };
    return { evidence: hits.map((h) => reportEvidence(h.report, h.score, "community", ctx)), notes: [] };
  },
});
