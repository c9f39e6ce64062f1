import type { FilmConstraintInput, Role } from "../../plan/schema";
import { roleWords } from "../cues";
import { filmConstraints, kindOf, kindsOf, personRef, yearsOf } from "../film-set";
import type { Reading } from "../reading";
import { isRole, otherUsualRole, roleNear, roleSaid } from "../roles";
import type { TopicEntity } from "../analyze";
import { IN_FILM_WORDS, ORDINAL_METRIC } from "../lexicon/shapes";
import { QUESTION_WORDS } from "../../linking/question-words";
import { isGivenName } from "../../linking/name-gender";
import { COMPANY_WORDS, MOVIE_WORDS, PLURAL_MOVIE_WORDS, POPULARITY_WORDS } from "../lexicon/relations";
import { familyOf, familyStem, wholeFamily } from "../series";
import { singular } from "../stages/concepts";
import { entityRef, hopToAnswer, withinOf } from "./helpers";
import { films, filmsAsked, people, relativeFilm } from "./features";
import { beyond, lookupOf, peopleOf, unknownPart } from "./build-paths";
import { local, type Built, type DraftPart, type RuleContext } from "./types";
import { EDGE_SPECS } from "../../kb/schema";
import { ARTICLES, STOP_WORDS, linkKey } from "../../util/text";

/**
 * Builders of the parts that work on a set of films: the set itself, its order, counts over it,
 * yes/no checks and comparisons. Each returns undefined when the clause names no set it can build.
 */

/** The films the clause describes, when it describes any (a person, a kind, a series, a period or a language). */
async function filmSet(r: Reading, ctx: RuleContext): Promise<FilmConstraintInput[] | undefined> {
  const where = await filmConstraints(r, ctx.kb);
  return where.length ? where : undefined;
}

const hasSetBeyondFilms = (where: readonly FilmConstraintInput[]) => where.some((c) => c.on !== "title");

export async function films_(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const where = await filmSet(r, ctx);
  if (!where) return undefined;
  const story = seriesStoryAsked(r);
  // "who does harry date in the harry potter movies": the family's films, and what was asked of their story said to be
  // beyond the KB (a given name asked of makes it a character).
  if (story) return { parts: [{ kind: "films", where }, { kind: "beyond", fact: story.someone ? "character" : "other", said: story.said.slice(0, 100), about: local(0) }] };
  return { parts: [{ kind: "films", where }] };
}

const IN_SERIES: ReadonlySet<string> = new Set(IN_FILM_WORDS);

/** The question asked of a family's story: a question word opening the clause, the family said after "in", "from" or "on". */
function seriesStoryAsked(r: Reading): { said: string; someone: boolean } | undefined {
  const series = r.series;
  if (!series || r.cues.story || series.tokenStart < 3 || !QUESTION_WORDS.has(r.words[0] ?? "")) return undefined;
  const at = ARTICLES.has(r.words[series.tokenStart - 1] ?? "") ? series.tokenStart - 1 : series.tokenStart;
  if (!IN_SERIES.has(r.words[at - 1] ?? "")) return undefined;
  const asked = r.tokens.slice(1, at - 1);
  if (!asked.some((t) => !STOP_WORDS.has(t.folded))) return undefined;
  return { said: r.text.slice(0, r.tokens[at - 1]!.start).trim(), someone: asked.some((t) => isGivenName(t.folded)) };
}

/** "the third film Spielberg directed", "Nolan's second to last movie", "the second highest grossing Pixar film". */
export async function ordinal(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const o = r.cues.ordinal!;
  const where = await filmSet(r, ctx);
  if (!where || !hasSetBeyondFilms(where)) return undefined;
  const s = r.cues.superlative;
  const byFigure = s && s.metric !== ORDINAL_METRIC && (s.at < o.at || s.at >= o.end);
  const by = byFigure ? s.metric : ORDINAL_METRIC;
  const direction = byFigure ? s.order : o.fromEnd ? "desc" : "asc";
  // "Wes Anderson's two most recent films": that many from the end, not the one.
  const many = s?.count && o.nth === 1 ? { limit: s.count } : { nth: o.nth };
  return askedOfPick(r, { parts: [{ kind: "films", where }, { kind: "order", of: local(0), by, direction, ...many }] });
}

/**
 * "when was the first Shrek movie released", "who directed the sequel to Rocky": a relation asked
 * (not the film itself), of the one film an order picked — one hop more from the pick.
 */
function askedOfPick(r: Reading, built: Built): Built {
  const a = r.analysis;
  const last = built.parts[built.parts.length - 1];
  if (last?.kind !== "order" || last.nth === undefined) return built;
  // "what is the third one about": the story of the film picked.
  if (r.cues.story) return { parts: [...built.parts, { kind: "lookup", from: [local(built.parts.length - 1)], story: true, join: "each", within: [], text: r.text }] };
  // "how long is the second toy story": a figure of the film picked, when the order was not by it.
  const figure = r.cues.figure?.metric;
  if (figure && figure !== last.by) return { parts: [...built.parts, { kind: "lookup", from: [local(built.parts.length - 1)], figure, join: "each", within: [], text: r.text }] };
  if (a.answer.type === "Movie" || !a.answer.edge) return built;
  const hop = hopToAnswer(r);
  if (!hop) return built;
  const asks = hop.dir === "out" ? EDGE_SPECS[hop.edge].to : EDGE_SPECS[hop.edge].from;
  return { parts: [...built.parts, { kind: "lookup", from: [local(built.parts.length - 1)], path: [hop], asks, join: "each", within: [], text: r.text }] };
}

/**
 * "Is Iron Man the longest movie in the Iron Man series", "is Jaws Spielberg's best rated film": the one film
 * named, checked against the top of the set the rest of the clause describes.
 */
export async function checkSuperlative(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const s = r.cues.superlative!;
  const named = films(r);
  if (named.length !== 1) return undefined;
  const where = (await filmSet(r, ctx))?.filter((c) => c.on !== "title");
  if (!where?.length) return undefined;
  return { parts: [{ kind: "films", where }, { kind: "order", of: local(0), by: s.metric, direction: s.order, nth: 1 }, { kind: "check", test: { op: "member", item: entityRef(named[0]!), of: local(1) } }] };
}

/** "is Avatar the highest grossing film of all time": a superlative before a film word, no set said, ranks every film. */
export function checkSuperlativeOfAll(r: Reading): Built | undefined {
  const s = r.cues.superlative!;
  const named = films(r);
  if (named.length !== 1 || !MOVIE_WORDS.has(r.words[s.end] ?? "")) return undefined;
  return { parts: [{ kind: "films", where: [] }, { kind: "order", of: local(0), by: s.metric, direction: s.order, nth: 1 }, { kind: "check", test: { op: "member", item: entityRef(named[0]!), of: local(1) } }] };
}

/** "the best horror films of the 90s", "which Rocky movie has the highest rating", "Nolan's longest film". */
export async function superlative(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const s = r.cues.superlative!;
  // "what movie has made the most money", "what is the highest rated film": with nothing to narrow it, every film
  // (a film word right after the superlative says films are ranked, whatever its figure's relation reads).
  // So does a film word just before it ("who directed the film with the longest running time").
  const ranksFilms = filmsAsked(r) || MOVIE_WORDS.has(r.words[s.end] ?? "") || r.words.slice(Math.max(0, s.at - 3), s.at).some((w) => MOVIE_WORDS.has(w));
  const where = (await filmSet(r, ctx)) ?? (ranksFilms && !r.named.length ? [] : undefined);
  if (!where) return undefined;
  // "which Rocky movie has the highest rating", "the longest Nolan film": one film asked; "the best horror movies": a ranking.
  // "which one is the longest among the Iron Man films", "what movie is the longest among …": the noun the
  // question opens with asks one, whatever plural follows it.
  const opening = r.words.slice(0, s.at).find((w) => w === "one" || PLURAL_FILM_WORDS.has(w) || MOVIE_WORDS.has(w));
  // "which of Tarantino's movies came out most recently": "which of" asks one of the films, however plural.
  const whichOf = ["which", "what"].includes(r.words[0] ?? "") && r.words[1] === "of";
  const one = whichOf || (opening !== undefined && !PLURAL_FILM_WORDS.has(opening) && ["which", "what"].includes(r.words[0] ?? ""));
  const plural = !one && (r.words.some((w) => PLURAL_FILM_WORDS.has(w)) || kindsOf(r).some((c) => singular(c.text.toLowerCase()) !== c.text.toLowerCase()));
  // "the three best Hitchcock films": that many of the top, not the one.
  // "the second highest grossing film of all time": a place said right before the ranking picks that film of it.
  const o = r.cues.ordinal;
  const nth = o && !o.fromEnd && o.end <= s.at && s.at - o.end <= 1 ? o.nth : 1;
  const top = s.count ? { limit: s.count } : plural ? {} : { nth };
  const built: Built = { parts: [{ kind: "films", where }, { kind: "order", of: local(0), by: s.metric, direction: s.order, ...top }] };
  // "who directed the film with the longest running time": a relation asked outside the ranking's own words ("highest rated").
  const a = r.analysis;
  const askedApart = a.cues.some((c) => c.edge === a.answer.edge && (c.token < s.at || c.token >= s.end));
  return askedApart || r.cues.story ? askedOfPick(r, built) : built;
}

/** Films in the plural, or wording that asks for several ("the ones", "a list", "the top"). */
const PLURAL_FILM_WORDS: ReadonlySet<string> = new Set([...PLURAL_MOVIE_WORDS, "ones", "list", "top"]);

/** "recommend a good horror film": with no film to start from, the best rated films that fit ("a popular romance film": the most seen). */
export async function bestOfKind(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const where = await filmSet(r, ctx);
  if (!where) return undefined;
  const by = POPULARITY_WORDS.has(r.analysis.quality?.word ?? "") ? "popularity" : "voteAverage";
  return { parts: [{ kind: "films", where }, { kind: "order", of: local(0), by, direction: "desc" }] };
}

/** "what should I watch": no kind, person or film to go on, so every film, the better rated first. */
export function bestOfAll(): Built {
  return { parts: [{ kind: "films", where: [] }, { kind: "order", of: local(0), by: "voteAverage", direction: "desc" }] };
}

/** "how many films did X direct" (the films counted) or "how many actors are in Titanic" (a relation's answers counted). */
export async function count(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  // "how many times has johnny depp worked with tim burton": the films they made together.
  const together = people(r).length >= 2 && films(r).length === 0;
  const where = filmsAsked(r) || r.analysis.answer.type === "Movie" || together ? await filmSet(r, ctx) : undefined;
  if (where && hasSetBeyondFilms(where)) return { parts: [{ kind: "films", where }, { kind: "aggregate", op: "count", of: local(0) }] };
  const lookup = lookupOf(r, 0.5);
  // "how many fairies in the original sleeping beauty": what is counted reaches along no relation the KB holds, so it is a
  // count of the story's things: said beyond the KB beside what it holds of the film, not a count of everything linked.
  const counted = r.ledger.facets.filter((f) => !f.against).map((f) => f.said);
  if (lookup?.kind === "lookup" && !lookup.path && !lookup.asks && !lookup.figure && counted.length && films(r).length === 1) {
    return { parts: [lookup, { kind: "beyond", fact: "other", said: `how many ${counted.join(", ")}`.slice(0, 100), about: local(0) }] };
  }
  return lookup ? { parts: [lookup, { kind: "aggregate", op: "count", of: local(0) }] } : undefined;
}

/**
 * "actors who worked with Scorsese more than twice", "who directed the most westerns", "what genre
 * are most Tim Burton movies": what the asked relation reaches from each film of a set, counted.
 */
export async function countedOver(r: Reading, ctx: RuleContext, op: "at_least" | "most_common"): Promise<Built | undefined> {
  const over = hopToAnswer(r);
  if (!over || r.analysis.answer.type === "Movie") return undefined;
  const named = r.named.filter((t) => t.type === "Person");
  if (films(r).length > 0 && named.length === 0) return undefined;
  const where = await filmConstraints(r, ctx.kb, { people: named, roleFallback: "usual" });
  if (!where.length) return undefined;
  const n = op === "at_least" ? { n: r.cues.threshold?.min ?? 2 } : {};
  return { parts: [{ kind: "films", where }, { kind: "aggregate", op, of: local(0), over, ...n }] };
}

/** "which actor was in the most movies", "who directed the most films": the person most often in a role, over every film. */
export function mostOfAll(r: Reading): Built | undefined {
  const over = hopToAnswer(r);
  if (!over || over.dir !== "in" || r.analysis.answer.type === "Movie") return undefined;
  return { parts: [{ kind: "films", where: [] }, { kind: "aggregate", op: "most_common", of: local(0), over }] };
}

/** "films X wrote but didn't direct", "kubrick films he didn't write": one person, one role kept and one taken away. */
export async function roleDifference(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const person = people(r)[0]!;
  const roles = roleWords(r.analysis, r.cues.negations);
  const drop = roles.find((x) => x.negated);
  if (!drop) return undefined;
  const said = roles.find((x) => !x.negated && x.edge !== drop.edge)?.edge;
  const ownFilms = r.words.some((w) => w === "films" || w === "movies" || w === "film" || w === "movie") && (r.analysis.answer.type === undefined || r.analysis.answer.type === "Movie");
  // "horror movies from 1980 that weren't written by stephen king": with a kind or period and no role kept, the films are not the person's own.
  if (!said && (!ownFilms || kindsOf(r).length > 0 || r.periods.length > 0)) return undefined;
  const keep: Role = (said as Role | undefined) ?? (await otherUsualRole(person.id, drop.edge as Role, ctx.kb));
  const where: FilmConstraintInput[] = [
    { on: "person", who: personRef(person), role: keep, negated: false },
    { on: "person", who: personRef(person), role: drop.edge as Role, negated: true },
  ];
  const years = yearsOf(r);
  if (years) where.push({ on: "years", ...years, negated: false });
  return { parts: [{ kind: "films", where }] };
}

/** "films clint eastwood directed and starred in": one person, two roles said, none negated. */
export function roleBoth(r: Reading): Built | undefined {
  const person = people(r)[0]!;
  const roles = [...new Set(roleWords(r.analysis, r.cues.negations).map((x) => x.edge))] as Role[];
  if (roles.length < 2 || !filmsAsked(r) || r.cues.negations.length) return undefined;
  const where: FilmConstraintInput[] = roles.map((role) => ({ on: "person", who: personRef(person), role, negated: false }));
  const years = yearsOf(r);
  if (years) where.push({ on: "years", ...years, negated: false });
  return { parts: [{ kind: "films", where }] };
}

/**
 * Something taken away: films minus a person, a kind or a period ("comedies with Jim Carrey not
 * from the 90s"), or a relation's answers minus another's ("who starred in Titanic but not in Avatar").
 */
export async function minus(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  if (filmsAsked(r)) {
    const where = await filmSet(r, ctx);
    return where && where.some((c) => c.negated) ? { parts: [{ kind: "films", where }] } : undefined;
  }
  const within = withinOf(r);
  const gone = new Set(within.flatMap((c) => (c.on === "title" && c.negated ? [c.film] : [])));
  const kept = r.named.filter((t) => !gone.has(t.id));
  const dropped = r.named.filter((t) => gone.has(t.id));
  if (kept.length && dropped.length) {
    const a = lookupOf(r, 0.5, { topics: kept, within: [] });
    // "besides Jaws what did Spielberg direct": what is taken away is of the kind asked, an answer left out, not a relation.
    if (a?.kind === "lookup" && a.asks && dropped.every((t) => t.type === a.asks)) return { parts: [lookupOf(r, 0.5, { topics: kept })!] };
    const b = lookupOf(r, 0.5, { topics: dropped, within: [] });
    return a && b ? { parts: [a, b, { kind: "combine", op: "minus", parts: [local(0), local(1)] }] } : undefined;
  }
  const lookup = lookupOf(r, 0.5, { within });
  return lookup ? { parts: [lookup] } : undefined;
}

/** "is Goodfellas older than Casino", "has Spielberg directed more films than Lucas". */
export function checkCompare(r: Reading): Built | undefined {
  const c = r.cues.comparative!;
  const [a, b] = pair(r);
  if (!a || !b) return undefined;
  const role = c.by === "filmCount" ? anyRole(r) : undefined;
  return { parts: [{ kind: "check", test: { op: "compare", a: entityRef(a), b: entityRef(b), by: c.by, cmp: c.pick === "max" ? "gt" : "lt", ...(role ? { role } : {}) } }] };
}

/** "which is longer, Titanic or Avatar", "who has directed more films, Spielberg or Lucas". */
export function compareWhich(r: Reading): Built | undefined {
  const c = r.cues.comparative!;
  const items = sameKind(r);
  if (items.length < 2) return undefined;
  const role = c.by === "filmCount" ? anyRole(r) : undefined;
  return { parts: [{ kind: "compare", items: items.map(entityRef), by: c.by, pick: c.pick, ...(role ? { role } : {}) }] };
}

/** "how many years apart were Alien and Aliens released", "how much more did Titanic make than Avatar": the gap between two figures. */
export function compareGap(r: Reading): Built | undefined {
  const g = r.cues.gap!;
  const items = pair(r);
  if (items.length < 2) return undefined;
  const role = g.by === "filmCount" ? anyRole(r) : undefined;
  return { parts: [{ kind: "compare", items: items.map(entityRef), by: g.by, pick: "difference", ...(role ? { role } : {}) }] };
}

/** "which is the longest: Titanic, Avatar or Heat": a superlative among named films. */
export function compareAmong(r: Reading): Built | undefined {
  const s = r.cues.superlative!;
  const items = films(r).sort((a, b) => a.tokenStart - b.tokenStart);
  if (items.length < 2 || people(r).length) return undefined;
  return { parts: [{ kind: "compare", items: items.map(entityRef), by: s.metric, pick: s.order === "desc" ? "max" : "min" }] };
}

/**
 * "who wrote the movie directed by Sofia Coppola in 2003", "what language is the film that Kurosawa directed in 1954",
 * "who directed the films Tom Hanks starred in": a relation asked of films the clause describes by the people who
 * made them (and a year, a kind …) rather than by name: those films, then one hop along the relation asked.
 */
export async function ofDescribedFilms(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const a = r.analysis;
  const filmWord = r.words.findIndex((w) => MOVIE_WORDS.has(w));
  const ps = people(r);
  if (filmWord < 0 || !ps.length || ps.some((p) => p.tokenStart < filmWord) || !(a.answer.edge || a.answer.type === "Year" || a.answer.type === "Language" || a.answer.type === "Genre")) return undefined;
  const hop = hopToAnswer(r);
  const where = await filmSet(r, ctx);
  // "who directed the films Tom Hanks directed" is no hop: the relation asked must be another than the people's roles.
  if (!hop || !where || where.some((c) => c.on === "person" && c.role === hop.edge)) return undefined;
  const asks = hop.dir === "out" ? EDGE_SPECS[hop.edge].to : EDGE_SPECS[hop.edge].from;
  return { parts: [{ kind: "films", where }, { kind: "lookup", from: [local(0)], path: [hop], asks, join: "each", within: [], text: r.text }] };
}

/**
 * "who directed the Rocky movies", "what genres are the Harry Potter films": a relation asked of a family is asked of
 * each of its films, not answered by listing them.
 */
export async function ofSeries(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const a = r.analysis;
  if (!r.series || !(a.answer.edge || a.answer.type === "Year" || a.answer.type === "Language" || a.answer.type === "Genre")) return undefined;
  const hop = hopToAnswer(r);
  const where = await filmSet(r, ctx);
  if (!hop || !where) return undefined;
  const asks = hop.dir === "out" ? EDGE_SPECS[hop.edge].to : EDGE_SPECS[hop.edge].from;
  // "who acted in all the Rocky movies": in every one of them.
  return { parts: [{ kind: "films", where }, { kind: "lookup", from: [local(0)], path: [hop], asks, join: r.cues.every ? "both" : "each", within: [], text: r.text }] };
}

/**
 * "which of Al Pacino and Val Kilmer was in The Godfather", "who directed Heat, Michael Mann or Ridley Scott": the
 * people offered are the choices; the film's people in the relation asked, only those.
 */
export function whichPerson(r: Reading): Built | undefined {
  const [film] = films(r);
  const ps = people(r).sort((a, b) => a.tokenStart - b.tokenStart);
  const asking = r.words[0] === "which" || r.words[0] === "who";
  const offered = ps.length >= 2 && (joinedByOr(r, ps) || r.words.slice(0, ps[0]!.tokenStart).includes("of"));
  if (!film || !asking || !offered) return undefined;
  const part = lookupOf(r, 0.5, { topics: [film], within: [] });
  // With no relation said ("was in"), whoever of them the KB links to the film in any role.
  if (part?.kind !== "lookup" || (part.asks !== undefined && part.asks !== "Person")) return undefined;
  return { parts: [{ ...part, join: "each", among: ps.map(entityRef) }] };
}

/**
 * "Which was directed by Ridley Scott, Alien or Aliens?", "which of Big, Heat or Ronin did Tom Hanks star in": the
 * films offered as choices, and of them the ones the rest of the clause describes.
 */
export async function whichOption(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const options = films(r).sort((a, b) => a.tokenStart - b.tokenStart);
  const where = (await filmSet(r, ctx))?.filter((c) => c.on !== "title");
  if (options.length < 2 || !where?.length) return undefined;
  const each: DraftPart[] = options.map((f) => ({ kind: "films", where: [{ on: "title", film: f.id, negated: false }] }));
  const n = each.length;
  return {
    parts: [{ kind: "films", where }, ...each, { kind: "combine", op: "either", parts: each.map((_, k) => local(k + 1)) }, { kind: "combine", op: "both", parts: [local(0), local(n + 1)] }],
  };
}

/** "did Tom Hanks and Meg Ryan ever work together", "have X and Y been in a film together". */
export function checkTogether(r: Reading): Built | undefined {
  const ps = people(r).slice(0, 3);
  const where: FilmConstraintInput[] = ps.map((p) => {
    const role = roleNear(p, r.analysis);
    return { on: "person", who: personRef(p), ...(role ? { role } : {}), negated: false };
  });
  return { parts: [{ kind: "films", where }, { kind: "check", test: { op: "nonempty", of: local(0) } }] };
}

/**
 * A yes/no question about one film or one person's films: "was Tom Hanks in Cast Away", "did
 * Spielberg direct Jaws", "is Titanic a comedy", "was Jaws released in 1975", "has Tom Hanks ever
 * been in a western": the films that meet all of it, checked for any.
 */
export function checkFilms(r: Reading): Built | undefined {
  const [film] = films(r);
  const ps = people(r);
  // "Did Tom Cruise star in Mission Impossible?" with no such film in the KB: no verdict, the film said missing.
  if (!film && ps.length && r.notFound.length) return { parts: [unknownPart(r)] };
  // "was Al Pacino or Val Kilmer in The Godfather", "did Spielberg direct Jaws or Alien": either option will do, each checked alone.
  const fs = films(r);
  if (film && ps.length >= 2 && joinedByOr(r, ps)) return eitherOption(r, ps.map((p) => [film, [p]]));
  if (fs.length >= 2 && ps.length && joinedByOr(r, fs)) return eitherOption(r, fs.map((f) => [f, ps]));
  // "was Jack Nicholson in The Departed and The Shining": every film named must meet the rest.
  if (fs.length >= 2 && !joinedByOr(r, fs)) return everyFilmNamed(r, fs);
  const where: FilmConstraintInput[] = [];
  if (film) where.push({ on: "title", film: film.id, negated: false });
  where.push(...ps.slice(0, 2).map((p) => personSaid(r, p)), ...narrowing(r));
  // One person in a role said ("is Natalie Portman an actress?"): whether the KB has any film of theirs in it.
  const roleOfOne = where.length === 1 && where[0]!.on === "person" && where[0]!.role !== undefined;
  if (where.length < 2 && !roleOfOne) return undefined;
  // "did Kubrick direct more than 10 films": a number asked of the set, not just any film.
  const atLeast = !film && r.cues.threshold ? { atLeast: r.cues.threshold.min } : {};
  return { parts: [{ kind: "films", where }, { kind: "check", test: { op: "nonempty", of: local(0), ...atLeast } }] };
}

/**
 * "is Inception directed by the same person as Memento", "were Jaws and Heat released the same year": what both films
 * have in the relation said (the people in a role, a year, a genre, a language), checked for any.
 */
export function checkShared(r: Reading): Built | undefined {
  const fs = films(r).sort((a, b) => a.tokenStart - b.tokenStart);
  // The relation the sharing is in: "the same director", "directed by the same person", "the same year"; none said, anything both link to.
  const edge = r.analysis.cues.map((c) => c.edge).find((e) => isRole(e) || EDGE_SPECS[e].from === "Movie");
  const valued: DraftPart | undefined = edge && !isRole(edge) ? { kind: "lookup", from: fs.slice(0, 5).map(entityRef), path: [{ edge, dir: "out" }], asks: EDGE_SPECS[edge].to, join: "both", within: [], text: r.text } : undefined;
  const shared = edge && isRole(edge) ? peopleOf(r, fs, edge, "both")[0] : (valued ?? lookupOf(r, 0.5));
  if (fs.length < 2 || shared?.kind !== "lookup" || shared.join !== "both") return undefined;
  return { parts: [shared, { kind: "check", test: { op: "nonempty", of: local(0) } }] };
}

/**
 * "Did Nolan direct all the Batman movies", "is every Pixar film animated", "was Tom Hanks in every movie Spielberg
 * directed": the set the universal word names (what it says up to its film word, else the clause after it), and the
 * films of it that meet the rest too; yes when they are all of it.
 */
export async function checkEvery(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const cue = r.cues.every!;
  const all = await filmConstraints(r, ctx.kb);
  const inSpan = (from: number, to: number) => (c: FilmConstraintInput) => setSaidIn(r, c, from, to);
  const said = all.filter(inSpan(cue.at, cue.setEnd));
  // "every movie Spielberg directed": nothing before the film word, so the set is what follows it.
  const of = said.length ? said : all.filter(inSpan(cue.setEnd, r.tokens.length));
  const rest = all.filter((c) => !of.includes(c));
  if (!of.length || !rest.length) return undefined;
  return { parts: [{ kind: "films", where: of }, { kind: "films", where: [...of, ...rest] }, { kind: "check", test: { op: "every", of: local(0), meeting: local(1) } }] };
}

/** The films named, as one set (any of the titles), and those of them that meet the rest of the clause: yes when all do. */
function everyFilmNamed(r: Reading, fs: readonly TopicEntity[]): Built | undefined {
  const titles: FilmConstraintInput[] = fs.slice(0, 8).map((f) => ({ on: "title", film: f.id, negated: false }));
  const rest = [...people(r).slice(0, 2).map((p) => personSaid(r, p)), ...narrowing(r)];
  if (!rest.length) return undefined;
  return { parts: [{ kind: "films", where: titles }, { kind: "films", where: [...titles, ...rest].slice(0, 8) }, { kind: "check", test: { op: "every", of: local(0), meeting: local(1) } }] };
}

/** A person of a yes/no or a check, in the role said next to them or anywhere in the clause (none: any role). */
function personSaid(r: Reading, p: TopicEntity): FilmConstraintInput {
  const role = roleNear(p, r.analysis) ?? roleSaid(r.analysis);
  return { on: "person", who: personRef(p), ...(role ? { role } : {}), negated: false };
}

/** The kinds, the period, the languages and the bound on a figure the clause says of its films, as constraints. */
function narrowing(r: Reading): FilmConstraintInput[] {
  const years = yearsOf(r);
  const f = r.cues.figureBound;
  return [
    ...kindsOf(r).map((c): FilmConstraintInput => ({ on: "kind", kind: kindOf(c), negated: false })),
    ...(years ? [{ on: "years" as const, ...years, negated: false }] : []),
    ...r.languages.map((language): FilmConstraintInput => ({ on: "language", language, negated: false })),
    ...(f ? [{ on: "figure" as const, metric: f.metric, cmp: f.cmp, value: f.value, negated: false }] : []),
  ];
}

/** Whether a film constraint was said within tokens [from, to) of the clause. */
function setSaidIn(r: Reading, c: FilmConstraintInput, from: number, to: number): boolean {
  const within = (t: { tokenStart: number; tokenEnd: number }) => t.tokenStart >= from && t.tokenEnd <= to;
  const chars = { start: r.tokens[from]?.start ?? Infinity, end: r.tokens[to - 1]?.end ?? -1 };
  switch (c.on) {
    case "person":
      return r.named.some((t) => "id" in c.who && t.id === c.who.id && within(t));
    case "kind":
      return r.concepts.some((k) => k.label === c.kind.label && within(k));
    case "series":
      return r.series !== undefined && within(r.series);
    case "years":
      return !c.negated && r.periods.some((p) => p.start >= chars.start && p.end <= chars.end);
    default:
      return false;
  }
}

/** Two people side by side with "or" between them ("Al Pacino or Val Kilmer"). */
function joinedByOr(r: Reading, ps: readonly TopicEntity[]): boolean {
  const sorted = [...ps].sort((a, b) => a.tokenStart - b.tokenStart);
  return sorted.some((p, i) => i > 0 && r.words.slice(sorted[i - 1]!.tokenEnd, p.tokenStart).includes("or"));
}

/** Each option a film and the people said of it, checked alone; yes when any holds. */
function eitherOption(r: Reading, options: readonly [TopicEntity, readonly TopicEntity[]][]): Built {
  const each: DraftPart[] = options.slice(0, 4).map(([film, ps]) => ({
    kind: "films",
    where: [
      { on: "title", film: film.id, negated: false },
      ...ps.slice(0, 2).map((p) => personSaid(r, p)),
    ],
  }));
  return { parts: [...each, { kind: "combine", op: "either", parts: each.map((_, k) => local(k)) }, { kind: "check", test: { op: "nonempty", of: local(each.length) } }] };
}

/** Two named items to compare: the first two of one kind (films, else people). */
function pair(r: Reading) {
  return sameKind(r).slice(0, 2);
}

/** The named films (else people) in the order the question names them. */
function sameKind(r: Reading) {
  const byPosition = (a: { tokenStart: number }, b: { tokenStart: number }) => a.tokenStart - b.tokenStart;
  const fs = films(r).sort(byPosition);
  const ps = people(r).sort(byPosition);
  return fs.length >= 2 ? fs : ps.length >= 2 ? ps : [];
}

function anyRole(r: Reading): Role | undefined {
  const edge = r.analysis.cues.find((c) => c.edge === "DIRECTED" || c.edge === "WROTE" || c.edge === "ACTED_IN")?.edge;
  return edge as Role | undefined;
}

export type { DraftPart };

/**
 * "movies by the director of Pan's Labyrinth", "other movies from the people who wrote Toy Story",
 * "films written by the star of Heat": the film's people in one role (a reference), then their films
 * in the role said of those (the same role when none is), without the film itself, which the asker knows.
 */
const COMPANY_LEADS = new Set(COMPANY_WORDS);

export function filmsOfFilmsPeople(r: Reading): Built | undefined {
  const [film] = films(r);
  // "… with Leonardo DiCaprio": people said in company are a condition on the films, not whose films they are.
  const company = people(r).filter((p) => COMPANY_LEADS.has(r.words[p.tokenStart - 1] ?? ""));
  if (!film || films(r).length !== 1 || company.length !== people(r).length) return undefined;
  // "starring Arnold Schwarzenegger": the word before a person in company is theirs.
  const roles = r.analysis.cues.filter((c) => (c.edge === "DIRECTED" || c.edge === "WROTE" || c.edge === "ACTED_IN") && !company.some((p) => c.token === p.tokenStart - 1));
  const ofFilm = roles.filter((c) => c.token < film.tokenStart && film.tokenStart - c.token <= 4).sort((a, b) => b.token - a.token)[0];
  if (!ofFilm) return undefined;
  // The role the people are asked in is said apart from the one that finds them: before it ("what did the director
  // of Jaws write"), or after the film ("what movies did the writer of Pulp Fiction direct").
  const ofThem = roles.find((c) => c !== ofFilm && (c.token < ofFilm.token || c.token >= film.tokenEnd) && c.weight >= 1)?.edge ?? ofFilm.edge;
  // The film the people are found by is known to the asker: the answer is their other films.
  const where: FilmConstraintInput[] = [{ on: "person", who: local(0), role: ofThem as Role, negated: false }, { on: "title", film: film.id, negated: true }];
  // "what movies did the director of Jaws make in the 70s", "… comedies …": the rest of the clause narrows their films.
  where.push(...narrowing(r), ...company.map((p): FilmConstraintInput => ({ on: "person", who: personRef(p), role: roleNear(p, r.analysis) ?? "ACTED_IN", negated: false })));
  return { parts: [{ kind: "lookup", from: [entityRef(film)], path: [{ edge: ofFilm.edge, dir: "in" }], asks: "Person", join: "each", within: [], text: r.text }, { kind: "films", where }] };
}

/**
 * "the prequel to Predators", "what's the sequel of Deathstalker": the films of the named film's
 * family (its title, or the title without a sequel's number or plural) released before (or after)
 * it, the nearest first.
 */
/**
 * "Did Brad Bird direct the sequel to The Incredibles": the sequel picked, the relation asked read of it, and the
 * person named checked among its answers. With no family in the KB, the sequel is said missing.
 */
export async function checkSequel(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const built = await sequelOf(r, ctx);
  const [person] = people(r);
  const [film] = films(r);
  if (!built || !film) return built;
  // The relation the yes/no asks ("did X direct …"), else the one the answer phrase reads.
  const cue = r.analysis.cues.find((c) => c.weight >= 1 && PERSON_EDGES.has(c.edge));
  // "was Sigourney Weaver in the sequel to Alien": a person said in a film, no role said, is in its cast.
  const hop = cue ? ({ edge: cue.edge, dir: "in" } as const) : (hopToAnswer(r) ?? (person ? ({ edge: "ACTED_IN", dir: "in" } as const) : undefined));
  const asks = hop ? (hop.dir === "out" ? EDGE_SPECS[hop.edge].to : EDGE_SPECS[hop.edge].from) : undefined;
  const last = built.parts.at(-1);
  // No sequel in the KB: no verdict either; the relation asked of the film named is what it holds.
  if (last?.kind === "beyond") return { parts: [{ kind: "lookup", from: [entityRef(film)], ...(hop ? { path: [hop] } : {}), ...(asks ? { asks } : {}), join: "each", within: [], text: r.text }, { ...last, about: local(0) }] };
  const pick = built.parts.findIndex((p) => p.kind === "order");
  if (!person || !hop || pick < 0) return built;
  return {
    parts: [
      ...built.parts.slice(0, pick + 1),
      { kind: "lookup", from: [local(pick)], path: [hop], ...(asks ? { asks } : {}), join: "each", within: [], text: r.text },
      { kind: "check", test: { op: "member", item: entityRef(person), of: local(pick + 1) } },
    ],
  };
}

const PERSON_EDGES: ReadonlySet<string> = new Set(["DIRECTED", "WROTE", "ACTED_IN"]);

/**
 * "which movie did Spielberg direct after Jaws", "what did Tom Hanks make right after Forrest Gump", "how many films
 * did Tarantino direct before Kill Bill": the set the rest of the clause describes, cut at the named film's year;
 * one film asked is the nearest in time, several are listed in order, a count counts them.
 */
export async function relativeOrder(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const rel = relativeFilm(r);
  if (!rel) return undefined;
  const node = await ctx.kb.graph.getNode(rel.film.id);
  const year = Math.min(...(node?.years ?? []).map(Number).filter(Number.isFinite));
  const where = (await filmConstraints(r, ctx.kb)).filter((c) => c.on !== "title");
  // "what other movies came out the same year as Titanic": with nothing else said, any film of that time.
  if (!Number.isFinite(year) || (!where.length && !filmsAsked(r) && !r.words.some((w) => MOVIE_WORDS.has(w)))) return undefined;
  const years = rel.side === "before" ? { from: 0, to: year - 1 } : rel.side === "after" ? { from: year + 1, to: 9999 } : { from: year, to: year };
  const set: DraftPart = { kind: "films", where: [...where, { on: "years", ...years, negated: false }, { on: "title", film: rel.film.id, negated: true }] };
  if (r.cues.count) return { parts: [set, { kind: "aggregate", op: "count", of: local(0) }] };
  if (rel.side === "same") return { parts: [set] };
  const several = r.words.some((w) => PLURAL_FILM_WORDS.has(w));
  const direction = rel.side === "before" && !several ? "desc" : "asc";
  return askedOfPick(r, { parts: [set, { kind: "order", of: local(0), by: "releaseYear", direction, ...(several ? {} : { nth: 1 }) }] });
}

/** The films of a title family, and the one titled with the name made plural: Aliens follows Alien, Predators Predator. */
function sequelFamily(name: string, ctx: RuleContext): string[] {
  const plural = ctx.kb.linker.link(`${name}s`, { types: ["Movie"], limit: 3, exact: true }).filter((c) => linkKey(c.name) === linkKey(`${name}s`));
  const family = familyOf(name, ctx.kb, plural.length > 0);
  return [...new Set([...family, ...plural.map((c) => c.id)])];
}

/**
 * A film whose title names no family may carry a tag that does, and be kin to it ("Raiders of the Lost Ark" is tagged
 * "indiana jones", whose titled films share its makers): that family, the film in it.
 */
async function familyByTag(film: string, ctx: RuleContext, fits: (films: string[]) => Promise<boolean>): Promise<{ name: string; films: string[] } | undefined> {
  const tags = await ctx.kb.graph.neighbors(film, { edges: ["HAS_TAG"], direction: "out" });
  for (const tag of tags) {
    const titled = familyOf(tag.id, ctx.kb);
    if (titled.length < 2) continue;
    const films = await wholeFamily({ name: tag.id, films: titled, tokenStart: 0, tokenEnd: 0 }, ctx.kb);
    if (films.includes(film) && (await fits(films))) return { name: titleOfFamily(tag.id, titled), films };
  }
  return undefined;
}

/** Whether some film of a family came out on that side of a year. */
async function hasFilmOn(films: readonly string[], side: "before" | "after", year: number, ctx: RuleContext): Promise<boolean> {
  const nodes = await ctx.kb.graph.getNodes([...films]);
  return nodes.some((n) => (n?.years ?? []).map(Number).some((y) => (side === "before" ? y < year : y > year)));
}

/** A family's name as its films' titles write it ("Indiana Jones"), else as the tag does. */
function titleOfFamily(tag: string, titled: readonly string[]): string {
  const title = titled.find((t) => linkKey(t).startsWith(linkKey(tag)));
  return title ? title.slice(0, tag.length) : tag;
}

export async function sequelOf(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const [film] = films(r);
  const side = r.cues.sequel?.side;
  if (!film || !side) return undefined;
  const node = await ctx.kb.graph.getNode(film.id);
  const year = Math.min(...(node?.years ?? []).map(Number).filter(Number.isFinite));
  if (!Number.isFinite(year)) return undefined;
  const stems = [film.name, familyStem(film.name), film.name.replace(/s$/i, "")];
  const titled = stems.map((name) => ({ name, films: sequelFamily(name, ctx) })).find((f) => f.films.length >= 2);
  // The family as a series reads it: its makers' namesakes and its kin by tag too (Rocky Balboa follows Rocky V).
  // A titled family with nothing on the side asked gives way to the one a tag names ("the prequel to The Dark Knight" is
  // no Dark Knight film: Batman Begins, of the Batman films).
  const whole = titled && { ...titled, films: await wholeFamily({ ...titled, tokenStart: 0, tokenEnd: 0 }, ctx.kb) };
  const found = whole && (await hasFilmOn(whole.films, side, year, ctx)) ? whole : ((await familyByTag(film.id, ctx, (fs) => hasFilmOn(fs, side, year, ctx))) ?? whole);
  // No title family in the KB: which film follows which is a fact it does not record; say so beside the film.
  if (!found) return beyond(r, ctx, { fact: "other", phrase: r.cues.sequel?.phrase ?? (side === "before" ? "prequel" : "sequel") });
  const years = side === "before" ? { from: 0, to: year - 1 } : { from: year + 1, to: 9999 };
  const set: DraftPart = { kind: "films", where: [{ on: "series", name: found.name, films: found.films.slice(0, 40), negated: false }, { on: "years", ...years, negated: false }, { on: "title", film: film.id, negated: true }] };
  if (r.cues.count) return { parts: [set, { kind: "aggregate", op: "count", of: local(0) }] };
  // "is there a sequel to Jaws": yes or no first, then the films that are ("did X direct the sequel" checks X instead).
  if (r.cues.yesNo && !people(r).length) return { parts: [set, { kind: "check", test: { op: "nonempty", of: local(0) } }] };
  // "what are the sequels to Toy Story": all of them, in order; "the sequel": the next one.
  const several = r.cues.sequel!.phrase.endsWith("s");
  return askedOfPick(r, { parts: [set, { kind: "order", of: local(0), by: "releaseYear", direction: side === "before" && !several ? "desc" : "asc", ...(several ? {} : { nth: 1 }) }] });
}
