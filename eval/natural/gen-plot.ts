import { PLOT_DESCRIPTIONS } from "./plot-descriptions";
import { slug } from "./pool";
import { item, type NaturalItem } from "./types";
import type { World } from "./world";

/** plot: the hand-written descriptions whose film is in kb.txt and has a WikiMovies plot. */
export function generatePlots(w: World): NaturalItem[] {
  return PLOT_DESCRIPTIONS.filter((d) => hasPlot(w, d.film)).map((d) => item("plot", "described", slug(d.film), d.question, [d.film]));
}

export function hasPlot(w: World, film: string): boolean {
  return w.films.has(film) && (w.records.get(film)?.plots.length ?? 0) > 0;
}
