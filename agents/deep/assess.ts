import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { entryOf } from "../../src/util/text";
import { reciprocalRankFusion } from "../../src/retrieval/fusion";
import type { Evidence } from "../../tools/evidence";
import { callSignature } from "../planners/planner";
import type { PlannedCall, TraceStep } from "../research/types";
import { testFacet } from "./facet-match";
import type { FilmTexts } from "./film-text";
import type { Candidate, DeepMemory, Reason } from "./memory";
import { DEEP_ROUNDS, descend, facetFollowUp } from "./traverse";
import { call } from "../plan/calls";

/** Candidates tested per round, best first by what found them (the rest wait for the next round, or for none). */
const TESTED_PER_ROUND = 60;
/** Films that meet a facet among the tested ones for it to count as supported. */
const SUPPORTED = 1;
const RELATED_CONCEPTS = 5;

/** A model's yes/no on whether each film meets a facet (LazyGraphRAG's relevance test); absent offline. */
export type RelevanceTest = (facet: { id: string; said: string }, films: { film: string; text: string }[]) => Promise<Map<string, boolean> | undefined>;

export interface Assessment {
  memory: DeepMemory;
  enough: boolean;
  next: PlannedCall[];
  rationale: string;
  notes: string[];
}

/**
 * After a round of local steps: the films found become candidates (fused by rank across the steps
 * that found them), their hard constraints are checked exactly, each is tested against each facet
 * until the test budget is spent, communities that yielded nothing are dropped and promising ones
 * descended into, and the loop goes on while a facet has no support and budget is left.
 */
export async function assessRound(
  m: DeepMemory,
  state: { trace: readonly TraceStep[]; evidence: readonly Evidence[]; tried: readonly string[] },
  kb: KnowledgeBase,
  texts: FilmTexts,
  check: (films: string[]) => Promise<Set<string>>,
  relevance?: RelevanceTest,
): Promise<Assessment> {
  const notes: string[] = [];
  const candidates = gather(m, state, kb);
  await checkConstraints(candidates, m, check, notes);
  const tested = await testCandidates(candidates, m, kb, texts, relevance);
  notes.push(`tested ${tested} film–facet pairs this round (${m.testsSpent + tested} of ${m.testBudget})`);
  const memory: DeepMemory = { ...m, candidates, testsSpent: m.testsSpent + tested, round: m.round + 1 };
  memory.facets = m.facets.map((f) => {
    const meeting = candidates.filter((c) => c.fits !== false && c.met[f.id]).length;
    return { ...f, supported: meeting, tested: candidates.filter((c) => c.tested.includes(f.id)).length };
  });
  memory.communities = judgeCommunities(memory);
  const unsupported = memory.facets.filter((f) => !f.against && f.supported < SUPPORTED);
  const fitting = candidates.filter((c) => c.fits !== false).length;
  const why = unsupported.length ? `no tested film meets ${unsupported.map((f) => `"${f.said}"`).join(", ")}` : memory.facets.length ? "every facet is met by a film that fits" : `${fitting} films fit`;
  if (memory.testsSpent >= memory.testBudget) return done(memory, `test budget of ${memory.testBudget} spent; ${why}`, notes);
  if (memory.round >= DEEP_ROUNDS) return done(memory, `${DEEP_ROUNDS} rounds done; ${why}`, notes);
  if (memory.intent === "known_item" && candidates.length) return done(memory, `a known item: the story's searches ranked ${candidates.length} films, tested against its facets`, notes);
  if (memory.intent === "known_item") {
    const next = storyFollowUps(memory).filter((c) => !state.tried.includes(callSignature(c)));
    return next.length ? { memory: { ...memory, next }, enough: false, next, rationale: `the story's searches found no film: ${next.length} looser search(es)`, notes } : done(memory, "the story's searches found no film, even loosely", notes);
  }
  if (!unsupported.length && fitting > 0) return done(memory, why, notes);
  const next = (await followUps(memory, unsupported.map((f) => f.id), kb)).filter((c) => !state.tried.includes(callSignature(c)));
  if (!next.length) return done(memory, `nothing left to try; ${why}`, notes);
  return { memory: { ...memory, next }, enough: false, next, rationale: `${why}: ${next.length} follow-up(s)`, notes };
}

function done(memory: DeepMemory, why: string, notes: string[]): Assessment {
  return { memory: { ...memory, next: [], stopped: why }, enough: true, next: [], rationale: why, notes };
}

/**
 * How much a story's vector ranking counts beside its words (BM25 over the films' stories), by the
 * embedder, tuned on the training split of real half-remembered requests (hit@5 with k = 10). A
 * neural sentence encoder's one list stands beside three lists of the story's words (the whole
 * story, its plot words, the years remembered): at twice their weight it fuses best (train 1,000:
 * 0.200 against 0.188 at equal weight, 0.198 at 1.5, 0.203 at 3 with a lower MRR; validation 0.164
 * against 0.141). The corpus's LSA vectors add a little at half weight (0.131 vs 0.127 alone) and
 * harm at equal weight (0.103).
 */
export function storyVectorWeight(embedderId: string): number {
  return embedderId.startsWith("corpus-") ? 0.5 : 2;
}

/** Rank weights of the local steps: the whole story and a facet's own searches count fully, a pool by constraint or a community less. */
/** The story's words summed over plots and overviews alone: what finds a short description (hit@1 on the team's told plots 0.58 → 0.77), at equal weight beside the whole stories (0.770, and real requests unchanged at 0.113). */
const PLOT_FIELDS_WEIGHT = 1;

function stepWeight(serves: string, tool: string, embedderId: string, fields?: unknown): number {
  if (serves === "story") return tool === "semantic_search" ? storyVectorWeight(embedderId) : Array.isArray(fields) ? PLOT_FIELDS_WEIGHT : 1;
  if (serves === "constraints" || serves === "hints") return 0.3;
  if (serves === "seeds") return 1;
  if (/^f\d+$/.test(serves)) return tool === "semantic_search" ? 0.5 : 1;
  return 0.5;
}

/** Every film the deep route's steps found, fused by rank across steps, with what found it; earlier tests kept. */
function gather(m: DeepMemory, state: { trace: readonly TraceStep[]; evidence: readonly Evidence[] }, kb: KnowledgeBase): Candidate[] {
  const byId = new Map(state.evidence.map((e) => [e.id, e]));
  const lists: string[][] = [];
  const weights: number[] = [];
  const foundBy = new Map<string, Set<string>>();
  for (const step of state.trace) {
    if (step.node !== "act" || !step.serves || !step.tool) continue;
    const films = step.evidenceIds.map((id) => byId.get(id)).filter((e): e is Evidence => e?.focusType === "Movie" && e.meta?.role !== "seed").sort((a, b) => b.score - a.score);
    const ranking = [...new Set(films.map((e) => e.focus))];
    if (!ranking.length) continue;
    lists.push(ranking);
    weights.push(stepWeight(step.serves, step.tool, kb.embedder.id, step.args?.fields));
    for (const f of ranking) foundBy.set(f, (foundBy.get(f) ?? new Set()).add(step.serves));
  }
  const fused = reciprocalRankFusion(lists, { k: 10, weights });
  const before = new Map(m.candidates.map((c) => [c.film, c]));
  const likeness = likenessOf(state, byId);
  return fused.map((f) => {
    const old = before.get(f.id);
    return { film: f.id, foundBy: [...foundBy.get(f.id)!].sort(), retrieval: Math.round(f.score * 10000) / 10000, met: old?.met ?? {}, tested: old?.tested ?? [], ...(old?.fits !== undefined ? { fits: old.fits } : {}), likeness: likeness.get(f.id) ?? 0, hinted: old?.hinted ?? [] };
  });
}

/** How much each film shares with the films to start from: depth_first's own score. */
function likenessOf(state: { trace: readonly TraceStep[] }, byId: ReadonlyMap<string, Evidence>): Map<string, number> {
  const out = new Map<string, number>();
  for (const step of state.trace) {
    if (step.node !== "act" || step.serves !== "seeds") continue;
    for (const id of step.evidenceIds) {
      const e = byId.get(id);
      if (e?.focusType === "Movie" && e.meta?.role === "result") out.set(e.focus, Math.max(out.get(e.focus) ?? 0, e.score));
    }
  }
  return out;
}

async function checkConstraints(candidates: Candidate[], m: DeepMemory, check: (films: string[]) => Promise<Set<string>>, notes: string[]): Promise<void> {
  const hard = m.where.length > 0 && m.intent !== "known_item";
  const unchecked = candidates.filter((c) => c.fits === undefined);
  if (!hard) {
    for (const c of unchecked) c.fits = true;
    return;
  }
  const fit = await check(unchecked.map((c) => c.film));
  for (const c of unchecked) c.fits = fit.has(c.film);
  if (unchecked.length) notes.push(`constraints checked on ${unchecked.length} films: ${unchecked.filter((c) => c.fits).length} fit`);
}

/** Tests the best untested candidates against each facet, within the budget; returns how many tests ran. */
async function testCandidates(candidates: Candidate[], m: DeepMemory, kb: KnowledgeBase, texts: FilmTexts, relevance?: RelevanceTest): Promise<number> {
  if (!m.facets.length) return 0;
  const provisional = (c: Candidate) => c.retrieval + Object.values(c.met).reduce((s, r) => s + r.strength, 0) * 0.1 + c.likeness * 0.05;
  const order = candidates.filter((c) => c.fits !== false && m.facets.some((f) => !c.tested.includes(f.id))).sort((a, b) => provisional(b) - provisional(a) || (a.film < b.film ? -1 : 1));
  let left = m.testBudget - m.testsSpent;
  const picked: Candidate[] = [];
  for (const c of order) {
    const cost = m.facets.filter((f) => !c.tested.includes(f.id)).length;
    if (picked.length >= TESTED_PER_ROUND || cost > left) break;
    picked.push(c);
    left -= cost;
  }
  const film = await texts.load(picked.map((c) => c.film));
  const idf = (t: string) => entryOf(m.idf, t) ?? 1;
  let spent = 0;
  for (const f of m.facets) {
    const todo = picked.filter((c) => !c.tested.includes(f.id));
    const model = relevance ? await relevance(f, todo.map((c) => ({ film: c.film, text: film.get(c.film)!.fields.map((x) => x.text).join(" | ").slice(0, 600) }))) : undefined;
    for (const c of todo) {
      spent++;
      c.tested = [...c.tested, f.id];
      const offline = testFacet(film.get(c.film)!, f, idf);
      const verdict = model?.get(c.film);
      const reason: Reason | undefined = verdict === undefined ? offline : verdict ? (offline ?? { facet: f.id, text: `judged to be about "${f.said}" by the model`, strength: 0.8, byModel: true }) : undefined;
      if (reason) c.met = { ...c.met, [f.id]: reason };
    }
  }
  return spent;
}

/** A community whose films found nothing is dry; one whose films meet a facet and fit is promising (its children are tried next). */
function judgeCommunities(m: DeepMemory): DeepMemory["communities"] {
  return m.communities.map((c) => {
    if (c.status === "descended" || c.status === "dry") return c;
    const films = m.candidates.filter((x) => x.foundBy.includes(c.id));
    if (!films.length) return c;
    const hits = films.filter((x) => x.fits !== false && Object.keys(x.met).length > 0).length;
    return { ...c, status: hits > 0 ? "promising" : "dry" };
  });
}

/** A story nothing matched: typo-tolerant words, and a looser search by meaning. */
function storyFollowUps(m: DeepMemory): PlannedCall[] {
  return [
    call("full_text", { query: m.text.slice(0, 500), limit: 20, types: ["Movie"], fuzzy: true }, "story: nothing matched its words as written: a typo-tolerant full-text search", "story"),
    call("semantic_search", { query: m.text.slice(0, 2000), k: 20, threshold: 0.05 }, "story: a looser search by meaning", "story"),
  ];
}

async function followUps(m: DeepMemory, unsupported: string[], kb: KnowledgeBase): Promise<PlannedCall[]> {
  const out: PlannedCall[] = [];
  for (const id of unsupported) {
    const f = m.facets.find((x) => x.id === id)!;
    const related = kb.concepts && f.concepts[0] ? (await kb.concepts.related(f.concepts[0].key, { limit: RELATED_CONCEPTS })).map((r) => ({ key: r.concept.key, name: r.concept.name })) : [];
    out.push(...facetFollowUp(m, id, related));
  }
  for (const c of m.communities.filter((x) => x.status === "promising")) {
    out.push(...descend(m, c.id, (child) => child));
    c.status = "descended";
  }
  return out;
}
