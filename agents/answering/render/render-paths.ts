import { tmdbOnlyName, type PartOf, type PlanPart } from "../../../src/plan/schema";
import type { PartResult } from "../../plan/results";
import type { RankedAnswer } from "../../research/types";
import { CHITCHAT_REPLY, OUT_OF_DOMAIN_REPLY, THANKS_REPLY } from "./replies";
import { kinOfTmdbOnly, tmdbOnlyLikeNote } from "./render-tmdb-only";
import { joinList, snippet } from "./citations";
import { distinctByName, film, inPeriod, label, listed, partOf, resultOf, type RenderContext, type Rendered } from "./context";
import { EDITION_YEAR_SLACK, saidYear } from "../../plan/results-paths";
import { constraintWords } from "./render-sets";
import { genderOfName } from "../../../src/linking/name-gender";
import { renderTmdbOnly } from "./render-tmdb-only";
import { tmdbOnlyValue } from "../../../tools/tmdb-only-evidence";
import { FILM_FACT, FILMS_FACT, HOLDS, hopsOfLabel, lacking, pathPhrase, PERSON_FACT, answersNoun, figureWords, tmdbFigureNoun } from "./words";

/** Renderers of the parts that start from names or text. */

function startNames(part: PartOf<"lookup">, ctx: RenderContext): string {
  return joinList(part.from.map((f) => ("id" in f ? (f.type === "Movie" ? film(ctx, f.id) : f.id) : refNames(f.ref, ctx))));
}

/** An earlier part's answers started from: up to three by name, or a larger set of films by what it is ("the 7 films that fit (the Rocky films)"). */
function refNames(ref: string, ctx: RenderContext): string {
  const items = resultOf(ctx, ref).items;
  const set = partOf(ctx, ref);
  if (items.length > 3 && set?.kind === "films") return `the ${items.length} films that fit (${constraintWords(set.where, ctx)})`;
  return joinList(items.slice(0, 3).map((i) => label(ctx, i)));
}

/**
 * A lookup read plainly. A film said with a year ("king kong 2005") shows that edition's year; a title the KB holds only
 * in other years is said to be another film first ("no 2019 film called The Lion King, only the one of 1994"), and what
 * it holds of that one follows.
 */
export function renderLookup(part: PartOf<"lookup">, r: PartResult, outer: RenderContext): Rendered {
  const year = saidYear(part);
  if (year === undefined) return lookupOf(part, r, outer);
  const ctx = inPeriod(outer, { from: year - EDITION_YEAR_SLACK, to: year + EDITION_YEAR_SLACK });
  const [only] = part.from;
  const movie = part.from.length === 1 && only && "id" in only && only.type === "Movie" ? only.id : undefined;
  const held = movie ? [...new Set(outer.years.get(movie) ?? [])].sort() : [];
  const near = (y: string | undefined) => y !== undefined && Math.abs(Number(y) - year) <= EDITION_YEAR_SLACK;
  const rendered = lookupOf(part, r, ctx);
  if (!held.length || !movie) return rendered;
  if (!held.some(near)) return { ...rendered, text: `The knowledge base holds no ${year} film called ${movie}, only the one of ${joinList(held)}. ${rendered.text}` };
  // TMDB 5000 keeps one film of a merged title: its figure may be another edition's.
  const figureYear = part.figure ? r.figures[0]?.year : undefined;
  if (figureYear && !near(figureYear)) return { ...rendered, text: `TMDB 5000 has no figures for ${movie} (${year}); the one it lists is the ${figureYear} film. ${rendered.text}` };
  return rendered;
}

/**
 * "who directed the second godfather movie": the film a ranking placed is one TMDB alone lists, so its people are not
 * here; its release year is TMDB's. Undefined when the lookup starts from no such film.
 */
function fromPlacedTmdbOnly(part: PartOf<"lookup">, hop: Hop | undefined, ctx: RenderContext): Rendered | undefined {
  const lacked = tmdbOnlyPlaced(part, ctx);
  if (!lacked) return undefined;
  const cite = ctx.cite.cite([lacked.evidenceId], 1);
  const year = hop?.edge === "RELEASED_IN" ? /\((\d{4})\)$/.exec(lacked.name)?.[1] : undefined;
  if (year) return { text: `${lacked.name.replace(/ \(\d{4}\)$/, "")} came out in ${year} ${cite} (TMDB 5000's release date; the knowledge graph does not hold this film).`, answers: [{ name: year, type: "Year", score: 1, evidenceIds: [lacked.evidenceId] }] };
  return { text: `${lacked.name} ${cite} is a film TMDB 5000 lists and the knowledge graph lacks, so ${hop ? `the knowledge base lists no ${pathPhrase([hop], lacked.name).replace(/^the /, "")}` : "the knowledge base holds nothing more of it"}.`, answers: [] };
}
type Hop = NonNullable<PartOf<"lookup">["path"]>[number];

/** A figure asked of the films a lookup starts from: from TMDB's row of a placed film the graph lacks, else from the KB's films'. */
function figureAsked(part: PartOf<"lookup">, figure: NonNullable<PartOf<"lookup">["figure"]>, r: PartResult, ctx: RenderContext, from: string): Rendered {
  return (r.figures.length ? undefined : placedFigure(part, figure, ctx)) ?? figureOf(part, figure, r, ctx, from);
}

/** "how long is the second godfather movie": a figure of a placed film TMDB alone lists, read from its TMDB row. */
function placedFigure(part: PartOf<"lookup">, figure: NonNullable<PartOf<"lookup">["figure"]>, ctx: RenderContext): Rendered | undefined {
  const lacked = tmdbOnlyPlaced(part, ctx);
  const [only] = part.from;
  if (!lacked || !only || !("ref" in only)) return undefined;
  const row = resultOf(ctx, only.ref).evidence.find((e) => e.id === lacked.evidenceId);
  const value = row ? tmdbOnlyValue(row, figure) : undefined;
  const cite = ctx.cite.cite([lacked.evidenceId], 1);
  const noun = tmdbFigureNoun(figure);
  if (value === undefined) return { text: `TMDB 5000 lists ${lacked.name} ${cite} but has no ${noun} for it; the knowledge graph does not hold this film.`, answers: [] };
  return { text: `${lacked.name}: ${figureWords(figure, value)} ${cite} (${noun} from TMDB 5000; the knowledge graph does not hold this film).`, answers: [{ name: lacked.name, type: "Movie", score: 1, evidenceIds: [lacked.evidenceId] }] };
}

/** The film a lookup starts from when it is one a ranking placed from TMDB's rows alone (a family's film the KB lacks). */
function tmdbOnlyPlaced(part: PartOf<"lookup">, ctx: RenderContext): { name: string; evidenceId: string } | undefined {
  const [only] = part.from;
  if (part.from.length !== 1 || !only || !("ref" in only)) return undefined;
  const placed = resultOf(ctx, only.ref);
  const name = placed.items[0]?.name;
  const figure = placed.items.length === 1 ? placed.figures.find((f) => f.id === name && f.tmdbOnly) : undefined;
  return name !== undefined && figure ? { name, evidenceId: figure.evidenceId } : undefined;
}

function lookupOf(part: PartOf<"lookup">, r: PartResult, ctx: RenderContext): Rendered {
  const from = startNames(part, ctx);
  if (part.figure) return figureAsked(part, part.figure, r, ctx, from);
  if (part.story) return storyOf(r, ctx, from);
  const hop = part.path?.length === 1 ? part.path[0]! : undefined;
  if (!r.items.length && hop && part.join === "both" && part.from.length > 1) return { text: nothingShared(part, hop, r, ctx, from), answers: [] };
  if (part.among.length && !hop) return offeredChoice(part, r, ctx, from);
  const inAll = hop ? inEverySetFilm(part, hop, r, ctx) : undefined;
  if (inAll) return inAll;
  const noFilms = emptyFilmsFrom(part, ctx);
  if (!r.items.length && noFilms) return { text: `No film in the knowledge base fits (${noFilms}), so it holds no answer to read from one.`, answers: [] };
  const placed = r.items.length ? undefined : fromPlacedTmdbOnly(part, hop, ctx);
  if (placed) return placed;
  if (!r.items.length) return { text: hop ? `The knowledge base lists no ${pathPhrase([hop], from).replace(/^the /, "")}.` : `I found nothing in the knowledge base for that about ${from}.`, answers: [] };
  if (hop) return { text: `${hopSentence(part, hop, r, ctx, from)}${genderNote(part, r)}${leadNote(part, r)}`, answers: r.items };
  if (!part.path && !part.asks) return linksOf(part, r, ctx, from);
  const label = r.evidence.find((e) => e.kind === "path" && typeof e.meta?.relationPath === "string" && r.items.some((i) => i.name === e.focus))?.meta?.relationPath;
  const how = typeof label === "string" && hopsOfLabel(label).length ? ` — ${pathPhrase(hopsOfLabel(label), from)}` : "";
  return { text: `${listed(ctx, r.items)}${how}.`, answers: r.items };
}

/** "How long is Titanic": the one film's TMDB figure, with the edition's year when the figure is of one edition. */
function figureOf(part: PartOf<"lookup">, figure: NonNullable<PartOf<"lookup">["figure"]>, r: PartResult, ctx: RenderContext, from: string): Rendered {
  const f = r.figures[0];
  if (!f) return { text: `TMDB 5000 has no ${figure} for ${from}.`, answers: [] };
  const named = f.year && part.from[0] && "id" in part.from[0] ? `${part.from[0].id} (${f.year})` : from;
  return { text: `${named}: ${figureWords(figure, f.value)} ${ctx.cite.cite([f.evidenceId], 1)} (${tmdbFigureNoun(figure)} from TMDB 5000).`, answers: r.items };
}

/** "What is Memento about": each film's plot and overview, whole, each cited with its source. */
function storyOf(r: PartResult, ctx: RenderContext, from: string): Rendered {
  if (!r.items.length) return { text: `The knowledge base has no plot or overview of ${from}.`, answers: [] };
  const told = r.items.map((i) => {
    const texts = r.evidence.filter((e) => e.meta?.role === "story" && e.focus === i.name);
    return `${film(ctx, i.name)}: ${texts.map((e) => `${e.meta?.source}: "${e.text.slice(e.text.indexOf(": ") + 2).trim()}" ${ctx.cite.cite([e.id], 1)}`.trimEnd()).join(" ")}`;
  });
  return { text: told.join("\n"), answers: r.items };
}

/** People offered as the choices ("which of Al Pacino and Val Kilmer was in The Godfather"): which of them, or none. */
function offeredChoice(part: PartOf<"lookup">, r: PartResult, ctx: RenderContext, from: string): Rendered {
  const offered = part.among.map((e) => e.id);
  const text = r.items.length ? `Of ${joinList(offered)}, the knowledge base links ${listed(ctx, r.items)} to ${from}.` : `The knowledge base links none of ${joinList(offered, "or")} to ${from}.`;
  return { text, answers: r.items };
}

/** "the movie directed by X and starring Y" when no film fits both: the constraints of the empty set read from. */
/** Everything the KB links to the names: one film's or person's as a fact sheet, else one list. */
function linksOf(part: PartOf<"lookup">, r: PartResult, ctx: RenderContext, from: string): Rendered {
  // A tag that repeats a name or genre ("comedy" beside Comedy, "john cleese" beside John Cleese) says nothing new.
  const items = distinctByName(r.items);
  const [only] = part.from;
  const sheet = part.from.length === 1 && only && "id" in only && (only.type === "Movie" || only.type === "Person") ? factSheet(items, r, ctx, only.type === "Movie" ? FILM_SHEET : PERSON_SHEET) : undefined;
  return { text: sheet ? `${from}: ${sheet}.` : `What the knowledge base links to ${from}: ${listed(ctx, items, 15)}.`, answers: items };
}

/** How a film's facts read, by the relation that links them, in the order a reader looks for them; how many of each are shown. */
type Sheet = readonly { edge: string; says: string; shown: number }[];
const FILM_SHEET: Sheet = [
  { edge: "DIRECTED", says: "directed by", shown: 4 },
  { edge: "WROTE", says: "written by", shown: 4 },
  { edge: "ACTED_IN", says: "starring", shown: 6 },
  { edge: "HAS_GENRE", says: "filed under", shown: 4 },
  { edge: "IN_LANGUAGE", says: "in", shown: 4 },
  { edge: "HAS_TAG", says: "tagged", shown: 8 },
];
const PERSON_SHEET: Sheet = [
  { edge: "DIRECTED", says: "directed", shown: 6 },
  { edge: "WROTE", says: "wrote", shown: 6 },
  { edge: "ACTED_IN", says: "acted in", shown: 8 },
];

/**
 * "Tell me about Memento", "who is Tom Hanks": one film's or person's links grouped by relation ("directed by …;
 * written by …; starring …"; "directed …; acted in …"), each cited; a relation with more than it shows says how many
 * more. Undefined when the links hold no such relation.
 */
function factSheet(items: readonly RankedAnswer[], r: PartResult, ctx: RenderContext, sheet: Sheet): string | undefined {
  const edgeOf = new Map(r.evidence.map((e) => [e.id, String(e.meta?.edge ?? "")]));
  const groups = sheet.flatMap(({ edge, says, shown }) => {
    const of = items.filter((i) => i.evidenceIds.some((id) => edgeOf.get(id) === edge));
    return of.length ? [`${says} ${listed(ctx, of, shown)}`] : [];
  });
  return groups.length ? groups.join("; ") : undefined;
}

function emptyFilmsFrom(part: PartOf<"lookup">, ctx: RenderContext): string | undefined {
  const [only] = part.from;
  if (part.from.length !== 1 || !only || !("ref" in only) || resultOf(ctx, only.ref).items.length) return undefined;
  // "who directed the sequel to Aliens": the films an empty order picked from.
  const picked = partOf(ctx, only.ref);
  const set = picked?.kind === "order" ? partOf(ctx, picked.of.ref) : picked;
  return set?.kind === "films" ? constraintWords(set.where, ctx) : undefined;
}

/** One relation read plainly: "Titanic (1997) was directed by James Cameron [1]", "Tom Hanks acted in 32 films: …". */
function hopSentence(part: PartOf<"lookup">, hop: NonNullable<PartOf<"lookup">["path"]>[number], r: PartResult, ctx: RenderContext, from: string): string {
  // One film an earlier part picked ("the first Shrek movie") reads as that film.
  const picked = part.from.length === 1 && part.from.every((f) => "ref" in f && resultOf(ctx, f.ref).items.length === 1 && resultOf(ctx, f.ref).items[0]!.type === "Movie");
  const fromFilm = picked || part.from.every((f) => "id" in f && f.type === "Movie");
  const person = part.from.every((f) => "id" in f && f.type === "Person");
  const n = r.items.length;
  const roleHop = hop.edge === "DIRECTED" || hop.edge === "WROTE" || hop.edge === "ACTED_IN";
  // Several films joined ("in both A and B"): who is in all of them, said of the people.
  if (fromFilm && part.from.length > 1 && part.join === "both" && roleHop && hop.dir === "in") return `${capital(listed(ctx, r.items))} ${n === 1 ? "is" : "are"} in the ${PERSON_ROLE_NOUN[hop.edge]} of both ${from}.`;
  // "Both Amélie (2001) and Delicatessen (1991) are in French": what all the joined films have, said of the films.
  if (fromFilm && part.from.length > 1 && part.join === "both" && hop.dir === "out" && FILMS_FACT[hop.edge]) return `Both ${from} ${FILMS_FACT[hop.edge]} ${listed(ctx, r.items)}.`;
  if (fromFilm && FILM_FACT[hop.edge] && hop.dir === (roleHop ? "in" : "out")) return `${from} ${FILM_FACT[hop.edge]} ${roleHop ? withEditions(part, r, ctx) : listed(ctx, r.items)}.`;
  if (person && PERSON_FACT[hop.edge] && hop.dir === "out") return `${from} ${PERSON_FACT[hop.edge]} ${n} film${n === 1 ? "" : "s"} in the knowledge base: ${listed(ctx, r.items)}.`;
  return `${capital(pathPhrase([hop], from))} (${n} ${answersNoun(part.asks, n)}): ${listed(ctx, r.items)}.`;
}

/** The lead asked: the KB records no billing, so the reader is told how the cast was ordered. */
function leadNote(part: PartOf<"lookup">, r: PartResult): string {
  return part.lead && r.items.length > 1 ? " (It records no billing either: the cast is given best-known first, by how many films each has in it.)" : "";
}

/** The women or men of a cast asked: the KB records no gender, so the reader is told it was read from first names. */
function genderNote(part: PartOf<"lookup">, r: PartResult): string {
  if (!part.gender) return "";
  const who = part.gender === "female" ? "women" : "men";
  const aside = r.setAside?.length ? `; the rest of the cast it lists: ${joinList(r.setAside.map((i) => i.name))}` : "";
  const none = r.setAside === undefined && r.items.every((i) => genderOfName(i.name) !== part.gender) ? `; none of the cast it lists has a ${part.gender === "female" ? "woman" : "man"}'s first name, so the whole cast is given` : "";
  return ` (The knowledge base records no one's gender: the ${who} are read from their first names${aside}${none}.)`;
}

/**
 * Starts joined by "both" that share nothing along the hop: what each start has, so the reader sees why
 * ("No one is in the casts of both Pulp Fiction and Jackie Brown: the knowledge base lists John Travolta for Pulp Fiction …").
 */
function nothingShared(part: PartOf<"lookup">, hop: NonNullable<PartOf<"lookup">["path"]>[number], r: PartResult, ctx: RenderContext, from: string): string {
  const each = part.from.flatMap((f) => ("id" in f ? [f] : [])).map((f) => {
    const rows = r.evidence.filter((e) => e.meta?.edge === hop.edge && e.meta?.direction === hop.dir && String(e.meta?.from ?? "") === f.id);
    const name = f.type === "Movie" ? film(ctx, f.id) : f.id;
    const items = [...new Map(rows.map((e) => [e.focus, { name: e.focus, score: 1, evidenceIds: [e.id] }])).values()];
    return items.length ? `${listed(ctx, items.slice(0, 5))}${items.length > 5 ? ` and ${items.length - 5} more` : ""} for ${name}` : `nothing for ${name}`;
  });
  const shared = SHARED_ROLE[hop.edge] && hop.dir === "in" ? `No one ${SHARED_ROLE[hop.edge]} both ${from}` : `Nothing is shared by ${from}`;
  return `${shared}: the knowledge base lists ${joinList(each)}.`;
}

/**
 * "Who acted in all the Rocky movies": the people in every film of an earlier set, or that no one is, said of the
 * whole set (how many films, which constraints), never as the first films' names alone.
 */
function inEverySetFilm(part: PartOf<"lookup">, hop: NonNullable<PartOf<"lookup">["path"]>[number], r: PartResult, ctx: RenderContext): Rendered | undefined {
  const [only] = part.from;
  const set = part.join === "both" && part.from.length === 1 && only && "ref" in only ? partOf(ctx, only.ref) : undefined;
  const noun = PERSON_ROLE_NOUN[hop.edge];
  const n = set ? resultOf(ctx, set.id).items.length : 0;
  if (set?.kind !== "films" || n < 2 || !noun || hop.dir !== "in") return undefined;
  const films = `all ${n} films that fit (${constraintWords(set.where, ctx)})`;
  if (!r.items.length) return { text: `The knowledge base lists no one in the ${noun} of ${films}.`, answers: [] };
  return { text: `${capital(listed(ctx, r.items))} ${r.items.length === 1 ? "is" : "are"} in the ${noun} of ${films}.`, answers: r.items };
}

/** People of one merged title, each with the year of the film they made ("James Cameron (1997) and Jean Negulesco (1953)"). */
function withEditions(part: PartOf<"lookup">, r: PartResult, ctx: RenderContext): string {
  const [first] = part.from;
  const movie = part.from.length === 1 && first && "id" in first ? first.id : undefined;
  if (!movie || (ctx.years.get(movie)?.length ?? 0) < 2 || !ctx.editionYear) return listed(ctx, r.items);
  const year = (name: string) => ctx.editionYear!(movie, name);
  return listed({ ...ctx, years: new Map() }, r.items.map((i) => (year(i.name) ? { ...i, name: `${i.name} (${year(i.name)})` } : i)));
}

const SHARED_ROLE: Readonly<Partial<Record<string, string>>> = { DIRECTED: "directed", WROTE: "wrote", ACTED_IN: "is in the casts of" };
const PERSON_ROLE_NOUN: Readonly<Partial<Record<string, string>>> = { DIRECTED: "directors", WROTE: "writers", ACTED_IN: "casts" };

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function renderSimilar(part: PartOf<"similar">, r: PartResult, ctx: RenderContext): Rendered {
  const lacked = part.tmdbOnly ?? [];
  const kin = new Set(kinOfTmdbOnly(part.seeds, lacked));
  const seeds = joinList([...part.seeds.filter((s) => !kin.has(s.id)).map((s) => film(ctx, s.id)), ...lacked.map(tmdbOnlyName), ...[...kin].map((k) => film(ctx, k))]);
  if (!r.items.length) return { text: `I found no film that shares enough with ${seeds}${part.where.length || part.age ? " and meets what was asked" : ""}.`, answers: [] };
  const why = (id: string) => {
    const e = r.evidence.find((x) => x.focus === id && x.meta?.role === "result");
    // A person and the tag of their name ("Ridley Scott", "ridley scott") are one thing shared.
    const said = typeof e?.meta?.shares === "string" ? e.meta.shares.split("|") : [];
    const shares = said.filter((x, i) => said.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i).slice(0, 3);
    return shares.length ? ` (shares ${joinList(shares)})` : "";
  };
  const lines = r.items.slice(0, 5).map((a) => `${film(ctx, a.name)}${why(a.name)} ${ctx.cite.cite(a.evidenceIds, 1)}`.trimEnd());
  return { text: `Films like ${seeds}: ${lines.join("; ")}.${tmdbOnlyLikeNote(lacked, [...kin], r, ctx)}`, answers: r.items };
}

export function renderPlot(_part: PartOf<"plot">, r: PartResult, ctx: RenderContext): Rendered {
  const [best, ...others] = r.items;
  if (!best) return { text: "No film's plot in the knowledge base matches that description.", answers: [] };
  const quote = r.evidence.find((e) => e.focus === best.name && e.sources.some((s) => s.tool === "full_text")) ?? r.evidence.find((e) => e.focus === best.name);
  const said = quote ? `: "${snippet(quote.text.replace(/^[^:]{1,120}:\s*/, ""), 180)}"` : "";
  return { text: `Most likely ${film(ctx, best.name)} ${ctx.cite.cite(best.evidenceIds, 1)}${said}. Other candidates: ${joinList(others.slice(0, 3).map((a) => film(ctx, a.name)))}.`, answers: r.items };
}

export function renderDescribe(part: PartOf<"describe">, r: PartResult, ctx: RenderContext, distribution: (o: PartOf<"describe">["options"], r: PartResult, ctx: RenderContext, set: string) => Rendered): Rendered {
  return distribution(part.options, r, ctx, `${part.of.label} films`);
}

/** What the KB lacks first (the names it lacks, then the fact), then what it holds about what was named. */
export function renderBeyond(part: PartOf<"beyond">, r: PartResult, ctx: RenderContext, renderAbout: (p: PlanPart) => Rendered): Rendered {
  const about = part.about ? partOf(ctx, part.about.ref) : undefined;
  const held = about ? renderAbout(about) : undefined;
  const missing = part.missing ? partOf(ctx, part.missing.ref) : undefined;
  const unheld = missing?.kind === "unknown" ? `${renderUnknown(missing, resultOf(ctx, missing.id), ctx).text} ` : "";
  const lead = `${unheld}The knowledge base does not record ${lackedOf(part, about, r, ctx)}.`;
  // "Did Tom Hanks win an Oscar for Forrest Gump": that he acted in it is what the KB holds, not a yes to what was asked.
  const plain = held?.verdict !== undefined;
  const tail = held ? ` What it does hold: ${plain ? (held.facts ?? held.text) : held.text}` : ` ${HOLDS}`;
  // Everything the KB links to a film is context for the reader, not an answer; a relation asked beside the missing fact is.
  const context = about?.kind === "lookup" && !about.path && !about.asks;
  return { text: `${lead}${tail}`, answers: context ? [] : (held?.answers ?? []), lacks: part.fact, ...(held?.verdict && !plain ? { verdict: held.verdict } : {}) };
}

/** The missing fact as said of what it is about: a person's films, a film, or the people a lookup found. */
function lackedOf(part: PartOf<"beyond">, about: PlanPart | undefined, r: PartResult, ctx: RenderContext): string {
  const personOnly = about?.kind === "films" && about.where.every((c) => c.on === "person");
  const filmOnly = about?.kind === "lookup" && !about.asks && !about.path && about.from.every((f) => "type" in f && f.type === "Movie");
  // A film's cast asked beside a part played: the part is of someone in the film when the KB lists none of its cast, or
  // when who plays it is a name the KB lacks ("what role did leslie odom jr play in rent"), not of the cast it lists.
  const castOf = about?.kind === "lookup" && about.asks === "Person" && about.from.every((f) => "type" in f && f.type === "Movie");
  const ofFilm = part.fact === "character" && castOf && (part.missing !== undefined || !resultOf(ctx, about.id).items.length);
  const subject = ofFilm ? startNames(about, ctx) : subjectOf(about, r, ctx);
  return lacking(part.fact, subject, part.said, personOnly, filmOnly || ofFilm);
}

/** Who or what the missing fact is about: the people a lookup found, the person or film named. */
function subjectOf(about: PlanPart | undefined, r: PartResult, ctx: RenderContext): string | undefined {
  if (!about) return undefined;
  if (about.kind === "lookup") return about.asks === "Person" && r.items.length ? joinList(r.items.slice(0, 3).map((i) => i.name), "or") : startNames(about, ctx);
  if (about.kind === "films") {
    const people = about.where.flatMap((c) => (c.on === "person" && "id" in c.who ? [c.who.id] : []));
    const titles = about.where.flatMap((c) => (c.on === "title" ? [film(ctx, c.film)] : []));
    return joinList([...people, ...titles].slice(0, 2), people.length && titles.length ? "in" : "and") || undefined;
  }
  if (about.kind === "check" && about.test.op === "nonempty") return subjectOf(partOf(ctx, about.test.of.ref), r, ctx);
  return undefined;
}

export function renderReply(part: PartOf<"reply">): Rendered {
  const text = part.reason === "thanks" ? THANKS_REPLY : part.reason === "out_of_domain" ? OUT_OF_DOMAIN_REPLY : CHITCHAT_REPLY;
  return { text, answers: [] };
}

export function renderUnknown(part: PartOf<"unknown">, r: PartResult, ctx: RenderContext): Rendered {
  const listed = renderTmdbOnly(part, r, ctx);
  const lacked = part.names.filter((n) => !n.tmdb || !listed.length);
  const said = lacked.map((n) => `"${n.said}" is not in the knowledge base${n.closest.length ? `; the closest ${n.closest.length === 1 ? "name is" : "names are"} ${joinList(n.closest)}` : ""}.`);
  const text = [...listed, ...(said.length ? [`Not found: ${said.join(" ")}`] : [])].join(" ");
  return { text, answers: listed.length ? r.items : [] };
}
