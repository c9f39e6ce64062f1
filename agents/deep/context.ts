import { TOOLS } from "../../tools/index";
import { runTool } from "../../tools/tool";
import { filmArgs } from "../plan/compile";
import type { RunContext } from "../research/context";
import { FilmTexts } from "./film-text";
import type { DeepMemory } from "./memory";

const texts = new WeakMap<RunContext, FilmTexts>();

/** The films' texts read so far in this run (the deep route's nodes test the same films across rounds). */
export function filmTextsOf(ctx: RunContext): FilmTexts {
  let t = texts.get(ctx);
  if (!t) texts.set(ctx, (t = new FilmTexts(ctx.kb)));
  return t;
}

/** The find_movies arguments of an open request's hard constraints: a kind is met however the KB files the film ("thrillers": a Thriller genre, a thriller tag, TMDB's Thriller). */
export function openFilmArgs(where: DeepMemory["where"]): ReturnType<typeof filmArgs> {
  const exact = filmArgs(where, { results: new Map() });
  return { ...exact, concepts: exact.concepts?.map((c) => ({ ...c, anyName: true })) };
}

/** Titles per exact check (find_movies takes at most 40). */
const CHECK_BATCH = 40;

/**
 * The exact check of the hard constraints on a list of films: find_movies with the films as titles
 * and the request's constraints, in batches; a film it returns fits. Timed as a tool call. A constraint
 * that is itself a list of titles (a series, a film) bounds the films to check: the candidates' titles
 * take the argument's place, so a film outside the series would otherwise pass ("which harry potter
 * movie has the dragon" is never How to Train Your Dragon).
 */
export function constraintCheck(m: DeepMemory, ctx: RunContext, step: number): (films: string[]) => Promise<Set<string>> {
  return async (films) => {
    const fit = new Set<string>();
    const args = openFilmArgs(m.where);
    const bound = args.titles?.length ? new Set(args.titles) : undefined;
    const checked = bound ? films.filter((f) => bound.has(f)) : films;
    for (let i = 0; i < checked.length; i += CHECK_BATCH) {
      const titles = checked.slice(i, i + CHECK_BATCH);
      const t0 = performance.now();
      const out = await runTool(TOOLS.find_movies, { ...args, titles, limit: titles.length }, { kb: ctx.kb, step, signal: ctx.signal });
      const ms = performance.now() - t0;
      ctx.timings.toolMs += ms;
      ctx.timings.byTool.find_movies = (ctx.timings.byTool.find_movies ?? 0) + ms;
      for (const e of out.evidence) if (e.focusType === "Movie" && titles.includes(e.focus)) fit.add(e.focus);
    }
    return fit;
  };
}
