import { z } from "zod";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { InvalidInputError } from "../src/errors";
import { EDGE_TYPES, type EdgeType, type Neighbor } from "../src/kb/schema";
import { MIN_VOTES_FOR_AVERAGE, MOVIE_METRICS, RANK_METRICS, type MovieMetric, type RankMetric, type TmdbFacts, type TmdbOnlyFilm } from "../src/ports/movie-catalog";
import { tmdbOnlyEvidence } from "./tmdb-only-evidence";
import { linkKey, withoutLeadingArticle } from "../src/util/text";
import { makeEvidence, tripleFrom, type Evidence, type Triple } from "./evidence";
import { resolveEntity } from "./entities";
import { facetOf } from "./genre-distribution";
import { defineTool } from "./tool";

const Names = z.array(z.string().trim().min(1).max(200)).max(10);
/** Films by title: a series holds up to 40 ("the Rocky movies"). */
const Titles = z.array(z.string().trim().min(1).max(300)).max(40);
export const Concept = z
  .object({
    label: z.string().trim().min(1).max(100),
    genres: Names.default([]),
    tags: Names.default([]),
    tmdbGenres: Names.default([]),
    keywords: Names.default([]),
    /** Every name counts, however the KB files the film (its genre, a tag, TMDB's genres and keywords): for open requests, not for counts and lists that must be the KB's. */
    anyName: z.boolean().optional(),
  })
  .strict()
  .refine((c) => c.genres.length + c.tags.length + c.tmdbGenres.length + c.keywords.length > 0, { message: "a concept needs at least one genre, tag, TMDB genre or keyword" });
const YearRange = z.object({ from: z.number().int().min(0).max(9999), to: z.number().int().min(0).max(9999) }).strict();
const Person = z.object({ name: z.string().trim().min(1).max(300), role: z.enum(["DIRECTED", "WROTE", "ACTED_IN"]).optional() }).strict();

export const FindMoviesInput = z
  .object({
    concepts: z.array(Concept).max(8).default([]),
    people: z.array(Person).max(10).default([]),
    /** Films of any one of these people (in the role): the people an earlier answer gave ("the films of Toy Story's writers"). */
    anyOf: z.object({ names: z.array(z.string().trim().min(1).max(300)).min(1).max(50), role: z.enum(["DIRECTED", "WROTE", "ACTED_IN"]).optional() }).strict().optional(),
    /** Groups named together ("the Coen brothers"): for each, films of any one of its people (in the role). */
    groups: z.array(z.object({ name: z.string().trim().min(1).max(300), names: z.array(z.string().trim().min(1).max(300)).min(2).max(6), role: z.enum(["DIRECTED", "WROTE", "ACTED_IN"]).optional() }).strict()).max(3).default([]),
    languages: Names.default([]),
    /** Only these films ("how long is Titanic": one film's figure, with rankBy). */
    titles: Titles.default([]),
    years: YearRange.optional(),
    /** TMDB figures a film must be above (min) or below (max): "longer than 2.5 hours" is runtime min 150 (exclusive bounds). */
    figures: z.array(z.object({ metric: z.enum(MOVIE_METRICS), min: z.number().min(0).optional(), max: z.number().min(0).optional() }).strict().refine((f) => f.min !== undefined || f.max !== undefined, { message: "a figure bound needs min or max" })).max(4).default([]),
    exclude: z
      .object({ concepts: z.array(Concept).max(8).default([]), people: z.array(Person).max(50).default([]), years: z.array(YearRange).max(8).default([]), languages: Names.default([]), titles: Titles.default([]) })
      .strict()
      .optional(),
    /** Films TMDB lists and the KB lacks (TMDB titles: a family's other films), read beside the result when every constraint can be checked on their TMDB row (years, figures): never in the set itself. */
    tmdbOnlyBeside: Titles.max(12).default([]),
    /** The set is a family the KB holds none of by title ("the Star Wars movies"): no KB film is in it, and its films are the tmdbOnlyBeside ones. */
    heldNone: z.literal(true).optional(),
    rankBy: z.enum(RANK_METRICS).optional(),
    /** Also state how all the matching films split across the KB's genres ("are Stephen King movies horror or drama?"). */
    distribution: z.boolean().default(false),
    /** Also count what one relation reaches from every matching film ("the directors Tom Hanks worked with most": DIRECTED, in). */
    facet: z.object({ edge: z.enum(EDGE_TYPES), direction: z.enum(["out", "in"]) }).strict().optional(),
    /** Relaxed: films that meet at least this many of the constraints (a period counts as one), those meeting most first; for "no film meets all of it, but these come closest". */
    atLeast: z.number().int().min(1).max(20).optional(),
    order: z.enum(["desc", "asc"]).default("desc"),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .strict()
  .refine((v) => v.concepts.length + v.people.length + v.languages.length + v.titles.length + v.figures.length > 0 || v.anyOf !== undefined || v.groups.length > 0 || v.heldNone || v.years !== undefined || v.rankBy !== undefined || v.facet !== undefined || v.distribution, { message: "give at least one constraint (concepts, people, anyOf, groups, languages, titles, years, figures, heldNone), rankBy, facet or distribution" })
  .refine((v) => !(v.facet && v.distribution), { message: "give facet or distribution, not both (distribution is the facet HAS_GENRE out)" });
export type FindMoviesArgs = z.input<typeof FindMoviesInput>;

/** Where each figure comes from, said next to it in answers. */
export const METRIC_SOURCE: Readonly<Record<RankMetric, string>> = {
  voteAverage: "TMDB vote average",
  voteCount: "TMDB vote count",
  popularity: "TMDB popularity",
  runtime: "TMDB runtime",
  budget: "TMDB budget",
  revenue: "TMDB box-office revenue",
  releaseYear: "KB release year",
};

interface Membership {
  movies: Set<string>;
  /** Films filed under a genre (KB or TMDB), not only a tag or keyword: the core of a genre concept. */
  core?: Set<string>;
  /** How many sources (KB genre, KB tag, TMDB genre, TMDB keyword) agree a film is of the kind. */
  strength?: Map<string, number>;
  /** A set of a named person's or named films: in a relaxed search, films in it come before those that meet as many other constraints. */
  named?: true;
  /** Why a movie is in the set: KB triples, or a TMDB fact said in words. */
  proof: (movie: string) => { triples: Triple[]; words: string[] };
}

/**
 * Exact set operations over films: those that meet every constraint (a kind of film by any of its
 * names in the KB or TMDB, people in a role, languages, a year range) and none of the exclusions,
 * optionally ranked by a TMDB figure. The helper behind lists, superlatives and differences.
 */
export const findMovies = defineTool({
  name: "find_movies",
  description:
    "Exact film filter and ranking: films that have every given concept (KB genres/tags or TMDB genres/keywords), person (optionally in a role), language, title and year range, minus exclusions; ranked by a TMDB figure (voteAverage, voteCount, popularity, runtime, budget, revenue) when rankBy is set. Use for lists with constraints and for best/most/longest questions.",
  input: FindMoviesInput,
  async run(input, ctx) {
    const { kb } = ctx;
    const notes: string[] = [];
    const { sets, candidates, yearOf, matched } = await candidatesOf(input, kb);
    const excluded = await applyExclusions(candidates, input, kb);
    if (excluded) notes.push(`find_movies: excluded ${excluded} films`);
    const total = candidates.size;
    const described = describe(input);
    const beside = tmdbOnlyBeside(input, kb).map((f) => tmdbOnlyEvidence(f, "find_movies", ctx.step, true));
    if (beside.length) notes.push(`find_movies: TMDB 5000 lists ${beside.length} more the knowledge graph lacks (${beside.map((e) => e.focus).join(", ")}), said beside the result`);
    // An empty exact result is an answer ("no film has both"): said as evidence, so it can be cited.
    if (total === 0) return { evidence: [summaryEvidence(0, described, ctx.step), ...beside], notes: [...notes, "find_movies: no film meets every constraint"] };
    const facet = input.facet ?? (input.distribution ? { edge: "HAS_GENRE" as const, direction: "out" as const } : undefined);
    const shares = facet ? await facetOf(kb, [...candidates], facet, { label: described, tool: "find_movies" }, ctx.step) : undefined;
    const ranked = await rankCandidates(candidates, sets, input, kb, notes, matched);
    if (ranked.length === 0) return { evidence: beside, notes };
    const top = ranked.slice(0, input.limit);
    if (ranked.length > top.length) notes.push(`find_movies: showing ${top.length} of ${ranked.length} films`);
    const evidence: Evidence[] = [summaryEvidence(total, described, ctx.step, input.rankBy ? ranked.length : undefined, matched ? input.atLeast : undefined)];
    top.forEach((r, i) => evidence.push(resultEvidence(r, i, top.length, sets, yearOf, input, ctx.step, matched)));
    evidence.push(...beside);
    return shares ? { evidence: [...shares.evidence, ...evidence], notes: [...notes, ...shares.notes] } : { evidence, notes };
  },
});

/**
 * The films TMDB lists and the KB lacks that the input names beside its set, each by its exact TMDB title, when
 * nothing but years and figures constrain the set (their TMDB row can be checked for those; a person, kind or
 * language it cannot hold) and the film meets them.
 */
function tmdbOnlyBeside(input: Input, kb: KnowledgeBase): TmdbOnlyFilm[] {
  if (!input.tmdbOnlyBeside.length || input.people.length || input.concepts.length || input.languages.length || input.anyOf || input.groups.length || input.exclude?.people.length || input.exclude?.concepts.length) return [];
  const out: TmdbOnlyFilm[] = [];
  for (const title of input.tmdbOnlyBeside) {
    const film = kb.catalog.tmdbOnly(title).find((f) => f.title === title);
    if (!film || out.includes(film)) continue;
    const year = film.year === undefined ? undefined : Number(film.year);
    if (input.years && (year === undefined || year < input.years.from || year > input.years.to)) continue;
    if (input.exclude?.years.some((y) => year !== undefined && year >= y.from && year <= y.to)) continue;
    if (!input.figures.every((f) => film[f.metric] !== undefined && (f.min === undefined || film[f.metric]! > f.min) && (f.max === undefined || film[f.metric]! < f.max))) continue;
    out.push(film);
  }
  return out;
}

type Input = z.infer<typeof FindMoviesInput>;
type Ranked = { movie: string; value?: number; facts?: TmdbFacts };

/**
 * The films that meet the constraints: all of them, or (atLeast) at least that many, a period
 * counting as one; with the year each film matched the period by, and how many each met.
 */
async function candidatesOf(input: Input, kb: KnowledgeBase): Promise<{ sets: Membership[]; candidates: Set<string>; yearOf: Map<string, string>; matched?: Map<string, number> }> {
  const sets: Membership[] = [];
  for (const c of input.concepts) sets.push(await conceptMembers(kb, c));
  for (const p of input.people) sets.push({ ...(await personMovies(kb, p)), named: true });
  if (input.anyOf) sets.push({ ...(await anyPersonMovies(kb, input.anyOf)), named: true });
  for (const g of input.groups) sets.push({ ...(await groupMovies(kb, g)), named: true });
  if (input.languages.length) sets.push(await valueMembers(kb, input.languages.map((l) => resolveEntity(kb, l).id), "IN_LANGUAGE"));
  if (input.titles.length) sets.push({ ...namedFilms(kb, input.titles), named: true });
  if (input.heldNone) sets.push({ movies: new Set(), named: true, proof: () => ({ triples: [], words: [] }) });
  for (const f of input.figures) sets.push(figureMembers(kb, f));
  const yearOf = new Map<string, string>();
  if (input.atLeast !== undefined) {
    if (input.years) sets.push(await yearMembers(kb, input.years, yearOf));
    const matched = new Map<string, number>();
    for (const s of sets) for (const m of s.movies) matched.set(m, (matched.get(m) ?? 0) + 1);
    const least = Math.min(input.atLeast, sets.length);
    return { sets, candidates: new Set([...matched.keys()].filter((m) => matched.get(m)! >= least)), yearOf, matched };
  }
  let candidates: Set<string> | undefined;
  for (const s of [...sets].sort((a, b) => a.movies.size - b.movies.size)) candidates = candidates ? new Set([...candidates].filter((m) => s.movies.has(m))) : new Set(s.movies);
  if (input.years) candidates = candidates ? await withinYears(kb, candidates, input.years, yearOf) : (await yearMembers(kb, input.years, yearOf)).movies;
  // Nothing to filter by: a count over every film ("who acted in the most films") or an order by release ("the first film
  // ever made") reads every film with a release year; a ranking by a TMDB figure, the films TMDB has figures for.
  if (!candidates && (input.rankBy === "releaseYear" || (!input.rankBy && (input.facet || input.distribution)))) candidates = (await yearMembers(kb, { from: 0, to: 9999 }, yearOf)).movies;
  candidates ??= new Set(kb.catalog.rank(input.rankBy === undefined || input.rankBy === "releaseYear" ? "popularity" : input.rankBy, { minVotes: 0 }).map((r) => r.movie));
  return { sets, candidates, yearOf };
}

/** Every film released in the range, as a membership (the year it matched by is noted). */
async function yearMembers(kb: KnowledgeBase, years: { from: number; to: number }, yearOf: Map<string, string>): Promise<Membership> {
  const ids: string[] = [];
  for (let y = Math.max(years.from, 1880); y <= Math.min(years.to, 2030); y++) if (kb.linker.link(String(y), { types: ["Year"], limit: 1 }).length > 0) ids.push(String(y));
  const set = await valueMembers(kb, ids, "RELEASED_IN");
  for (const m of set.movies) yearOf.set(m, set.proof(m).triples[0]?.object ?? "");
  return set;
}

/** The candidates released in the range. */
async function withinYears(kb: KnowledgeBase, candidates: Set<string>, years: { from: number; to: number }, yearOf: Map<string, string>): Promise<Set<string>> {
  const released = await kb.graph.neighborsMany([...candidates], { edges: ["RELEASED_IN"], direction: "out" });
  const kept = new Set<string>();
  for (const m of candidates) {
    const y = (released.get(m) ?? []).map((nb) => nb.id).find((id) => Number(id) >= years.from && Number(id) <= years.to);
    if (y) {
      yearOf.set(m, y);
      kept.add(m);
    }
  }
  return kept;
}

/** Takes away the excluded films (a period leaves a film only when every year it has falls in it); how many left. */
async function applyExclusions(candidates: Set<string>, input: Input, kb: KnowledgeBase): Promise<number> {
  const before = candidates.size;
  const ex = input.exclude;
  if (!ex) return 0;
  const drop = (movies: Iterable<string>) => {
    for (const m of movies) candidates.delete(m);
  };
  for (const c of ex.concepts) drop((await conceptMembers(kb, c)).movies);
  for (const p of ex.people) drop((await personMovies(kb, p)).movies);
  if (ex.languages.length) {
    drop((await valueMembers(kb, ex.languages.map((l) => resolveEntity(kb, l).id), "IN_LANGUAGE")).movies);
    // A film is known to be outside a language only when the KB lists one for it: most films it lists none for are in
    // English, so "not in English" keeps only the films with another language listed.
    const listed = await kb.graph.neighborsMany([...candidates], { edges: ["IN_LANGUAGE"], direction: "out" });
    drop([...candidates].filter((m) => !(listed.get(m) ?? []).length));
  }
  if (ex.titles.length) drop(namedFilms(kb, ex.titles).movies);
  if (ex.years.length) {
    const released = await kb.graph.neighborsMany([...candidates], { edges: ["RELEASED_IN"], direction: "out" });
    for (const m of [...candidates]) {
      const ys = (released.get(m) ?? []).map((nb) => Number(nb.id));
      if (ys.length && ys.every((y) => ex.years.some((r) => y >= r.from && y <= r.to))) candidates.delete(m);
    }
  }
  return before - candidates.size;
}

/** The films in the order asked: by release year, by a TMDB figure, or (unranked) those meeting most, agreed on most, best known first. */
async function rankCandidates(candidates: Set<string>, sets: readonly Membership[], input: Input, kb: KnowledgeBase, notes: string[], matched?: Map<string, number>): Promise<Ranked[]> {
  const total = candidates.size;
  if (input.rankBy === "releaseYear") {
    // A set of titles (a family) holds every edition of a title the KB merges; a person's films do not.
    const titled = (input.titles?.length ?? 0) > 0 && !input.people?.length && !input.anyOf && !input.groups?.length;
    const ranked = await byReleaseYear(kb, [...candidates], input.order, input.years, titled);
    if (ranked.length < total) notes.push(`find_movies: ${total - ranked.length} of ${total} matching films have no release year and were not ranked`);
    return ranked;
  }
  if (input.rankBy) return byFigure(candidates, sets, input.rankBy, input, kb, notes);
  const years = input.years;
  const nodes = await kb.graph.getNodes([...candidates]);
  const off = matched && years ? await yearsOff(kb, [...candidates], years) : undefined;
  return nodes
    .filter((n) => n !== undefined)
    .map((n) => ({ movie: n.id, degree: n.degree, met: matched?.get(n.id) ?? 0, named: matched ? sets.filter((set) => set.named && set.movies.has(n.id)).length : 0, off: off?.get(n.id) ?? 0, pop: popularityIn(kb.catalog.tmdb(n.id), years), agree: sets.reduce((x, set) => x + (set.strength?.get(n.id) ?? 1), 0) }))
    // Films meeting more constraints first (relaxed), those of the people and films the question names before others
    // ("Tom Cruise films in 1975": his films, not other people's 1975 films), those released nearest the period asked
    // (his earliest, for a year before his first film), then those more sources agree on (KB genre and TMDB genre
    // both), then the best known.
    .sort((a, b) => b.met - a.met || b.named - a.named || a.off - b.off || b.agree - a.agree || b.pop - a.pop || b.degree - a.degree || (a.movie < b.movie ? -1 : 1));
}

/** How many years each film's nearest release year lies outside the range (0 inside; a film with no year, far). */
async function yearsOff(kb: KnowledgeBase, movies: readonly string[], years: { from: number; to: number }): Promise<Map<string, number>> {
  const released = await kb.graph.neighborsMany(movies, { edges: ["RELEASED_IN"], direction: "out" });
  const off = new Map<string, number>();
  for (const m of movies) {
    const gaps = (released.get(m) ?? []).map((nb) => Number(nb.id)).filter(Number.isFinite).map((y) => (y < years.from ? years.from - y : y > years.to ? y - years.to : 0));
    off.set(m, gaps.length ? Math.min(...gaps) : 10_000);
  }
  return off;
}

/**
 * Ranked by a TMDB figure: a genre's core when it leaves enough to rank; a merged title's figure only when its TMDB
 * row is of the asked years, and of the edition the people asked are credited in ("the shortest Hitchcock film": the
 * 2008 Easy Virtue's runtime is no figure of Hitchcock's 1928 one).
 */
function byFigure(candidates: Set<string>, sets: readonly Membership[], rankBy: Exclude<RankMetric, "releaseYear">, input: Input, kb: KnowledgeBase, notes: string[]): Ranked[] {
  const total = candidates.size;
  const minVotes = rankBy === "voteAverage" ? MIN_VOTES_FOR_AVERAGE : 0;
  let among = [...candidates];
  for (const set of sets) {
    if (!set.core) continue;
    const core = among.filter((m) => set.core!.has(m));
    if (kb.catalog.rank(rankBy, { among: core, minVotes }).length >= 3) among = core;
  }
  const years = input.years;
  const otherEdition = (movie: string, year: string) => input.people.some((p) => (kb.editions.yearFor(movie, p.name) ?? year) !== year);
  const ranked = kb.catalog
    .rank(rankBy, { among, order: input.order, minVotes })
    .filter((r) => !r.facts?.year || ((!years || (Number(r.facts.year) >= years.from && Number(r.facts.year) <= years.to)) && !otherEdition(r.movie, r.facts.year)));
  const unranked = total - ranked.length;
  if (unranked > 0) notes.push(`find_movies: ${unranked} of ${total} matching films have no ${METRIC_SOURCE[rankBy]}${rankBy === "voteAverage" ? ` from at least ${minVotes} votes` : ""} and were not ranked`);
  return ranked;
}

/** One film found, with why it fits (the KB triples and TMDB facts) and, when ranked, its figure. */
function resultEvidence(r: Ranked, i: number, shown: number, sets: readonly Membership[], yearOf: ReadonlyMap<string, string>, input: Input, step: number, matched?: ReadonlyMap<string, number>): Evidence {
  const triples: Triple[] = [];
  const words: string[] = [];
  for (const s of sets) {
    const p = s.proof(r.movie);
    triples.push(...p.triples);
    words.push(...p.words);
  }
  const y = yearOf.get(r.movie);
  if (y && !triples.some((t) => t.edge === "RELEASED_IN")) triples.push(tripleFrom(r.movie, "RELEASED_IN", "out", y));
  const figure = input.rankBy && r.value !== undefined ? formatFigure(input.rankBy, r.value, r.facts) : undefined;
  const facts = [...triples.map((t) => (t.subject === r.movie ? `${t.edge.toLowerCase().replace("_", " ")} ${t.object}` : `${t.subject} ${t.edge.toLowerCase().replace("_", " ")}`)), ...words];
  const met = matched?.get(r.movie);
  return makeEvidence({
    kind: "path",
    text: `${r.movie}${figure ? `: ${figure}` : ""}${facts.length ? ` (${facts.join("; ")})` : ""}`,
    nodeIds: [r.movie, ...new Set(triples.flatMap((t) => [t.subject, t.object]).filter((x) => x !== r.movie))],
    focus: r.movie,
    focusType: "Movie",
    path: triples.length ? triples : undefined,
    score: Math.round((1 - i / (shown + 1)) * 1000) / 1000,
    tool: "find_movies",
    step,
    // A TMDB figure is of one film: its year says which, for a title the KB merges for several.
    meta: { role: "result", rank: i + 1, ...(met !== undefined ? { met, of: sets.length, named: sets.filter((set) => set.named && set.movies.has(r.movie)).length } : {}), ...(input.rankBy && r.value !== undefined ? { metric: input.rankBy, value: r.value, source: METRIC_SOURCE[input.rankBy] } : {}), ...(r.facts?.year ? { year: r.facts.year } : input.rankBy === "releaseYear" && r.value !== undefined ? { year: String(r.value) } : {}) },
  });
}

/** A film's TMDB popularity, when its TMDB row is of the asked years (a merged title's row belongs to one of its films). */
function popularityIn(facts: TmdbFacts | undefined, years: { from: number; to: number } | undefined): number {
  if (!facts || facts.popularity === undefined) return -1;
  if (years && facts.year && (Number(facts.year) < years.from || Number(facts.year) > years.to)) return -1;
  return facts.popularity;
}

/** A role as a verb in answers and rationales: "acted in", "directed", "wrote". */
export function roleVerb(role: EdgeType): string {
  return role === "ACTED_IN" ? "acted in" : role.toLowerCase();
}

/** "12 films meet …": how many films the filter kept (none, too), how many a ranking could rank, and (relaxed) how many constraints each had to meet. */
function summaryEvidence(total: number, described: string, step: number, ranked?: number, atLeast?: number): Evidence {
  const rankedSaid = ranked !== undefined && ranked < total ? `; ${ranked} of them have the figure ranked by` : "";
  const meet = atLeast !== undefined ? ` at least ${atLeast} of` : "";
  return makeEvidence({ kind: "node", text: `${total} film${total === 1 ? "" : "s"} meet${total === 1 ? "s" : ""}${meet} ${described}${rankedSaid}`, nodeIds: [], focus: "(set)", score: 1, tool: "find_movies", step, meta: { role: "summary", total, constraints: described, ...(ranked !== undefined ? { ranked } : {}), ...(atLeast !== undefined ? { atLeast } : {}) } });
}

/** "TMDB vote average 8.3 from 12,345 votes", "TMDB runtime 169 min", "TMDB box-office revenue $2,787,965,087". */
export function formatFigure(metric: RankMetric, value: number, facts?: TmdbFacts): string {
  const n = (x: number) => x.toLocaleString("en-US");
  switch (metric) {
    case "releaseYear":
      return `released in ${value}`;
    case "voteAverage":
      return `${METRIC_SOURCE[metric]} ${value.toFixed(1)}${facts?.voteCount !== undefined ? ` from ${n(facts.voteCount)} votes` : ""}`;
    case "runtime":
      return `${METRIC_SOURCE[metric]} ${n(value)} min`;
    case "budget":
    case "revenue":
      return `${METRIC_SOURCE[metric]} $${n(value)}`;
    case "popularity":
      return `${METRIC_SOURCE[metric]} ${value.toFixed(1)}`;
    case "voteCount":
      return `${METRIC_SOURCE[metric]} ${n(value)}`;
  }
}

function describe(input: z.infer<typeof FindMoviesInput>): string {
  const parts = [
    ...input.concepts.map((c) => c.label),
    ...input.people.map((p) => `${p.name}${p.role ? ` (${roleVerb(p.role)})` : ""}`),
    ...(input.anyOf ? [`any of ${input.anyOf.names.length > 3 ? `${input.anyOf.names.slice(0, 3).join(", ")} and ${input.anyOf.names.length - 3} more` : input.anyOf.names.join(", ")}${input.anyOf.role ? ` (${roleVerb(input.anyOf.role)})` : ""}`] : []),
    ...input.groups.map((g) => `any of ${g.name} (${g.names.join(", ")})${g.role ? ` (${roleVerb(g.role)})` : ""}`),
    ...input.languages.map((l) => `in ${l}`),
    ...(input.years ? [`${input.years.from}–${input.years.to}`] : []),
    ...input.figures.map((f) => `${METRIC_SOURCE[f.metric]}${f.min !== undefined ? ` over ${f.min}` : ""}${f.max !== undefined ? ` under ${f.max}` : ""}`),
    ...(input.exclude?.concepts ?? []).map((c) => `not ${c.label}`),
    ...(input.exclude?.people ?? []).map((p) => `not ${p.name}`),
    ...(input.exclude?.years ?? []).map((y) => `not ${y.from}–${y.to}`),
    ...(input.exclude?.languages ?? []).map((l) => `not in ${l}`),
    ...(input.exclude?.titles ?? []).map((t) => `not ${t}`),
    ...(input.heldNone ? ["a family the knowledge graph holds none of"] : []),
  ];
  return parts.length ? parts.join(", ") : "no constraint";
}

/** Films whose TMDB figure is above min or below max (both exclusive); a vote average counts from enough votes only. */
function figureMembers(kb: KnowledgeBase, f: { metric: MovieMetric; min?: number; max?: number }): Membership {
  const minVotes = f.metric === "voteAverage" ? MIN_VOTES_FOR_AVERAGE : 0;
  const rows = kb.catalog.rank(f.metric, { minVotes }).filter((r) => (f.min === undefined || r.value > f.min) && (f.max === undefined || r.value < f.max));
  const said = new Map(rows.map((r) => [r.movie, `${METRIC_SOURCE[f.metric]} ${formatFigure(f.metric, r.value, r.facts)}`]));
  return { movies: new Set(said.keys()), proof: (m) => ({ triples: [], words: said.has(m) ? [said.get(m)!] : [] }) };
}

async function valueMembers(kb: KnowledgeBase, ids: string[], edge: EdgeType): Promise<Membership> {
  const nbs = await kb.graph.neighborsMany(ids, { edges: [edge], direction: "in" });
  const via = new Map<string, Triple>();
  for (const id of ids) for (const nb of nbs.get(id) ?? []) if (!via.has(nb.id)) via.set(nb.id, tripleFrom(id, nb.edge, nb.direction, nb.id));
  return { movies: new Set(via.keys()), proof: (m) => ({ triples: via.has(m) ? [via.get(m)!] : [], words: [] }) };
}

/** Films a KB genre must hold for a kind of film to be read as that genre alone. */
const MIN_GENRE_FILMS = 50;

export async function conceptMembers(kb: KnowledgeBase, c: z.infer<typeof Concept>): Promise<Membership> {
  const link = (name: string, type: "Genre" | "Tag") => kb.linker.link(name, { types: [type], limit: 1 }).filter((x) => x.match !== "partial" && x.match !== "fuzzy").map((x) => x.id);
  const genreIds = [...new Set(c.genres.flatMap((g) => link(g, "Genre")))];
  const tagIds = [...new Set(c.tags.flatMap((t) => link(t, "Tag")))];
  // A kind of film that is a KB genre ("comedies", "westerns") is that genre, as the KB files it: tags,
  // keywords and TMDB's genres would count films the KB files elsewhere ("war" tagged on a drama,
  // Titanic as a TMDB thriller), so a count, a list or a ranking would not be the KB's.
  // A genre the KB hardly uses (Sci-Fi is on one film; science fiction is a tag) is read by all its names.
  const filedUnder = await kb.graph.neighborsMany(genreIds, { edges: ["HAS_GENRE"], direction: "in" });
  const genreKind = !c.anyName && [...filedUnder.values()].reduce((n, l) => n + l.length, 0) >= MIN_GENRE_FILMS;
  const nbs = genreKind ? filedUnder : new Map([...filedUnder, ...(await kb.graph.neighborsMany(tagIds, { edges: ["HAS_TAG"], direction: "in" }))]);
  const via = new Map<string, Triple>();
  const strength = new Map<string, number>();
  const core = new Set<string>();
  const bump = (m: string) => strength.set(m, (strength.get(m) ?? 0) + 1);
  for (const [id, list] of nbs) {
    for (const nb of list as Neighbor[]) {
      if (!via.has(nb.id)) via.set(nb.id, tripleFrom(id, nb.edge, nb.direction, nb.id));
      bump(nb.id);
      if (nb.edge === "HAS_GENRE") core.add(nb.id);
    }
  }
  const tmdb = new Map<string, string>();
  for (const g of genreKind ? [] : c.tmdbGenres) for (const m of kb.catalog.moviesWithGenre(g)) {
    if (!tmdb.has(m)) tmdb.set(m, `TMDB genre ${g}`);
    bump(m);
    core.add(m);
  }
  for (const k of genreKind ? [] : c.keywords) for (const m of kb.catalog.moviesWithKeyword(k)) {
    if (!tmdb.has(m)) tmdb.set(m, `TMDB keyword "${k}"`);
    bump(m);
  }
  const movies = new Set([...via.keys(), ...tmdb.keys()]);
  return { movies, strength, ...(genreIds.length + c.tmdbGenres.length > 0 ? { core } : {}), proof: (m) => (via.has(m) ? { triples: [via.get(m)!], words: [] } : { triples: [], words: tmdb.has(m) ? [tmdb.get(m)!] : [] }) };
}

/**
 * A person's films: in the role asked, or in any role. With no role asked, a film the KB tags with
 * the person's name counts too: the KB often lists no cast for a film it tags with its star
 * ("Cast Away" is tagged "tom hanks"), and the tag is the KB's own link between them.
 */
async function personMovies(kb: KnowledgeBase, p: z.infer<typeof Person>): Promise<Membership> {
  const e = resolveEntity(kb, p.name);
  const nbs = await kb.graph.neighbors(e.id, { edges: p.role ? [p.role] : ["DIRECTED", "WROTE", "ACTED_IN"], direction: "out" });
  const via = new Map<string, Triple>();
  for (const nb of nbs) if (!via.has(nb.id)) via.set(nb.id, tripleFrom(e.id, nb.edge, nb.direction, nb.id));
  if (!p.role) {
    const tag = kb.linker.link(e.name, { types: ["Tag"], limit: 1 }).find((c) => c.match === "exact" || c.match === "folded");
    if (tag) for (const nb of await kb.graph.neighbors(tag.id, { edges: ["HAS_TAG"], direction: "in" })) if (!via.has(nb.id)) via.set(nb.id, tripleFrom(tag.id, nb.edge, nb.direction, nb.id));
  }
  return { movies: new Set(via.keys()), proof: (m) => ({ triples: via.has(m) ? [via.get(m)!] : [], words: [] }) };
}



/** The films of any one of several people, each film with the first of them found in it. */
async function anyPersonMovies(kb: KnowledgeBase, any: { names: string[]; role?: EdgeType & ("DIRECTED" | "WROTE" | "ACTED_IN") }): Promise<Membership> {
  const movies = new Set<string>();
  const proofs: Membership["proof"][] = [];
  for (const name of any.names) {
    const m = await personMovies(kb, { name, ...(any.role ? { role: any.role } : {}) });
    for (const f of m.movies) movies.add(f);
    proofs.push(m.proof);
  }
  return { movies, proof: (film) => proofs.map((p) => p(film)).find((p) => p.triples.length) ?? { triples: [], words: [] } };
}

/**
 * A group's films: those of any of its people (in the role), and those the KB tags with the group's name ("marx
 * brothers" tags Duck Soup, whose cast the KB does not list): the tag is the KB's own link between the group and
 * the film, said in whatever capacity the group works together.
 */
async function groupMovies(kb: KnowledgeBase, g: { name: string; names: string[]; role?: "DIRECTED" | "WROTE" | "ACTED_IN" }): Promise<Membership> {
  const people = await anyPersonMovies(kb, g);
  const tag = kb.linker.link(withoutLeadingArticle(linkKey(g.name)), { types: ["Tag"], limit: 1, exact: true }).find((c) => c.match === "exact" || c.match === "folded");
  if (!tag) return people;
  const tagged = new Map((await kb.graph.neighbors(tag.id, { edges: ["HAS_TAG"], direction: "in" })).map((nb) => [nb.id, tripleFrom(tag.id, nb.edge, nb.direction, nb.id)]));
  return { movies: new Set([...people.movies, ...tagged.keys()]), proof: (m) => (people.movies.has(m) ? people.proof(m) : { triples: [tagged.get(m)!], words: [] }) };
}

/** The films named by title (each must be a KB film): a figure asked of one film ranks just it. */
function namedFilms(kb: KnowledgeBase, titles: readonly string[]): Membership {
  const movies = new Set<string>();
  for (const t of titles) {
    // A KB title as written (the deep route checks its candidates by name) needs no spelling search.
    const exact = kb.linker.link(t, { types: ["Movie"], limit: 1, exact: true })[0];
    const cands = exact?.match === "exact" ? [exact] : kb.linker.link(t, { types: ["Movie"], limit: 3 });
    const top = cands[0];
    if (!top || !(top.match === "exact" || top.match === "folded" || (top.match === "fuzzy" && top.score >= 0.8))) {
      throw new InvalidInputError(`titles: "${t}" is not a film in the knowledge base${cands.length ? `; the closest titles are ${cands.map((c) => c.name).join(", ")}` : ""}`);
    }
    movies.add(top.id);
  }
  return { movies, proof: () => ({ triples: [], words: [] }) };
}

/**
 * In a family, the editions of a merged title that belong to it: those sharing someone (a writer of the source, a
 * director, a cast member) with another edition or another film of the family (King Kong 1933, 1976 and 2005 share
 * Merian C. Cooper; The Avengers of 1998 shares no one with the 2012 film or Age of Ultron, a namesake). A title none
 * of whose editions shares anyone keeps all its years.
 */
async function keepFamilyEditions(kb: KnowledgeBase, yearsOf: Map<string, number[]>): Promise<void> {
  const merged = [...yearsOf].filter(([, ys]) => ys.length > 1).map(([m]) => m);
  if (!merged.length) return;
  const credited = await kb.graph.neighborsMany([...yearsOf.keys()], { edges: ["ACTED_IN", "DIRECTED", "WROTE"], direction: "in" });
  for (const m of merged) {
    const editions = kb.editions.of(m);
    const others = new Set([...credited].filter(([film]) => film !== m).flatMap(([, nbs]) => nbs.map((nb) => nb.id)));
    const shares = (e: (typeof editions)[number]) => e.people.some((p) => others.has(p) || editions.some((o) => o !== e && o.people.includes(p)));
    const kept = new Set(editions.filter(shares).map((e) => Number(e.year)));
    const ys = yearsOf.get(m)!.filter((y) => kept.has(y));
    if (ys.length) yearsOf.set(m, ys);
  }
}

/**
 * Films by their KB release year, earliest or latest first (ties by title). A title the KB merges
 * for several films has several years: the one that fits the set is the one nearest the years of its
 * films that have just one (a director's career, a series' run): The Age of Innocence is 1993 among
 * Scorsese's films, not 1934. With no such films to go by, or in a set of titles (a family: "the first
 * king kong movie" is the 1933 one, every edition being the family's), its earliest counts for "first",
 * its latest for "latest"; always within the asked years.
 */
async function byReleaseYear(kb: KnowledgeBase, movies: readonly string[], order: "asc" | "desc", years?: { from: number; to: number }, titled = false): Promise<{ movie: string; value?: number }[]> {
  const released = await kb.graph.neighborsMany([...movies], { edges: ["RELEASED_IN"], direction: "out" });
  const yearsOf = new Map(movies.map((m) => [m, (released.get(m) ?? []).map((nb) => Number(nb.id)).filter((y) => Number.isInteger(y) && (!years || (y >= years.from && y <= years.to)))]));
  if (titled) await keepFamilyEditions(kb, yearsOf);
  const single = [...yearsOf.values()].filter((ys) => ys.length === 1).map((ys) => ys[0]!).sort((a, b) => a - b);
  const anchor = single.length && !titled ? single[Math.floor(single.length / 2)]! : undefined;
  const pick = (ys: number[]) => (anchor !== undefined ? [...ys].sort((a, b) => Math.abs(a - anchor) - Math.abs(b - anchor) || a - b)[0]! : order === "asc" ? Math.min(...ys) : Math.max(...ys));
  const out: { movie: string; value: number }[] = [];
  for (const [m, ys] of yearsOf) if (ys.length) out.push({ movie: m, value: pick(ys) });
  return out.sort((a, b) => (order === "asc" ? a.value - b.value : b.value - a.value) || (a.movie < b.movie ? -1 : a.movie > b.movie ? 1 : 0));
}
