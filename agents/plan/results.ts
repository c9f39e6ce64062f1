import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { isTmdbOnlySeed } from "../../tools/tmdb-only-evidence";
import { refsOf, type FilmConstraint, type PlanPart, type QueryPlan } from "../../src/plan/schema";
import type { Evidence } from "../../tools/evidence";
import type { RankedAnswer, TraceStep } from "../research/types";
import { evaluatePaths } from "./results-paths";
import { evaluateSets } from "./results-sets";
import type { DeepMemory } from "../deep/memory";

/** A figure read for one item (a film's runtime, a person's number of films), with the evidence that says it. */
export interface Figure {
  id: string;
  value: number;
  text: string;
  evidenceId: string;
  /** The year of the film the figure is of (a title the KB merges for several films has one figure per film). */
  year?: string;
  /** Read from the TMDB row of a film the KB lacks. */
  tmdbOnly?: true;
}

/** What the evidence says for one plan part: the slot the judge checks and the renderer writes from. */
export interface PartResult {
  /** Every call the part needs ran, and every part it uses is done. */
  done: boolean;
  items: RankedAnswer[];
  /** The size of the set (films that meet a filter) or the count asked. */
  total?: number;
  verdict?: "yes" | "no";
  figures: Figure[];
  /** For an order part: the ranking its nth item was read from (the rows returned), and how many films had the figure. */
  ranking?: RankedAnswer[];
  ranked?: number;
  evidence: Evidence[];
  /** Answers along the relation a condition read from names set aside (the men, when the women of a cast are asked). */
  setAside?: RankedAnswer[];
  /** Why the slot is empty or partial, in words a user can read. */
  missing?: string;
  /** No film met every constraint: the items are the films meeting `atLeast` of `of` (a relaxed search). */
  relaxed?: { atLeast: number; of: number };
  /** A threshold no one met: the most reached, and by whom. */
  nearest?: { support: number; names: string[] };
  /** An open request answered by the deep route: its memory with the reduce's result. */
  deep?: DeepMemory;
}

export type PlanResults = ReadonlyMap<string, PartResult>;

export interface ResultContext {
  plan: QueryPlan;
  trace: readonly TraceStep[];
  evidence: readonly Evidence[];
  kb: Pick<KnowledgeBase, "catalog" | "embedder" | "editions" | "linker">;
  results: Map<string, PartResult>;
  /** Films parts whose only use is as the set another part orders or counts: that part's calls carry them. */
  fused: ReadonlyMap<string, string>;
  /** The deep route's memory, when it ran: its part is answered from the reduce. */
  deep?: DeepMemory;
}

export const pending = (evidence: Evidence[] = []): PartResult => ({ done: false, items: [], figures: [], evidence });

/** The films a set names as its own (a film said against, "not Jaws", is none of them). */
export function namedTitles(where: readonly FilmConstraint[]): string[] {
  return where.flatMap((c) => (c.on === "title" && !c.negated ? [c.film] : []));
}

/** The films a yes/no question checks, when it names them ("was Tom Hanks in Cast Away"): their facts are looked up to say why. */
export function checkedTitles(part: PlanPart, plan: QueryPlan): string[] {
  if (part.kind !== "check" || part.test.op === "compare") return [];
  const ref = part.test.of.ref;
  const of = plan.parts.find((p) => p.id === ref);
  const titlesOf = (p: PlanPart | undefined) => (p?.kind === "films" ? namedTitles(p.where) : []);
  // "was Al Pacino or Val Kilmer in The Godfather": the options' films, each set an either joins.
  if (of?.kind === "combine" && of.op === "either") return [...new Set(of.parts.flatMap((p) => titlesOf(plan.parts.find((x) => x.id === p.ref))))];
  return titlesOf(of);
}

/** Parts that take tool calls of their own (the rest are computed from other parts' results). */
export function takesCalls(part: PlanPart, plan?: QueryPlan): boolean {
  if (plan && checkedTitles(part, plan).length) return true;
  switch (part.kind) {
    case "lookup":
    case "films":
    case "order":
    case "compare":
    case "similar":
    case "plot":
    case "describe":
      return true;
    case "aggregate":
      return part.op !== "count";
    case "check":
      return part.test.op === "compare";
    case "unknown":
      return part.names.some((n) => n.tmdb);
    default:
      return false;
  }
}

/**
 * Films parts that another part orders or counts over (and nothing else uses, and the reply does not
 * show): the consumer's one call carries their constraints, so they take no call of their own.
 */
export function fusedParts(plan: QueryPlan): Map<string, string> {
  const users = new Map<string, string[]>();
  for (const p of plan.parts) for (const r of refsOf(p)) users.set(r, [...(users.get(r) ?? []), p.id]);
  const out = new Map<string, string>();
  for (const p of plan.parts) {
    if (p.kind !== "films" || plan.answer.includes(p.id)) continue;
    const u = users.get(p.id) ?? [];
    const consumer = plan.parts.find((x) => x.id === u[0]);
    if (u.length === 1 && consumer && (consumer.kind === "order" || (consumer.kind === "aggregate" && consumer.op !== "count"))) out.set(p.id, consumer.id);
  }
  return out;
}

/** The evidence a part's own tool calls found (a fact two parts found serves both). */
export function evidenceOfPart(state: { trace: readonly TraceStep[]; evidence: readonly Evidence[] }, partId: string): Evidence[] {
  const ids = new Set(state.trace.filter((s) => s.node === "act" && s.serves === partId).flatMap((s) => s.evidenceIds));
  return state.evidence.filter((e) => ids.has(e.id));
}

export function compiled(state: { trace: readonly TraceStep[] }, partId: string): boolean {
  return state.trace.some((s) => s.node === "act" && s.serves === partId);
}

/** Every part's result, in plan order (a part's inputs come before it). */
export function evaluatePlan(plan: QueryPlan, state: { trace: readonly TraceStep[]; evidence: readonly Evidence[]; deep?: DeepMemory | undefined }, kb: ResultContext["kb"]): Map<string, PartResult> {
  const ctx: ResultContext = { plan, trace: state.trace, evidence: state.evidence, kb, results: new Map(), fused: fusedParts(plan), ...(state.deep ? { deep: state.deep } : {}) };
  for (const part of plan.parts) ctx.results.set(part.id, evaluatePart(part, ctx));
  return ctx.results;
}

function evaluatePart(part: PlanPart, ctx: ResultContext): PartResult {
  if (ctx.deep?.result && ctx.deep.partId === part.id) return deepResult(ctx.deep, ctx.evidence);
  const carrier = ctx.fused.get(part.id) ?? part.id;
  const evidence = evidenceOfPart(ctx, carrier);
  const inputsDone = refsOf(part).every((r) => ctx.results.get(r)?.done);
  if (takesCalls(part, ctx.plan) ? !compiled(ctx, carrier) || !inputsDone : !inputsDone) return pending(evidence);
  return evaluateSets(part, evidence, ctx) ?? evaluatePaths(part, evidence, ctx) ?? { done: true, items: [], figures: [], evidence };
}

/** An open request's films from the deep route's reduce, each with the evidence that found or tested it. */
function deepResult(m: DeepMemory, evidence: readonly Evidence[]): PartResult {
  const byFilm = new Map<string, Evidence[]>();
  for (const e of evidence) if (e.focusType === "Movie") byFilm.set(e.focus, [...(byFilm.get(e.focus) ?? []), e]);
  const items = m.result!.films.map((f) => ({ name: f.film, type: "Movie" as const, score: f.score, evidenceIds: (byFilm.get(f.film) ?? []).sort((a, b) => b.score - a.score).map((e) => e.id) }));
  // A film started from that the graph lacks is cited by its TMDB row, which the answer says it read.
  const rows = evidence.filter(isTmdbOnlySeed);
  return { done: true, items, figures: [], evidence: [...items.flatMap((i) => (byFilm.get(i.name) ?? [])), ...rows], deep: m };
}

/** The items of an earlier part a reference points to. */
export function itemsOf(ctx: { results: ReadonlyMap<string, PartResult> }, ref: string): RankedAnswer[] {
  return ctx.results.get(ref)?.items ?? [];
}
