import type { MovieMetric } from "../../../src/ports/movie-catalog";
import { heldNoneSeries, RANK_METRICS_SET, tmdbOnlyName, type Metric, type PartOf, type PlanPart, type TmdbOnlyAsk, type TmdbOnlyRef, type TmdbOnlyUnheldAsk } from "../../../src/plan/schema";
import { familyStem } from "../../../src/question/series";
import { linkKey } from "../../../src/util/text";
import type { Evidence } from "../../../tools/evidence";
import { isTmdbOnlySeed, tmdbOnlyGenres, tmdbOnlyValue } from "../../../tools/tmdb-only-evidence";
import { tmdbOnlyRows } from "../../plan/results-tmdb-only";
import type { PartResult } from "../../plan/results";
import { joinList, snippet } from "./citations";
import { film, partOf, resultOf, type RenderContext, type Rendered } from "./context";
import { figureWords, tmdbFigureNoun } from "./words";

const LACKS = "the knowledge graph does not hold this film";
/** What the KB would record of a film's people or languages, by what was asked. */
const PEOPLE_WORDS: Readonly<Record<TmdbOnlyUnheldAsk, string>> = { DIRECTED: "who directed it", WROTE: "who wrote it", ACTED_IN: "its cast", people: "its people", language: "its languages" };

/**
 * A film TMDB lists and the KB lacks, said from its TMDB row: what was asked first (a figure, the year, the
 * genres, the story), with the source named and that the knowledge graph does not hold the film; its people,
 * which no source here holds, said to be unrecorded.
 */
export function renderTmdbOnly(part: PartOf<"unknown">, r: PartResult, ctx: RenderContext): string[] {
  return tmdbOnlyRows(part, r.evidence).map((row) => sentenceOf(part.asks, row, ctx.cite.cite([row.id], 1)));
}

function sentenceOf(asks: TmdbOnlyAsk | undefined, row: Evidence, cite: string): string {
  const m = row.meta!;
  const name = row.focus;
  const title = String(m.title);
  const genres = tmdbOnlyGenres(row);
  if (asks === "releaseYear") return m.year ? `${title} came out in ${String(m.year)} ${cite} (TMDB 5000's release date; ${LACKS}).` : `TMDB 5000 lists ${title} ${cite} with no release date; ${LACKS}.`;
  if (asks !== undefined && RANK_METRICS_SET.has(asks as Metric)) {
    const metric = asks as MovieMetric;
    const value = tmdbOnlyValue(row, metric);
    const noun = tmdbFigureNoun(metric);
    return value !== undefined ? `${name}: ${figureWords(metric, value)} ${cite} (${noun} from TMDB 5000; ${LACKS}).` : `TMDB 5000 lists ${name} ${cite} but has no ${noun} for it; ${LACKS}.`;
  }
  if (asks === "genre") return genres.length ? `TMDB 5000 files ${name} under ${joinList(genres)} ${cite}; ${LACKS}, so it has no genre of its own for it.` : `TMDB 5000 lists ${name} ${cite} with no genre; ${LACKS}.`;
  if (asks === "story") return typeof m.overview === "string" && m.overview !== "" ? `${name}, from TMDB 5000: "${snippet(m.overview, 400)}" ${cite} (${LACKS}, so it has no plot of it).` : `TMDB 5000 lists ${name} ${cite} with no overview; ${LACKS}.`;
  const people = asks ? PEOPLE_WORDS[asks as TmdbOnlyUnheldAsk] : undefined;
  const sheet = factSheet(m, genres);
  if (people) return `The knowledge graph does not hold ${name}, so it does not record ${people}. TMDB 5000 lists the film ${cite}${sheet ? `: ${sheet}` : ""}.`;
  return `${name} is not in the knowledge graph; TMDB 5000 lists it ${cite}${sheet ? `: ${sheet}` : ""}. Its people are not recorded here.`;
}

/** The TMDB row's facts in a line: year, genres, running time, money, rating. */
function factSheet(m: NonNullable<Evidence["meta"]>, genres: readonly string[]): string {
  const num = (k: MovieMetric) => (typeof m[k] === "number" ? (m[k] as number) : undefined);
  const money = (k: "budget" | "revenue", noun: string) => (num(k) !== undefined ? `${noun} ${figureWords(k, num(k)!)}` : "");
  const votes = num("voteAverage") !== undefined ? `rated ${figureWords("voteAverage", num("voteAverage")!)}${num("voteCount") !== undefined ? ` by ${num("voteCount")!.toLocaleString("en-US")} TMDB voters` : ""}` : "";
  return [m.year ? `released ${String(m.year)}` : "", genres.length ? joinList(genres) : "", num("runtime") !== undefined ? figureWords("runtime", num("runtime")!) : "", money("budget", "budget"), money("revenue", "box office"), votes].filter(Boolean).join("; ");
}

/**
 * A family the knowledge graph holds none of by title ("the Star Wars films"), asked as a list, a count or a
 * ranking: the films TMDB lists of it are the answer, said to be TMDB's, never "no film fits" nor films the KB tags
 * with the name. Undefined when the part is over no such family.
 */
export function renderHeldNone(part: PlanPart, r: PartResult, ctx: RenderContext): Rendered | undefined {
  if (part.kind === "lookup") return lookupOfHeldNone(part, ctx);
  const family = heldNoneFamily(part, ctx);
  if (!family) return undefined;
  const rows = tmdbOnlyBesideRows(r);
  const none = `the knowledge graph holds none of the ${family} films`;
  if (!rows.length) return { text: `${capitalised(none)}, and TMDB 5000 lists none that meets the rest of the question.`, answers: [], ...(part.kind === "aggregate" ? { count: 0 } : {}) };
  const cite = ctx.cite.cite(rows.map((e) => e.id), 1);
  const answers = (xs: readonly Evidence[]) => xs.map((e, i) => ({ name: e.focus, type: "Movie" as const, score: 1 - i / (xs.length + 1), evidenceIds: [e.id] }));
  const unheld = "their people and tags are not recorded here";
  if (part.kind === "order") return rankedHeldNone(part, rows, `${none}; among the ${rows.length} TMDB 5000 lists ${cite}`, answers);
  const listed = `${joinList(rows.map((e) => e.focus))} ${cite}`;
  if (part.kind === "aggregate" && part.op === "count") return { text: `${rows.length}, all listed by TMDB 5000 (${none}): ${listed}. ${capitalised(unheld)}.`, answers: answers(rows), count: rows.length };
  return { text: `${capitalised(none)}. TMDB 5000 lists ${rows.length === 1 ? "one" : rows.length}: ${listed}; ${unheld}.`, answers: answers(rows) };
}

function rankedHeldNone(part: PartOf<"order">, rows: readonly Evidence[], among: string, answers: (xs: readonly Evidence[]) => Rendered["answers"]): Rendered {
  const valued = rows.flatMap((e) => {
    const value = tmdbOnlyValue(e, part.by);
    return value === undefined ? [] : [{ e, value }];
  });
  const sorted = valued.sort((a, b) => (part.direction === "asc" ? a.value - b.value : b.value - a.value));
  const noun = part.by === "releaseYear" ? "release year" : tmdbFigureNoun(part.by as MovieMetric);
  const value = (x: { value: number }) => (part.by === "releaseYear" ? String(x.value) : figureWords(part.by, x.value));
  if (!sorted.length) return { text: `${among}, none has a ${noun}.`, answers: [] };
  if (part.nth !== undefined) {
    const pick = sorted[part.nth - 1];
    if (!pick) return { text: `${among}, only ${sorted.length} ${sorted.length === 1 ? "has" : "have"} a ${noun}: there is no number ${part.nth}.`, answers: [] };
    const said = part.by === "releaseYear" ? `released in ${value(pick)}` : `with ${value(pick)}`;
    return { text: `${pick.e.focus}, ${said} (${among}, by ${noun} from TMDB 5000).`, answers: answers([pick.e]) };
  }
  const top = sorted.slice(0, part.limit);
  return { text: `${top.map((x, i) => `${i + 1}. ${x.e.focus}: ${value(x)}`).join(", ")} (${among}, by ${noun} from TMDB 5000).`, answers: answers(top.map((x) => x.e)) };
}

/**
 * A relation read from a film placed in a family the KB holds none of ("when did the second Hobbit movie come out"):
 * the film TMDB lists in that place, its year from TMDB, and that its people are not recorded here.
 */
function lookupOfHeldNone(part: PartOf<"lookup">, ctx: RenderContext): Rendered | undefined {
  const from = part.from[0];
  const of = part.from.length === 1 && from && "ref" in from ? partOf(ctx, from.ref) : undefined;
  if ((of?.kind !== "order" && of?.kind !== "films") || !heldNoneFamily(of, ctx)) return undefined;
  const placed = renderHeldNone(of, resultOf(ctx, of.id), ctx);
  if (!placed?.answers.length) return placed;
  const them = of.kind === "films" && placed.answers.length > 1;
  // A film placed by its release asked for its year has its answer said already; anything else is the KB's to record.
  if ((part.asks === "Year" && of.kind === "order") || (part.asks === "Person" && of.kind === "films")) return placed;
  return { ...placed, text: `${placed.text} What the question asks of ${them ? "them" : "it"} is not recorded here: the knowledge graph does not hold ${them ? "these films" : "the film"}.` };
}

/** The name of the family a part's set is, when the KB holds none of its films: the set itself or the one it orders or counts. */
function heldNoneFamily(part: PlanPart, ctx: RenderContext): string | undefined {
  const set = part.kind === "films" ? part : (part.kind === "order" || part.kind === "aggregate") && "ref" in part.of ? partOf(ctx, part.of.ref) : undefined;
  if (set?.kind !== "films") return undefined;
  return heldNoneSeries(set.where)?.name;
}

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The films of a family TMDB lists and the KB lacks, read beside a set of KB films: how many more there are (for a
 * list or a count), or, for a ranking, where they would stand ("counting them, the first is …"). Empty when none.
 */
export function tmdbOnlyBeside(part: PlanPart, r: PartResult, ctx: RenderContext): string {
  if (part.kind === "lookup") return besideLookup(part, ctx);
  const rows = tmdbOnlyBesideRows(r);
  if (!rows.length) return "";
  const cite = ctx.cite.cite(rows.map((e) => e.id), 1);
  const names = joinList(rows.map((e) => e.focus));
  const lacks = `${rows.length === 1 ? "one film" : `${rows.length} films`} of it that the knowledge graph lacks`;
  if (part.kind === "order") return rankedWith(part, r, rows, cite, lacks);
  if (part.kind === "films" || (part.kind === "aggregate" && part.op === "count")) {
    const n = r.total ?? r.items.length;
    return ` TMDB 5000 also lists ${lacks}: ${names} ${cite}${part.kind === "aggregate" ? `; ${n + rows.length} in all` : ""}.`;
  }
  return "";
}

const IS_BESIDE = (e: Evidence) => e.meta?.role === "tmdb-only" && e.meta.beside === true;

/** The rows of a family's films TMDB alone lists, read beside a part's KB films. */
export function tmdbOnlyBesideRows(r: PartResult): Evidence[] {
  return r.evidence.filter(IS_BESIDE);
}

/**
 * A relation asked of a family's films ("who directed the Matrix movies"): its films TMDB alone lists are named
 * beside the answer, with what no source here records of them.
 */
function besideLookup(part: PartOf<"lookup">, ctx: RenderContext): string {
  const [only] = part.from;
  const set = part.from.length === 1 && only && "ref" in only ? partOf(ctx, only.ref) : undefined;
  if (set?.kind !== "films" || heldNoneFamily(set, ctx)) return "";
  const rows = tmdbOnlyBesideRows(resultOf(ctx, set.id));
  if (!rows.length) return "";
  const several = rows.length > 1;
  return ` TMDB 5000 also lists ${several ? `${rows.length} films` : "one film"} of it that the knowledge graph lacks, ${joinList(rows.map((e) => e.focus))} ${ctx.cite.cite(rows.map((e) => e.id), 1)}: ${several ? "their" : "its"} people are not recorded here.`;
}

/** A ranking with the family's films TMDB alone lists put in their place: said when one of them takes the place asked. */
function rankedWith(part: PartOf<"order">, r: PartResult, rows: readonly Evidence[], cite: string, lacks: string): string {
  // The ranking has them in their places already (a place asked of a family is its film's, whichever source holds it).
  if (r.figures.some((f) => f.tmdbOnly)) return ` TMDB 5000 also lists ${lacks}: ${joinList(rows.map((e) => e.focus))} ${cite}.`;
  const held = (r.ranking ?? []).flatMap((a) => {
    const f = r.figures.find((x) => x.id === a.name);
    return f ? [{ name: a.name, value: f.value, tmdb: false }] : [];
  });
  const extra = rows.flatMap((e) => {
    const value = tmdbOnlyValue(e, part.by);
    return value === undefined ? [] : [{ name: e.focus, value, tmdb: true }];
  });
  const merged = [...held, ...extra].sort((a, b) => (part.direction === "asc" ? a.value - b.value : b.value - a.value));
  const shown = joinList(rows.map((e) => e.focus));
  if (part.nth === undefined) {
    const top = merged.slice(0, part.limit === 10 ? 5 : part.limit);
    return top.some((x) => x.tmdb) ? ` Counting the ${lacks} (TMDB 5000 ${cite}), the order is: ${top.map((x, i) => `${i + 1}. ${x.name}${x.tmdb ? " (TMDB only)" : ""}`).join(", ")}.` : ` TMDB 5000 also lists ${lacks}: ${shown} ${cite}.`;
  }
  const pick = merged[part.nth - 1];
  const value = pick && part.by !== "releaseYear" ? `, with ${figureWords(part.by, pick.value)}` : "";
  if (pick?.tmdb) return ` Counting the ${lacks}, which TMDB 5000 lists (${shown}) ${cite}, it is ${pick.name}${value}.`;
  return ` TMDB 5000 also lists ${lacks}: ${shown} ${cite}.`;
}

/**
 * Films like ones the graph lacks: said to be not in the graph, with the TMDB rows their likeness was read from
 * (cited), and the graph's earlier films of their series started from as well.
 */
export function tmdbOnlyLikeNote(lacked: readonly TmdbOnlyRef[], kin: readonly string[], r: PartResult, ctx: RenderContext): string {
  if (!lacked.length) return "";
  const names = lacked.map(tmdbOnlyName);
  const several = names.length > 1;
  const rows = r.evidence.filter(isTmdbOnlySeed).map((e) => e.id);
  const cite = ctx.cite.cite(rows, 1);
  const alsoKin = kin.length ? `, or share most with ${joinList(kin.map((k) => film(ctx, k)))}, the graph's earlier ${kin.length > 1 ? "films" : "film"} of ${several ? "their" : "its"} series` : "";
  return ` ${joinList(names)} ${several ? "are" : "is"} not in the knowledge graph; these hold most of what TMDB 5000 says ${several ? "they are" : "it is"} about (${several ? "their" : "its"} keywords and genres)${cite ? ` ${cite}` : ""}${alsoKin}.`;
}

/** The films started from that are the graph's earlier films of a seed's series: of a family a seed the graph lacks goes on from. */
export function kinOfTmdbOnly(like: readonly { id: string }[], lacked: readonly TmdbOnlyRef[]): string[] {
  return like.filter((l) => lacked.some((t) => linkKey(t.title).startsWith(`${linkKey(familyStem(l.id))} `))).map((l) => l.id);
}
