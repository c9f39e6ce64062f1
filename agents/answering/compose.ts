import type { EdgeType } from "../../src/kb/schema";
import type { MovieCatalog } from "../../src/ports/movie-catalog";
import { onlyUnknownNames, type PartUnderstanding } from "../../src/question/understand";
import { reciprocalRankFusion } from "../../src/retrieval/fusion";
import type { Evidence } from "../../tools/evidence";
import { METRIC_SOURCE } from "../../tools/find-movies";
import type { AnswerPart, RankedAnswer } from "../research/types";
import { rankAnswers } from "./candidates";
import { joinList } from "./text";

const SHOWN = 10;
const FACT_NAMES: Readonly<Record<EdgeType, string>> = {
  DIRECTED: "director", WROTE: "writer", ACTED_IN: "cast", RELEASED_IN: "release year", IN_LANGUAGE: "language", HAS_GENRE: "genre", HAS_TAG: "tag", HAS_RATING: "IMDb rating", HAS_VOTES: "IMDb votes",
};
/**
 * How a told plot's full-text and vector rankings fuse, by the embedder behind the vectors. Full
 * text (per-term BM25, summed) leads for both: on 44 tuning plots it alone put the film first 0.80
 * of the time with the fame prior, and neither vector list added much. The corpus's LSA vectors
 * break its ties at half weight; a neural sentence encoder (MiniLM) ranks similar films (sequels,
 * films of the same kind) close to the told one, so it gets a quarter: at half weight or more it
 * pulled "Rocky Balboa" over "Rocky" (tuning plots with MiniLM: 0.73 at [1, 1] with k 30, 0.80 at
 * [1, 0.25] with k 10).
 */
export function plotFusion(embedderId: string | undefined): { k: number; weights: [number, number] } {
  return !embedderId || embedderId.startsWith("corpus-") ? { k: 10, weights: [1, 0.5] } : { k: 10, weights: [1, 0.25] };
}
/**
 * How much fame may reorder plot matches. People describe films they have seen, so among the
 * candidates both lists found, the better-known film is likelier: at most 0.1 (a film with MAX_VOTES
 * TMDB votes) against 1/11 for the first fused rank, so fame decides among close matches and lifts a
 * famous film from the lower ranks, but a film only one list found far down stays down.
 */
const PLOT_FAME_WEIGHT = 0.1;
const MAX_VOTES = 15_000;
/**
 * A film without a TMDB row (Misery, Jumanji: 79% of KB films have none) is not unknown: on the
 * films that have one, the median ln(votes) is about 2.25·ln(1 + KB degree), so the number of facts
 * the KB holds about a film stands in for its vote count.
 */
const VOTES_PER_LOG_DEGREE = 2.25;

/** How well known a film is, 0..1: TMDB's vote count on a log scale, else estimated from its KB degree. */
function fame(id: string, degree: number | undefined, catalog?: MovieCatalog): number {
  const votes = catalog?.tmdb(id)?.voteCount;
  const logVotes = votes !== undefined ? Math.log1p(votes) : degree !== undefined ? VOTES_PER_LOG_DEGREE * Math.log1p(degree) : 0;
  return Math.min(1, logVotes / Math.log1p(MAX_VOTES));
}

/**
 * One part's answer from the evidence its own tool calls found, built the way its intent needs:
 * relation-path endpoints (with counts, thresholds and set operations), ranked films with the
 * figure they were ranked by, similar films, fused plot matches, or a genre distribution. Nothing
 * is guessed: a missing fact or an unknown name is said as such.
 */
export function answerPart(part: PartUnderstanding, evidence: readonly Evidence[], catalog?: MovieCatalog, embedderId?: string): AnswerPart {
  const base = { question: part.text, intent: part.intent };
  if (onlyUnknownNames(part)) {
    const text = part.notFound.map((n) => `"${n.text}" is not in the knowledge base${n.closest.length ? `; the closest names are ${n.closest.join(", ")}` : ""}.`).join(" ");
    return { ...base, answers: [], text: `Not found: ${text}` };
  }
  const byTool = (tool: string) => evidence.filter((e) => e.sources.some((s) => s.tool === tool));
  const found = byTool("find_movies").filter((e) => e.meta?.role === "result");
  // The exact filter kept no film: that is the answer, said with what was asked of the films.
  const none = byTool("find_movies").find((e) => e.meta?.role === "summary" && e.meta?.total === 0);
  if (none && !found.length && !part.figure) return { ...base, answers: [], ...(part.intent === "count" ? { count: 0 } : {}), text: `${part.intent === "count" ? "0: n" : "N"}o film in the knowledge base meets all of ${String(none.meta?.constraints)} ${cite([none.id])}.` };
  // A superlative is the exact filter's ranking, whatever else was looked up beside it (a model's
  // plan may add a genre overview or a graph walk).
  if (found.length && part.intent === "superlative") return ranked(part, found, evidence);
  if (evidence.some((e) => e.meta?.role === "share")) return distribution(part, evidence);
  if (part.intent === "plot") return plot(part, evidence, plotFusion(embedderId), catalog);
  if (part.figure) return figureOf(part, part.figure, found);
  if (found.length && !evidence.some((e) => e.kind === "path" && e.meta?.relationPath)) return ranked(part, found, evidence);
  if (part.intent === "recommendation") return similar(part, byTool("depth_first"));
  if (part.intent === "intersection" && byTool("depth_first").some((e) => e.meta?.role === "concept")) return shared(part, byTool("depth_first"));
  return relation(part, evidence);
}

function cite(ids: readonly string[]): string {
  return ids.slice(0, 2).map((id) => `[${id}]`).join("");
}

/**
 * A one-relation fact ("what language is X in") is read off that relation only: a longer path that
 * happens to end at the right type (the languages of X's actors' other films) is not X's fact.
 */
function directOnly(part: PartUnderstanding, evidence: readonly Evidence[]): readonly Evidence[] {
  const a = part.analysis;
  const edges = new Set(a.cues.map((c) => c.edge));
  if (part.intent !== "fact" || a.topics.length !== 1 || !a.answer.edge || edges.size > 1 || a.sharing) return evidence;
  return evidence.filter((e) => typeof e.meta?.relationPath !== "string" || !String(e.meta.relationPath).includes(","));
}

function relation(part: PartUnderstanding, evidence: readonly Evidence[]): AnswerPart {
  const set = rankAnswers(part.analysis, directOnly(part, evidence));
  const answers = set.answers;
  const base = { question: part.text, intent: part.intent };
  if (answers.length === 0) {
    const topic = part.analysis.topics[0];
    const edge = part.analysis.answer.edge;
    if (topic && edge && (part.intent === "fact" || part.intent === "list")) {
      return { ...base, answers: [], text: `The knowledge base has no ${FACT_NAMES[edge]} listed for ${topic.name}.` };
    }
    if (set.nearest) {
      const n = set.nearest;
      return { ...base, answers: [], text: `None in the knowledge base reaches ${part.threshold ?? "the threshold"}: the most is ${n.support}, by ${joinList(n.names)}${n.names.length === 5 ? " and others" : ""}. (${set.basis}.)` };
    }
    return { ...base, answers: [], ...(part.intent === "count" ? { count: 0 } : {}), text: `I found no answer to "${part.text}" in the knowledge base.` };
  }
  const shown = answers.slice(0, SHOWN).map((a) => `${a.name} ${cite(a.evidenceIds)}`);
  const more = answers.length > SHOWN ? ` and ${answers.length - SHOWN} more` : "";
  if (part.intent === "count") return { ...base, answers, count: answers.length, text: `${answers.length}: ${joinList(shown)}${more}. (${set.basis}.)` };
  const lead = part.intent === "most_common" ? "Most often: " : "";
  return { ...base, answers, text: `${lead}${joinList(shown)}${more}. (${set.basis}.)` };
}

/** What every named film shares (people, genres, tags), from depth-first's shared concepts. */
function shared(part: PartUnderstanding, evidence: readonly Evidence[]): AnswerPart {
  const seeds = evidence.filter((e) => e.meta?.role === "seed").length;
  const common = evidence.filter((e) => e.meta?.role === "concept" && Number(e.meta?.sharedBy) === seeds);
  // A person and a tag of the same name ("Christopher Nolan", "christopher nolan") are one thing shared.
  const seen = new Set<string>();
  const rows = common.filter((e) => !seen.has(e.focus.toLowerCase()) && seen.add(e.focus.toLowerCase()));
  const answers: RankedAnswer[] = rows.map((e) => ({ name: e.focus, type: e.focusType ?? "Tag", score: e.score, evidenceIds: [e.id] }));
  const base = { question: part.text, intent: part.intent };
  if (!answers.length) return { ...base, answers, text: "The knowledge base lists nothing these films share (no person, genre or tag in common)." };
  return { ...base, answers, text: `In common: ${joinList(rows.slice(0, SHOWN).map((e) => `${e.text.replace(/^shared by \d+ of \d+ seed movies: /, "")} ${cite([e.id])}`))}.` };
}

function ranked(part: PartUnderstanding, found: readonly Evidence[], all: readonly Evidence[]): AnswerPart {
  // A ranking by a figure outranks a plain list found beside it (a plan may run both); one row per film.
  const byFigure = found.filter((e) => e.meta?.metric !== undefined);
  const seen = new Set<string>();
  const rows = [...(byFigure.length ? byFigure : found)]
    .sort((a, b) => Number(a.meta?.rank ?? 99) - Number(b.meta?.rank ?? 99))
    .filter((e) => !seen.has(e.focus) && seen.add(e.focus));
  const answers: RankedAnswer[] = rows.map((e, i) => ({ name: e.focus, type: "Movie", score: Math.round((1 - i / (rows.length + 1)) * 1000) / 1000, evidenceIds: [e.id] }));
  const total = all.find((e) => e.meta?.role === "summary")?.meta?.total;
  const metric = rows[0]?.meta?.metric;
  const base = { question: part.text, intent: part.intent };
  if (metric) {
    const lines = rows.slice(0, 5).map((e, i) => `${i + 1}. ${e.text} ${cite([e.id])}`);
    const from = metric === "releaseYear" ? "the knowledge base's release years" : "the TMDB 5000 data set";
    return { ...base, answers, text: `${lines.join("\n")}\n(ranked by ${rows[0]!.meta!.source} from ${from}, among ${total ?? rows.length} films that fit)` };
  }
  const shown = rows.slice(0, SHOWN).map((e) => `${e.focus} ${cite([e.id])}`);
  const n = Number(total ?? rows.length);
  return { ...base, answers, ...(part.intent === "count" ? { count: n } : {}), text: `${n} film${n === 1 ? "" : "s"}: ${joinList(shown)}${n > SHOWN ? ` and ${n - SHOWN} more` : ""}.` };
}

/** One film's TMDB figure ("Titanic: TMDB runtime 194 min"), or that the data has none for it. */
function figureOf(part: PartUnderstanding, figure: NonNullable<PartUnderstanding["figure"]>, found: readonly Evidence[]): AnswerPart {
  const base = { question: part.text, intent: part.intent };
  const row = found.find((e) => e.focus === figure.film.id && e.meta?.metric === figure.metric);
  if (!row) return { ...base, answers: [], text: `The knowledge base has no ${METRIC_SOURCE[figure.metric]} for ${figure.film.name}: the film has no TMDB row with that figure.` };
  return { ...base, answers: [{ name: row.focus, type: "Movie", score: 1, evidenceIds: [row.id] }], text: `${row.text} ${cite([row.id])} (from the TMDB 5000 data set).` };
}

function similar(part: PartUnderstanding, evidence: readonly Evidence[]): AnswerPart {
  const seeds = new Set((part.seeds ?? []).map((s) => s.id));
  const rows = evidence.filter((e) => e.meta?.role === "result" && !seeds.has(e.focus)).sort((a, b) => b.score - a.score || (a.focus < b.focus ? -1 : 1));
  const answers: RankedAnswer[] = rows.map((e) => ({ name: e.focus, type: "Movie", score: e.score, evidenceIds: [e.id] }));
  const base = { question: part.text, intent: part.intent };
  if (!answers.length) return { ...base, answers, text: `I found no film that shares enough with ${[...seeds].join(", ")}${part.periods.length ? " and meets the constraints" : ""}.` };
  return { ...base, answers, text: `Films like ${[...seeds].join(", ")}: ${rows.slice(0, 5).map((e) => `${e.text} ${cite([e.id])}`).join("; ")}.` };
}

function plot(part: PartUnderstanding, evidence: readonly Evidence[], fusion: ReturnType<typeof plotFusion>, catalog?: MovieCatalog): AnswerPart {
  const movies = (tool: string) => evidence.filter((e) => e.sources.some((s) => s.tool === tool) && e.focusType === "Movie").sort((a, b) => b.score - a.score).map((e) => e.focus);
  // People describe films they have seen: among close matches, the better-known film is likelier.
  const degree = new Map<string, number>();
  for (const e of evidence) if (e.focusType === "Movie" && typeof e.meta?.degree === "number") degree.set(e.focus, e.meta.degree);
  const fused = reciprocalRankFusion([movies("full_text"), movies("semantic_search")], { k: fusion.k, weights: fusion.weights })
    .map((f) => ({ ...f, score: f.score + PLOT_FAME_WEIGHT * fame(f.id, degree.get(f.id), catalog) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const support = new Map<string, string[]>();
  for (const e of evidence) if (e.focusType === "Movie") support.set(e.focus, [...(support.get(e.focus) ?? []), e.id]);
  const answers: RankedAnswer[] = fused.map((f) => ({ name: f.id, type: "Movie", score: Math.round(f.score * 1000) / 1000, evidenceIds: support.get(f.id) ?? [] }));
  const base = { question: part.text, intent: part.intent };
  if (!answers.length) return { ...base, answers, text: "No film's plot matches that description." };
  const best = evidence.find((e) => e.focus === answers[0]!.name && e.sources.some((s) => s.tool === "full_text")) ?? evidence.find((e) => e.focus === answers[0]!.name);
  return { ...base, answers, text: `Most likely ${answers[0]!.name} ${cite(answers[0]!.evidenceIds)}${best ? ` (${best.text.slice(0, 200)})` : ""}. Other candidates: ${joinList(answers.slice(1, 4).map((a) => a.name))}. (full-text and semantic search, fused by reciprocal rank, better-known films first among close matches.)` };
}

function distribution(part: PartUnderstanding, evidence: readonly Evidence[]): AnswerPart {
  const shares = evidence.filter((e) => e.meta?.role === "share").sort((a, b) => Number(a.meta?.rank) - Number(b.meta?.rank));
  const whole = evidence.find((e) => e.meta?.role === "distribution");
  const options = part.options ?? [];
  const pick = options.length ? shares.filter((e) => options.some((o) => o.genre === e.focus)) : shares;
  const answers: RankedAnswer[] = pick.map((e) => ({ name: e.focus, type: "Genre", score: Number(e.meta?.share ?? 0), evidenceIds: [e.id] }));
  const base = { question: part.text, intent: part.intent };
  const pct = (e: Evidence) => `${Math.round(Number(e.meta?.share ?? 0) * 100)}%`;
  const label = part.subject?.label ?? (typeof whole?.meta?.concept === "string" ? whole.meta.concept : "these");
  if (options.length) {
    const said = options.map((o) => {
      const e = shares.find((s) => s.focus === o.genre);
      return `${o.text} (${o.genre}): ${e ? `${pct(e)}, ${e.meta?.count} films ${cite([e.id])}` : "0%"}`;
    });
    const top = options.map((o) => ({ o, share: Number(shares.find((s) => s.focus === o.genre)?.meta?.share ?? 0) })).sort((a, b) => b.share - a.share)[0]!;
    return { ...base, answers, text: `Mostly ${top.o.text}: among ${label} films, ${said.join("; ")}. ${whole ? whole.text : ""}` };
  }
  return { ...base, answers, text: `${whole?.text ?? `${label} films by genre`}: ${shares.slice(0, 5).map((e) => `${e.focus} ${pct(e)} ${cite([e.id])}`).join(", ")}.` };
}
