import { conceptsOfTmdbOnly } from "../src/kb/concepts/tmdb-only";
import { tmdbOnlyRow } from "../src/kb/tmdb-only-row";
import type { ConceptInfo, FilmConceptLink } from "../src/ports/concept-graph";
import type { TmdbOnlyFilm } from "../src/ports/movie-catalog";
import { tmdbOnlyName, type TmdbOnlyRef } from "../src/plan/schema";
import { linkKey } from "../src/util/text";
import { makeEvidence, type Evidence } from "./evidence";
import { titleWithYear } from "./movie-text";
import { applyFilters, type SimilarFilters } from "./similar-filters";
import type { ToolContext } from "./tool";
import { ABOUT_TYPES, PER_CONCEPT_FILMS } from "./shared-concepts";

/** Films reranked by how close their documents are to the seed's overview. */
const RERANK_POOL = 500;
/** How much closeness to the overview adds to the shared concepts' share (as depth_first weighs a query). */
const OVERVIEW_WEIGHT = 0.5;
/** A film of none of the seed's genres is another kind of film: its score counts half. */
const OTHER_KIND_FACTOR = 0.5;

interface Ranked {
  id: string;
  score: number;
  final: number;
  via: { concept: ConceptInfo; weight: number }[];
}

/** The TMDB rows of the films named; a name no row has is said in the notes. */
function rowsNamed(refs: readonly TmdbOnlyRef[], ctx: ToolContext, notes: string[]): TmdbOnlyFilm[] {
  const out: TmdbOnlyFilm[] = [];
  for (const ref of refs) {
    const row = tmdbOnlyRow(ctx.kb.catalog, ref);
    if (row) out.push(row);
    else notes.push(`depth_first: TMDB 5000 lists no film the graph lacks named "${ref.title}"`);
  }
  return out;
}

/**
 * "Something like Star Wars", when the graph lacks Star Wars: the film is no node to climb from, so its TMDB row
 * stands in for it. Its keywords and genres that name concepts are what it is about (the most specific first, as
 * the graph weighs a film's links); the films holding the most of them, by their own links' weights, come first; a film of none
 * of its TMDB genres counts half; the closeness of each film's documents to the row's overview reorders close ones.
 * Every step is in the evidence: the row as the seed, each concept and why, each film and what it shares.
 */
export async function likeTmdbOnly(refs: readonly TmdbOnlyRef[], input: LikeInput, ctx: ToolContext, notes: string[]): Promise<{ evidence: Evidence[]; notes: string[] }> {
  return likeRows(rowsNamed(refs, ctx, notes), input, ctx, notes);
}

type LikeInput = { concepts: number; results: number; filters?: SimilarFilters | undefined };

/** The same from TMDB rows already read (the bench passes a KB film's own row, the film itself left out). */
export async function likeRows(rows: readonly TmdbOnlyFilm[], input: LikeInput & { leaveOut?: string }, ctx: ToolContext, notes: string[]): Promise<{ evidence: Evidence[]; notes: string[] }> {
  if (!rows.length) return { evidence: [], notes: [...notes, "depth_first: no seed movie found"] };
  const films = (await ctx.kb.graph.stats()).nodesByType.Movie || 1;
  const linked = await Promise.all(rows.map((r) => conceptsOfTmdbOnly(r, ctx.kb.concepts, films)));
  const concepts = sharedAbout(rows, linked).slice(0, input.concepts);
  const seedEvidence = rows.map((r, i) => seedOf(r, linked[i]!, ctx));
  if (!concepts.length) return { evidence: seedEvidence, notes: [...notes, `depth_first: no keyword or genre TMDB gives ${rows.map(tmdbOnlyName).join(", ")} names a concept of the graph`] };
  let ranked = (await filmsHolding(concepts, ctx)).filter((r) => r.id !== input.leaveOut);
  ranked = await reranked(ranked, rows, ctx);
  ranked.sort((a, b) => b.final - a.final || b.via.length - a.via.length || (a.id < b.id ? -1 : 1));
  if (input.filters) ranked = await applyFilters(ranked, input.filters, ctx, notes);
  const results = ranked.slice(0, input.results);
  const seedNames = rows.map(tmdbOnlyName).join(", ");
  const max = concepts[0]!.weight || 1;
  const evidence = [
    ...seedEvidence,
    ...concepts.map((c) =>
      makeEvidence({
        kind: "node",
        text: `${c.concept.name} (${c.concept.type}) is what TMDB 5000 says ${c.seeds.join(" and ")} is about (${c.source}); ${c.concept.films} films of the graph hold it`,
        nodeIds: [c.concept.key],
        focus: c.concept.key,
        score: Math.round((c.weight / max) * 1000) / 1000,
        tool: "depth_first",
        step: ctx.step,
        meta: { role: "concept", sharedBy: c.seeds.length, films: c.concept.films, tmdbOnly: true },
      }),
    ),
    ...(await resultEvidence(results, seedNames, ctx)),
  ];
  return { evidence, notes };
}

/** The row's concepts of what a film is about, summed over the rows that hold each; the ones most rows share first. */
function sharedAbout(rows: readonly TmdbOnlyFilm[], linked: readonly FilmConceptLink[][]): { concept: ConceptInfo; weight: number; seeds: string[]; source: string }[] {
  const shared = new Map<string, { concept: ConceptInfo; weight: number; seeds: string[]; source: string }>();
  rows.forEach((row, i) => {
    for (const link of linked[i]!) {
      if (!ABOUT_TYPES.has(link.concept.type)) continue;
      const e = shared.get(link.concept.key) ?? { concept: link.concept, weight: 0, seeds: [], source: link.sources.includes("tmdb_genre") ? "a TMDB genre" : "a TMDB keyword" };
      e.weight += link.weight;
      e.seeds.push(tmdbOnlyName(row));
      shared.set(link.concept.key, e);
    }
  });
  return [...shared.values()].sort((a, b) => b.seeds.length - a.seeds.length || b.weight - a.weight || (a.concept.key < b.concept.key ? -1 : 1));
}

/**
 * Down from the concepts: each film scored by the concepts it holds, each as strong as the film's own link to it
 * (how specific the concept is, how far its source is trusted). The row's side is not weighed again: that counts a
 * concept's specificity twice, and rare keywords crowd out what the film is mostly about (precision at 10 against
 * the films sharing its tags, `npm run bench -- like-tmdb`: 0.134 weighed twice, 0.161 once).
 */
async function filmsHolding(concepts: readonly { concept: ConceptInfo; weight: number }[], ctx: ToolContext): Promise<Ranked[]> {
  const down = await ctx.kb.concepts.filmsOf(concepts.map((c) => c.concept.key), { limit: PER_CONCEPT_FILMS });
  const score = new Map<string, Ranked>();
  for (const c of concepts) {
    for (const link of down.get(c.concept.key) ?? []) {
      const e = score.get(link.film) ?? { id: link.film, score: 0, final: 0, via: [] };
      e.score += link.weight;
      e.via.push({ concept: c.concept, weight: link.weight });
      score.set(link.film, e);
    }
  }
  return [...score.values()];
}

/** The best-scored films, each as its share of the best, plus closeness to the overviews; other kinds of film halved. */
async function reranked(ranked: Ranked[], rows: readonly TmdbOnlyFilm[], ctx: ToolContext): Promise<Ranked[]> {
  const top = [...ranked].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, RERANK_POOL);
  const best = top[0]?.score || 1;
  const overview = rows.map((r) => r.overview).filter(Boolean).join(" ").slice(0, 2000);
  const [qv] = overview ? await ctx.kb.embedder.embed([overview], { kind: "query", signal: ctx.signal }) : [undefined];
  const sims = qv && qv.some((x) => x !== 0) ? new Map((await ctx.kb.vectors.search(qv, { ids: top.map((r) => r.id), k: top.length })).map((h) => [h.id, h.score])) : new Map<string, number>();
  const genres = new Set(rows.flatMap((r) => r.genres.map(linkKey)));
  const kbGenres = await ctx.kb.graph.neighborsMany(top.map((r) => r.id), { edges: ["HAS_GENRE"], direction: "out" });
  return top.map((r) => {
    const own = ctx.kb.catalog.tmdb(r.id)?.genres ?? (kbGenres.get(r.id) ?? []).map((g) => g.id);
    const sameKind = !genres.size || own.some((g) => genres.has(linkKey(g)));
    const final = (r.score / best + OVERVIEW_WEIGHT * (sims.get(r.id) ?? 0)) * (sameKind ? 1 : OTHER_KIND_FACTOR);
    return { ...r, final };
  });
}

function seedOf(row: TmdbOnlyFilm, links: readonly FilmConceptLink[], ctx: ToolContext): Evidence {
  const about = links.filter((l) => ABOUT_TYPES.has(l.concept.type)).map((l) => l.concept.name);
  return makeEvidence({
    kind: "node",
    text: `seed film: ${tmdbOnlyName(row)}, which TMDB 5000 lists (id ${row.tmdbId}) and the knowledge graph lacks; by its TMDB row it is ${row.genres.join(", ") || "of no genre given"}${about.length ? `, about ${about.slice(0, 8).join(", ")}` : ""}`,
    nodeIds: [],
    focus: tmdbOnlyName(row),
    focusType: "Movie",
    score: 1,
    tool: "depth_first",
    step: ctx.step,
    meta: { role: "seed", tmdbOnly: true, title: row.title, ...(row.year ? { year: row.year } : {}), genres: row.genres.join("; "), keywords: row.keywords.slice(0, 16).join("; ") },
  });
}

async function resultEvidence(results: readonly Ranked[], seedNames: string, ctx: ToolContext): Promise<Evidence[]> {
  const nodes = await ctx.kb.graph.getNodes(results.map((r) => r.id));
  const max = results[0]?.final || 1;
  return results.map((r, i) => {
    const via = [...r.via].sort((a, b) => b.weight - a.weight || (a.concept.key < b.concept.key ? -1 : 1)).slice(0, 4);
    return makeEvidence({
      kind: "node",
      text: `${nodes[i] ? titleWithYear(nodes[i]!) : r.id} holds ${via.map((v) => `"${v.concept.name}"`).join(", ")}, which TMDB 5000 gives ${seedNames}`,
      nodeIds: [r.id, ...via.map((v) => v.concept.key)],
      focus: r.id,
      focusType: "Movie",
      score: Math.round((r.final / max) * 1000) / 1000,
      tool: "depth_first",
      step: ctx.step,
      meta: { role: "result", sharedConcepts: r.via.length, shares: via.map((v) => v.concept.name).join("|") },
    });
  });
}
