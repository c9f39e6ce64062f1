import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { call } from "../plan/calls";
import { indexTerm, indexTerms } from "../../src/kb/text-fields";
import { wordTokens } from "../../src/util/text";
import { openFilmArgs } from "./context";
import { storyOf, toldPlotQuery } from "../planners/told-plot-query";
import type { PlannedCall } from "../research/types";
import type { DeepMemory, SubQuery } from "./memory";
import { STORY_IN_YEARS, TMDB_ONLY_SEEDS, rememberedYearsOf } from "./primer";

/** Calls one deep round may run in parallel: a facet's concept and text searches, the seeds, the constraints, two communities. */
export const DEEP_PARALLEL = 8;
/** Rounds of local steps at most (the primer's, then follow-ups for the facets still unsupported). */
export const DEEP_ROUNDS = 3;

const FACET_FILMS = 40;
const STORY_FILMS = 50;
/** Words of a story summed over plots and overviews: its first ones (a long story's later words are read by the story index). */
const SUM_WORDS = 24;
const COMMUNITY_FILMS = 20;

/** The first round: each of the primer's sub-queries as a typed tool call. */
export function firstRound(m: DeepMemory, kb: KnowledgeBase): PlannedCall[] {
  return m.subQueries.map((q) => subQueryCall(q, m, kb)).filter((c): c is PlannedCall => c !== undefined);
}

function subQueryCall(q: SubQuery, m: DeepMemory, kb: KnowledgeBase): PlannedCall | undefined {
  const why = `${q.serves}: ${q.why}`;
  if (q.serves === "story") return storyCall(q, m, kb, why);
  if (q.serves === "seeds" && q.query === TMDB_ONLY_SEEDS) return call("depth_first", { tmdbOnly: m.likeTmdbOnly.slice(0, 3), concepts: 20, results: 30, ...seedFilters(m) }, why, q.serves);
  if (q.serves === "seeds") return call("depth_first", { movies: m.like.slice(0, 10).map((l) => l.id), via: q.query === "graph" ? "graph" : "concepts", concepts: 20, results: 30, ...seedFilters(m) }, why, q.serves);
  if (q.serves === "constraints") return call("find_movies", { ...openFilmArgs(m.where), limit: 50 }, why, q.serves);
  if (q.serves === "hints" && q.query) return call("find_movies", { people: [{ name: q.query }], rankBy: "voteCount", order: "desc", limit: 50 }, why, q.serves);
  if (q.serves === "popular") return call("find_movies", { rankBy: "voteCount", order: "desc", limit: 50 }, why, q.serves);
  const facet = m.facets.find((f) => f.id === q.serves);
  if (facet) return facetCall(q, facet, why);
  const community = m.communities.find((c) => c.id === q.serves);
  if (community) return call("breadth_first", { query: community.title.slice(0, 1000), community: community.id, films: COMMUNITY_FILMS }, why, q.serves);
  return undefined;
}

/** A known item's story, searched three ways: its words in whole stories, its first words in plots and overviews, its meaning. */
function storyCall(q: SubQuery, m: DeepMemory, kb: KnowledgeBase, why: string): PlannedCall | undefined {
  const { story, keywords } = toldPlotQuery(m.text, kb);
  if (q.tool === "full_text" && q.query === "plot-fields") return keywords ? call("full_text", { query: keywords.split(" ").slice(0, SUM_WORDS).join(" "), limit: STORY_FILMS, types: ["Movie"], fields: ["plot", "overview"], scoring: "story" }, why, q.serves) : undefined;
  const years = q.query === STORY_IN_YEARS ? rememberedYearsOf(m) : undefined;
  if (q.tool === "full_text") return keywords ? call("full_text", { query: keywords.slice(0, 500), limit: STORY_FILMS, types: ["Movie"], scoring: "story", ...storyWeights(m, keywords), ...(years ? { years } : {}) }, why, q.serves) : undefined;
  return call("semantic_search", { query: story.slice(0, 2000), k: STORY_FILMS, threshold: 0.05, overviews: true }, why, q.serves);
}

/** One facet's search: the best-known films of a genre or person liked, films under its concepts, its words, its meaning. */
function facetCall(q: SubQuery, facet: DeepMemory["facets"][number], why: string): PlannedCall | undefined {
  if (q.tool === "find_movies" && facet.kind === "person") return call("find_movies", { people: [{ name: facet.said }], rankBy: "voteCount", order: "desc", limit: 50 }, why, q.serves);
  if (q.tool === "find_movies") {
    const genre = facet.concepts.find((c) => c.type === "genre")?.name ?? facet.said;
    return call("find_movies", { concepts: [{ label: facet.said.slice(0, 100), genres: [genre], tmdbGenres: [genre], tags: [facet.said.toLowerCase()], keywords: [] }], rankBy: "voteCount", order: "desc", limit: 50 }, why, q.serves);
  }
  if (q.tool === "breadth_first") return call("breadth_first", { query: facet.said.slice(0, 1000), conceptKeys: facet.concepts.map((c) => c.key).slice(0, 10), films: FACET_FILMS }, why, q.serves);
  if (q.tool === "full_text") return call("full_text", { query: (q.query ?? facet.said).slice(0, 500), limit: FACET_FILMS, types: ["Movie"], fields: ["name", "plot", "overview", "tags"], scoring: "sum" }, why, q.serves);
  if (q.tool === "semantic_search") return call("semantic_search", { query: facet.said.slice(0, 2000), k: FACET_FILMS, threshold: 0.1, overviews: true }, why, q.serves);
  return undefined;
}

/** Words of a request's headline (a post's title says what the film is in a few words) count double. */
const HEADLINE_WEIGHT = 2;
/**
 * A word the story says again is what it is about ("the dragon… the dragon's egg… a dragon"): its weight
 * grows by this much per doubling of its count, as BM25's query-term frequency does (train hit@5 of the
 * story's search 0.164 → 0.172 at 0.5, 0.169 at 1).
 */
const REPEAT_WEIGHT = 0.5;
const MAX_WEIGHTED = 40;

function storyWeights(m: Pick<DeepMemory, "text" | "headline">, keywords: string): { weights?: Record<string, number> } {
  const head = new Set(m.headline ? wordTokens(m.headline).map((t) => t.folded) : []);
  const said = new Map<string, number>();
  // Counted in the story itself, not in the talk around it ("I'm trying to remember…" is no second "tries").
  for (const t of indexTerms(storyOf(m.text))) said.set(t, (said.get(t) ?? 0) + 1);
  const weighted = keywords.split(" ").map((w) => {
    const times = said.get(indexTerm(w) ?? w) ?? 1;
    return [w, Math.round((head.has(w) ? HEADLINE_WEIGHT : 1) * (1 + REPEAT_WEIGHT * Math.log(times)) * 100) / 100] as const;
  });
  const weights = Object.fromEntries(weighted.filter(([, x]) => x !== 1).sort((a, b) => b[1] - a[1]).slice(0, MAX_WEIGHTED));
  return Object.keys(weights).length ? { weights } : {};
}

/** The constraints depth_first applies itself (a period, a kind), so the films like the seeds that fit are not crowded out by those that do not. */
function seedFilters(m: DeepMemory): { filters?: { years?: { from: number; to: number }; kind?: { label: string; genres: string[]; tags: string[]; tmdbGenres: string[]; keywords: string[] } } } {
  const years = m.where.find((c) => c.on === "years" && !c.negated);
  const kind = m.where.find((c) => c.on === "kind" && !c.negated);
  const filters = { ...(years?.on === "years" ? { years: { from: years.from, to: years.to } } : {}), ...(kind?.on === "kind" ? { kind: { label: kind.kind.label, genres: kind.kind.genres.slice(0, 10), tags: kind.kind.tags.slice(0, 10), tmdbGenres: kind.kind.tmdbGenres.slice(0, 10), keywords: kind.kind.keywords.slice(0, 10) } } : {}) };
  return Object.keys(filters).length ? { filters } : {};
}

/** A follow-up for a facet no tested film meets yet: concepts related to its own, then its words by meaning. */
export function facetFollowUp(m: DeepMemory, facetId: string, related: readonly { key: string; name: string }[]): PlannedCall[] {
  const f = m.facets.find((x) => x.id === facetId);
  if (!f) return [];
  const out: PlannedCall[] = [];
  if (related.length) out.push(call("breadth_first", { query: f.said.slice(0, 1000), conceptKeys: related.map((r) => r.key).slice(0, 10), films: FACET_FILMS }, `${f.id}: no tested film meets "${f.said}" yet: the concepts that go with its own (${related.map((r) => r.name).slice(0, 4).join(", ")})`, f.id));
  out.push(call("full_text", { query: f.said.slice(0, 500), limit: FACET_FILMS, types: ["Movie"], fields: ["name", "plot", "overview", "tags"], scoring: "sum" }, `${f.id}: "${f.said}" as words in plots and overviews`, f.id));
  out.push(call("semantic_search", { query: f.said.slice(0, 2000), k: FACET_FILMS, threshold: 0.1, overviews: true }, `${f.id}: "${f.said}" by meaning, against the films' documents`, f.id));
  return out;
}

/** Descending into a promising community: its children's representative films. */
export function descend(m: DeepMemory, communityId: string, title: (id: string) => string): PlannedCall[] {
  const c = m.communities.find((x) => x.id === communityId);
  return (c?.children ?? []).slice(0, 2).map((child) => call("breadth_first", { query: title(child).slice(0, 1000) || child, community: child, films: COMMUNITY_FILMS }, `${child}: inside "${c!.title}", whose films met the request: its sub-community's representative films`, child));
}
