import type { PartOf, PlanPart } from "../../src/plan/schema";
import type { Evidence } from "../../tools/evidence";
import type { RankedAnswer } from "../research/types";
import { itemsOf, type Figure, type PartResult, type ResultContext } from "./results";
import { tmdbOnlyFigure } from "./results-tmdb-only";
import type { Metric } from "../../src/plan/schema";

/** Results of the parts that work on sets: films, their order, counts over them, comparisons, checks, combinations. */
export function evaluateSets(part: PlanPart, evidence: Evidence[], ctx: ResultContext): PartResult | undefined {
  switch (part.kind) {
    case "films":
      return films(evidence);
    case "order":
      return order(part, evidence);
    case "aggregate":
      return aggregate(part, evidence, ctx);
    case "compare":
      return compare(part.items.map((i) => i.id), part.pick, evidence, part.by);
    case "check":
      return check(part, evidence, ctx);
    case "combine":
      return combine(part, ctx);
    default:
      return undefined;
  }
}

const rows = (evidence: readonly Evidence[]) => evidence.filter((e) => e.sources.some((s) => s.tool === "find_movies") && e.meta?.role === "result");
const summaries = (evidence: readonly Evidence[]) => evidence.filter((e) => e.sources.some((s) => s.tool === "find_movies") && e.meta?.role === "summary");

/** One answer per film, in the tool's rank order. */
function filmItems(found: readonly Evidence[]): RankedAnswer[] {
  const seen = new Set<string>();
  const sorted = [...found].sort((a, b) => Number(a.meta?.rank ?? 99) - Number(b.meta?.rank ?? 99) || b.score - a.score);
  const unique = sorted.filter((e) => !seen.has(e.focus) && seen.add(e.focus));
  return unique.map((e, i) => ({ name: e.focus, type: "Movie", score: Math.round((1 - i / (unique.length + 1)) * 1000) / 1000, evidenceIds: [e.id] }));
}

function films(evidence: Evidence[]): PartResult {
  const relaxedSum = summaries(evidence).find((s) => s.meta?.atLeast !== undefined);
  if (relaxedSum && summaries(evidence).some((s) => s.meta?.atLeast === undefined && Number(s.meta?.total) === 0)) return relaxedFilms(evidence, relaxedSum);
  const items = filmItems(rows(evidence));
  const sums = summaries(evidence);
  // One call: its total. Several (one per value a reference gave): the films they found, together.
  const total = sums.length === 1 ? Number(sums[0]!.meta?.total ?? items.length) : items.length;
  const none = sums.find((s) => Number(s.meta?.total) === 0);
  return { done: true, items, total, figures: [], evidence, ...(total === 0 && none ? { missing: `no film in the knowledge base meets all of ${String(none.meta?.constraints)}` } : {}) };
}

/** No film met all of it: the films that came closest, by how many constraints they meet. */
function relaxedFilms(evidence: Evidence[], summary: Evidence): PartResult {
  const close = rows(evidence).filter((e) => e.meta?.met !== undefined);
  const of = Number(close[0]?.meta?.of ?? 0);
  const best = Math.max(0, ...close.map((e) => Number(e.meta?.met ?? 0)));
  const closest = close.filter((e) => Number(e.meta?.met) === best);
  // Of those, the films of the people and films the question names, when some are: never other people's films in their place.
  const named = Math.max(0, ...closest.map((e) => Number(e.meta?.named ?? 0)));
  const items = filmItems(closest.filter((e) => Number(e.meta?.named ?? 0) === named));
  return { done: true, items, total: 0, figures: [], evidence, relaxed: { atLeast: best, of }, missing: `no film in the knowledge base meets all of ${String(summary.meta?.constraints)}` };
}

/** The figures of the films TMDB alone lists said beside a family's KB films, when every KB film ranked has one too. */
function besideFigures(evidence: readonly Evidence[], by: Metric, kbFigures: readonly Figure[]): Figure[] {
  if (by === "filmCount" || !kbFigures.length) return [];
  return evidence
    .filter((e) => e.meta?.role === "tmdb-only" && e.meta.beside === true)
    .flatMap((e) => {
      const figure = tmdbOnlyFigure(e.focus, evidence, by);
      return figure ? [figure] : [];
    });
}

/** The KB's ranking with the films TMDB alone lists placed by their figure (the KB's film first on a tie). */
function mergedRanking(kbRanked: readonly RankedAnswer[], kbFigures: readonly Figure[], beside: readonly Figure[], direction: "asc" | "desc"): RankedAnswer[] {
  const valueOf = (name: string) => kbFigures.find((f) => f.id === name)?.value;
  const all = [
    ...kbRanked.map((a, i) => ({ a, value: valueOf(a.name), i, kb: 0 })),
    ...beside.map((f, i) => ({ a: { name: f.id, type: "Movie" as const, score: 0, evidenceIds: [f.evidenceId] }, value: f.value, i, kb: 1 })),
  ];
  // A KB film without a figure keeps its place after those with one (the tool ranked it so).
  const sign = direction === "asc" ? 1 : -1;
  const sorted = all.sort((x, y) => (x.value === undefined || y.value === undefined ? Number(x.value === undefined) - Number(y.value === undefined) || x.kb - y.kb || x.i - y.i : sign * (x.value - y.value) || x.kb - y.kb || x.i - y.i));
  return sorted.map((x, i) => ({ ...x.a, score: Math.round((1 - i / (sorted.length + 1)) * 1000) / 1000 }));
}

function figuresOf(evidence: readonly Evidence[]): Figure[] {
  return rows(evidence)
    .filter((e) => typeof e.meta?.value === "number")
    .sort((a, b) => Number(a.meta?.rank ?? 99) - Number(b.meta?.rank ?? 99))
    .map((e) => ({ id: e.focus, value: Number(e.meta!.value), text: e.text, evidenceId: e.id, ...(typeof e.meta?.year === "string" ? { year: e.meta.year } : {}) }));
}

function order(part: PartOf<"order">, evidence: Evidence[]): PartResult {
  const kbRanked = filmItems(rows(evidence).filter((e) => e.meta?.metric === part.by));
  const kbFigures = figuresOf(evidence);
  // A family's films TMDB alone lists take their place among the KB's by their own figure ("harry potter 3" is the
  // third by release, whichever source holds it).
  const beside = kbRanked.length ? besideFigures(evidence, part.by, kbFigures) : [];
  const figures = [...kbFigures, ...beside];
  const ranked = beside.length ? mergedRanking(kbRanked, kbFigures, beside, part.direction) : kbRanked;
  const summary = summaries(evidence)[0];
  const total = Number(summary?.meta?.total ?? kbRanked.length) + beside.length;
  const counted = Number(summary?.meta?.ranked ?? total - beside.length) + beside.length;
  // None ranked: the films themselves, when the judge has fetched them unordered.
  const unranked = ranked.length ? [] : filmItems(rows(evidence).filter((e) => e.meta?.metric === undefined));
  if (part.nth === undefined) return { done: true, items: ranked.length ? ranked : unranked, ranking: ranked, ranked: counted, total, figures, evidence, ...(ranked.length ? {} : { missing: "no film that fits has that figure" }) };
  const nth = ranked[part.nth - 1];
  return { done: true, items: nth ? [{ ...nth, score: 1 }] : [], ranking: ranked, ranked: counted, total, figures, evidence, ...(nth ? {} : { missing: `only ${ranked.length} film${ranked.length === 1 ? "" : "s"} that fit${ranked.length === 1 ? "s" : ""} could be ranked` }) };
}

/** People a set's own constraints name are not what is counted over it ("actors in Woody Allen's films" leaves him out). */
function ownPeople(ctx: ResultContext, ref: string): Set<string> {
  const of = ctx.plan.parts.find((p) => p.id === ref);
  return new Set(of?.kind === "films" ? of.where.flatMap((c) => (c.on === "person" && "id" in c.who ? [c.who.id] : [])) : []);
}

function aggregate(part: PartOf<"aggregate">, evidence: Evidence[], ctx: ResultContext): PartResult {
  const of = ctx.results.get(part.of.ref);
  if (part.op === "count") {
    const total = of?.total ?? of?.items.length ?? 0;
    return { done: true, items: of?.items ?? [], total, figures: [], evidence: of?.evidence ?? [] };
  }
  const own = ownPeople(ctx, part.of.ref);
  const shares = evidence.filter((e) => e.meta?.role === "share" && !own.has(e.focus)).sort((a, b) => Number(b.meta?.count ?? 0) - Number(a.meta?.count ?? 0) || Number(a.meta?.rank ?? 0) - Number(b.meta?.rank ?? 0));
  const total = Number(summaries(evidence)[0]?.meta?.total ?? 0);
  const asItem = (e: Evidence): RankedAnswer => ({ name: e.focus, ...(e.focusType ? { type: e.focusType } : {}), score: Number(e.meta?.count ?? 0), evidenceIds: [e.id] });
  if (part.op === "at_least") {
    const n = part.n ?? 2;
    const kept = shares.filter((e) => Number(e.meta?.count ?? 0) >= n);
    const best = Number(shares[0]?.meta?.count ?? 0);
    const nearest = !kept.length && best > 0 ? { support: best, names: shares.filter((e) => Number(e.meta?.count) === best).map((e) => e.focus).slice(0, 5) } : undefined;
    return { done: true, items: kept.map(asItem), total, figures: [], evidence, ...(nearest ? { nearest } : {}), ...(kept.length ? {} : { missing: `none reaches ${n}` }) };
  }
  if (part.op === "distribution" && part.options.length) {
    const picked = part.options.map((o) => shares.find((e) => e.focus === o.genre)).filter((e): e is Evidence => e !== undefined);
    return { done: true, items: picked.map(asItem), total, figures: [], evidence };
  }
  return { done: true, items: shares.map(asItem), total, figures: [], evidence, ...(shares.length ? {} : { missing: "nothing to count" }) };
}

/**
 * Which named item has the highest (or lowest) figure: a film's TMDB figure or release year from its
 * ranked row, a person's number of films from the filter's total. Among three or more, those lacking the
 * figure are left out and named (a partial answer); between two, both are needed.
 */
function compare(ids: readonly string[], pick: "max" | "min" | "difference", evidence: readonly Evidence[], by: Metric): PartResult {
  if (pick === "difference") return gap(ids, evidence, by);
  const figures = figuresFor(ids, evidence, by);
  const sorted = [...figures].sort((a, b) => (pick === "max" ? b.value - a.value : a.value - b.value) || (a.id < b.id ? -1 : 1));
  const lacking = ids.filter((id) => !figures.some((f) => f.id === id));
  const tie = sorted.length >= 2 && sorted[0]!.value === sorted[1]!.value;
  // Among three or more, the films with the figure are compared and the others said to lack it; two need both.
  const comparable = !tie && sorted.length >= 2 && (lacking.length === 0 || ids.length >= 3);
  const items: RankedAnswer[] = !comparable ? [] : sorted.map((f, i) => ({ name: f.id, score: Math.round((1 - i / (sorted.length + 1)) * 1000) / 1000, evidenceIds: [f.evidenceId] }));
  const missing = lacking.length ? `no figure for ${lacking.join(", ")}` : tie ? `${sorted[0]!.id} and ${sorted[1]!.id} are tied` : undefined;
  return { done: true, items, figures, evidence: [...evidence], ...(missing ? { missing } : {}) };
}

/** How far apart two figures are: both items, the higher first, and the gap as the part's total; both figures are needed. */
function gap(ids: readonly string[], evidence: readonly Evidence[], by: Metric): PartResult {
  const figures = figuresFor(ids, evidence, by);
  const lacking = ids.filter((id) => !figures.some((f) => f.id === id));
  if (lacking.length || figures.length < 2) return { done: true, items: [], figures, evidence: [...evidence], missing: `no figure for ${lacking.join(", ") || "both"}` };
  const sorted = [...figures].sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : 1));
  const total = Math.round(Math.abs(sorted[0]!.value - sorted[1]!.value) * 100) / 100;
  return { done: true, items: sorted.map((f, i) => ({ name: f.id, score: i === 0 ? 1 : 0.5, evidenceIds: [f.evidenceId] })), total, figures, evidence: [...evidence] };
}

/** Each item's figure: from a ranked row naming it, a film the KB lacks from its TMDB row, else (people) the size of their film set. */
function figuresFor(ids: readonly string[], evidence: readonly Evidence[], by: Metric): Figure[] {
  const ranked = figuresOf(evidence);
  const out: Figure[] = [];
  for (const id of ids) {
    const row = ranked.filter((f) => f.id === id).sort((a, b) => a.value - b.value)[0] ?? tmdbOnlyFigure(id, evidence, by);
    if (row) {
      out.push(row);
      continue;
    }
    const sum = summaries(evidence).find((s) => String(s.meta?.constraints ?? "").startsWith(`${id} (`) || s.meta?.constraints === id);
    if (sum) out.push({ id, value: Number(sum.meta?.total ?? 0), text: sum.text, evidenceId: sum.id });
  }
  return out;
}

function check(part: PartOf<"check">, evidence: Evidence[], ctx: ResultContext): PartResult {
  const t = part.test;
  if (t.op === "compare") {
    const r = compare([t.a.id, t.b.id], t.cmp === "gt" ? "max" : "min", evidence, t.by);
    if (r.missing) return { ...r, items: [] };
    return { ...r, verdict: r.items[0]?.name === t.a.id ? "yes" : "no" };
  }
  if (t.op === "every") return every(t, evidence, ctx);
  const of = ctx.results.get(t.of.ref);
  const items = of?.items ?? [];
  const yes = t.op === "member" ? items.some((i) => i.name === t.item.id) : (of?.total ?? items.length) >= (t.atLeast ?? 1);
  // The checked films' own facts (evidence of this part) come after the set's: what the answer rests on, then why.
  return { done: true, items: t.op === "member" ? items.filter((i) => i.name === t.item.id) : items, total: of?.total ?? items.length, verdict: yes ? "yes" : "no", figures: [], evidence: [...(of?.evidence ?? []), ...evidence] };
}

/**
 * "Did Nolan direct all the Batman films": yes when the films of the set that also meet the rest are all of them. The
 * items are the films that do; a set with no film gives no verdict.
 */
function every(t: Extract<PartOf<"check">["test"], { op: "every" }>, evidence: Evidence[], ctx: ResultContext): PartResult {
  const of = ctx.results.get(t.of.ref);
  const meeting = ctx.results.get(t.meeting.ref);
  const total = of?.total ?? of?.items.length ?? 0;
  // A relaxed search lists the closest films when none met it all: none of them meets it.
  const met = meeting?.relaxed || !meeting?.total ? [] : meeting.items;
  const base = { done: true, items: met, total, figures: [], evidence: [...(of?.evidence ?? []), ...(meeting?.evidence ?? []), ...evidence] };
  if (!total) return { ...base, missing: of?.missing ?? "the knowledge base lists no film of that set" };
  return { ...base, verdict: (meeting?.total ?? 0) >= total ? "yes" : "no" };
}

function combine(part: PartOf<"combine">, ctx: ResultContext): PartResult {
  const sets = part.parts.map((r) => itemsOf(ctx, r.ref));
  const names = sets.map((s) => new Set(s.map((i) => i.name)));
  const base = part.op === "either" ? dedupe(sets.flat()) : sets[0] ?? [];
  const items = base.filter((i) => (part.op === "both" ? names.every((n) => n.has(i.name)) : part.op === "minus" ? !names.slice(1).some((n) => n.has(i.name)) : true));
  const from = new Set(part.parts.map((r) => r.ref));
  const evidence = part.parts.flatMap((r) => ctx.results.get(r.ref)?.evidence ?? []);
  const withSupport = items.map((i) => ({ ...i, evidenceIds: [...new Set(sets.flat().filter((x) => x.name === i.name).flatMap((x) => x.evidenceIds))] }));
  return { done: true, items: withSupport, total: withSupport.length, figures: [], evidence, ...(withSupport.length || from.size === 0 ? {} : { missing: part.op === "both" ? "nothing in common" : "nothing left" }) };
}

function dedupe(items: readonly RankedAnswer[]): RankedAnswer[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.name) && seen.add(i.name));
}
