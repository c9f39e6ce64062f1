import { RANK_METRICS_SET, TMDB_ONLY_UNHELD_ASKS, tmdbOnlyName, type Metric, type PartOf } from "../../src/plan/schema";
import type { RankMetric } from "../../src/ports/movie-catalog";
import type { Evidence } from "../../tools/evidence";
import { tmdbOnlyGenres, tmdbOnlyValue } from "../../tools/tmdb-only-evidence";
import type { RankedAnswer } from "../research/types";
import type { Figure, PartResult } from "./results";

const UNHELD: ReadonlySet<string> = new Set(TMDB_ONLY_UNHELD_ASKS);

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
  const metric = asks !== undefined && RANK_METRICS_SET.has(asks as Metric) ? (asks as RankMetric) : undefined;
  for (const row of rows) {
    const value = metric === undefined ? undefined : tmdbOnlyValue(row, metric);
    if (value !== undefined) {
      figures.push({ id: row.focus, value, text: row.text, evidenceId: row.id, ...(typeof row.meta?.year === "string" ? { year: row.meta.year } : {}) });
      items.push({ name: String(value), score: 1, evidenceIds: [row.id] });
    } else if (asks === "genre") {
      for (const g of tmdbOnlyGenres(row)) items.push({ name: g, type: "Genre", score: 1, evidenceIds: [row.id] });
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
  const value = row && by !== "filmCount" ? tmdbOnlyValue(row, by) : undefined;
  return value === undefined ? undefined : { id, value, text: row!.text, evidenceId: row!.id, tmdbOnly: true };
}
