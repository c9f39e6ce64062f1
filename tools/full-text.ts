import { z } from "zod";
import { NODE_TYPES } from "../src/kb/schema";
import { TEXT_FIELDS } from "../src/ports/text-index";
import { makeEvidence, type Evidence } from "./evidence";
import { snippet, titleWithYear } from "./movie-text";
import { defineTool } from "./tool";

export const FullTextInput = z
  .object({
    query: z.string().trim().min(1, "query must not be empty").max(500),
    types: z.array(z.enum(NODE_TYPES)).min(1).optional(),
    limit: z.number().int().min(1).max(50).default(10),
    fuzzy: z.boolean().default(false),
    prefix: z.boolean().default(false),
    /** Search only these fields (a told plot: plot and overview, so titles that share a word do not win). */
    fields: z.array(z.enum(TEXT_FIELDS)).min(1).optional(),
  })
  .strict();

/** BM25 over titles, names, plots, overviews, tags and people, with the matching snippet. */
export const fullText = defineTool({
  name: "full_text",
  description:
    "BM25 full-text search over movie titles, people's names, plots, TMDB overviews, tags and cast/crew. Use for keywords, plot details or names the entity linker cannot resolve. Optional filter by node type.",
  input: FullTextInput,
  async run(input, ctx) {
    const hits = await ctx.kb.text.search(input.query, { types: input.types, limit: input.limit, fuzzy: input.fuzzy ? 0.2 : 0, prefix: input.prefix, ...(input.fields ? { fields: input.fields } : {}) });
    if (hits.length === 0) {
      return { evidence: [], notes: [`full_text: nothing matches "${input.query}"${input.fuzzy ? "" : " (fuzzy: true tolerates typos)"}`] };
    }
    const nodes = await ctx.kb.graph.getNodes(hits.map((h) => h.id));
    const top = hits[0]!.score;
    const evidence: Evidence[] = hits.map((h, i) => {
      const node = nodes[i]!;
      const terms = Object.keys(h.matched);
      const fields = [...new Set(Object.values(h.matched).flat())];
      const body = fields.includes("plot") && node.plot ? `plot: ${snippet(node.plot, terms)}` : fields.includes("overview") && node.overview ? `overview: ${snippet(node.overview, terms)}` : `matched ${fields.join(", ")}`;
      return makeEvidence({
        kind: "node",
        text: `${node.type} ${node.type === "Movie" ? titleWithYear(node) : node.name} — ${body}`,
        nodeIds: [node.id],
        focus: node.id,
        focusType: node.type,
        score: Math.round((h.score / top) * 1000) / 1000,
        tool: "full_text",
        step: ctx.step,
        meta: { bm25: Math.round(h.score * 100) / 100, matched: terms.join(" "), fields: fields.join(" ") },
      });
    });
    return { evidence, notes: [] };
  },
});
