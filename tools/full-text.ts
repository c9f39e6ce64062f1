import { z } from "zod";
import { NODE_TYPES } from "../src/kb/schema";
import { TEXT_FIELDS, type TextField, type TextHit, type TextQuery } from "../src/ports/text-index";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { indexTerm, indexTokens } from "../src/kb/text-fields";
import { makeEvidence, type Evidence } from "./evidence";
import { snippet, titleWithYear } from "./movie-text";
import { filmsLinkedToAll } from "./entities";
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
    /**
     * How a many-word query scores. "bm25": one search, the index's own scoring (MiniSearch multiplies a
     * document's score by how many query terms it holds, so three common words outvote one rare one).
     * "sum": each term searched alone and a document's per-term BM25 scores added, times the square root
     * of how many terms it matched (a told plot: "magicians" outweighs "use", "try" and "london").
     */
    scoring: z.enum(["bm25", "sum"]).default("bm25"),
    /** Only films linked to every one of these entities (a told plot that names an actor: only that actor's films). */
    linkedTo: z.array(z.string().trim().min(1).max(300)).max(3).optional(),
  })
  .strict();

/** How many hits each term of a "sum" search contributes: deep enough that a common term still adds to the films that matter. */
const SUM_HITS_PER_TERM = 2000;
/** At most this many distinct terms are searched one by one (a 500-character query has fewer). */
const SUM_MAX_TERMS = 48;
/** A document's summed score is multiplied by (terms matched)^this: a softened coordination factor, where MiniSearch's is 1. */
const SUM_COORDINATION = 0.5;

/**
 * Per-term BM25, summed: one search per distinct index term through the TextIndex port (so every
 * backend scores the same way), each document's scores added and scaled by √(terms it matched).
 */
export async function searchSummed(kb: KnowledgeBase, query: string, options: TextQuery & { limit: number }, among?: ReadonlySet<string>): Promise<TextHit[]> {
  const terms = new Map<string, string>();
  for (const token of indexTokens(query)) {
    const term = indexTerm(token);
    if (term && !terms.has(term)) terms.set(term, token);
  }
  const perTerm = await Promise.all([...terms.values()].slice(0, SUM_MAX_TERMS).map((token) => kb.text.search(token, { ...options, limit: Math.max(SUM_HITS_PER_TERM, options.limit) })));
  // Scores and matched-term counts first; the matched fields are merged for the top hits only.
  const score = new Map<string, number>();
  const count = new Map<string, number>();
  for (const hits of perTerm) {
    for (const h of hits) {
      score.set(h.id, (score.get(h.id) ?? 0) + h.score);
      count.set(h.id, (count.get(h.id) ?? 0) + 1);
    }
  }
  const top = [...score]
    .filter(([id]) => !among || among.has(id))
    .map(([id, s]) => ({ id, score: s * count.get(id)! ** SUM_COORDINATION }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, options.limit);
  const out = new Map(top.map((t) => [t.id, { ...t, type: undefined as TextHit["type"] | undefined, matched: {} as TextHit["matched"] }]));
  for (const hits of perTerm) {
    for (const h of hits) {
      const o = out.get(h.id);
      if (!o) continue;
      o.type = h.type;
      for (const [term, fields] of Object.entries(h.matched)) o.matched[term] = [...new Set<TextField>([...(o.matched[term] ?? []), ...fields])];
    }
  }
  return [...out.values()].map((o) => ({ id: o.id, type: o.type!, score: o.score, matched: o.matched }));
}

/** BM25 over titles, names, plots, overviews, tags and people, with the matching snippet. */
export const fullText = defineTool({
  name: "full_text",
  description:
    "BM25 full-text search over movie titles, people's names, plots, TMDB overviews, tags and cast/crew. Use for keywords, plot details or names the entity linker cannot resolve. Optional filter by node type. For a film's story told in many words, scoring \"sum\" searches each word alone and adds the scores, so a rare word counts more than several common ones.",
  input: FullTextInput,
  async run(input, ctx) {
    const query = { types: input.types, limit: input.limit, fuzzy: input.fuzzy ? 0.2 : 0, prefix: input.prefix, ...(input.fields ? { fields: input.fields } : {}) };
    const among = input.linkedTo?.length ? await filmsLinkedToAll(ctx.kb, input.linkedTo) : undefined;
    const hits = input.scoring === "sum"
      ? await searchSummed(ctx.kb, input.query, query, among)
      : among
        ? (await ctx.kb.text.search(input.query, { ...query, limit: SUM_HITS_PER_TERM })).filter((h) => among.has(h.id)).slice(0, input.limit)
        : await ctx.kb.text.search(input.query, query);
    if (hits.length === 0) {
      return { evidence: [], notes: [`full_text: nothing matches "${input.query}"${among ? ` among the ${among.size} films linked to ${input.linkedTo!.join(" and ")}` : ""}${input.fuzzy ? "" : " (fuzzy: true tolerates typos)"}`] };
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
        // degree: how many KB facts the node has, a stand-in for fame where TMDB has no vote count.
        meta: { bm25: Math.round(h.score * 100) / 100, matched: terms.join(" "), fields: fields.join(" "), degree: node.degree, ...(input.scoring === "sum" ? { scoring: "sum" } : {}) },
      });
    });
    return { evidence, notes: [] };
  },
});
