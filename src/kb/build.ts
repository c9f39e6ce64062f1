import { EDGE_TYPE_INDEX, NODE_TYPES, NODE_TYPE_BIT, edgeForMetaqa, type NodeType } from "./schema";
import type { KbGraphData } from "./graph-data";
import type { FilmEdition } from "../ports/film-editions";
import type { IngestLog } from "./ingest-report";
import type { Triple } from "./parse/kb-triples";
import type { WikiMovie } from "./parse/wikimovies";
import type { TmdbMovie } from "./parse/tmdb";
import { joinTmdb } from "./tmdb-join";

export interface BuildInput {
  triples: Triple[];
  wikiMovies: WikiMovie[];
  tmdb: TmdbMovie[];
  files: { kb: string; wikimovies: string; tmdb: string };
}

/**
 * Builds the typed graph from the parsed files. Entities are typed by the relations they take part
 * in; a name keeps every type it has (a handful of names are both a film and a person, a genre or
 * a year) and its primary type is the one with the most edges.
 */
export function buildGraphData(input: BuildInput, log: IngestLog): KbGraphData {
  const index = new Map<string, number>();
  const names: string[] = [];
  const typeEdgeCounts: number[][] = [];
  const nodeOf = (name: string): number => {
    let i = index.get(name);
    if (i === undefined) {
      i = names.length;
      index.set(name, i);
      names.push(name);
      typeEdgeCounts.push(new Array<number>(NODE_TYPES.length).fill(0));
    }
    return i;
  };
  const typeIdx = Object.fromEntries(NODE_TYPES.map((t, i) => [t, i])) as Record<NodeType, number>;

  const kbCounts = log.file(input.files.kb);
  const seen = new Set<string>();
  const src: number[] = [];
  const dst: number[] = [];
  const etype: number[] = [];
  for (const t of input.triples) {
    const key = `${t.subject}\u0000${t.relation}\u0000${t.object}`;
    if (seen.has(key)) {
      kbCounts.merged++;
      continue;
    }
    seen.add(key);
    const edge = edgeForMetaqa(t.relation)!;
    const movie = nodeOf(t.subject);
    const value = nodeOf(t.object);
    const valueType = edge.movieIsSource ? edge.spec.to : edge.spec.from;
    typeEdgeCounts[movie]![typeIdx.Movie]!++;
    typeEdgeCounts[value]![typeIdx[valueType]]!++;
    src.push(edge.movieIsSource ? movie : value);
    dst.push(edge.movieIsSource ? value : movie);
    etype.push(EDGE_TYPE_INDEX[edge.spec.type]);
    kbCounts.kept++;
  }

  const n = names.length;
  const typeMask = new Uint16Array(n);
  const primaryType = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const counts = typeEdgeCounts[i]!;
    let best = 0;
    for (let t = 0; t < NODE_TYPES.length; t++) {
      if (counts[t]! > 0) typeMask[i]! |= NODE_TYPE_BIT[NODE_TYPES[t]!];
      if (counts[t]! > counts[best]!) best = t;
    }
    primaryType[i] = best;
  }

  const isMovie = (i: number | undefined): i is number => i !== undefined && (typeMask[i]! & NODE_TYPE_BIT.Movie) !== 0;
  const plots = new Array<string>(n).fill("");
  const overviews = new Array<string>(n).fill("");

  // WikiMovies plots: several films can share a title, and the KB merges them into one entity.
  const wikiCounts = log.file(input.files.wikimovies);
  for (const film of input.wikiMovies) {
    const node = index.get(film.title);
    if (!isMovie(node)) {
      wikiCounts.unmatched++;
      continue;
    }
    const plot = film.plot_clean.trim();
    if (plots[node] !== "") {
      wikiCounts.merged++;
      if (plot !== "" && !plots[node]!.includes(plot)) plots[node] = `${plots[node]}\n${plot}`;
    } else {
      wikiCounts.kept++;
      plots[node] = plot;
    }
  }

  const editions = editionsOf(input.wikiMovies, (title) => (isMovie(index.get(title)) ? title : undefined));
  const tmdb = joinTmdb(input.tmdb, { names, index, isMovie, years: movieYears(names, src, dst, etype) }, log.file(input.files.tmdb));
  tmdb.overviews.forEach((text, node) => (overviews[node] = text));

  return {
    names,
    typeMask,
    primaryType,
    edgeSrc: Int32Array.from(src),
    edgeDst: Int32Array.from(dst),
    edgeType: Uint8Array.from(etype),
    plots,
    overviews,
    tmdbFacts: tmdb.facts,
    tmdbOnly: tmdb.only,
    editions,
  };
}

/** The films of each title WikiMovies has under two or more release years, each with the people credited to it. */
function editionsOf(films: readonly WikiMovie[], movieOf: (title: string) => string | undefined): FilmEdition[] {
  const byTitle = new Map<string, WikiMovie[]>();
  for (const f of films) {
    const movie = movieOf(f.title);
    if (!movie || f.release_year.length === 0) continue;
    byTitle.set(movie, [...(byTitle.get(movie) ?? []), f]);
  }
  const out: FilmEdition[] = [];
  for (const [movie, records] of [...byTitle].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (new Set(records.map((r) => r.release_year[0])).size < 2) continue;
    for (const r of records) out.push({ movie, year: r.release_year[0]!, people: [...new Set([...r.directed_by, ...r.written_by, ...r.starred_actors])] });
  }
  return out;
}

function movieYears(names: string[], src: number[], dst: number[], etype: number[]): Map<number, string[]> {
  const years = new Map<number, string[]>();
  const released = EDGE_TYPE_INDEX.RELEASED_IN;
  for (let e = 0; e < etype.length; e++) {
    if (etype[e] !== released) continue;
    const list = years.get(src[e]!);
    if (list) list.push(names[dst[e]!]!);
    else years.set(src[e]!, [names[dst[e]!]!]);
  }
  return years;
}
