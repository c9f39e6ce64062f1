import { z } from "zod";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { EDGE_SPECS, type EdgeType, type NodeType } from "../src/kb/schema";
import { makeEvidence, tripleFrom, tripleText, type Evidence } from "./evidence";
import { Concept } from "./find-movies";
import { genreDistribution } from "./genre-distribution";
import { defineTool, type ToolContext } from "./tool";
import { filmsOfCommunity, filmsUnderConcepts } from "./concept-walk";

const CONCEPT_TYPES = ["Genre", "Tag", "Language", "Year"] as const;
type ConceptType = (typeof CONCEPT_TYPES)[number];
const EDGE_OF: Record<ConceptType, EdgeType> = { Genre: "HAS_GENRE", Tag: "HAS_TAG", Language: "IN_LANGUAGE", Year: "RELEASED_IN" };

export const BreadthFirstInput = z
  .object({
    query: z.string().trim().min(1, "query must not be empty").max(1000),
    conceptTypes: z.array(z.enum(CONCEPT_TYPES)).min(1).default(["Genre", "Tag"]),
    concepts: z.number().int().min(1).max(10).default(3),
    moviesPerConcept: z.number().int().min(1).max(20).default(5),
    /** A kind of film named by all its KB and TMDB names; with it, the genre distribution of its films is returned too. */
    kind: Concept.optional(),
    /** Concept-graph keys ("keyword:strong woman"): the films linked to them, strongest first, instead of KB genres and tags. */
    conceptKeys: z.array(z.string().trim().min(1).max(200)).min(1).max(10).optional(),
    /** A concept community's id: its representative films. */
    community: z.string().trim().min(1).max(100).optional(),
    /** How many films to return from concept keys or a community. */
    films: z.number().int().min(1).max(100).default(40),
  })
  .strict();

/** What the graph says about a concept: size, when, who, and what it goes with. */
export interface ConceptSummary {
  id: string;
  type: NodeType;
  movies: number;
  topDecades: [string, number][];
  topDirectors: [string, number][];
  coOccurring: [string, number][];
  text: string;
}

const summaries = new WeakMap<KnowledgeBase, Map<string, ConceptSummary>>();

/** A concept's summary, computed from the graph once and kept (the graph does not change). */
export async function conceptSummary(kb: KnowledgeBase, id: string, type: ConceptType): Promise<ConceptSummary> {
  let cache = summaries.get(kb);
  if (!cache) summaries.set(kb, (cache = new Map()));
  const hit = cache.get(id);
  if (hit) return hit;
  const movies = (await kb.graph.neighbors(id, { edges: [EDGE_OF[type]], direction: "in" })).map((n) => n.id);
  const facts = await kb.graph.neighborsMany(movies, { edges: ["RELEASED_IN", "DIRECTED", "HAS_GENRE", "HAS_TAG"] });
  const decades = new Map<string, number>();
  const directors = new Map<string, number>();
  const other = new Map<string, number>();
  for (const list of facts.values()) {
    for (const nb of list) {
      if (nb.id === id) continue;
      if (nb.edge === "RELEASED_IN" && /^\d{4}$/.test(nb.id)) bump(decades, `${nb.id.slice(0, 3)}0s`);
      else if (nb.edge === "DIRECTED") bump(directors, nb.id);
      else if (nb.edge === "HAS_GENRE" || nb.edge === "HAS_TAG") bump(other, nb.id);
    }
  }
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);
  const s: ConceptSummary = { id, type, movies: movies.length, topDecades: top(decades, 3), topDirectors: top(directors, 3), coOccurring: top(other, 5), text: "" };
  const list = (xs: [string, number][]) => xs.map(([k, v]) => `${k} (${v})`).join(", ");
  s.text = [
    `${type} "${id}": ${s.movies} movies`,
    s.topDecades.length ? `mostly from ${list(s.topDecades)}` : "",
    s.topDirectors.length ? `directors: ${list(s.topDirectors)}` : "",
    s.coOccurring.length ? `goes with: ${list(s.coOccurring)}` : "",
  ]
    .filter(Boolean)
    .join("; ");
  cache.set(id, s);
  return s;
}

function bump(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

/**
 * Concepts first: find the genres, tags, languages or years the question is about, summarise each
 * from the graph, and return its most representative movies for the question.
 */
export const breadthFirst = defineTool({
  name: "breadth_first",
  description:
    "Start from concepts (genres, tags, languages, years) that match the query, summarise each (how many movies, when, who directed them, what they go with) and return representative movies under them; with `kind`, also the genre distribution of every film of that kind; with `conceptKeys` (from find_concepts), the films linked to those concepts; with `community`, a concept community's representative films. Use for questions about a kind of film ('are vampire films scary or funny?', 'movies about time travel').",
  input: BreadthFirstInput,
  async run(input, ctx) {
    const { kb } = ctx;
    if (input.conceptKeys) return filmsUnderConcepts(input.conceptKeys, input.films, ctx);
    if (input.community) return filmsOfCommunity(kb, input.community, input.films, ctx);
    const distribution = input.kind ? await genreDistribution(kb, input.kind, ctx.step) : undefined;
    const rest = await conceptsFirst(input, ctx);
    return distribution ? { evidence: [...distribution.evidence, ...rest.evidence], notes: [...distribution.notes, ...rest.notes] } : rest;
  },
});

async function conceptsFirst(input: z.infer<typeof BreadthFirstInput>, ctx: ToolContext): Promise<{ evidence: Evidence[]; notes: string[] }> {
    const { kb } = ctx;
    const types = input.conceptTypes as ConceptType[];
    const found = new Map<string, { type: ConceptType; score: number }>();
    // Concept names said outright come first, then BM25 over concept names.
    for (const m of kb.linker.findMentions(input.query, { limit: 8 })) {
      const c = m.candidates.find((x) => x.match !== "partial" && x.types.some((t) => (types as string[]).includes(t)));
      if (c) found.set(c.id, { type: c.types.find((t) => (types as string[]).includes(t)) as ConceptType, score: 10 + m.confidence });
    }
    const hits = (await kb.text.search(input.query, { types, limit: 10, fields: ["name"] })).filter((h) => !found.has(h.id));
    const hitNodes = await kb.graph.getNodes(hits.map((h) => h.id));
    hits.forEach((h, i) => {
      const t = hitNodes[i]?.types.find((x) => (types as string[]).includes(x)) as ConceptType | undefined;
      if (t) found.set(h.id, { type: t, score: h.score / 100 });
    });
    const concepts = [...found.entries()].sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1)).slice(0, input.concepts);
    if (concepts.length === 0) return { evidence: [], notes: [`breadth_first: no ${types.join("/")} matches "${input.query}"; try full_text or semantic_search`] };

    const [qv] = await kb.embedder.embed([input.query], { kind: "query", signal: ctx.signal });
    const hasSignal = qv!.some((x) => x !== 0);
    const conceptIds = new Set(concepts.map(([id]) => id));
    const evidence: Evidence[] = [];
    const notes: string[] = [];
    for (const [rank, [id, { type }]] of concepts.entries()) {
      const summary = await conceptSummary(kb, id, type);
      evidence.push(makeEvidence({ kind: "node", text: summary.text, nodeIds: [id], focus: id, focusType: type, score: 1 - rank * 0.1, tool: "breadth_first", step: ctx.step, meta: { role: "concept", movies: summary.movies } }));
      const members = (await kb.graph.neighbors(id, { edges: [EDGE_OF[type]], direction: "in" })).map((n) => n.id);
      // Representative: close to the query, under several of the matched concepts, well connected.
      const sims = hasSignal ? new Map((await kb.vectors.search(qv!, { ids: members, k: members.length })).map((h) => [h.id, h.score])) : new Map<string, number>();
      const nodes = await kb.graph.getNodes(members);
      const others = await kb.graph.neighborsMany(members, { edges: ["HAS_GENRE", "HAS_TAG", "IN_LANGUAGE", "RELEASED_IN"] });
      const scored = members.map((m, i) => {
        const alsoIn = (others.get(m) ?? []).filter((nb) => nb.id !== id && conceptIds.has(nb.id)).length;
        return { id: m, score: (sims.get(m) ?? 0) + 0.3 * alsoIn + 0.02 * Math.log1p(nodes[i]?.degree ?? 0), alsoIn };
      });
      scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      const top = scored.slice(0, input.moviesPerConcept);
      const maxS = top[0]?.score || 1;
      for (const m of top) {
        const t = tripleFrom(m.id, EDGE_OF[type], "out", id);
        evidence.push(makeEvidence({ kind: "path", text: `${tripleText(t)}`, nodeIds: [m.id, id], focus: m.id, focusType: "Movie", path: [t], score: Math.round((m.score / maxS) * 1000) / 1000, tool: "breadth_first", step: ctx.step, meta: { role: "movie", concept: id, alsoInMatched: m.alsoIn } }));
      }
      if (members.length > top.length) notes.push(`breadth_first: ${EDGE_SPECS[EDGE_OF[type]].backwardLabel} "${id}": showing ${top.length} of ${members.length} movies`);
    }
    return { evidence, notes };
}
