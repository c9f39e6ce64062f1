import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { MovieMetric } from "../../src/ports/movie-catalog";
import { heldNoneSeries, refsOf, tmdbOnlyName, type FilmConstraint, type KindRef, type PartOf, type PlanPart, type QueryPlan, type Role, type TmdbOnlyRef } from "../../src/plan/schema";
import { roleVerb } from "../../tools/find-movies";
import { toldPlotQuery } from "../planners/told-plot-query";
import type { PlannedCall } from "../research/types";
import { call, type ToolArgs } from "./calls";
import { checkedTitles, compiled, fusedParts, itemsOf, takesCalls, type PartResult } from "./results";
import { startsOf } from "./results-paths";
import { yearsBeyondSeeds } from "./similar-years";

/**
 * The compiler: a plan's parts that are ready (every part they use is done) and not yet run become
 * typed tool calls, one set per part, each saying which part it serves and why. Parts computed from
 * other parts (counts, checks, combinations, facts the KB lacks) take none.
 */
export async function compileReady(plan: QueryPlan, results: ReadonlyMap<string, PartResult>, state: { trace: Parameters<typeof compiled>[0]["trace"] }, kb: KnowledgeBase): Promise<PlannedCall[]> {
  const fused = fusedParts(plan);
  const out: PlannedCall[] = [];
  for (const part of plan.parts) {
    if (!takesCalls(part, plan) || fused.has(part.id) || compiled(state, part.id)) continue;
    // A fused films part travels inside this part's own call: it is no input to wait for; a check's look-up of its films needs none.
    const inputs = part.kind === "check" ? [] : refsOf(part);
    if (!inputs.every((r) => fused.get(r) === part.id || results.get(r)?.done)) continue;
    out.push(...(await compilePart(part, plan, results, kb)));
  }
  return out;
}

const MAX_CALLS_PER_PART = 4;

export async function compilePart(part: PlanPart, plan: QueryPlan, results: ReadonlyMap<string, PartResult>, kb: KnowledgeBase): Promise<PlannedCall[]> {
  const ctx = { results };
  const calls = await (async (): Promise<PlannedCall[]> => {
    switch (part.kind) {
      case "lookup":
        return lookupCalls(part, ctx);
      case "films":
        return filmsCalls(part.id, part.where, ctx, {}, "the films that meet every constraint");
      case "order": {
        const of = filmsOf(plan, part.of.ref);
        const limit = Math.max(part.limit, part.nth ?? 0);
        return of ? filmsCalls(part.id, of, ctx, { rankBy: part.by, order: part.direction, limit }, `ranked by ${part.by}, ${part.direction === "desc" ? "highest" : "lowest"} first${part.nth ? `: the ${ordinal(part.nth)}` : ""}`) : titlesRanked(part, itemsOf(ctx, part.of.ref).map((i) => i.name), part.by, part.direction);
      }
      case "aggregate": {
        const of = filmsOf(plan, part.of.ref);
        if (!of) return [];
        const facet = part.over ?? { edge: "HAS_GENRE" as const, dir: "out" as const };
        const extra: Partial<ToolArgs["find_movies"]> = part.op === "distribution" && facet.edge === "HAS_GENRE" ? { distribution: true, limit: 5 } : { facet: { edge: facet.edge, direction: facet.dir }, limit: 5 };
        return filmsCalls(part.id, of, ctx, extra, `${part.op.replace("_", " ")}: what ${facet.edge} ${facet.dir === "in" ? "leads to" : "leads from"} each film, counted`);
      }
      case "compare":
        return compareCalls(part.id, part.items.map((i) => ({ id: i.id, type: i.type })), part.by, part.role, part.tmdbOnly);
      case "check": {
        if (part.test.op === "compare") return compareCalls(part.id, [part.test.a, part.test.b], part.test.by, part.test.role, part.test.tmdbOnly);
        const titles = checkedTitles(part, plan);
        if (!titles.length) return [];
        // "is Titanic longer than 3 hours": the film's own figure, to say by how much the bound holds or fails.
        const figures = boundFigures(part, plan).map((metric) => call("find_movies", { titles: titles.slice(0, 5), rankBy: metric, limit: 5 }, `the ${metric} of ${listed(titles.slice(0, 5))}, read from TMDB rows, against the bound asked`, part.id));
        return [call("neighbors", { entities: titles.slice(0, 50), direction: "both", limit: 200 }, `what the knowledge base lists for ${listed(titles)}, to say why the answer is yes or no`, part.id), ...figures];
      }
      case "similar":
        return similarCalls(part, kb);
      case "plot":
        return plotCalls(part, kb);
      case "unknown":
        // A name TMDB lists and the KB lacks: its TMDB row, read by name, is what the answer says of it.
        // Read by each film's TMDB title: a family's name ("the hobbit") is no one film's.
        return part.names.flatMap((n) => [...new Set((n.tmdb ?? []).map((f) => f.title))].map((title) => call("lookup_entity", { mention: title, types: ["Movie"], limit: 3 }, `"${n.said}" names a film the knowledge graph lacks: what TMDB 5000 lists of ${title}`, part.id)));
      case "describe":
        return [call("breadth_first", { query: part.of.label, kind: kindArg(part.of), concepts: 2 }, `what ${part.of.label} films are like: breadth-first from the kind, with the genre split of all its films`, part.id)];
      default:
        return [];
    }
  })();
  return calls.slice(0, MAX_CALLS_PER_PART);
}

/** The metrics a check's films are bounded by ("longer than 3 hours": runtime). */
function boundFigures(part: PartOf<"check">, plan: QueryPlan): MovieMetric[] {
  if (part.test.op === "compare") return [];
  const ref = part.test.of.ref;
  const of = plan.parts.find((p) => p.id === ref);
  const metrics = of?.kind === "films" ? of.where.flatMap((c) => (c.on === "figure" ? [c.metric] : [])) : [];
  return [...new Set(metrics)].slice(0, 2);
}

function ordinal(n: number): string {
  return n === 1 ? "first" : n === 2 ? "second" : n === 3 ? "third" : `${n}th`;
}

/** The constraints of the films part a reference points to, when it is one. */
function filmsOf(plan: QueryPlan, ref: string): FilmConstraint[] | undefined {
  const p = plan.parts.find((x) => x.id === ref);
  return p?.kind === "films" ? p.where : undefined;
}

function kindArg(k: KindRef): NonNullable<ToolArgs["find_movies"]["concepts"]>[number] {
  return { label: k.label, genres: k.genres.slice(0, 10), tags: k.tags.slice(0, 10), tmdbGenres: k.tmdbGenres.slice(0, 10), keywords: k.keywords.slice(0, 10) };
}

type FindArgs = ToolArgs["find_movies"];

/**
 * find_movies' arguments for a set of constraints, in one call. A person given by reference ("the
 * films of Toy Story's writers") stands for all the people that part answered: any of them.
 */
function filmsCalls(serves: string, where: readonly FilmConstraint[], ctx: { results: ReadonlyMap<string, PartResult> }, extra: Partial<FindArgs>, why: string): PlannedCall[] {
  const args = { ...filmArgs(where, ctx), ...extra };
  return [call("find_movies", args, `${why}: ${describeArgs(args)}`, serves)];
}

/** A family's films TMDB alone lists, read beside the set (their titles), as the tool's argument. */
function tmdbOnlyOfSeries(where: readonly FilmConstraint[]): { tmdbOnlyBeside?: string[] } {
  const titles = where.flatMap((c) => (c.on === "series" && !c.negated ? (c.tmdbOnly ?? []).map((f) => f.title) : []));
  // A family the KB holds none of: the set has no KB film, and its films are those TMDB lists.
  const heldNone = heldNoneSeries(where) !== undefined;
  return { ...(titles.length ? { tmdbOnlyBeside: titles.slice(0, 12) } : {}), ...(heldNone ? { heldNone: true as const } : {}) };
}

type PersonArg = { name: string; role?: Role };

/**
 * The people constraints as the tool's arguments: a named person each; the people an earlier part answered, any of
 * them; a group named together, any of its members. Said against, every one of them is left out.
 */
function peopleArgs(where: readonly FilmConstraint[], ctx: { results: ReadonlyMap<string, PartResult> }): { people: PersonArg[]; anyOf?: FindArgs["anyOf"]; groups: NonNullable<FindArgs["groups"]>; excluded: PersonArg[] } {
  const out: ReturnType<typeof peopleArgs> = { people: [], groups: [], excluded: [] };
  for (const c of where) {
    if (c.on !== "person" && c.on !== "group") continue;
    const role = c.role ? { role: c.role } : {};
    const names = c.on === "group" ? c.members.map((m) => m.id) : "ref" in c.who ? itemsOf(ctx, c.who.ref).slice(0, 50).map((i) => i.name) : [c.who.id];
    if (c.negated) out.excluded.push(...names.map((name) => ({ name, ...role })));
    else if (c.on === "group") out.groups.push({ name: c.name, names, ...role });
    else if ("ref" in c.who) out.anyOf = names.length ? { names, ...role } : out.anyOf;
    else out.people.push({ name: c.who.id, ...role });
  }
  return out;
}

export function filmArgs(where: readonly FilmConstraint[], ctx: { results: ReadonlyMap<string, PartResult> }): FindArgs {
  const args = { concepts: [] as KindRef[], languages: [] as string[], titles: [] as string[] };
  const ex = { concepts: [] as KindRef[], people: [] as { name: string; role?: Role }[], years: [] as { from: number; to: number }[], languages: [] as string[], titles: [] as string[] };
  let years: { from: number; to: number } | undefined;
  const who = peopleArgs(where, ctx);
  ex.people.push(...who.excluded);
  const figures: NonNullable<FindArgs["figures"]> = [];
  for (const c of where) {
    if (c.on === "person" || c.on === "group") continue;
    else if (c.on === "kind") (c.negated ? ex.concepts : args.concepts).push(c.kind);
    else if (c.on === "series") (c.negated ? ex.titles : args.titles).push(...c.films);
    else if (c.on === "title") (c.negated ? ex.titles : args.titles).push(c.film);
    else if (c.on === "language") (c.negated ? ex.languages : args.languages).push(c.language);
    else if (c.on === "years" && c.negated) ex.years.push({ from: c.from, to: c.to });
    // A figure said against ("not longer than 2 hours") is the other side of it.
    else if (c.on === "figure") figures.push({ metric: c.metric, ...((c.cmp === "gt") !== c.negated ? { min: c.value } : { max: c.value }) });
    else if (c.on === "years") years = years ? { from: Math.max(years.from, c.from), to: Math.min(years.to, c.to) } : { from: c.from, to: c.to };
  }
  // The plan's own caps (at most eight constraints a set) are within the tool's: nothing is cut here.
  const exclude = Object.values(ex).some((x) => x.length) ? { exclude: { concepts: ex.concepts.map(kindArg), people: ex.people, years: ex.years, languages: ex.languages, titles: ex.titles } } : {};
  return {
    concepts: args.concepts.map(kindArg),
    people: who.people,
    languages: args.languages,
    titles: args.titles,
    ...(who.anyOf ? { anyOf: who.anyOf } : {}),
    ...(who.groups.length ? { groups: who.groups } : {}),
    ...(years ? { years } : {}),
    ...(figures.length ? { figures } : {}),
    ...tmdbOnlyOfSeries(where),
    ...exclude,
    limit: 50,
  };
}

function describeArgs(a: FindArgs): string {
  const parts = [
    ...(a.people ?? []).map((p) => `${p.name}${p.role ? ` ${roleVerb(p.role)}` : ""}`),
    ...(a.anyOf ? [`any of ${listed(a.anyOf.names)}${a.anyOf.role ? ` (${roleVerb(a.anyOf.role)})` : ""}`] : []),
    ...(a.groups ?? []).map((g) => `${g.name}: any of ${listed(g.names)}${g.role ? ` (${roleVerb(g.role)})` : ""}`),
    ...(a.concepts ?? []).map((c) => c.label),
    ...(a.titles?.length ? [a.titles.length > 3 ? `${a.titles.length} titles` : a.titles.join(", ")] : []),
    ...(a.languages ?? []).map((l) => `in ${l}`),
    ...(a.years ? [`${a.years.from}–${a.years.to}`] : []),
    ...(a.exclude?.people ?? []).map((p) => `not ${p.name}${p.role ? ` ${roleVerb(p.role)}` : ""}`),
    ...(a.exclude?.concepts ?? []).map((c) => `not ${c.label}`),
    ...(a.exclude?.years ?? []).map((y) => `not ${y.from}–${y.to}`),
    ...(a.exclude?.languages ?? []).map((l) => `not in ${l}`),
  ];
  return parts.join(", ") || "no constraint";
}

/**
 * No film meets every constraint of a set of several: the films meeting all but one, those meeting
 * most first ("no film has all of it; these come closest"). None for a set a yes/no question checks.
 */
export function relaxedCalls(part: PartOf<"films">, plan: QueryPlan, results: ReadonlyMap<string, PartResult>): PlannedCall[] {
  // Only films the reply lists: a count or a yes/no over the set needs the exact answer, none.
  const checked = !plan.answer.includes(part.id);
  const positive = part.where.filter((c) => !c.negated);
  const groups = new Set(positive.map((c) => (c.on === "person" || c.on === "kind" ? `${c.on}:${JSON.stringify(c)}` : c.on))).size;
  // A family the KB holds none of has no KB film to come close: its films are those TMDB lists.
  if (checked || heldNoneSeries(part.where) || groups < 2 || fusedParts(plan).has(part.id)) return [];
  return filmsCalls(part.id, part.where, { results }, { atLeast: groups - 1 }, `no film meets all ${groups} constraints: those meeting ${groups - 1}`).map((c) => ({ ...c, score: 0.5 }));
}

/** A list asked in an order none of its films has a figure for: the films themselves, unordered ("what else did she direct" when none is rated). */
export function unrankedCalls(part: PartOf<"order">, plan: QueryPlan, results: ReadonlyMap<string, PartResult>): PlannedCall[] {
  const of = filmsOf(plan, part.of.ref);
  const r = results.get(part.id);
  if (!of || part.nth !== undefined || r?.ranking?.length || r?.items.length) return [];
  return filmsCalls(part.id, of, { results }, { limit: 50 }, `no film that fits has a ${part.by} figure: the films themselves`).map((c) => ({ ...c, score: 0.5 }));
}

/** A relation from names: its figure, its known hop (exact neighbours), a discovered path (Think-on-Graph), or every direct relation. */
function lookupCalls(part: PartOf<"lookup">, ctx: { results: ReadonlyMap<string, PartResult> }): PlannedCall[] {
  const names = [...new Set(startsOf(part, ctx).map((s) => s.id))];
  if (!names.length) return [];
  if (part.story) return [call("movie_story", { titles: names.slice(0, 5) }, `the story of ${listed(names)}: plot and overview`, part.id)];
  if (part.figure) return [call("find_movies", { titles: [names[0]!], rankBy: part.figure, limit: 1 }, `the ${part.figure} of ${names[0]}, read from its TMDB row`, part.id)];
  const hop = part.path?.length === 1 ? part.path[0] : undefined;
  if (hop) return [call("neighbors", { entities: names.slice(0, 50), edge: hop.edge, direction: hop.dir, limit: 500 }, `${hop.edge} ${hop.dir === "in" ? "into" : "out of"} ${listed(names)}: exact neighbours`, part.id)];
  if (!part.asks && !part.path) return [call("neighbors", { entities: names.slice(0, 50), direction: "both", limit: 200 }, `everything the knowledge base links to ${listed(names)}`, part.id)];
  const filters = togFilters(part);
  return names.slice(0, MAX_CALLS_PER_PART).map((n) =>
    call("think_on_graph", { question: part.text, entities: [n], width: 3, depth: 3, scorer: "lexical", ...(filters ? { filters } : {}) }, `a relation path from ${n}${part.asks ? ` to ${part.asks}` : ""}: Think-on-Graph${filters ? " with the films' constraints as filters" : ""}`, part.id),
  );
}

function listed(names: readonly string[]): string {
  return names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", ");
}

/** The films a path passes through must meet the lookup's `within`: a year range, links they must have and must not have. */
export function togFilters(part: PartOf<"lookup">): ToolArgs["think_on_graph"]["filters"] | undefined {
  const yes = part.within.filter((c) => !c.negated);
  const no = part.within.filter((c) => c.negated);
  const years = yes.find((c) => c.on === "years");
  const link = (c: FilmConstraint) => (c.on === "kind" ? (c.kind.genres[0] ?? c.kind.tags[0]) : c.on === "language" ? c.language : c.on === "person" && "id" in c.who ? c.who.id : undefined);
  const linkedTo = [...new Set(yes.map(link).filter((x): x is string => x !== undefined))].slice(0, 5);
  const notLinkedTo = [...new Set(no.map(link).filter((x): x is string => x !== undefined))].slice(0, 5);
  if (!years && !linkedTo.length && !notLinkedTo.length) return undefined;
  return { ...(years && years.on === "years" ? { years: { from: years.from, to: years.to } } : {}), ...(linkedTo.length ? { linkedTo } : {}), ...(notLinkedTo.length ? { notLinkedTo } : {}) };
}

/** Named films ranked by a figure (their rows), or each named person's number of films (one filter each). */
function compareCalls(serves: string, items: readonly { id: string; type: string }[], by: string, role?: Role, tmdbOnly: readonly TmdbOnlyRef[] = []): PlannedCall[] {
  // A side TMDB lists and the KB lacks: its figure from its TMDB row, read by its title.
  const lacked = new Set(tmdbOnly.map(tmdbOnlyName));
  const rows = tmdbOnly.map((f) => call("lookup_entity", { mention: f.title, types: ["Movie"], limit: 3 }, `${tmdbOnlyName(f)} is a film the knowledge graph lacks: its ${by} from its TMDB row`, serves));
  const names = items.filter((i) => !lacked.has(i.id)).map((i) => i.id);
  if (by === "filmCount") return names.map((n) => call("find_movies", { people: [{ name: n, ...(role ? { role } : {}) }], limit: 1 }, `how many films ${n} ${role ? roleVerb(role) : "made"}`, serves));
  if (items.some((i) => i.type !== "Movie")) return [];
  return [...titlesRanked({ id: serves }, names, by as ToolArgs["find_movies"]["rankBy"] & string, "desc"), ...rows];
}

function titlesRanked(part: { id: string }, titles: readonly string[], by: NonNullable<ToolArgs["find_movies"]["rankBy"]>, order: "asc" | "desc"): PlannedCall[] {
  if (!titles.length) return [];
  return [call("find_movies", { titles: titles.slice(0, 40), rankBy: by, order, limit: Math.min(50, titles.length) }, `${listed(titles)} by ${by}`, part.id)];
}

/** "like X but newer": the years after the latest film started from (or before the earliest). */
async function similarCalls(part: PartOf<"similar">, kb: KnowledgeBase): Promise<PlannedCall[]> {
  const years = part.where.find((c) => c.on === "years" && !c.negated);
  const kind = part.where.find((c) => c.on === "kind" && !c.negated);
  const notKind = part.where.find((c) => c.on === "kind" && c.negated);
  const range = years && years.on === "years" ? { from: years.from, to: years.to } : await yearsBeyondSeeds(part, kb);
  const filters = { ...(range ? { years: range } : {}), ...(kind?.on === "kind" ? { kind: kindArg(kind.kind) } : {}), ...(notKind?.on === "kind" ? { notKind: kindArg(notKind.kind) } : {}) };
  const constrained = Object.keys(filters).length > 0;
  const seeds = part.seeds.map((s) => s.id);
  const said = constrained ? ", with the constraints said" : "";
  // Films the graph lacks are no nodes to start from: what their TMDB rows are about stands in for them.
  const lacked = part.tmdbOnly?.length ? [call("depth_first", { tmdbOnly: part.tmdbOnly, results: 10, concepts: 20, ...(constrained ? { filters } : {}) }, `like ${part.tmdbOnly.map(tmdbOnlyName).join(", ")} (TMDB 5000 lists it, the graph lacks it): down from the concepts its TMDB keywords and genres name to the films holding the most of them${said}`, part.id)] : [];
  const held = seeds.length ? [call("depth_first", { movies: seeds.slice(0, 10), results: 10, ...(constrained ? { concepts: 20, filters } : {}) }, `like ${seeds.join(", ")}: depth-first from the film to what it shares with others, weighted by how specific each shared person or concept is${said}`, part.id)] : [];
  return [...held, ...lacked];
}

/** A told plot: BM25 over plots and overviews (each word alone, summed) and semantic search, fused later; only the named people's films when the story names any. */
function plotCalls(part: PartOf<"plot">, kb: KnowledgeBase): PlannedCall[] {
  const { story, keywords } = toldPlotQuery(part.story, kb);
  const cast = part.hints.flatMap((c) => (c.on === "person" && "id" in c.who ? [c.who.id] : [])).slice(0, 3);
  const among = cast.length ? { linkedTo: cast } : {};
  const only = cast.length ? `, only films of ${cast.join(" and ")}` : "";
  return [
    call("full_text", { query: keywords, limit: 20, types: ["Movie"], fields: ["plot", "overview"], scoring: "sum", ...among }, `a told plot: BM25 over plots and overviews, each of its words searched alone and the scores summed${only}`, part.id),
    call("semantic_search", { query: story, k: 20, threshold: 0.1, overviews: true, ...among }, `a told plot: semantic search over the film documents and their TMDB overviews${only}`, part.id),
  ];
}
