import { z } from "zod";
import { NODE_TYPES } from "../src/kb/schema";
import { TEXT_FIELDS, type TextHit, type TextQuery } from "../src/ports/text-index";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { indexTerm, indexTerms, indexTokens } from "../src/kb/text-fields";
import { makeEvidence, type Evidence } from "./evidence";
import { snippet, titleWithYear } from "./movie-text";
import { filmsLinkedToAll, filmsReleasedIn } from "./entities";
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
     * "story": plain BM25 over each film's story as one text (title, plot, overview, keywords, tags),
     * summed over the terms: a film described at length, half remembered. Films only; with `fields`, only
     * those texts count and the score is scaled by √(terms matched), as "sum" does.
     */
    scoring: z.enum(["bm25", "sum", "story"]).default("bm25"),
    /** A weight per word of the query (1 when absent): a word of a post's title, or said twice, counts more. */
    weights: z.record(z.string().trim().min(1).max(100), z.number().min(0).max(10)).optional(),
    /** Only films linked to every one of these entities (a told plot that names an actor: only that actor's films). */
    linkedTo: z.array(z.string().trim().min(1).max(300)).max(3).optional(),
    /** Only films released in these years (a known item's remembered years: its story among the films of that time). */
    years: z.object({ from: z.number().int().min(0).max(9999), to: z.number().int().min(0).max(9999) }).strict().refine((y) => y.from <= y.to, { message: "years.from must not be after years.to" }).optional(),
  })
  .strict();

/** Hits a "sum" search reads when it keeps only some films (linkedTo): deep enough that the films that matter are in it. */
const AMONG_WINDOW = 2000;
/** At most this many distinct terms are searched (a 500-character query has fewer). */
const SUM_MAX_TERMS = 48;
/** A document's summed score is multiplied by (terms matched)^this: a softened coordination factor, where MiniSearch's is 1. */
const SUM_COORDINATION = 0.5;

/**
 * Per-term BM25, summed, in one search through the TextIndex port (so every backend scores the same
 * way): each distinct index term once, in its first spelling, with its weight when given, and a
 * document's score scaled by √(terms it matched) rather than by their number.
 */
export async function searchSummed(kb: KnowledgeBase, query: string, options: TextQuery & { limit: number }, among?: ReadonlySet<string>): Promise<TextHit[]> {
  const terms = new Map<string, string>();
  for (const token of indexTokens(query)) {
    const term = indexTerm(token);
    if (term && !terms.has(term)) terms.set(term, token);
  }
  const words = [...terms.values()].slice(0, SUM_MAX_TERMS);
  if (!words.length) return [];
  const hits = await kb.text.search(words.join(" "), { ...options, coordination: SUM_COORDINATION, limit: among ? Math.max(AMONG_WINDOW, options.limit) : options.limit });
  return (among ? hits.filter((h) => among.has(h.id)) : hits).slice(0, options.limit);
}

/** The films a search keeps: those linked to every entity named and released in the years given (all when neither is). */
async function amongFilms(kb: KnowledgeBase, input: Pick<z.infer<typeof FullTextInput>, "linkedTo" | "years">): Promise<Set<string> | undefined> {
  const linked = input.linkedTo?.length ? await filmsLinkedToAll(kb, input.linkedTo) : undefined;
  const released = input.years ? await filmsReleasedIn(kb, input.years) : undefined;
  return linked && released ? new Set([...linked].filter((f) => released.has(f))) : (linked ?? released);
}

function amongSaid(input: Pick<z.infer<typeof FullTextInput>, "linkedTo" | "years">): string {
  return [input.linkedTo?.length ? `linked to ${input.linkedTo.join(" and ")}` : "", input.years ? `released ${input.years.from}–${input.years.to}` : ""].filter(Boolean).join(" and ");
}

/** BM25 over titles, names, plots, overviews, tags and people, with the matching snippet. */
export const fullText = defineTool({
  name: "full_text",
  description:
    "BM25 full-text search over movie titles, people's names, plots, TMDB overviews, tags and cast/crew. Use for keywords, plot details or names the entity linker cannot resolve. Optional filter by node type. For a film's story told in many words, scoring \"sum\" adds each word's BM25 and scales by the square root of the words matched, so a rare word counts more than several common ones.",
  input: FullTextInput,
  async run(input, ctx) {
    const termWeights = input.weights ? Object.fromEntries(Object.entries(input.weights).flatMap(([w, x]) => indexTerms(w).map((t) => [t, x] as const))) : undefined;
    const query = { types: input.types, limit: input.limit, fuzzy: input.fuzzy ? 0.2 : 0, prefix: input.prefix, ...(input.fields ? { fields: input.fields } : {}), ...(termWeights ? { termWeights } : {}) };
    const among = await amongFilms(ctx.kb, input);
    const hits = input.scoring === "story"
      ? await ctx.kb.text.searchStories(input.query, { limit: input.limit, ...(among ? { among } : {}), ...(termWeights ? { termWeights } : {}), ...(input.fields ? { fields: input.fields, coordination: SUM_COORDINATION } : {}) })
      : input.scoring === "sum"
      ? await searchSummed(ctx.kb, input.query, query, among)
      : among
        ? (await ctx.kb.text.search(input.query, { ...query, limit: AMONG_WINDOW })).filter((h) => among.has(h.id)).slice(0, input.limit)
        : await ctx.kb.text.search(input.query, query);
    if (hits.length === 0) {
      return { evidence: [], notes: [`full_text: nothing matches "${input.query}"${among ? ` among the ${among.size} films ${amongSaid(input)}` : ""}${input.fuzzy ? "" : " (fuzzy: true tolerates typos)"}`] };
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
