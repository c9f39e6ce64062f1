import type { NodeType } from "../../src/kb/schema";
import type { PartOf, PlanPart } from "../../src/plan/schema";
import type { QuestionAnalysis } from "../../src/question/analyze";
import { mayBeOfGender } from "../../src/linking/name-gender";
import type { Evidence } from "../../tools/evidence";
import { rankAnswers } from "../answering/candidates";
import type { RankedAnswer } from "../research/types";
import { rankPlotMatches } from "./plot-ranking";
import { tmdbOnlyResult } from "./results-tmdb-only";
import { itemsOf, type PartResult, type ResultContext } from "./results";

/** Results of the parts that start from names or text: lookups, similar films, told plots, kinds described, facts the KB lacks. */
export function evaluatePaths(part: PlanPart, evidence: Evidence[], ctx: ResultContext): PartResult | undefined {
  switch (part.kind) {
    case "lookup":
      return lookup(part, evidence, ctx);
    case "similar":
      return similar(part, evidence);
    case "plot":
      return { done: true, items: withoutRuledOut(rankPlotMatches(evidence, ctx.kb.embedder.id, ctx.kb.catalog), part), figures: [], evidence };
    case "describe":
      return shares(evidence, part.options.map((o) => o.genre));
    case "unknown":
      return part.names.some((n) => n.tmdb) ? tmdbOnlyResult(part, evidence) : undefined;
    case "beyond": {
      const about = part.about ? ctx.results.get(part.about.ref) : undefined;
      return { done: true, items: about?.items ?? [], ...(about?.total !== undefined ? { total: about.total } : {}), ...(about?.verdict ? { verdict: about.verdict } : {}), figures: about?.figures ?? [], evidence: about?.evidence ?? [] };
    }
    default:
      return undefined;
  }
}

/** A told plot's matches without the films it rules out ("it's not The Mask"). */
function withoutRuledOut<T extends { name: string }>(items: T[], part: PartOf<"plot">): T[] {
  const out = new Set(part.hints.flatMap((h) => (h.on === "title" && h.negated ? [h.film] : [])));
  return out.size ? items.filter((i) => !out.has(i.name)) : items;
}

/** The names a lookup starts from: its entities, and the items of the parts it refers to. */
export function startsOf(part: PartOf<"lookup">, ctx: { results: ReadonlyMap<string, PartResult> }): { id: string; type: NodeType | undefined }[] {
  return part.from.flatMap((v) => ("ref" in v ? itemsOf(ctx, v.ref).map((i) => ({ id: i.name, type: i.type })) : [{ id: v.id, type: v.type }]));
}

function lookup(part: PartOf<"lookup">, evidence: Evidence[], ctx: ResultContext): PartResult {
  const starts = startsOf(part, ctx);
  if (part.figure) {
    const row = evidence.find((e) => e.meta?.role === "result" && e.meta?.metric === part.figure && typeof e.meta?.value === "number");
    return row
      ? { done: true, items: [{ name: String(row.meta!.value), score: 1, evidenceIds: [row.id] }], figures: [{ id: row.focus, value: Number(row.meta!.value), text: row.text, evidenceId: row.id, ...(typeof row.meta?.year === "string" ? { year: row.meta.year } : {}) }], evidence }
      : { done: true, items: [], figures: [], evidence, missing: `no ${part.figure} for ${starts[0]?.id ?? "the film"}` };
  }
  if (part.story) {
    const told = evidence.filter((e) => e.meta?.role === "story");
    const items = starts.flatMap((s) => {
      const own = told.filter((e) => e.focus === s.id);
      return own.length ? [{ name: s.id, type: "Movie" as const, score: 1, evidenceIds: own.map((e) => e.id) }] : [];
    });
    return { done: true, items, figures: [], evidence, ...(items.length ? {} : { missing: `no plot or overview of ${starts.map((s) => s.id).join(", ")}` }) };
  }
  const triples = evidence.filter((e) => e.sources.some((s) => s.tool === "neighbors"));
  const except = new Set(part.except.map((e) => e.id));
  const found = triples.length && !evidence.some((e) => e.kind === "path" && e.meta?.relationPath) ? neighbourItems(part, triples, starts) : pathItems(part, evidence, starts);
  const among = new Set(part.among.map((e) => e.id));
  const edition = pickedEdition(part, ctx) ?? namedEdition(part, ctx) ?? saidEdition(part, ctx);
  // A merged title picked by one edition's figure, or by a person named beside it: only the people credited in that
  // edition (or in no one edition).
  const ofEdition = editionFilter(edition, ctx, part.path?.[0]?.edge === "RELEASED_IN");
  const all = found.filter((i) => !except.has(i.name) && (!among.size || among.has(i.name)) && ofEdition(i.name));
  // The KB records no gender: the people asked of one are those whose first name is not the other's, unless none is.
  const gender = part.gender;
  const kept = gender ? all.filter((i) => mayBeOfGender(i.name, gender)) : all;
  const items = bestKnownFirst(part, kept.length ? kept : all, ctx);
  const setAside = all.filter((i) => !items.includes(i));
  const none = among.size ? `none of ${[...among].join(", ")} along that relation in the knowledge base` : "nothing in the knowledge base along that relation";
  return { done: true, items, total: items.length, figures: [], evidence, ...(setAside.length ? { setAside } : {}), ...(items.length ? {} : { missing: none }) };
}

/**
 * The lead asked of a cast: the KB records no billing, so the best-known first, by how many links each has in the KB
 * (the films they made), names breaking ties. Any other lookup keeps its order.
 */
function bestKnownFirst(part: PartOf<"lookup">, items: RankedAnswer[], ctx: ResultContext): RankedAnswer[] {
  if (!part.lead) return items;
  const links = (name: string) => ctx.kb.linker.link(name, { types: ["Person"], limit: 1, exact: true }).find((c) => c.name === name)?.degree ?? 0;
  const known = new Map(items.map((i) => [i.name, links(i.name)]));
  return [...items].sort((a, b) => known.get(b.name)! - known.get(a.name)! || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * "who directed the highest grossing film of 1997": the one film an earlier part picked by its place, and the year of the
 * edition its figure is of (a TMDB figure's film, or the release year ranked), when the title merges several films.
 */
function pickedEdition(part: PartOf<"lookup">, ctx: ResultContext): { movie: string; year: string } | undefined {
  const [from] = part.from;
  const hop = part.path?.[0];
  // People credited in it, or its own release year ("when was the first king kong movie made": 1933, not all three).
  if (part.from.length !== 1 || !from || !("ref" in from) || (hop?.dir !== "in" && hop?.edge !== "RELEASED_IN")) return undefined;
  const of = ctx.plan.parts.find((p) => p.id === from.ref);
  const picked = ctx.results.get(from.ref);
  const item = picked?.items.length === 1 ? picked.items[0] : undefined;
  if (of?.kind !== "order" || of.nth === undefined || !item || ctx.kb.editions.of(item.name).length < 2) return undefined;
  const figure = picked!.figures.find((f) => f.id === item.name);
  const year = of.by === "releaseYear" ? (figure ? String(figure.value) : undefined) : figure?.year;
  return year ? { movie: item.name, year } : undefined;
}

/**
 * "who starred in Heat with Al Pacino": a merged title named with a person credited in one of its editions is that
 * edition (the 1995 film, not the 1972 one).
 */
function namedEdition(part: PartOf<"lookup">, ctx: ResultContext): { movie: string; year: string } | undefined {
  const [from] = part.from;
  if (part.from.length !== 1 || !from || !("id" in from) || !part.except.length || ctx.kb.editions.of(from.id).length < 2) return undefined;
  const years = new Set(part.except.map((e) => ctx.kb.editions.yearFor(from.id, e.id)));
  const [year] = years;
  return years.size === 1 && year ? { movie: from.id, year } : undefined;
}

/**
 * Keeps the people credited in the edition, or in no one edition of the title (the KB's links the editions do not list);
 * of its release years (`years`), the edition's own ("when was the original alice in wonderland released").
 */
function editionFilter(edition: { movie: string; year: string } | undefined, ctx: ResultContext, years: boolean): (name: string) => boolean {
  if (!edition) return () => true;
  if (years) return (name) => name === edition.year;
  const editions = ctx.kb.editions.of(edition.movie);
  const own = editions.find((e) => e.year === edition.year);
  if (!own) return (name) => (ctx.kb.editions.yearFor(edition.movie, name) ?? edition.year) === edition.year;
  return (name) => own.people.includes(name) || !editions.some((e) => e.people.includes(name));
}

/**
 * "who directed king kong 2005", "the 1997 movie titanic": a merged title said with one year is the edition of that
 * year (a year either side, a premiere against a release), when the KB has one.
 */
function saidEdition(part: PartOf<"lookup">, ctx: ResultContext): { movie: string; year: string } | undefined {
  const [from] = part.from;
  const year = saidYear(part);
  if (part.from.length !== 1 || !from || !("id" in from) || year === undefined) return undefined;
  const edition = ctx.kb.editions.of(from.id).find((e) => Math.abs(Number(e.year) - year) <= EDITION_YEAR_SLACK);
  return edition ? { movie: from.id, year: edition.year } : undefined;
}

/** How far a year said of a film may be from its release year and still name it. */
export const EDITION_YEAR_SLACK = 1;

/** The one year a lookup's films are said to be of ("king kong 2005"), if it says one. */
export function saidYear(part: PartOf<"lookup">): number | undefined {
  const years = part.within.filter((c) => c.on === "years" && !c.negated);
  const [only] = years;
  return years.length === 1 && only?.on === "years" && only.from === only.to ? only.from : undefined;
}

/** Neighbours along the asked hop: every start's (each, either) or those every start has (both). */
function neighbourItems(part: PartOf<"lookup">, triples: readonly Evidence[], starts: readonly { id: string }[]): RankedAnswer[] {
  const hop = part.path?.[0];
  const startIds = new Set(starts.map((s) => s.id));
  const reach = new Map<string, { type?: NodeType; from: Set<string>; ids: string[] }>();
  for (const e of triples) {
    if (hop && (e.meta?.edge !== hop.edge || e.meta?.direction !== hop.dir)) continue;
    if (startIds.has(e.focus) || (part.asks && e.focusType !== part.asks)) continue;
    const r = reach.get(e.focus) ?? { ...(e.focusType ? { type: e.focusType } : {}), from: new Set<string>(), ids: [] };
    r.from.add(String(e.meta?.from ?? ""));
    r.ids.push(e.id);
    reach.set(e.focus, r);
  }
  const need = part.join === "both" ? Math.max(1, startIds.size) : 1;
  return [...reach.entries()]
    .filter(([, r]) => r.from.size >= need)
    .map(([name, r]) => ({ name, ...(r.type ? { type: r.type } : {}), score: r.from.size, evidenceIds: r.ids }))
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
}

/** Think-on-Graph's paths: the endpoints of the best path per start, combined as the lookup joins them. */
function pathItems(part: PartOf<"lookup">, evidence: readonly Evidence[], starts: readonly { id: string; type: NodeType | undefined }[]): RankedAnswer[] {
  return rankAnswers(analysisOf(part, starts), evidence).answers;
}

/** The little a path ranking needs of a question: its topics, the asked type, how several starts combine. */
function analysisOf(part: PartOf<"lookup">, starts: readonly { id: string; type: NodeType | undefined }[]): QuestionAnalysis {
  const topics = starts.map((s) => ({ id: s.id, name: s.id, type: s.type ?? "Movie", types: [s.type ?? "Movie"], text: s.id, tokenStart: 0, tokenEnd: 0, confidence: 1, alternatives: [] }));
  const ids = topics.map((t) => t.id);
  const operators = part.join === "both" && ids.length > 1 ? [{ kind: "intersection" as const, topics: ids }] : part.join === "either" && ids.length > 1 ? [{ kind: "union" as const, topics: ids }] : [];
  return { question: part.text, tokens: [], topics, constraints: [], cues: [], answer: part.asks ? { type: part.asks } : {}, sharing: false, operators };
}

function similar(part: PartOf<"similar">, evidence: readonly Evidence[]): PartResult {
  const seeds = new Set(part.seeds.map((s) => s.id));
  const found = evidence.filter((e) => e.meta?.role === "result" && !seeds.has(e.focus)).sort((a, b) => b.score - a.score || (a.focus < b.focus ? -1 : 1));
  const items: RankedAnswer[] = found.map((e) => ({ name: e.focus, type: "Movie", score: e.score, evidenceIds: [e.id] }));
  return { done: true, items, figures: [], evidence: [...evidence], ...(items.length ? {} : { missing: "no film shares enough with it" }) };
}

/** A kind's genre split: the options asked between (highest share first, ties in the order asked), else every genre. */
function shares(evidence: readonly Evidence[], options: readonly string[]): PartResult {
  const all = evidence.filter((e) => e.meta?.role === "share").sort((a, b) => Number(a.meta?.rank) - Number(b.meta?.rank));
  const picked = options.flatMap((g) => all.filter((e) => e.focus === g)).sort((a, b) => Number(b.meta?.share ?? 0) - Number(a.meta?.share ?? 0));
  const rows = options.length ? picked : all;
  const items: RankedAnswer[] = rows.map((e) => ({ name: e.focus, type: "Genre", score: Number(e.meta?.share ?? 0), evidenceIds: [e.id] }));
  return { done: true, items, figures: [], evidence: [...evidence], ...(items.length ? {} : { missing: "no film of that kind has a genre in the knowledge base" }) };
}
