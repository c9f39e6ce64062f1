import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { indexTerm, indexTokens } from "../../src/kb/text-fields";
import { FACET_KINDS, tmdbOnlyName, type EntityRef, type Facet, type FacetKind, type FilmConstraint, type PartOf, type PlanPart } from "../../src/plan/schema";
import { FACET_VARIANTS, GENERIC_WORDS, REQUEST_TALK_WORDS } from "../../src/question/lexicon/requests";
import { STOP_WORDS as STOP, entryOf } from "../../src/util/text";
import type { CommunityState, DeepMemory, FacetConcept, FacetState, SubQuery } from "./memory";
import { yearsBeyondSeeds } from "../plan/similar-years";
import { EARLIEST_FILM_YEAR } from "../../src/question/stages/remembered-years";

/** The parts the deep route takes: an open request, a told plot (a known item), films like others. */
export type DeepPart = PartOf<"open"> | PartOf<"plot"> | PartOf<"similar">;

export function isDeepPart(p: PlanPart | undefined): p is DeepPart {
  return p?.kind === "open" || p?.kind === "plot" || p?.kind === "similar";
}

/** Relevance tests the loop may spend (LazyGraphRAG's budget dial: 100 / 500 / 1,500). */
export const DEFAULT_TEST_BUDGET = 500;
const CONCEPTS_PER_FACET = 4;
/** A concept found only by search must score at least this (of the best hit's 1) to stand for a facet. */
const MIN_SEARCH_SCORE = 0.5;
const COMMUNITIES = 4;
const QUIET = new Set([...GENERIC_WORDS, ...REQUEST_TALK_WORDS]);

export interface Primed {
  memory: DeepMemory;
  notes: string[];
}

/**
 * The primer: the request as facets and constraints; each facet mapped to the concepts it names or
 * resembles; the communities whose reports match the request ranked; one sub-query per facet (and for
 * the films to start from, the constraints, the whole story) with the tool chosen for it and why.
 */
export async function primeDeep(part: DeepPart, kb: KnowledgeBase, testBudget = DEFAULT_TEST_BUDGET): Promise<Primed> {
  const base = normalize(part);
  // "like Heat but newer": the years after the latest film started from (or before the earliest).
  const age = part.kind === "similar" ? await yearsBeyondSeeds(part, kb) : undefined;
  if (age) base.where = [...base.where, { on: "years", ...age, negated: false }];
  const notes: string[] = [];
  const idf: Record<string, number> = {};
  const facets: FacetState[] = [];
  for (const f of base.facets) {
    const terms = facetTerms(f.said, kb, idf);
    const concepts = await conceptsFor(f, kb);
    const weight = terms.length ? terms.reduce((s, t) => s + (entryOf(idf, t) ?? 1), 0) / terms.length : 1;
    // A concept named exactly says what the facet is ("Prague" is a setting, whatever its capital suggested).
    const named = concepts[0]?.match === "exact" && (FACET_KINDS as readonly string[]).includes(concepts[0].type) ? (concepts[0].type as FacetKind) : f.kind;
    facets.push({ id: f.id, said: f.said, kind: named, terms, weight: Math.round(weight * 1000) / 1000, concepts, ...(f.against ? { against: true } : {}), supported: 0, tested: 0 });
    notes.push(`${f.id} ${f.against ? "against " : ""}${named} "${f.said}" → ${concepts.length ? concepts.map((c) => `${c.name} (${c.type}, ${c.films} films, ${c.match})`).join(", ") : "no concept; searched as words"}`);
  }
  const communities = await rankCommunities(base.facets.filter((f) => !f.against), part, kb);
  if (communities.length) notes.push(`communities: ${communities.map((c) => `${c.title} (${c.score.toFixed(2)})`).join("; ")}`);
  const memory: DeepMemory = {
    partId: part.id,
    ...base,
    facets,
    subQueries: [],
    communities,
    candidates: [],
    idf,
    testsSpent: 0,
    testBudget,
    round: 0,
    next: [],
  };
  memory.subQueries = subQueries(memory);
  return { memory, notes };
}

function normalize(part: DeepPart): Pick<DeepMemory, "intent" | "text" | "headline" | "where" | "like" | "likeTmdbOnly" | "seen" | "hints"> & { facets: Facet[] } {
  switch (part.kind) {
    case "open":
      return { intent: part.intent, text: part.text, facets: part.facets, where: part.where, like: part.like, likeTmdbOnly: part.likeTmdbOnly, seen: part.seen, hints: part.hints };
    case "plot":
      return { intent: "known_item", text: part.story, ...(part.headline ? { headline: part.headline } : {}), facets: part.facets, where: [], like: [], likeTmdbOnly: [], seen: [], hints: part.hints };
    case "similar": {
      const tmdbOnly = part.tmdbOnly ?? [];
      const text = [...part.seeds.map((s) => s.said ?? s.id), ...tmdbOnly.map(tmdbOnlyName)].join(", ");
      return { intent: "recommend", text, facets: part.facets, where: part.where, like: part.seeds, likeTmdbOnly: tmdbOnly, seen: [] as EntityRef[], hints: [] as FilmConstraint[] };
    }
  }
}

/** A facet's content words as index terms (no filler), each with its idf over the films' texts. */
function facetTerms(said: string, kb: KnowledgeBase, idf: Record<string, number>): string[] {
  const out: string[] = [];
  for (const token of indexTokens(said)) {
    if (QUIET.has(token)) continue;
    const term = indexTerm(token);
    if (!term || out.includes(term)) continue;
    const share = kb.words.share(token);
    // Own entries only: a term may be "constructor" or "__proto__".
    Object.defineProperty(idf, term, { value: Math.max(entryOf(idf, term) ?? 0, Math.log(1 + 1 / Math.max(share, 1 / Math.max(kb.words.documents, 1)))), enumerable: true, writable: true, configurable: true });
    out.push(term);
  }
  return out;
}

/** Longest sub-phrase of a facet tried as a concept name, and how many at most. */
const MAX_SPAN = 3;
const MAX_SPANS = 24;

/** A facet's phrases to try as concept names: itself, its shorter runs of content words, and each with other words for the same thing. */
function facetPhrases(said: string, kb: KnowledgeBase): Phrase[] {
  const words = indexTokens(said).filter((w) => w.length > 1 && !QUIET.has(w) && !STOP.has(w));
  // A run's share of the facet is the share of its words' rarity: "stranded" says more of "crew gets stranded" than "crew".
  const rarity = words.map((w) => Math.log(1 + 1 / Math.max(kb.words.share(w), 1 / Math.max(kb.words.documents, 1))));
  const total = rarity.reduce((a, b) => a + b, 0) || 1;
  const out = new Map<string, Phrase>();
  const add = (text: string, share: number, covers: string[]) => {
    if ((out.get(text)?.share ?? -1) < share) out.set(text, { text, share, covers });
  };
  for (let len = Math.min(MAX_SPAN, words.length); len >= 1; len--) {
    for (let i = 0; i + len <= words.length; i++) {
      const span = words.slice(i, i + len);
      const share = len === words.length ? 1 : rarity.slice(i, i + len).reduce((a, b) => a + b, 0) / total;
      const covers = span.map((w) => indexTerm(w) ?? w);
      add(span.join(" "), share, covers);
      span.forEach((w, k) => {
        for (const v of entryOf(FACET_VARIANTS, w) ?? []) add([...span.slice(0, k), v, ...span.slice(k + 1)].join(" "), share, covers);
      });
    }
  }
  return [...out.values()].sort((a, b) => b.share - a.share || b.text.length - a.text.length).slice(0, MAX_SPANS);
}

interface Phrase {
  text: string;
  share: number;
  /** The facet's words (index terms) the phrase stands for. */
  covers: string[];
}

/**
 * The concepts a facet names: its own words or a run of them that is a concept's name exactly ("strong
 * female lead" → strong woman, female protagonist), the whole facet counting most; failing those,
 * the concepts whose names resemble it closely enough.
 */
async function conceptsFor(f: Facet, kb: KnowledgeBase): Promise<FacetConcept[]> {
  const found = new Map<string, FacetConcept>();
  for (const p of facetPhrases(f.said, kb)) {
    for (const h of await kb.concepts.find(p.text, { limit: 3 })) {
      if (h.match !== "exact" || (found.get(h.concept.key)?.score ?? 0) >= p.share) continue;
      found.set(h.concept.key, { key: h.concept.key, name: h.concept.name, type: h.concept.type, films: h.concept.films, score: Math.round(p.share * 1000) / 1000, match: p.share === 1 ? "exact" : "search", ...(p.share < 1 ? { covers: p.covers } : {}) });
    }
  }
  const exact = [...found.values()].sort((a, b) => b.score - a.score || b.films - a.films || (a.key < b.key ? -1 : 1));
  if (exact.some((c) => c.score >= 0.5)) return exact.slice(0, CONCEPTS_PER_FACET);
  const hits = await kb.concepts.find(f.said, { limit: CONCEPTS_PER_FACET * 2 });
  const best = Math.max(...hits.map((h) => h.score), 1e-9);
  const searched = hits
    .filter((h) => !found.has(h.concept.key) && (h.match === "exact" || h.score / best >= MIN_SEARCH_SCORE))
    .map((h) => ({ key: h.concept.key, name: h.concept.name, type: h.concept.type, films: h.concept.films, score: h.match === "exact" ? 1 : Math.round((h.score / best) * 1000) / 1000, match: h.match }));
  return [...exact, ...searched].sort((a, b) => b.score - a.score).slice(0, CONCEPTS_PER_FACET);
}

/** Communities whose reports match the request's facets and kinds, best first. */
async function rankCommunities(facets: readonly Facet[], part: DeepPart, kb: KnowledgeBase): Promise<CommunityState[]> {
  if (part.kind === "plot") return [];
  const kinds = (part.kind === "open" || part.kind === "similar" ? part.where : []).flatMap((c) => (c.on === "kind" ? [c.kind.label] : []));
  const query = [...facets.map((f) => f.said), ...kinds].join(" ; ");
  if (!query.trim()) return [];
  const hits = await kb.concepts.searchCommunities(query, { limit: COMMUNITIES });
  return hits.map((h) => ({ id: h.report.id, title: h.report.title, level: h.report.level, score: Math.round(h.score * 1000) / 1000, status: "open" as const, children: h.report.children }));
}

/** The sub-query that starts from films TMDB lists and the KB lacks (its `query`, which the traversal reads). */
export const TMDB_ONLY_SEEDS = "tmdb-only";

/** Whether the request names films to start from, in the graph or only in TMDB. */
export function startsFromFilms(m: Pick<DeepMemory, "like" | "likeTmdbOnly">): boolean {
  return m.like.length > 0 || m.likeTmdbOnly.length > 0;
}

/** The sub-query that searches a known item's story among the films of the years remembered (its `query`). */
export const STORY_IN_YEARS = "years";

/** The years a known item's hints remember it from (none when no period was said for it). */
export function rememberedYearsOf(m: Pick<DeepMemory, "hints">): { from: number; to: number } | undefined {
  for (const h of m.hints) if (h.on === "years" && !h.negated) return { from: h.from, to: h.to };
  return undefined;
}

/** How the years are said: "by 1999" (a bound the watching gave), "from 2006 on", "in 1994", "1986–1993". */
function yearsSaid(y: { from: number; to: number }): string {
  if (y.from <= EARLIEST_FILM_YEAR) return `by ${y.to}`;
  if (y.to >= LATEST_YEAR_SAID) return `from ${y.from} on`;
  return y.from === y.to ? `in ${y.from}` : `${y.from}–${y.to}`;
}
/** A range's end at or past this is open ("after 2005" reads as 2006–9999). */
const LATEST_YEAR_SAID = 3000;

/** The people a known item's hints name (linked to the KB). */
export function hintedPeople(m: Pick<DeepMemory, "hints">): string[] {
  return m.hints.flatMap((h) => (h.on === "person" && !h.negated && "id" in h.who ? [h.who.id] : []));
}

/** One sub-query per facet (concepts first, words where no concept stands for it), and for what else the request gives. */
function subQueries(m: DeepMemory): SubQuery[] {
  const out: SubQuery[] = [];
  if (m.intent === "known_item") {
    out.push({ serves: "story", tool: "full_text", why: "the story's words in each film's whole story (title, plot, overview, keywords, tags), rare words counting most" });
    out.push({ serves: "story", tool: "full_text", why: "the story's words in plots and overviews alone, each word's score summed", query: "plot-fields" });
    out.push({ serves: "story", tool: "semantic_search", why: "the story's meaning against the films' documents" });
    // The years remembered narrow whom the story competes with: among a decade's films, a story told loosely still stands out.
    const years = rememberedYearsOf(m);
    if (years) out.push({ serves: "story", tool: "full_text", why: `the story's words among the films released ${yearsSaid(years)}, the years remembered`, query: STORY_IN_YEARS });
    // A cast member or maker remembered by name: their films join the pool (lifted, never required: people misremember).
    for (const name of hintedPeople(m).slice(0, 2)) out.push({ serves: "hints", tool: "find_movies", why: `the films of ${name}, as remembered (a lift, never a filter)`, query: name });
  }
  if (m.like.length) {
    const seeds = m.like.map((l) => l.id).slice(0, 3).join(", ");
    out.push({ serves: "seeds", tool: "depth_first", why: `films sharing the most specific concepts with ${seeds} (what they are about)` });
    out.push({ serves: "seeds", tool: "depth_first", why: `films sharing the most with ${seeds} in the KB (tags, genres, the people who made them)`, query: "graph" });
  }
  // A film the graph lacks is no node to climb from: what its TMDB row says it is about stands in for it.
  if (m.likeTmdbOnly.length) out.push({ serves: "seeds", tool: "depth_first", why: `films holding the most of what TMDB 5000 says ${m.likeTmdbOnly.map(tmdbOnlyName).join(", ")} is about (its keywords and genres, as concepts; the graph lacks the film), closest to its overview first`, query: TMDB_ONLY_SEEDS });
  // With films to start from, depth_first applies the constraints itself; without, the constraints give the pool.
  if (m.where.some((c) => !c.negated) && m.intent !== "known_item" && !startsFromFilms(m)) out.push({ serves: "constraints", tool: "find_movies", why: "the films that meet every hard constraint (exact graph filters)" });
  // A known item is found by its whole story; its facets rerank what the story found, with no searches of their own.
  // A facet said against is tested on what the other searches found, never searched for.
  for (const f of m.intent === "known_item" ? [] : m.facets.filter((x) => !x.against)) {
    // A genre or a person the person likes: their best-known films (the KB's own links, ranked by TMDB votes).
    if (f.kind === "genre" || f.kind === "person") {
      out.push({ serves: f.id, tool: "find_movies", why: `the best-known ${f.kind === "genre" ? `${f.said} films` : `films of ${f.said}`}` });
      continue;
    }
    if (f.concepts.length) out.push({ serves: f.id, tool: "breadth_first", why: `from ${f.concepts.map((c) => c.name).join(", ")} down to the films linked to them` });
    if (!f.concepts.length || f.kind === "character" || f.kind === "setting" || f.kind === "plot") out.push({ serves: f.id, tool: "full_text", why: `"${f.said}" as words in plots and overviews (${f.kind === "character" ? "a name" : f.kind === "setting" ? "a place" : "a plot phrase"})` });
  }
  // Nothing to start from, no facet: the films people know best.
  if (m.intent === "recommend" && !startsFromFilms(m) && !m.facets.some((f) => !f.against)) out.push({ serves: "popular", tool: "find_movies", why: "no taste said: the films most people have rated" });
  for (const c of m.communities.slice(0, 2)) out.push({ serves: c.id, tool: "breadth_first", why: `the representative films of the community "${c.title}"` });
  return out;
}
