import type { TmdbFacts, TmdbOnlyFilm } from "../ports/movie-catalog";
import type { FileCounts } from "./ingest-report";
import type { TmdbMovie } from "./parse/tmdb";
import { foldText } from "../util/text";

/** What the join needs to know of the graph being built. */
export interface JoinTarget {
  names: readonly string[];
  /** Exact name → node. */
  index: ReadonlyMap<string, number>;
  isMovie(node: number | undefined): node is number;
  /** Movie node → its release years, in KB line order. */
  years: ReadonlyMap<number, readonly string[]>;
}

export interface TmdbJoin {
  /** Movie node → its TMDB overview(s), one per line. */
  overviews: Map<number, string>;
  /** One record per joined movie, in node order. */
  facts: TmdbFacts[];
  /** Rows whose title no KB film has (folded): films the KB lacks, one per title and year, in file order. */
  only: TmdbOnlyFilm[];
}

/**
 * Joins TMDB rows to KB movies on title and release year; an exact title wins over a folded one.
 * The KB merges films that share a title, so several rows can join one movie (each with one of its
 * years): every overview is kept, but a movie has one set of facts, from the best match (an exact
 * title before a folded one), the earlier row on a tie. Each further row counts as merged.
 */
export function joinTmdb(rows: readonly TmdbMovie[], target: JoinTarget, counts: FileCounts): TmdbJoin {
  const byFoldedTitle = new Map<string, number[]>();
  target.names.forEach((name, node) => {
    if (!target.isMovie(node)) return;
    const k = foldText(name);
    const list = byFoldedTitle.get(k);
    if (list) list.push(node);
    else byFoldedTitle.set(k, [node]);
  });

  const overviews = new Map<number, string>();
  const only = new Map<string, TmdbOnlyFilm>();
  const chosen = new Map<number, { row: TmdbMovie; folded: boolean }>();
  for (const row of rows) {
    const exact = target.index.get(row.title);
    const folded = !target.isMovie(exact);
    const candidates = folded ? (byFoldedTitle.get(foldText(row.title)) ?? []) : [exact];
    const node = candidates.find((m) => row.year !== undefined && (target.years.get(m) ?? []).includes(row.year));
    if (node === undefined) {
      counts.unmatched++;
      // A row whose title a KB film has is that film under another year, or one the KB merged: not a film it lacks.
      const key = `${foldText(row.title)}|${row.year ?? ""}`;
      if (candidates.length === 0 && !only.has(key)) {
        const { line: _line, ...film } = row;
        only.set(key, film);
      }
      continue;
    }
    if (row.overview !== "") {
      const before = overviews.get(node);
      overviews.set(node, before === undefined ? row.overview : `${before}\n${row.overview}`);
    }
    const held = chosen.get(node);
    if (held === undefined) {
      counts.kept++;
      chosen.set(node, { row, folded });
      continue;
    }
    counts.merged++;
    if (held.folded && !folded) chosen.set(node, { row, folded });
  }

  const facts = [...chosen.entries()]
    .sort(([a], [b]) => a - b)
    .map(([node, { row }]): TmdbFacts => {
      const { line: _line, overview: _overview, ...rest } = row;
      return { movie: target.names[node]!, ...rest };
    });
  return { overviews, facts, only: [...only.values()] };
}
