import type { Metric, PartOf } from "../../src/plan/schema";
import { MOVIE_METRICS, type MovieMetric } from "../../src/ports/movie-catalog";
import type { Evidence } from "../../tools/evidence";
import { tmdbOnlyName } from "../../tools/tmdb-only-evidence";
import type { RankedAnswer } from "../research/types";
import type { Figure, PartResult } from "./results";

const METRIC_SET: ReadonlySet<string> = new Set<string>(MOVIE_METRICS);
/** What no source here holds of a film the KB lacks (its people, its languages): asked, nothing answers it. */
const UNHELD: ReadonlySet<string> = new Set(["DIRECTED", "WROTE", "ACTED_IN", "people", "language"]);

/** The TMDB rows of the films a part names that the KB lacks, in the order named. */
export function tmdbOnlyRows(part: PartOf<"unknown">, evidence: readonly Evidence[]): Evidence[] {
  const rows = evidence.filter((e) => e.meta?.role === "tmdb-only");
  return part.names.flatMap((n) => (n.tmdb ?? []).flatMap((f) => rows.filter((e) => e.focus === tmdbOnlyName(f)).slice(0, 1)));
}

/**
 * Films TMDB lists and the KB lacks, as a result: what the question asks of them (a figure, the year, the genres),
 * read from each one's TMDB row; the films themselves when it asks nothing in particular; nothing for its people.
 */
export function tmdbOnlyResult(part: PartOf<"unknown">, evidence: Evidence[]): PartResult {
  const rows = tmdbOnlyRows(part, evidence);
  const asks = part.asks;
  const figures: Figure[] = [];
  const items: RankedAnswer[] = [];
  for (const row of rows) {
    const meta = row.meta!;
    const metric = asks === "releaseYear" ? "year" : asks !== undefined && METRIC_SET.has(asks) ? (asks as MovieMetric) : undefined;
    const value = metric === undefined ? undefined : Number(meta[metric]);
    if (metric !== undefined && value !== undefined && Number.isFinite(value)) {
      figures.push({ id: row.focus, value, text: row.text, evidenceId: row.id, ...(typeof meta.year === "string" ? { year: meta.year } : {}) });
      items.push({ name: String(value), score: 1, evidenceIds: [row.id] });
    } else if (asks === "genre" && typeof meta.genres === "string" && meta.genres !== "") {
      for (const g of meta.genres.split("; ")) items.push({ name: g, type: "Genre", score: 1, evidenceIds: [row.id] });
    } else if (metric === undefined && !UNHELD.has(asks ?? "")) {
      items.push({ name: row.focus, type: "Movie", score: 1, evidenceIds: [row.id] });
    }
  }
  const missing = rows.length < part.names.filter((n) => n.tmdb).length ? "a film TMDB lists was not read" : undefined;
  return { done: true, items, figures, evidence, ...(missing ? { missing } : {}) };
}

/** A film the KB lacks, by its name in the plan: the figure its TMDB row states for the metric (its year for release order). */
export function tmdbOnlyFigure(id: string, evidence: readonly Evidence[], by: Metric): Figure | undefined {
  const row = evidence.find((e) => e.meta?.role === "tmdb-only" && e.focus === id);
  const raw = row?.meta?.[by === "releaseYear" ? "year" : by];
  const value = raw === undefined ? NaN : Number(raw);
  if (!row || !Number.isFinite(value)) return undefined;
  return { id, value, text: row.text, evidenceId: row.id, tmdbOnly: true };
}
