import type { KnowledgeBase } from "../../kb/knowledge-base";
import { tmdbOnlyRef, type EntityRef, type FacetKind, type FilmConstraintInput, type TmdbOnlyRef } from "../../plan/schema";
import { kinRefs, tmdbSeedRefs, tmdbSeeds } from "../tmdb-seeds";
import type { TopicEntity } from "../analyze";
import { filmConstraints, kindOf, kindsOf, personRef, softKinds } from "../film-set";
import { isFilmWord, rememberedYears } from "../stages/remembered-years";
import { FILM_LANGUAGE_LEADS } from "../lexicon/periods";
import { negatedItems } from "../cues";
import { TASTE_PHRASES } from "../lexicon/requests";
import type { Reading } from "../reading";
import type { FacetSpan } from "../stages/ledger";
import { namedFilms, people } from "./features";
import { entityRef } from "./helpers";
import type { Built, RuleContext } from "./types";

/** At most this many facets a part; the rest are said in the plan's notes (the ones most films share go first). */
export const MAX_FACETS = 12;
/** A name said after a taste phrase within this many words is one the person loved or has seen. */
const TASTE_REACH = 12;
/** A film named in a conversation counts when linked this surely (a title said in passing, "Joker", may be a word). */
const CONFIDENT_FILM = 0.7;

/** A clause's facets as plan facets, the most specific first when there are more than the cap. */
export function planFacets(r: Reading, kb: KnowledgeBase): { id: string; said: string; kind: FacetKind; against?: boolean }[] {
  const rarity = (f: FacetSpan) => Math.min(...r.words.slice(f.tokenStart, f.tokenEnd).map((w) => kb.words.share(w)));
  // "horror with no gore": a kind said against is already a hard exclusion; the same words are no facet besides.
  const excluded = negatedItems(r.cues.negations, r.named, r.concepts).concepts;
  const ledger = r.ledger.facets.filter((f) => !(f.against && excluded.some((c) => c.tokenStart < f.tokenEnd && f.tokenStart < c.tokenEnd)));
  // A character a role frame named ("starred Sean Connery as King Arthur") is what the films asked for hold.
  const characters: FacetSpan[] = r.characters.map((c) => ({ said: c.text, kind: "character", tokenStart: c.tokenStart, tokenEnd: c.tokenEnd }));
  const spans = [...ledger, ...characters].sort((a, b) => a.tokenStart - b.tokenStart);
  const kept = spans.length > MAX_FACETS ? [...spans].sort((a, b) => rarity(a) - rarity(b) || a.tokenStart - b.tokenStart).slice(0, MAX_FACETS).sort((a, b) => a.tokenStart - b.tokenStart) : spans;
  return kept.map((f, i) => ({ id: `f${i + 1}`, said: f.said.slice(0, 200), kind: f.kind, ...(f.against ? { against: true } : {}) }));
}

/** The films (and a title family) the person says they have seen, and those they loved or want more like. */
function tastes(r: Reading): { like: EntityRef[]; likeTmdbOnly: TmdbOnlyRef[]; seen: EntityRef[]; seenSeries: boolean } {
  const near = (marks: readonly number[], at: number) => marks.some((m) => at >= m && at - m <= TASTE_REACH);
  // A film ruled out ("other than Die Hard") is no taste to start from.
  const out = new Set(r.ruledOut.flatMap((x) => (x.film && x.how !== "seen" ? [x.film] : [])));
  const named = namedFilms(r).filter((f) => !out.has(f.id));
  const seen = named.filter((f) => near(r.taste.seen, f.tokenStart));
  const seenSeries = r.series !== undefined && near(r.taste.seen, r.series.tokenStart);
  const like = named.filter((f) => !seen.includes(f));
  const seriesFilms = r.series ? r.series.films.map((id): EntityRef => ({ id, type: "Movie" })) : [];
  // "I've seen all Star Wars movies, something similar?": what was seen is also what to start from.
  const likeRefs = like.length ? like.map(entityRef) : seen.length ? seen.map(entityRef) : seenSeries ? seriesFilms.slice(0, 5) : [];
  return { like: likeRefs.slice(0, 5), likeTmdbOnly: tmdbOnlyLiked(r, seenSeries), seen: [...seen.map(entityRef), ...(seenSeries ? seriesFilms : [])].slice(0, 20), seenSeries };
}

/**
 * An open request: films to watch (tastes, films loved or seen, constraints, facets), or films that
 * hold something the KB has no relation for ("westerns about outlaws in the Southwest"). Declines
 * when the clause says nothing an open reading adds (no facet, no film to start from): the
 * structured rules read it.
 */
export async function openRequest(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const intent = r.request?.intent === "recommend" || r.taste.loved.length ? "recommend" : "explore";
  if (intent === "recommend" && (TASTES.has(r.request?.phrase ?? "") || sentencesOf(r.text) >= 2)) return tasteRequest(r, ctx);
  const facets = planFacets(r, ctx.kb);
  const { like: named, likeTmdbOnly, seen, seenSeries } = tastes(r);
  const like = [...named, ...(await kinRefs(tmdbSeeds(r), ctx.kb))].filter((s, i, all) => all.findIndex((x) => x.id === s.id) === i).slice(0, 5);
  if (!facets.length && !seen.length) return undefined;
  // Films named as tastes are where to start, not constraints; a series seen is what to leave out, not a constraint.
  const where = withRuledOut((await filmConstraints(r, ctx.kb, { skipKinds: softKinds(r) })).filter((c) => !(c.on === "series" && seenSeries)), r, seen);
  return { parts: [{ kind: "open", intent, facets, where, like, likeTmdbOnly, seen, hints: [], text: r.text.slice(0, 2000) }] };
}

/** "something like Star Wars with a strong female lead": films TMDB lists and the KB lacks, started from by their rows. */
function tmdbOnlyLiked(r: Reading, seriesLiked: boolean): TmdbOnlyRef[] {
  // A family loved or seen is started from by its films TMDB lists too ("I love the Star Wars movies": the KB has none).
  const family = seriesLiked ? (r.series?.tmdbOnly ?? []).map(tmdbOnlyRef) : [];
  return [...tmdbSeedRefs(tmdbSeeds(r)), ...family].filter((f, i, all) => all.findIndex((x) => x.title === f.title) === i).slice(0, 3);
}

const TASTES: ReadonlySet<string> = new Set(TASTE_PHRASES);
const sentencesOf = (text: string) => text.split(/[.!?\n]+\s*/u).filter((x) => /\p{L}{2}/u.test(x)).length;

/**
 * A person telling their tastes in a conversation ("I prefer comedy and action. I loved Frozen, my
 * daughters watched it twenty times."): one request for films to watch. Kinds and people said (and kinds offered as
 * options) are preferences (soft: a comedy lover still takes a good action film), the films named are where to
 * start and are never recommended back; what is said against ("I don't like sad movies") and periods
 * stay hard.
 */
export async function tasteRequest(r: Reading, ctx: RuleContext): Promise<Built> {
  const excluded = negatedItems(r.cues.negations, r.named, r.concepts);
  const own = planFacets(r, ctx.kb);
  const kinds = kindsOf(r).filter((c) => !excluded.concepts.includes(c));
  const persons = people(r).filter((p) => !excluded.entities.includes(p));
  // "How about a comedy or a horror movie?": kinds offered as options are tastes too, either one welcome.
  const offered = r.cues.options.map((o) => ({ said: o.genre.toLowerCase(), kind: "genre" as const }));
  const extra = [...offered, ...kinds.map((c) => ({ said: c.label, kind: "genre" as const })), ...persons.map((p) => ({ said: p.name, kind: "person" as const }))];
  const facets = [...extra, ...own.map((f) => ({ said: f.said, kind: f.kind, ...(f.against ? { against: true } : {}) }))].filter((f, i, all) => all.findIndex((x) => x.said.toLowerCase() === f.said.toLowerCase()) === i).slice(0, MAX_FACETS).map((f, i) => ({ id: `f${i + 1}`, ...f }));
  const named = namedFilms(r).filter((f) => f.confidence >= CONFIDENT_FILM && !excluded.entities.includes(f) && !r.ruledOut.some((x) => x.film === f.id && x.how !== "seen"));
  const seriesFilms = r.series ? r.series.films.map((id): EntityRef => ({ id, type: "Movie" })) : [];
  const like = [...named.map(entityRef), ...seriesFilms].slice(0, 5);
  const seen = [...named.map(entityRef), ...seriesFilms].slice(0, 20);
  const all = await filmConstraints(r, ctx.kb);
  const where = withRuledOut(all.filter((c) => c.negated || c.on === "years" || c.on === "language"), r, seen);
  const likeTmdbOnly = tmdbOnlyLiked(r, true);
  return { parts: [{ kind: "open", intent: "recommend", facets, where, like, likeTmdbOnly, seen, hints: [], text: r.text.slice(0, 2000) }] };
}

/**
 * A film the person saw and cannot name, told at length: the whole text is the story. What it names
 * (an actor, a decade, a kind of film) are hints that lift the films they fit, never filters.
 */
export function knownItem(r: Reading, ctx: RuleContext): Built {
  return toldPlotPart(r, ctx, 2);
}

const LANGUAGE_LEADS = new Set(FILM_LANGUAGE_LEADS);

/**
 * The languages a story says of the film itself: one said before a film noun ("a Korean movie"), after
 * "in" ("in French"), or ending its sentence; not one that names something else in the story ("a Korean
 * war vet", "his French teacher").
 */
function filmLanguages(r: Reading): string[] {
  const ofFilm = r.languageSaid.filter(({ token }) => {
    const next = r.words[token + 1];
    const sentenceEnds = next === undefined || /[.!?,;]\s*$/.test(r.text.slice(r.tokens[token]!.end, r.tokens[token + 1]?.start ?? r.text.length));
    return sentenceEnds || isFilmWord(next) || LANGUAGE_LEADS.has(r.words[token - 1] ?? "");
  });
  return [...new Set(ofFilm.map((x) => x.language))];
}

/**
 * A film told in the user's words, whichever rule read it: the whole text is the story, its first
 * paragraph the headline, and what it names are hints: people named in full (at most `most`), the
 * years remembered, two kinds, a language.
 */
export function toldPlotPart(r: Reading, ctx: RuleContext, most: number): Built {
  const hints: FilmConstraintInput[] = [];
  for (const p of people(r).filter((t: TopicEntity) => t.confidence >= 0.75 && /\s/.test(t.text.trim())).slice(0, most)) hints.push({ on: "person", who: personRef(p), negated: false });
  const years = rememberedYears(r.text, r.periods);
  if (years) hints.push({ on: "years", ...years, negated: false });
  for (const c of kindsOf(r).slice(0, 2)) hints.push({ on: "kind", kind: kindOf(c), negated: false });
  for (const language of filmLanguages(r).slice(0, 1)) hints.push({ on: "language", language, negated: false });
  // The headline is the story's own first words (a post's title), unless spelling or a split changed them.
  const headline = ctx.headline && r.text.startsWith(ctx.headline.replace(/[.!?]*$/, "")) ? ctx.headline : undefined;
  // A film the story rules out ("it's not The Mask") is a hint against: never the answer, however well its words match.
  const against = ruledOutTitles(r).slice(0, MOST_RULED_OUT);
  return { parts: [{ kind: "plot", story: r.text.slice(0, 2000), ...(headline ? { headline } : {}), hints: [...hints.slice(0, 6), ...against], facets: planFacets(r, ctx.kb) }] };
}

/** The constraints, and every film the clause rules out as a negated title (once). */
function withRuledOut(where: FilmConstraintInput[], r: Reading, seen: readonly EntityRef[]): FilmConstraintInput[] {
  const has = (film: string) => where.some((c) => c.on === "title" && c.film === film);
  // A film seen is left out as seen, once.
  const kept = where.filter((c) => !(c.on === "title" && c.negated && seen.some((s) => s.id === c.film)));
  return [...kept, ...ruledOutTitles(r).filter((c) => c.on === "title" && !has(c.film)).slice(0, MOST_RULED_OUT)];
}

/** How many films a plan leaves out by name. */
const MOST_RULED_OUT = 4;

/** The KB films the clause rules out, in the way asked ("not-it" for a film sought, any way for films asked for), as negated titles. */
function ruledOutTitles(r: Reading, how?: "not-it"): FilmConstraintInput[] {
  // A title the KB holds in several versions, said with no year, may be ruled out in one version only: it stays.
  const ids = r.ruledOut.flatMap((x) => (x.film && !x.versions && x.how !== "seen" && (!how || x.how === how) ? [x.film] : []));
  return [...new Set(ids)].map((film) => ({ on: "title", film, negated: true }));
}
