import { BackendUnavailableError } from "../../../src/errors";
import { linkKey } from "../../../src/util/text";
import type { KnowledgeBase } from "../../../src/kb/knowledge-base";
import type { NodeType } from "../../../src/kb/schema";
import type { FactKind, PlanPart, QueryPlan } from "../../../src/plan/schema";
import type { PartResult, PlanResults } from "../../plan/results";
import type { RankedAnswer } from "../../research/types";
import type { Citations } from "./citations";

/** What a renderer reads: the plan, every part's result, the citation numbering and the films' years. */
export interface RenderContext {
  plan: QueryPlan;
  results: PlanResults;
  cite: Citations;
  years: ReadonlyMap<string, string[]>;
  /** The year of the one film of a merged title a person is credited in ("Titanic", "James Cameron" → 1997). */
  editionYear?: (movie: string, person: string) => string | undefined;
}

/** One part's answer as a reader sees it. */
export interface Rendered {
  text: string;
  answers: RankedAnswer[];
  count?: number;
  verdict?: "yes" | "no";
  /** With a verdict: the facts it rests on, without the "Yes." or "No." that opens the text. */
  facts?: string;
  lacks?: FactKind;
}

export const SHOWN = 10;

/** A film with its year; a title the KB merges for several films shows each year ("Titanic (1953, 1997)"). */
export function film(ctx: Pick<RenderContext, "years">, id: string): string {
  const ys = [...new Set(ctx.years.get(id) ?? [])].sort();
  return ys.length ? `${id} (${ys.join(", ")})` : id;
}

/** An answer as it reads: films with their years, anything else by name. */
export function label(ctx: Pick<RenderContext, "years">, a: { name: string; type?: NodeType }): string {
  return a.type === "Movie" || ctx.years.has(a.name) ? film(ctx, a.name) : a.name;
}

/** Items whose names differ, not only in case ("comedy" beside Comedy, a tag "robert de niro" beside Robert De Niro): the first kept. */
export function distinctByName<T extends { name: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = linkKey(i.name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Up to SHOWN answers, each with its citation, and how many more there are. */
export function listed(ctx: RenderContext, items: readonly RankedAnswer[], shown = SHOWN): string {
  const head = items.slice(0, shown).map((a) => `${label(ctx, a)} ${ctx.cite.cite(a.evidenceIds, 1)}`.trim());
  const more = items.length > shown ? ` and ${items.length - shown} more` : "";
  return `${joinWith(head)}${more}`;
}

function joinWith(xs: readonly string[]): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

export function resultOf(ctx: Pick<RenderContext, "results">, id: string): PartResult {
  return ctx.results.get(id) ?? { done: false, items: [], figures: [], evidence: [] };
}

export function partOf(ctx: Pick<RenderContext, "plan">, id: string): PlanPart | undefined {
  return ctx.plan.parts.find((p) => p.id === id);
}

/**
 * The context for a set of films with a period: a title the KB merges for several films shows only
 * its years in the period ("Frozen (2007)" among 2007 dramas, not "Frozen (2007, 2010, 2013)").
 */
export function inPeriod(ctx: RenderContext, range: { from: number; to: number } | undefined): RenderContext {
  if (!range) return ctx;
  const years = new Map<string, string[]>();
  for (const [id, ys] of ctx.years) {
    const kept = ys.filter((y) => Number(y) >= range.from && Number(y) <= range.to);
    years.set(id, kept.length ? kept : ys);
  }
  return { ...ctx, years };
}

/** Every film a reply may name: the plan's films and every result's film answers, so each can carry its year. */
export async function filmYears(plan: QueryPlan, results: PlanResults, kb: Pick<KnowledgeBase, "graph" | "editions">): Promise<Map<string, string[]>> {
  const ids = new Set<string>();
  const addEntity = (v: unknown) => {
    const e = v as { id?: string; type?: string } | undefined;
    if (e?.type === "Movie" && e.id) ids.add(e.id);
  };
  for (const p of plan.parts) {
    if (p.kind === "lookup") p.from.forEach(addEntity);
    if (p.kind === "compare") p.items.forEach(addEntity);
    if (p.kind === "similar") p.seeds.forEach(addEntity);
    if (p.kind === "check" && p.test.op === "compare") [p.test.a, p.test.b].forEach(addEntity);
    if (p.kind === "check" && p.test.op === "member") addEntity(p.test.item);
    if (p.kind === "films") for (const c of p.where) if (c.on === "title") ids.add(c.film);
  }
  for (const r of results.values()) for (const i of r.items.slice(0, 50)) if (i.type === "Movie") ids.add(i.name);
  let nodes: Awaited<ReturnType<KnowledgeBase["graph"]["getNodes"]>>;
  try {
    nodes = await kb.graph.getNodes([...ids]);
  } catch (e) {
    // A graph store that went away mid-run costs the reply its years, not the reply.
    if (e instanceof BackendUnavailableError) return new Map();
    throw e;
  }
  const out = new Map<string, string[]>();
  const people = peopleOf(plan, results);
  for (const n of nodes) if (n?.years?.length && n.types.includes("Movie")) out.set(n.id, n.years.length > 1 ? editionYears(n.id, n.years, people, kb) : n.years);
  return out;
}

/** The people a reply is about: those the plan names and those its parts answered. */
function peopleOf(plan: QueryPlan, results: PlanResults): Set<string> {
  const people = new Set<string>();
  const add = (v: unknown) => {
    const e = v as { id?: string; type?: string } | undefined;
    if (e?.type === "Person" && e.id) people.add(e.id);
  };
  for (const p of plan.parts) {
    if (p.kind === "lookup") p.from.forEach(add);
    if (p.kind === "films") for (const c of p.where) if (c.on === "person" && !c.negated) add(c.who);
    if (p.kind === "compare") p.items.forEach(add);
  }
  for (const r of results.values()) for (const i of r.items.slice(0, 50)) if (i.type === "Person") people.add(i.name);
  return people;
}

/** A merged title's years, narrowed to the one film every person of the reply credited in it made ("Heat (1995)" for De Niro). */
function editionYears(movie: string, years: string[], people: ReadonlySet<string>, kb: Pick<KnowledgeBase, "editions">): string[] {
  const found = new Set<string>();
  for (const person of people) {
    const year = kb.editions.yearFor(movie, person);
    if (year) found.add(year);
  }
  return found.size === 1 ? [...found] : years;
}
