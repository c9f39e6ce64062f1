import { EmbeddedGraphStore } from "../../adapters/embedded/graph-store";
import { AppError } from "../../errors";
import type { KbGraphData } from "../graph-data";
import type { KnowledgeBase } from "../knowledge-base";
import { NODE_TYPE_BIT } from "../schema";

/** What the model reads about a film. */
export interface ConceptFilm {
  /** The exact KB name (answers are compared by name). */
  id: string;
  title: string;
  /** The TMDB overview when the film joins TMDB, else the WikiMovies plot; clipped. */
  text: string;
  source: "tmdb" | "wikimovies";
}

/** Long enough for a TMDB overview's gist, short enough to keep a small model's prompt small. */
export const MAX_FILM_TEXT_CHARS = 600;

/** Every movie of the KB that has an overview or a plot, in KB order. */
export function conceptFilms(data: KbGraphData, maxChars = MAX_FILM_TEXT_CHARS): ConceptFilm[] {
  const films: ConceptFilm[] = [];
  for (let i = 0; i < data.names.length; i++) {
    if ((data.typeMask[i]! & NODE_TYPE_BIT.Movie) === 0) continue;
    const overview = data.overviews[i]?.trim() ?? "";
    const plot = data.plots[i]?.trim() ?? "";
    if (!overview && !plot) continue;
    const name = data.names[i]!;
    films.push({ id: name, title: name, text: clip(overview || plot, maxChars), source: overview ? "tmdb" : "wikimovies" });
  }
  return films;
}

/** The films of a loaded knowledge base; needs the embedded graph store, which holds the texts. */
export function conceptFilmsOf(kb: KnowledgeBase, maxChars = MAX_FILM_TEXT_CHARS): ConceptFilm[] {
  if (!(kb.graph instanceof EmbeddedGraphStore)) {
    throw new AppError("config_invalid", `concept extraction reads the films from the embedded graph store, but GRAPH_STORE is ${kb.graph.kind}; run it with GRAPH_STORE=embedded`);
  }
  return conceptFilms(kb.graph.data, maxChars);
}

/** Cuts at the last word boundary before `max` characters and marks the cut. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
