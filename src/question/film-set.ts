import type { KnowledgeBase } from "../kb/knowledge-base";
import { tmdbOnlyRef } from "../plan/schema";
import type { FilmConstraintInput, KindRef } from "../plan/schema";
import type { TopicEntity } from "./analyze";
import { negatedItems } from "./cues";
import type { Reading } from "./reading";
import { describesFilm, madeBy, roleNear, roleSaid, usualRole } from "./roles";
import type { ConceptRef } from "./stages/concepts";
import type { RuledOut } from "./stages/ruled-out";
import { foldText } from "../util/text";


/** A kind of film as plans carry it: every name the KB and TMDB use for it. */
export function kindOf(c: ConceptRef): KindRef {
  return { label: c.label, genres: c.genres, tags: c.tags, tmdbGenres: c.tmdbGenres, keywords: c.keywords };
}

export const personRef = (t: TopicEntity) => ({ id: t.id, type: "Person" as const, said: t.text });

/**
 * The years films must fall in: every period said (not as excluded) and every year constraint, intersected; periods
 * that share no year are alternatives ("80's or 90's", "1990s-2000s", "late 90s early 2000s"), so the films fall in
 * their span, never in an empty range.
 */
export function yearsOf(r: Reading): { from: number; to: number } | undefined {
  const outside = r.periods.filter((p) => p.negated);
  const isOutside = (s: { from: number; to: number }) => outside.some((o) => o.from === s.from && o.to === s.to);
  // A year or decade the analysis read inside a period's own words ("before the year 2000", the "90s" of "late 90s") is
  // that period's, not one more to intersect with it.
  const inPeriod = (s: { from: number; text?: string }) => r.periods.some((p) => p.text.includes(String(s.from)) || (s.text !== undefined && foldText(p.text).includes(foldText(s.text))));
  const spans = [...r.periods.filter((p) => !p.negated), ...r.analysis.constraints.flatMap((c) => (c.kind === "year" && !isOutside(c) && !inPeriod(c) ? [c] : []))];
  let years: { from: number; to: number } | undefined;
  for (const s of spans) years = years ? sharedOrSpan(years, s) : { from: s.from, to: s.to };
  return years;
}

function sharedOrSpan(a: { from: number; to: number }, b: { from: number; to: number }): { from: number; to: number } {
  const shared = { from: Math.max(a.from, b.from), to: Math.min(a.to, b.to) };
  return shared.from <= shared.to ? shared : { from: Math.min(a.from, b.from), to: Math.max(a.to, b.to) };
}

/** The kinds of film the clause constrains to: strong concepts, minus options, languages, the series' words and `skip`. */
export function kindsOf(r: Reading, skip: readonly ConceptRef[] = []): ConceptRef[] {
  // The words of an option, an ordinal, a superlative or a comparison ("second", "best") are no kind of film.
  const cueWords = [r.cues.ordinal, r.cues.superlative, r.cues.comparative, r.cues.count].flatMap((c) => (c ? Array.from({ length: c.end - c.at }, (_, i) => c.at + i) : []));
  const optionTokens = new Set([...r.cues.options.flatMap((o) => o.tokens), ...cueWords]);
  const inSeries = (c: ConceptRef) => r.series !== undefined && c.tokenStart < r.series.tokenEnd && r.series.tokenStart < c.tokenEnd;
  return r.concepts.filter((c) => c.strong && !r.languageConcepts.has(c) && !skip.includes(c) && !inSeries(c) && !optionTokens.has(c.tokenStart));
}

/**
 * Kinds named only by a tag or keyword (no genre says them: "dogs", "outlaws", "ghosts") in a clause
 * that also names a genre, a period or a language: there they are what the films are about, a soft
 * facet, not a set to intersect ("animated movies about dogs" are animated films ranked by dogs, not
 * the few animated films tagged "dogs"). Alone ("dinosaur movies") a tag is still the set.
 */
export function softKinds(r: Pick<Reading, "concepts" | "languageConcepts" | "periods" | "languages" | "series" | "cues" | "analysis">): ConceptRef[] {
  const kinds = kindsOf(r as Reading);
  const themeOnly = (c: ConceptRef) => c.genres.length === 0 && c.tmdbGenres.length === 0;
  // A genre said as a name ("War movies about submarines") is a hard kind too.
  const genreNamed = r.analysis.topics.filter((t) => t.type === "Genre" && t.confidence >= 0.5).length;
  const hard = kinds.filter((c) => !themeOnly(c)).length + genreNamed + r.periods.length + r.languages.length;
  // "is every Pixar film animated": the set a universal word names is the set itself, never a taste.
  const every = r.cues.every;
  const named = (c: ConceptRef) => every !== undefined && c.tokenStart >= every.at && c.tokenEnd <= every.setEnd;
  return hard > 0 ? kinds.filter((c) => themeOnly(c) && !named(c)) : [];
}

export interface FilmSetOptions {
  /** People whose films these are (default: every person named, minus the negated ones). */
  people?: readonly TopicEntity[];
  /** Concepts that are not constraints here (the subject of a distribution, a kind that is the answer). */
  skipKinds?: readonly ConceptRef[];
  /** Leave the named people out (the set is of a kind, period or language only). */
  noPeople?: boolean;
  /**
   * A person's role when none is said next to them: any role word the clause says (a list, a ranking),
   * or only their usual role (counting over their films: "which actor has X cast the most" is X directing).
   */
  roleFallback?: "said" | "usual";
}

/**
 * The constraints of the films a clause describes: people in their roles, kinds of film, a title
 * family, periods and languages, each also negated when a negation takes it away.
 */
export async function filmConstraints(r: Reading, kb: KnowledgeBase, o: FilmSetOptions = {}): Promise<FilmConstraintInput[]> {
  const excluded = negatedItems(r.cues.negations, r.named, r.concepts.filter((c) => !r.languageConcepts.has(c)));
  const out: FilmConstraintInput[] = [];
  const people = o.noPeople ? [] : (o.people ?? r.named.filter((t) => t.type === "Person"));
  const persons = people.filter((t) => t.types.includes("Person"));
  for (const p of persons) {
    const negated = excluded.entities.some((e) => e.id === p.id);
    const said = persons.length === 1 && o.roleFallback !== "usual" && !describesFilm(p, r.analysis) && !madeBy(p, r.analysis) ? roleSaid(r.analysis) : undefined;
    const role = roleNear(p, r.analysis) ?? said ?? (await usualRole(p, r.analysis, kb));
    out.push({ on: "person", who: personRef(p), role, negated });
  }
  const kinds = kindsOf(r, o.skipKinds);
  for (const c of kinds) out.push({ on: "kind", kind: kindOf(c), negated: excluded.concepts.includes(c) });
  for (const c of excluded.concepts.filter((x) => !kinds.includes(x) && !(o.skipKinds ?? []).includes(x))) out.push({ on: "kind", kind: kindOf(c), negated: true });
  if (r.series) out.push(seriesWhere(r.series));
  const years = yearsOf(r);
  if (years) out.push({ on: "years", ...years, negated: false });
  for (const p of r.periods.filter((x) => x.negated)) out.push({ on: "years", from: p.from, to: p.to, negated: true });
  for (const language of r.languages) out.push({ on: "language", language, negated: negatedLanguage(r, language, excluded) });
  const f = r.cues.figureBound;
  if (f) out.push({ on: "figure", metric: f.metric, cmp: f.cmp, value: f.value, negated: false });
  out.push(...leftOutTitles(r, excluded.entities));
  return out.filter((c) => c.on !== "kind" || [c.kind.genres, c.kind.tags, c.kind.tmdbGenres, c.kind.keywords].some((x) => (x?.length ?? 0) > 0));
}

/**
 * The films a clause rules out, as its request reads them: one the person has seen counts only where films to watch are
 * asked for ("what's a good action movie? I already saw Die Hard"); "I saw Heat, who directed it?" asks of Heat.
 */
export function ruledOutHere(r: Pick<Reading, "ruledOut" | "analysis" | "request">): RuledOut[] {
  const toWatch = r.analysis.quality !== undefined || r.request?.intent === "recommend";
  return r.ruledOut.filter((x) => x.how !== "seen" || toWatch);
}

/**
 * "films other than Jaws": a film said against is taken out of the set; a negation takes the list it heads ("other than
 * Big and Splash"), so every film ruled out of the films asked for is, once.
 */
export function leftOutTitles(r: Reading, against: readonly TopicEntity[]): FilmConstraintInput[] {
  const films = [...against.filter((e) => e.type === "Movie" && !e.types.includes("Person")).map((e) => e.id), ...ruledOutHere(r).flatMap((x) => (x.film ? [x.film] : []))];
  return [...new Set(films)].map((film) => ({ on: "title", film, negated: true }));
}

/**
 * A language a negation takes away ("films not in English"): said within three words after it, with no kind or
 * name the negation reaches first.
 */
function negatedLanguage(r: Reading, language: string, excluded: { concepts: readonly ConceptRef[]; entities: readonly TopicEntity[] }): boolean {
  const tokens = r.languageSaid.filter((x) => x.language === language).map((x) => x.token);
  const taken = [...excluded.concepts, ...excluded.entities];
  return r.cues.negations.some((n) => tokens.some((k) => k >= n.end && k <= n.end + 3 && !taken.some((t) => t.tokenStart >= n.end && t.tokenStart < k)));
}

/** A family of films as a constraint: its KB films, and those TMDB alone lists (at most 12). */
export function seriesWhere(series: NonNullable<Reading["series"]>): FilmConstraintInput {
  return { on: "series", name: series.name, films: series.films, ...(series.tmdbOnly?.length ? { tmdbOnly: series.tmdbOnly.slice(0, 12).map(tmdbOnlyRef) } : {}), negated: false };
}
