import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { indexTerm, indexTokens } from "../../src/kb/text-fields";
import type { EntityRef, Facet, FilmConstraint, PartOf, PlanPart } from "../../src/plan/schema";
import { GENERIC_WORDS, REQUEST_TALK_WORDS } from "../../src/question/lexicon/requests";
import type { CommunityState, DeepMemory, FacetConcept, FacetState, SubQuery } from "./memory";

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
  const age = part.kind === "similar" && part.age ? await yearsBeyond(part.seeds, part.age, kb) : undefined;
  if (age) base.where = [...base.where, { on: "years", ...age, negated: false }];
  const notes: string[] = [];
  const idf: Record<string, number> = {};
  const facets: FacetState[] = [];
  for (const f of base.facets) {
    const terms = facetTerms(f.said, kb, idf);
    const concepts = await conceptsFor(f, kb);
    const weight = terms.length ? terms.reduce((s, t) => s + idf[t]!, 0) / terms.length : 1;
    facets.push({ id: f.id, said: f.said, kind: f.kind, terms, weight: Math.round(weight * 1000) / 1000, concepts, supported: 0, tested: 0 });
    notes.push(`${f.id} ${f.kind} "${f.said}" → ${concepts.length ? concepts.map((c) => `${c.name} (${c.type}, ${c.films} films, ${c.match})`).join(", ") : "no concept; searched as words"}`);
  }
  const communities = await rankCommunities(base.facets, part, kb);
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

function normalize(part: DeepPart): Pick<DeepMemory, "intent" | "text" | "where" | "like" | "seen" | "hints"> & { facets: Facet[] } {
  switch (part.kind) {
    case "open":
      return { intent: part.intent, text: part.text, facets: part.facets, where: part.where, like: part.like, seen: part.seen, hints: part.hints };
    case "plot":
      return { intent: "known_item", text: part.story, facets: part.facets, where: [], like: [], seen: [], hints: part.hints };
    case "similar":
      return { intent: "recommend", text: part.seeds.map((s) => s.said ?? s.id).join(", "), facets: part.facets, where: part.where, like: part.seeds, seen: [] as EntityRef[], hints: [] as FilmConstraint[] };
  }
}

async function yearsBeyond(seeds: readonly EntityRef[], age: "newer" | "older", kb: KnowledgeBase): Promise<{ from: number; to: number } | undefined> {
  const years = (await kb.graph.getNodes(seeds.map((s) => s.id))).flatMap((n) => (n?.years ?? []).map(Number)).filter((y) => Number.isFinite(y));
  if (!years.length) return undefined;
  return age === "newer" ? { from: Math.max(...years) + 1, to: 9999 } : { from: 0, to: Math.min(...years) - 1 };
}

/** A facet's content words as index terms (no filler), each with its idf over the films' texts. */
function facetTerms(said: string, kb: KnowledgeBase, idf: Record<string, number>): string[] {
  const out: string[] = [];
  for (const token of indexTokens(said)) {
    if (QUIET.has(token)) continue;
    const term = indexTerm(token);
    if (!term || out.includes(term)) continue;
    const share = kb.words.share(token);
    idf[term] = Math.max(idf[term] ?? 0, Math.log(1 + 1 / Math.max(share, 1 / Math.max(kb.words.documents, 1))));
    out.push(term);
  }
  return out;
}

/** The concepts a facet names exactly, then those whose names resemble it closely enough. */
async function conceptsFor(f: Facet, kb: KnowledgeBase): Promise<FacetConcept[]> {
  if (!kb.concepts) return [];
  const hits = await kb.concepts.find(f.said, { limit: CONCEPTS_PER_FACET * 2 });
  const best = Math.max(...hits.map((h) => h.score), 1e-9);
  return hits
    .filter((h) => h.match === "exact" || h.score / best >= MIN_SEARCH_SCORE)
    .slice(0, CONCEPTS_PER_FACET)
    .map((h) => ({ key: h.concept.key, name: h.concept.name, type: h.concept.type, films: h.concept.films, score: h.match === "exact" ? 1 : Math.round((h.score / best) * 1000) / 1000, match: h.match }));
}

/** Communities whose reports match the request's facets and kinds, best first. */
async function rankCommunities(facets: readonly Facet[], part: DeepPart, kb: KnowledgeBase): Promise<CommunityState[]> {
  if (!kb.concepts || part.kind === "plot") return [];
  const kinds = (part.kind === "open" || part.kind === "similar" ? part.where : []).flatMap((c) => (c.on === "kind" ? [c.kind.label] : []));
  const query = [...facets.map((f) => f.said), ...kinds].join(" ; ");
  if (!query.trim()) return [];
  const hits = await kb.concepts.searchCommunities(query, { limit: COMMUNITIES });
  return hits.map((h) => ({ id: h.report.id, title: h.report.title, level: h.report.level, score: Math.round(h.score * 1000) / 1000, status: "open" as const, children: h.report.children }));
}

/** One sub-query per facet (concepts first, words where no concept stands for it), and for what else the request gives. */
function subQueries(m: DeepMemory): SubQuery[] {
  const out: SubQuery[] = [];
  if (m.intent === "known_item") {
    out.push({ serves: "story", tool: "full_text", why: "the story's words in plots, overviews, keywords and tags, rare words counting most" });
    out.push({ serves: "story", tool: "semantic_search", why: "the story's meaning against the films' documents" });
  }
  if (m.like.length) out.push({ serves: "seeds", tool: "depth_first", why: `films sharing the most specific concepts with ${m.like.map((l) => l.id).slice(0, 3).join(", ")}` });
  // With films to start from, depth_first applies the constraints itself; without, the constraints give the pool.
  if (m.where.some((c) => !c.negated) && m.intent !== "known_item" && !m.like.length) out.push({ serves: "constraints", tool: "find_movies", why: "the films that meet every hard constraint (exact graph filters)" });
  // A known item is found by its whole story; its facets rerank what the story found, with no searches of their own.
  for (const f of m.intent === "known_item" ? [] : m.facets) {
    if (f.concepts.length) out.push({ serves: f.id, tool: "breadth_first", why: `from ${f.concepts.map((c) => c.name).join(", ")} down to the films linked to them` });
    if (!f.concepts.length || f.kind === "character" || f.kind === "setting" || f.kind === "plot") out.push({ serves: f.id, tool: "full_text", why: `"${f.said}" as words in plots and overviews (${f.kind === "character" ? "a name" : f.kind === "setting" ? "a place" : "a plot phrase"})` });
  }
  for (const c of m.communities.slice(0, 2)) out.push({ serves: c.id, tool: "breadth_first", why: `the representative films of the community "${c.title}"` });
  return out;
}
