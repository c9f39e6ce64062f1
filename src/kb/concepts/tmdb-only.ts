import type { ConceptGraph, ConceptInfo, ConceptSource, FilmConceptLink } from "../../ports/concept-graph";
import type { TmdbOnlyFilm } from "../../ports/movie-catalog";
import { SOURCE_RELIABILITY } from "./offline/lexicon";

/** Hits looked at per keyword: the exact match of its name is among the first few. */
const HITS_PER_NAME = 3;

/**
 * What a film TMDB lists and the graph lacks is about, in the concept graph's own terms: each of its TMDB keywords
 * and genres that is a concept's name (and the series its title opens with), linked as the graph links a film it holds. The weight is the same product,
 * how specific the concept is (ln(1 + films / the concept's films)) times how far the source is trusted (a keyword
 * more than a genre), so the links compare with a KB film's. A keyword no concept is named by links nothing; the
 * row has no plot or tags to find more in. Strongest first, ties by key.
 */
export async function conceptsOfTmdbOnly(film: Pick<TmdbOnlyFilm, "title" | "keywords" | "genres">, graph: ConceptGraph, films: number): Promise<FilmConceptLink[]> {
  const out = new Map<string, FilmConceptLink>();
  const add = (concept: ConceptInfo, source: ConceptSource) => {
    const weight = Math.log1p(Math.max(films, 1) / Math.max(concept.films, 1)) * SOURCE_RELIABILITY[source];
    const had = out.get(concept.key);
    if (!had || had.weight < weight) out.set(concept.key, { concept, weight, sources: [source] });
  };
  for (const keyword of film.keywords) {
    const hit = (await graph.find(keyword, { limit: HITS_PER_NAME })).find((h) => h.match === "exact");
    if (hit) add(hit.concept, "tmdb_keyword");
  }
  // The series its title opens with ("Harry Potter" for Harry Potter and the Philosopher's Stone): which films are its own family.
  const series = await seriesOfTitle(film.title, graph);
  if (series) add(series, "title");
  for (const genre of film.genres) {
    const hit = (await graph.find(genre, { types: ["genre"], limit: HITS_PER_NAME })).find((h) => h.match === "exact");
    if (hit) add(hit.concept, "tmdb_genre");
  }
  return [...out.values()].sort((a, b) => b.weight - a.weight || (a.concept.key < b.concept.key ? -1 : 1));
}

/** The series concept the title's longest opening run of words names exactly, if any. */
async function seriesOfTitle(title: string, graph: ConceptGraph): Promise<ConceptInfo | undefined> {
  const words = title.split(/[\s:]+/).filter(Boolean);
  for (let n = words.length; n >= 1; n--) {
    const hit = (await graph.find(words.slice(0, n).join(" "), { types: ["series"], limit: 1 })).find((h) => h.match === "exact");
    if (hit) return hit.concept;
  }
  return undefined;
}
