import type { MovieMetric } from "../../../src/ports/movie-catalog";
import { RANK_METRICS_SET, tmdbOnlyName, type Metric, type PartOf, type PlanPart, type TmdbOnlyAsk, type TmdbOnlyRef, type TmdbOnlyUnheldAsk } from "../../../src/plan/schema";
import { familyStem } from "../../../src/question/series";
import { linkKey } from "../../../src/util/text";
import type { Evidence } from "../../../tools/evidence";
import { isTmdbOnlySeed, tmdbOnlyGenres, tmdbOnlyValue } from "../../../tools/tmdb-only-evidence";
import { tmdbOnlyRows } from "../../plan/results-tmdb-only";
import type { PartResult } from "../../plan/results";
import { joinList, snippet } from "./citations";
import { film, type RenderContext } from "./context";
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
 * The films of a family TMDB lists and the KB lacks, read beside a set of KB films: how many more there are (for a
 * list or a count), or, for a ranking, where they would stand ("counting them, the first is …"). Empty when none.
 */
export function tmdbOnlyBeside(part: PlanPart, r: PartResult, ctx: RenderContext): string {
  const rows = r.evidence.filter((e) => e.meta?.role === "tmdb-only" && e.meta.beside === true);
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

/** A ranking with the family's films TMDB alone lists put in their place: said when one of them takes the place asked. */
function rankedWith(part: PartOf<"order">, r: PartResult, rows: readonly Evidence[], cite: string, lacks: string): string {
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
