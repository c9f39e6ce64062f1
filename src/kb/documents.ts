import { EDGE_TYPES, type EdgeType } from "./schema";
import { isType, type KbGraphData } from "./graph-data";

/** A movie's KB facts gathered in one place, for documents, summaries and the text index. */
export interface MovieFacts {
  node: number;
  title: string;
  directors: string[];
  writers: string[];
  actors: string[];
  years: string[];
  languages: string[];
  genres: string[];
  tags: string[];
  ratings: string[];
  votes: string[];
}

/** Which list of MovieFacts an edge type fills. */
export const FACT_FIELD: Readonly<Record<EdgeType, keyof Omit<MovieFacts, "node" | "title">>> = {
  DIRECTED: "directors",
  WROTE: "writers",
  ACTED_IN: "actors",
  RELEASED_IN: "years",
  IN_LANGUAGE: "languages",
  HAS_GENRE: "genres",
  HAS_TAG: "tags",
  HAS_RATING: "ratings",
  HAS_VOTES: "votes",
};

/** Person → movie edges (the person's role); every other edge goes movie → value. */
export function isRoleEdge(edge: EdgeType): boolean {
  return edge === "DIRECTED" || edge === "WROTE" || edge === "ACTED_IN";
}

/** Facts for every movie node, in node order; edges are visited once. */
export function collectMovieFacts(data: KbGraphData): MovieFacts[] {
  const byNode = new Map<number, MovieFacts>();
  for (let i = 0; i < data.names.length; i++) {
    if (!isType(data, i, "Movie")) continue;
    byNode.set(i, {
      node: i, title: data.names[i]!, directors: [], writers: [], actors: [], years: [], languages: [], genres: [], tags: [], ratings: [], votes: [],
    });
  }
  for (let e = 0; e < data.edgeType.length; e++) {
    const type = EDGE_TYPES[data.edgeType[e]!]!;
    const movieIsSource = !isRoleEdge(type);
    const movie = movieIsSource ? data.edgeSrc[e]! : data.edgeDst[e]!;
    const value = movieIsSource ? data.edgeDst[e]! : data.edgeSrc[e]!;
    byNode.get(movie)?.[FACT_FIELD[type]].push(data.names[value]!);
  }
  return [...byNode.values()];
}

/**
 * A movie as a short text document, the "chunk" that semantic search and SimpleRAG retrieve.
 * TMDB overviews are left out on purpose: they are the held-out queries of the embedder benchmark.
 */
export function movieDocument(f: MovieFacts, plot: string): string {
  const parts = [f.years.length ? `${f.title} (${f.years.join(", ")}).` : `${f.title}.`];
  if (f.directors.length) parts.push(`Directed by ${f.directors.join(", ")}.`);
  if (f.writers.length) parts.push(`Written by ${f.writers.join(", ")}.`);
  if (f.actors.length) parts.push(`Starring ${f.actors.join(", ")}.`);
  if (f.genres.length) parts.push(`Genre: ${f.genres.join(", ")}.`);
  if (f.languages.length) parts.push(`Language: ${f.languages.join(", ")}.`);
  if (f.tags.length) parts.push(`Tags: ${f.tags.join(", ")}.`);
  if (plot) parts.push(`Plot: ${plot}`);
  return parts.join(" ");
}

/**
 * A movie for a neural sentence encoder, which reads only its first hundred-odd tokens: what the
 * film is about comes first (title, genres, tags, plot). Cast and crew are left to the graph tools,
 * and TMDB overviews stay out for the same reason as above.
 */
export function semanticDocument(f: MovieFacts, plot: string): string {
  const parts = [f.years.length ? `${f.title} (${f.years[0]}).` : `${f.title}.`];
  if (f.genres.length) parts.push(`${f.genres.join(", ")}.`);
  if (f.tags.length) parts.push(`${f.tags.slice(0, 8).join(", ")}.`);
  if (plot) parts.push(plot);
  return parts.join(" ");
}

/**
 * A film's TMDB overview and keywords as a passage of its own, for matching a plot told in the
 * user's words: the overview says what happens at more length than the one-line plot. Kept out of
 * the movie documents above (their vectors are what the overview benchmark measures).
 */
export function overviewPassage(title: string, overview: string, keywords: readonly string[]): string {
  return keywords.length ? `${title}. ${overview} ${keywords.join(", ")}.` : `${title}. ${overview}`;
}

/** The films that have a TMDB overview, with their passages, in node order. */
export function overviewPassages(data: Pick<KbGraphData, "names" | "overviews" | "tmdbFacts">): { ids: string[]; texts: string[] } {
  const keywords = new Map<string, string[]>();
  for (const t of data.tmdbFacts ?? []) keywords.set(t.movie, [...new Set([...(keywords.get(t.movie) ?? []), ...t.keywords])]);
  const ids: string[] = [];
  const texts: string[] = [];
  data.overviews.forEach((overview, i) => {
    if (!overview) return;
    const name = data.names[i]!;
    ids.push(name);
    texts.push(overviewPassage(name, overview, keywords.get(name) ?? []));
  });
  return { ids, texts };
}
