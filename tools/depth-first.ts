import { z } from "zod";
import { EDGE_TYPES, type EdgeType, type Neighbor } from "../src/kb/schema";
import { reciprocalRankFusion } from "../src/retrieval/fusion";
import { makeEvidence, pathText, tripleFrom, type Evidence, type Triple } from "./evidence";
import { resolveEntity } from "./entities";
import { titleWithYear } from "./movie-text";
import { applyFilters, SimilarFilters } from "./similar-filters";
import { likeTmdbOnly } from "./like-tmdb-only";
import { TmdbOnlyRef } from "../src/plan/schema";
import { defineTool, type ToolContext } from "./tool";
import { filmsSharingConcepts } from "./shared-concepts";

/** Fusion of BM25 and vector ranks chosen on held-out TMDB queries (`npm run bench -- kb`). */
const FUSION = { k: 10, weights: [1, 0.1] } as const;
const MAX_VISITS = 60_000;
/**
 * How much sharing each kind of neighbour says about similarity: the same director or writer says
 * most, a tag or an actor a good deal, a genre little (there are few and they are broad), a year
 * or a language almost nothing.
 */
const EDGE_WEIGHT: Readonly<Record<EdgeType, number>> = { DIRECTED: 2, WROTE: 1.5, ACTED_IN: 1, HAS_TAG: 1, HAS_GENRE: 0.5, RELEASED_IN: 0.1, IN_LANGUAGE: 0.1, HAS_RATING: 0.1, HAS_VOTES: 0.1 };

export const DepthFirstInput = z
  .object({
    query: z.string().trim().min(1).max(1000).optional(),
    movies: z.array(z.string().trim().min(1).max(300)).min(1).max(10).optional(),
    seeds: z.number().int().min(1).max(10).default(3),
    concepts: z.number().int().min(1).max(20).default(8),
    results: z.number().int().min(1).max(30).default(8),
    /** Which relations to climb through (all by default). */
    edges: z.array(z.enum(EDGE_TYPES)).min(1).optional(),
    /** `graph`: the KB's people, genres and tags; `concepts`: what the films are about (the concept graph), no people. */
    via: z.enum(["graph", "concepts"]).default("graph"),
    /** Films TMDB lists and the KB lacks to start from instead ("like Star Wars"): by what their TMDB rows are about. */
    tmdbOnly: z.array(TmdbOnlyRef).min(1).max(3).optional(),
    /** Constraints every returned movie must meet ("like Alien but from the 90s", "like X but a comedy"). */
    filters: SimilarFilters.optional(),
  })
  .strict()
  .refine((v) => v.query !== undefined || v.movies !== undefined || v.tmdbOnly !== undefined, { message: "give a query, seed movies, or both; or films TMDB lists (tmdbOnly)", path: ["query"] })
  .refine((v) => v.tmdbOnly === undefined || (v.query === undefined && v.movies === undefined), { message: "tmdbOnly starts from films the KB lacks: give it without a query or seed movies (one call per kind of seed)", path: ["tmdbOnly"] });

/**
 * Movies first: find specific seed movies (named, or by hybrid BM25 + vector search), climb to the
 * people and concepts they share, rank those by how many seeds share them and how specific they are,
 * come back down to the movies that share the most, and rerank by similarity to the query.
 */
export const depthFirst = defineTool({
  name: "depth_first",
  description:
    "Start from specific movies (named in `movies`, or found from `query`), find the people, genres and tags they share, and return other movies that share the most of them, each with its path. Use for 'movies like X' and for what a set of movies has in common.",
  input: DepthFirstInput,
  async run(input, ctx) {
    const { kb } = ctx;
    const notes: string[] = [];
    if (input.tmdbOnly) return likeTmdbOnly(input.tmdbOnly, input, ctx, notes);
    const seeds = await findSeeds(input, ctx, notes);
    if (seeds.length === 0) return { evidence: [], notes: [...notes, "depth_first: no seed movie found"] };
    if (input.via === "concepts" && kb.concepts) return byConcepts(seeds, input, ctx, notes);
    const seedSet = new Set(seeds);
    const edges = input.edges as EdgeType[] | undefined;
    const movieCount = (await kb.graph.stats()).nodesByType.Movie || 1;

    // Climb: which people and values do the seeds share?
    const seedNeighbors = await kb.graph.neighborsMany(seeds, { edges });
    const shared = new Map<string, { seeds: { seed: string; nb: Neighbor }[] }>();
    for (const seed of seeds) {
      for (const nb of seedNeighbors.get(seed) ?? []) {
        if (seedSet.has(nb.id)) continue;
        const entry = shared.get(nb.id) ?? { seeds: [] };
        if (!entry.seeds.some((s) => s.seed === seed)) entry.seeds.push({ seed, nb });
        shared.set(nb.id, entry);
      }
    }
    const conceptIds = [...shared.keys()];
    const degrees = new Map<string, number>();
    for (const n of await kb.graph.getNodes(conceptIds)) if (n) degrees.set(n.id, n.degree);
    const concepts = conceptIds
      .map((id) => {
        const deg = degrees.get(id) ?? 1;
        const specificity = Math.log(1 + movieCount / deg);
        const edge = shared.get(id)!.seeds[0]!.nb.edge;
        return { id, seeds: shared.get(id)!.seeds, degree: deg, weight: shared.get(id)!.seeds.length * specificity * EDGE_WEIGHT[edge] };
      })
      .filter((c) => c.degree > c.seeds.length) // a concept only the seeds have leads nowhere
      .sort((a, b) => b.seeds.length - a.seeds.length || b.weight - a.weight || (a.id < b.id ? -1 : 1))
      .slice(0, input.concepts);
    if (concepts.length === 0) return { evidence: seedEvidence(seeds, ctx, await kb.graph.getNodes(seeds)), notes: [...notes, "depth_first: the seed movies share nothing that leads to other movies"] };

    // Come back down: movies reached through the shared concepts, scored by the concepts' weights.
    const down = await kb.graph.neighborsMany(concepts.map((c) => c.id), { edges, neighborType: "Movie" });
    const score = new Map<string, { score: number; via: { concept: (typeof concepts)[number]; nb: Neighbor }[] }>();
    let visits = 0;
    for (const c of concepts) {
      for (const nb of down.get(c.id) ?? []) {
        if (++visits > MAX_VISITS) break;
        if (seedSet.has(nb.id)) continue;
        const entry = score.get(nb.id) ?? { score: 0, via: [] };
        entry.score += c.weight;
        entry.via.push({ concept: c, nb });
        score.set(nb.id, entry);
      }
    }
    if (visits > MAX_VISITS) notes.push(`depth_first: stopped after ${MAX_VISITS} movie visits through very common concepts`);
    let ranked = [...score.entries()].map(([id, s]) => ({ id, ...s, final: s.score }));
    if (input.query) {
      const [qv] = await kb.embedder.embed([input.query], { kind: "query", signal: ctx.signal });
      const top = ranked.sort((a, b) => b.score - a.score).slice(0, 500);
      const sims = new Map((await kb.vectors.search(qv!, { ids: top.map((r) => r.id), k: top.length })).map((h) => [h.id, h.score]));
      const maxScore = top[0]?.score || 1;
      ranked = top.map((r) => ({ ...r, final: r.score / maxScore + 0.5 * (sims.get(r.id) ?? 0) }));
    }
    // "Like X" means the same kind of film: films that share none of the seeds' genres go after those that do.
    const seedGenres = new Set([...seedNeighbors.values()].flat().filter((nb) => nb.edge === "HAS_GENRE").map((nb) => nb.id));
    if (seedGenres.size) {
      const genres = await kb.graph.neighborsMany(ranked.map((r) => r.id), { edges: ["HAS_GENRE"], direction: "out" });
      ranked = ranked.map((r) => ((genres.get(r.id) ?? []).some((g) => seedGenres.has(g.id)) ? r : { ...r, final: r.final * 0.5 }));
    }
    ranked.sort((a, b) => b.final - a.final || b.via.length - a.via.length || (a.id < b.id ? -1 : 1));
    if (input.filters) ranked = await applyFilters(ranked, input.filters, ctx, notes);
    const results = ranked.slice(0, input.results);

    const evidence: Evidence[] = seedEvidence(seeds, ctx, await kb.graph.getNodes(seeds));
    const maxWeight = concepts[0]!.weight || 1;
    for (const c of concepts) {
      const path: Triple[] = c.seeds.map((s) => tripleFrom(s.seed, s.nb.edge, s.nb.direction, c.id));
      evidence.push(
        makeEvidence({
          kind: "path",
          text: `shared by ${c.seeds.length} of ${seeds.length} seed movies: ${pathText(path)}`,
          nodeIds: [c.id, ...c.seeds.map((s) => s.seed)],
          focus: c.id,
          path,
          score: Math.round((c.weight / maxWeight) * 1000) / 1000,
          tool: "depth_first",
          step: ctx.step,
          meta: { role: "concept", sharedBy: c.seeds.length, degree: c.degree },
        }),
      );
    }
    const maxFinal = results[0]?.final || 1;
    const resultNodes = await kb.graph.getNodes(results.map((r) => r.id));
    results.forEach((r, i) => {
      const best = [...r.via].sort((a, b) => b.concept.weight - a.concept.weight)[0]!;
      const first = best.concept.seeds[0]!;
      const path = [tripleFrom(first.seed, first.nb.edge, first.nb.direction, best.concept.id), tripleFrom(best.concept.id, best.nb.edge, best.nb.direction, r.id)];
      evidence.push(
        makeEvidence({
          kind: "path",
          text: `${titleWithYear(resultNodes[i]!)} shares ${r.via.map((v) => v.concept.id).join(", ")} with the seeds: ${pathText(path)}`,
          nodeIds: [r.id, ...r.via.map((v) => v.concept.id), first.seed],
          focus: r.id,
          focusType: "Movie",
          path,
          score: Math.round((r.final / maxFinal) * 1000) / 1000,
          tool: "depth_first",
          step: ctx.step,
          meta: { role: "result", sharedConcepts: r.via.length, shares: r.via.slice(0, 4).map((v) => v.concept.id).join("|") },
        }),
      );
    });
    return { evidence, notes };
  },
});

/** "Like X" through the concept graph: the films sharing the most specific concepts with the seeds, of the seeds' genres first. */
async function byConcepts(seeds: string[], input: z.infer<typeof DepthFirstInput>, ctx: ToolContext, notes: string[]): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const { kb } = ctx;
  const shared = await filmsSharingConcepts(seeds, input.concepts, ctx);
  notes.push(...shared.notes);
  let ranked = shared.ranked.map((r) => ({ ...r, final: r.score }));
  const seedGenres = new Set([...(await kb.graph.neighborsMany(seeds, { edges: ["HAS_GENRE"], direction: "out" })).values()].flat().map((nb) => nb.id));
  if (seedGenres.size) {
    const top = ranked.sort((a, b) => b.final - a.final).slice(0, 500);
    const genres = await kb.graph.neighborsMany(top.map((r) => r.id), { edges: ["HAS_GENRE"], direction: "out" });
    ranked = top.map((r) => ((genres.get(r.id) ?? []).some((g) => seedGenres.has(g.id)) ? r : { ...r, final: r.final * 0.5 }));
  }
  ranked.sort((a, b) => b.final - a.final || b.via.length - a.via.length || (a.id < b.id ? -1 : 1));
  if (input.filters) ranked = await applyFilters(ranked, input.filters, ctx, notes);
  const results = ranked.slice(0, input.results);
  const evidence: Evidence[] = [...seedEvidence(seeds, ctx, await kb.graph.getNodes(seeds)), ...shared.evidence];
  const nodes = await kb.graph.getNodes(results.map((r) => r.id));
  const max = results[0]?.final || 1;
  results.forEach((r, i) => {
    const via = [...r.via].sort((a, b) => b.weight - a.weight);
    evidence.push(
      makeEvidence({
        kind: "node",
        text: `${nodes[i] ? titleWithYear(nodes[i]!) : r.id} shares ${via.slice(0, 4).map((v) => `"${v.concept.name}"`).join(", ")} with ${seeds.join(", ")}`,
        nodeIds: [r.id, ...via.slice(0, 4).map((v) => v.concept.key), ...seeds],
        focus: r.id,
        focusType: "Movie",
        score: Math.round((r.final / max) * 1000) / 1000,
        tool: "depth_first",
        step: ctx.step,
        meta: { role: "result", sharedConcepts: r.via.length, shares: via.slice(0, 4).map((v) => v.concept.name).join("|") },
      }),
    );
  });
  return { evidence, notes };
}

async function findSeeds(input: z.infer<typeof DepthFirstInput>, ctx: ToolContext, notes: string[]): Promise<string[]> {
  if (input.movies) {
    const out: string[] = [];
    for (const m of input.movies) {
      const e = resolveEntity(ctx.kb, m);
      if (!e.types.includes("Movie")) notes.push(`depth_first: "${m}" is a ${e.type}, not a movie; skipped`);
      else out.push(e.id);
    }
    return [...new Set(out)];
  }
  const query = input.query!;
  const text = (await ctx.kb.text.search(query, { types: ["Movie"], limit: 50 })).map((h) => h.id);
  const [qv] = await ctx.kb.embedder.embed([query], { kind: "query", signal: ctx.signal });
  const vec = qv!.some((x) => x !== 0) ? (await ctx.kb.vectors.search(qv!, { k: 50, types: ["Movie"] })).map((h) => h.id) : [];
  const fused = reciprocalRankFusion([text, vec], { k: FUSION.k, weights: FUSION.weights }).map((x) => x.id);
  return fused.slice(0, input.seeds);
}

function seedEvidence(seeds: string[], ctx: ToolContext, nodes: Awaited<ReturnType<ToolContext["kb"]["graph"]["getNodes"]>>): Evidence[] {
  return seeds.map((id, i) =>
    makeEvidence({
      kind: "node",
      text: `seed movie: ${nodes[i] ? titleWithYear(nodes[i]!) : id}`,
      nodeIds: [id],
      focus: id,
      focusType: "Movie",
      score: 1,
      tool: "depth_first",
      step: ctx.step,
      meta: { role: "seed" },
    }),
  );
}
