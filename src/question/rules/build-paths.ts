import { linksWhole } from "../../linking/match";
import { ARTICLES, STOP_WORDS, capitalised, entryOf, isPossessive, linkKey, withoutLeadingArticle } from "../../util/text";
import { tmdbOnlyRef } from "../../plan/schema";
import type { EntityRef, FactKind, FilmConstraintInput, Hop } from "../../plan/schema";
import type { MovieMetric } from "../../ports/movie-catalog";
import { negatedItems } from "../cues";
import { kindOf, kindsOf, leftOutTitles, personRef, seriesWhere, yearsOf } from "../film-set";
import type { Reading } from "../reading";
import { isCastLead, type TopicEntity } from "../analyze";
import { isRole, roleNear, usualRole } from "../roles";
import { askedByCue, entityRef, knownHop, titleYearOf, withinOf } from "./helpers";
import { EDGE_SPECS } from "../../kb/schema";
import { CHARACTER_ACTIVE_VERBS, FACT_AUXILIARIES, FACT_VERBS, FILM_SLOT_PREPOSITIONS, IN_FILM_WORDS, NAME_QUALIFIERS, STORY_ITSELF_WORDS, STORY_THING_ASKERS } from "../lexicon/shapes";
import { QUESTION_WORDS } from "../../linking/question-words";
import { ASKING_WORDS } from "../lexicon/cues";
import { BOND_WORDS, CAST_GENDER_WORDS, CAST_LEAD_OPENERS, KIN_WORDS, LEAD_ROLE_OPENERS, MOVIE_WORDS, PLURAL_MOVIE_WORDS } from "../lexicon/relations";
import { copulaForPlaying, familySeeded, films, people, seedsAfterCue, seedsBeforeCue } from "./features";
import { kinRefs, tmdbSeedRefs, tmdbSeedsAfterCue, tmdbSeedsBeforeCue } from "../tmdb-seeds";
import { local, type Built, type DraftPart, type RuleContext } from "./types";
import { planFacets, toldPlotPart } from "./build-open";
import { taggedFilms } from "../series";
import { tmdbOnlyAsks } from "./tmdb-only-asks";
import { compareWithTmdbOnly } from "./tmdb-only-compare";
import { isGivenName } from "../../linking/name-gender";
import { IN_STORY_SLOT, titleSlotAt } from "../stages/title-slots";

/**
 * Builders of the parts that start from named things or from text: relation lookups, figures of a
 * film, similar films, told plots, kinds of film described, facts the KB lacks, unknown names.
 */

/**
 * A relation asked from the names the clause gives. The one film named is where the relation starts
 * when people are named beside it ("who acted with Claudette Colbert in It Happened One Night").
 */
export function lookupOf(r: Reading, min: number, o: { within?: FilmConstraintInput[]; topics?: TopicEntity[] } = {}): DraftPart | undefined {
  const a = r.analysis;
  const negated = negatedItems(r.cues.negations, r.named, r.concepts).entities;
  const excluded = new Set(negated.map((e) => e.id));
  const linked = o.topics ?? r.named.filter((t) => t.confidence >= min && !excluded.has(t.id));
  const positive = linked.length ? linked : a.topics.filter((t) => t.confidence >= 0.35);
  const filmsNamed = positive.filter((t) => t.type === "Movie");
  const fromFilm = filmsNamed.length === 1 && positive.length > 1 && a.answer.type !== undefined && a.answer.type !== "Movie";
  const topics = (fromFilm ? filmsNamed : positive).slice(0, 5);
  if (!topics.length) return undefined;
  const op = a.operators.find((x) => x.kind === "intersection" || x.kind === "union");
  // "who starred with X and also with Y": a wording of sharing makes several starts one intersection.
  const join = op?.kind === "intersection" || ((r.cues.both || r.cues.shared) && topics.length > 1) ? "both" : op?.kind === "union" ? "either" : "each";
  const path = pathOf(r, topics, fromFilm);
  // With no answer phrase, what the relation said reaches is asked; with no relation either, everything linked to the names.
  const asks = path ? (path.dir === "out" ? EDGE_SPECS[path.edge].to : EDGE_SPECS[path.edge].from) : (a.answer.type ?? askedByCue(r, topics[0]));
  const { within, except } = exclusionsOf(r, { asks, negated, topics, named: fromFilm ? positive.filter((t) => t.type === "Person") : [], within: o.within });
  const gender = path?.edge === "ACTED_IN" && path.dir === "in" ? castGender(r) : undefined;
  return { kind: "lookup", from: topics.map(entityRef), ...(path ? { path: [path] } : {}), ...(asks ? { asks } : {}), join, within, ...(except.length ? { except } : {}), ...(gender ? { gender } : {}), text: r.text };
}

/**
 * "who starred in Titanic besides DiCaprio", "what did Nolan direct besides Inception": a thing said against that is of
 * the kind asked is never an answer, rather than a condition on the films the path passes through; so are the people
 * named beside the one film a lookup starts from.
 */
function exclusionsOf(r: Reading, o: { asks: string | undefined; negated: readonly TopicEntity[]; topics: readonly TopicEntity[]; named: readonly TopicEntity[]; within: FilmConstraintInput[] | undefined }): { within: FilmConstraintInput[]; except: ReturnType<typeof entityRef>[] } {
  const notAnswers = o.asks ? o.negated.filter((e) => e.type === o.asks && !o.topics.includes(e)) : [];
  const gone = new Set(notAnswers.map((e) => e.id));
  const within = (o.within ?? withinOf(r)).filter((c) => !(c.negated && gone.has(c.on === "title" ? c.film : c.on === "person" && "id" in c.who ? c.who.id : "")));
  return { within, except: [...o.named, ...notAnswers].map(entityRef).slice(0, 5) };
}

/** "which actress starred in Titanic", "the female lead in Pretty Woman": the cast's women (or men) asked, said outside any name. */
function castGender(r: Reading): "female" | "male" | undefined {
  const inName = (k: number) => r.named.some((t) => k >= t.tokenStart && k < t.tokenEnd);
  const said = r.words.flatMap((w, k) => (inName(k) ? [] : [entryOf(CAST_GENDER_WORDS, w)])).filter((g) => g !== undefined);
  return said.length && said.every((g) => g === said[0]) ? said[0] : undefined;
}

/**
 * The one hop the clause asks of every start, when it says one; "is The Godfather a good movie": a film's rating
 * asked, with no relation word for it, is its rating relation.
 */
function pathOf(r: Reading, topics: readonly TopicEntity[], fromFilm: boolean): Hop | undefined {
  const hops = topics.map((t) => knownHop(r, t, fromFilm));
  if (hops.every((h) => h && h.edge === hops[0]!.edge && h.dir === hops[0]!.dir)) return hops[0];
  const rated = (r.analysis.answer.type ?? askedByCue(r, topics[0])) === "Rating" && topics.every((t) => t.type === "Movie");
  return rated ? { edge: "HAS_RATING", dir: "out" } : undefined;
}

/**
 * "Who directed Star Wars?" with no film of that name in the KB, only a tag: a film's relation asked of
 * a name written as a title that the KB knows only as a tag means a film it lacks. Said missing, with
 * the best known films tagged with it as the closest, not answered as the tag's films' people.
 */
export async function weakLookup(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const part = lookupOf(r, 0.35);
  const [only] = part?.kind === "lookup" ? part.from : [];
  const tag = only && !("ref" in only) && only.type === "Tag" ? only : undefined;
  // Two or more words, each capitalised: a title. One capitalised word may be a surname misspelt ("Scorsesse films").
  const words = (tag?.said ?? "").split(/\s+/).filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  const titled = words.length >= 2 && words.every((w) => capitalised(w));
  const filmRelation = r.analysis.cues.some((c) => c.weight >= 1 && FILM_RELATIONS.has(c.edge));
  if (!tag || !titled || !filmRelation || part!.kind !== "lookup" || part!.from.length !== 1) return part ? { parts: [part] } : undefined;
  const closest = (await taggedFilms(ctx.kb, tag.id)).sort((a, b) => (ctx.kb.catalog.tmdb(b)?.popularity ?? 0) - (ctx.kb.catalog.tmdb(a)?.popularity ?? 0) || (a < b ? -1 : 1)).slice(0, 5);
  return { parts: [{ kind: "unknown", names: [{ said: (tag.said ?? tag.id).slice(0, 300), closest }] }] };
}

const AUXILIARIES: ReadonlySet<string> = new Set(FACT_AUXILIARIES);
const IN_FILM: ReadonlySet<string> = new Set(IN_FILM_WORDS);
const SLOT_PREPOSITIONS: ReadonlySet<string> = new Set(FILM_SLOT_PREPOSITIONS);
const FACT_VERB_SET: ReadonlySet<string> = new Set(FACT_VERBS);

/** Relations whose subject is a film: asked of a name, they mean a film of that name. */
const FILM_RELATIONS: ReadonlySet<string> = new Set(["DIRECTED", "WROTE", "ACTED_IN", "RELEASED_IN", "IN_LANGUAGE", "HAS_GENRE"]);

export async function lookup(r: Reading, min: number, ctx: RuleContext): Promise<Built | undefined> {
  const part = lookupOf(r, min);
  if (!part) return undefined;
  const shared = sharedFilmsFirst(r, part);
  if (shared) return shared;
  // "who played the female lead in Pakeezah": the cast (its women, when asked), and who leads said to be beyond the KB.
  const lead = part.kind === "lookup" && part.path?.[0]?.edge === "ACTED_IN" && part.path[0].dir === "in" ? leadSaid(r) : undefined;
  if (lead && part.kind === "lookup") return { parts: [{ ...part, lead: true }, { kind: "beyond", fact: "character", said: lead, about: local(0) }] };
  const rated = await ratingFromTmdb(part, ctx);
  if (rated) return { parts: [rated] };
  // Asked of one name, with no relation the KB has but words no name, constraint or cue took ("the gender of
  // john dall", "kevin pollak's profession"): what the KB holds of it, and those words said to be beyond it.
  // So is a question of a film's story, though all its words are plain ("where does cameron diaz go in the holiday").
  const story = storyAsked(r);
  const facets = r.ledger.facets.filter((f) => !f.against).map((f) => f.said);
  const asked = story ? [story] : facets;
  if (part.kind === "lookup" && !part.path && !part.asks && !part.figure && asked.length && (r.named.length === 1 || story) && !r.cues.yesNo) {
    // A given name among them ("what's wrong with elise in mr nobody") is someone of the film's story: a character.
    // A place the KB tags films with is no one's name, though lists of names hold it ("and in germany?").
    const someone = (said: string) => isGivenName(said.toLowerCase()) && !ctx.kb.linker.link(said, { types: ["Tag"], limit: 1, exact: true }).some(linksWhole);
    const fact = facets.some(someone) ? "character" : "other";
    // The story is the film's: what the KB holds of it, not of everyone in it.
    const about = story && r.named.length > 1 ? (lookupOf(r, min, { topics: films(r) }) ?? part) : part;
    return { parts: [about, { kind: "beyond", fact, said: asked.join(", ").slice(0, 100), about: local(0) }] };
  }
  return { parts: [part] };
}

/**
 * What a question of one film's story asked, when it is one: the words before "in" the film that closes a question of its
 * people ("where does cameron diaz go", as a story slot reads "where do they fly to in pretty woman"), or the question
 * after the film named first ("dude wheres my car what are they looking for").
 */
function storyAsked(r: Reading): string | undefined {
  const [film] = films(r);
  if (films(r).length !== 1 || !film) return undefined;
  const opens = film.tokenStart === 0 || (film.tokenStart === 1 && ARTICLES.has(r.words[0]!));
  if (opens && r.named.length === 1 && ASKING_WORDS.has(r.words[film.tokenEnd] ?? "")) return r.text.slice(r.tokens[film.tokenEnd]!.start).trim();
  if (!QUESTION_WORDS.has(r.words[0] ?? "") || film.tokenStart < 2) return undefined;
  const slot = titleSlotAt(r.text, r.tokens, film.tokenStart, r.tokens.slice(film.tokenStart, film.tokenEnd), false)?.id;
  const closing = film.tokenEnd === r.tokens.length && IN_FILM.has(r.words[film.tokenStart - 1] ?? "");
  const story = slot === IN_STORY_SLOT || (closing && r.named.every((t) => t === film || (t.type === "Person" && t.tokenEnd < film.tokenStart)));
  return story ? r.text.slice(0, r.tokens[film.tokenStart - 1]!.start).trim() : undefined;
}

/** "the female lead", "the main role": the words that asked for the leading part of a cast, with their article. */
function leadSaid(r: Reading): string | undefined {
  const cue = r.analysis.cues.find((c) => c.edge === "ACTED_IN" && c.weight === 1 && isCastLead(r.tokens, c.token));
  if (!cue) return undefined;
  let start = cue.token;
  while (start > 0 && [...CAST_LEAD_OPENERS, ...LEAD_ROLE_OPENERS].includes(r.words[start - 1]!)) start--;
  if (r.words[start - 1] === "the") start--;
  return r.words.slice(start, cue.token + 1).join(" ");
}

/**
 * "when did Brad Pitt and Angelina Jolie make a movie together": people joined, a value of films asked (a year, a
 * genre, a language): the films they share first, then that value of those films, not the values each has apart.
 */
function sharedFilmsFirst(r: Reading, part: DraftPart): Built | undefined {
  if (part.kind !== "lookup" || part.join !== "both" || part.from.length < 2 || !part.asks || !FILM_VALUES.has(part.asks)) return undefined;
  const people = part.from.filter((f) => "id" in f && f.type === "Person");
  if (people.length !== part.from.length) return undefined;
  const where: FilmConstraintInput[] = people.flatMap((p) => ("id" in p ? [{ on: "person" as const, who: { id: p.id, type: "Person" as const }, negated: false }] : []));
  const hop = FILM_VALUE_HOPS[part.asks]!;
  return { parts: [{ kind: "films", where }, { kind: "lookup", from: [local(0)], path: [hop], asks: part.asks, join: "each", within: [], text: r.text }] };
}
const FILM_VALUE_HOPS: Readonly<Record<string, Hop>> = {
  Year: { edge: "RELEASED_IN", dir: "out" },
  Genre: { edge: "HAS_GENRE", dir: "out" },
  Language: { edge: "IN_LANGUAGE", dir: "out" },
};
const FILM_VALUES: ReadonlySet<string> = new Set(Object.keys(FILM_VALUE_HOPS));

/**
 * "what is the review score of 12 Angry Men": a film's rating asked, the KB's rating relation empty for
 * it, and TMDB's vote average there — that figure answers (said as TMDB's), rather than "no rating".
 */
async function ratingFromTmdb(part: DraftPart, ctx: RuleContext): Promise<DraftPart | undefined> {
  const hop = part.kind === "lookup" && part.path?.length === 1 ? part.path[0]! : undefined;
  const [from] = part.kind === "lookup" ? part.from : [];
  if (hop?.edge !== "HAS_RATING" || hop.dir !== "out" || part.kind !== "lookup" || part.from.length !== 1 || !from || "ref" in from || from.type !== "Movie") return undefined;
  if ((await ctx.kb.graph.relations(from.id)).some((x) => x.edge === "HAS_RATING" && x.count > 0)) return undefined;
  const votes = ctx.kb.catalog.tmdb(from.id)?.voteAverage;
  return votes ? { kind: "lookup", from: [from], figure: "voteAverage", join: "each", within: [], text: part.text } : undefined;
}

/**
 * "who wrote and directed Pulp Fiction", "who directed and starred in Braveheart": two or more roles joined by "and",
 * asked of one film: its people in each role, and those in all of them.
 */
export function rolesBoth(r: Reading): Built | undefined {
  const fs = films(r);
  const said = r.analysis.cues.filter((c) => c.weight >= 0.7 && isRole(c.edge)).sort((a, b) => a.token - b.token);
  const roles = [...new Set(said.map((c) => c.edge))];
  if (fs.length !== 1 || people(r).length || roles.length < 2) return undefined;
  if (!r.words.slice(said[0]!.token + 1, said.at(-1)!.token).includes("and")) return undefined;
  const each: DraftPart[] = roles.slice(0, 3).map((edge) => ({ kind: "lookup", from: [entityRef(fs[0]!)], path: [{ edge, dir: "in" }], asks: "Person", join: "each", within: titleYearOf(r), text: r.text }));
  return { parts: [...each, { kind: "combine", op: "both", parts: each.map((_, k) => local(k)) }] };
}

/** "what is Memento about", "the plots of Alien and Aliens": each film's story, as its plot and TMDB overview tell it. */
export function story(r: Reading): Built | undefined {
  const fs = films(r).filter((f) => f.confidence >= 0.5 && !(r.cues.story!.at >= f.tokenStart && r.cues.story!.at < f.tokenEnd));
  if (!fs.length) return undefined;
  const told: DraftPart = { kind: "lookup", from: fs.slice(0, 5).map(entityRef), story: true, join: "each", within: titleYearOf(r), text: r.text };
  // "what war was the movie about": one thing of the story asked, which the KB does not record; its story told beside.
  const noun = storyNounAsked(r);
  return { parts: noun ? [told, { kind: "beyond", fact: "other", said: `${r.words[0]} ${noun}`, about: local(0) }] : [told] };
}

/** Words after "what"/"which" that ask for the story itself or its kind, not one thing of it. */
const STORY_ITSELF: ReadonlySet<string> = new Set([...MOVIE_WORDS, ...PLURAL_MOVIE_WORDS, ...STORY_ITSELF_WORDS]);
const STORY_ASKERS: ReadonlySet<string> = new Set(STORY_THING_ASKERS);

/** The noun "what" or "which" asks of a story ("what war was forrest gump about"), if the question opens so. */
function storyNounAsked(r: Reading): string | undefined {
  const [wh, noun, verb] = r.words;
  if (!STORY_ASKERS.has(wh ?? "") || noun === undefined || verb === undefined) return undefined;
  if (STOP_WORDS.has(noun) || QUESTION_WORDS.has(noun) || STORY_ITSELF.has(noun) || r.named.some((t) => t.tokenStart <= 1 && t.tokenEnd > 1)) return undefined;
  return AUXILIARIES.has(verb) ? noun : undefined;
}

/** "how long is the godfather", "what was the budget of avatar": a TMDB figure of the one film named. */
export function figure(r: Reading, ctx: RuleContext): Built | undefined {
  const f = r.cues.figure!;
  const [film] = films(r);
  if (!film || film.confidence < 0.7 || (f.at >= film.tokenStart && f.at < film.tokenEnd)) return undefined;
  // "how much did toto make in wizard of oz": a money verb whose subject is not the film, said "in" it, asks what that one earned.
  const earner = f.metric === "revenue" && f.phrase.startsWith("how much") ? earnerOf(r, f, film) : undefined;
  if (earner) return { parts: [{ kind: "lookup", from: [entityRef(film)], join: "each", within: titleYearOf(r), text: r.text }, { kind: "beyond", fact: "other", said: `how much ${earner} made`, about: local(0) }] };
  const row = ctx.kb.catalog.tmdb(film.id);
  if (row?.[f.metric] === undefined || row[f.metric] === 0) {
    // The figure exists in no data this service holds: said as such, beside what the KB does hold.
    return { parts: [{ kind: "lookup", from: [entityRef(film)], join: "each", within: titleYearOf(r), text: r.text }, { kind: "beyond", fact: FIGURE_FACT[f.metric], said: f.phrase, about: local(0) }] };
  }
  return { parts: [{ kind: "lookup", from: [entityRef(film)], figure: f.metric, join: "each", within: titleYearOf(r), text: r.text }] };
}

/**
 * "was Jaws released after Star Wars" with Star Wars not in the KB: the comparison cannot be made, so
 * the figure it would compare is looked up for the side the KB has (its release year, its runtime);
 * the name it lacks is said beside (understand.ts).
 */
export function compareOneSide(r: Reading): Built | undefined {
  const c = r.cues.gap ?? r.cues.comparative!;
  const [film] = films(r);
  if (!film || film.confidence < 0.7 || c.by === "filmCount") return undefined;
  const withTmdb = compareWithTmdbOnly(r, film);
  if (withTmdb) return withTmdb;
  if (c.by === "releaseYear") return { parts: [{ kind: "lookup", from: [entityRef(film)], path: [{ edge: "RELEASED_IN", dir: "out" }], asks: "Year", join: "each", within: titleYearOf(r), text: r.text }] };
  return { parts: [{ kind: "lookup", from: [entityRef(film)], figure: c.by, join: "each", within: titleYearOf(r), text: r.text }] };
}

/** Who "how much did … make" asks of, when it is someone in the film said after the verb ("toto", in "how much did toto make in wizard of oz"). */
function earnerOf(r: Reading, f: NonNullable<Reading["cues"]["figure"]>, film: TopicEntity): string | undefined {
  const verb = f.end - 1;
  const subject = r.tokens.slice(f.at + 3, verb);
  const inFilm = SLOT_PREPOSITIONS.has(r.words[film.tokenStart - 1] ?? "");
  return subject.length && film.tokenStart > verb && inFilm ? subject.map((t) => t.text).join(" ") : undefined;
}

const FIGURE_FACT: Readonly<Record<MovieMetric, FactKind>> = { runtime: "runtime", budget: "budget", revenue: "box_office", voteAverage: "other", voteCount: "other", popularity: "other" };

/** "what do Inception and Interstellar have in common": what every named film is linked to. */
export function shared(r: Reading): Built | undefined {
  const fs = films(r).slice(0, 3);
  if (fs.length < 2) return undefined;
  const parts: DraftPart[] = fs.map((f) => ({ kind: "lookup", from: [entityRef(f)], join: "each", within: titleYearOf(r), text: r.text }));
  return { parts: [...parts, { kind: "combine", op: "both", parts: fs.map((_, i) => local(i)) }] };
}

/** "films like Heat but newer", "if I enjoyed Alien, what else": similar films, with the kinds, periods and exclusions said. */
export async function similar(r: Reading, before: boolean, ctx: RuleContext): Promise<Built | undefined> {
  const family = familySeeded(r, before);
  const named = [...(before ? seedsBeforeCue(r) : seedsAfterCue(r)).map(entityRef), ...(family?.films ?? []).map((id): EntityRef => ({ id, type: "Movie" }))];
  // "something like Star Wars": a film TMDB lists and the KB lacks is started from by its TMDB row, and a sequel
  // ("like the godfather part ii") by the graph's earlier films of its family as well.
  const lacked = before ? tmdbSeedsBeforeCue(r) : tmdbSeedsAfterCue(r);
  const tmdbOnly = tmdbSeedRefs(lacked);
  const seeds = [...named, ...(await kinRefs(lacked, ctx.kb))].filter((s, i, all) => all.findIndex((x) => x.id === s.id) === i).slice(0, 5);
  if (!seeds.length && !tmdbOnly.length) return undefined;
  const excluded = negatedItems(r.cues.negations, r.named, r.concepts).concepts;
  const kind = kindsOf(r).find((c) => !excluded.includes(c));
  const years = yearsOf(r);
  const where: FilmConstraintInput[] = [
    ...(years ? [{ on: "years" as const, ...years, negated: false }] : []),
    ...(kind ? [{ on: "kind" as const, kind: kindOf(kind), negated: false }] : []),
    ...(excluded[0] ? [{ on: "kind" as const, kind: kindOf(excluded[0]), negated: true }] : []),
    // The family started from is no answer: none of its films ("movies like the Rocky films" are not Rocky II).
    ...(family?.films.length ? [{ on: "series" as const, name: family.name, films: family.films.slice(0, 40), negated: true }] : []),
    // "like Alien but not Aliens": a film left out is never recommended.
    ...leftOutTitles(r, []),
  ].slice(0, 6);
  return { parts: [{ kind: "similar", seeds, ...(tmdbOnly.length ? { tmdbOnly } : {}), where, ...(r.cues.age ? { age: r.cues.age } : {}), facets: planFacets(r, ctx.kb) }] };
}

/** A story told in the user's words; a person named in full ("the one where bill murray …") narrows it to their films. */
export function toldPlot(r: Reading, ctx: RuleContext): Built {
  return toldPlotPart(r, ctx, 3);
}

/** Nothing named to start from: the clause is searched as a description of films. */
export function described(r: Reading, ctx: RuleContext): Built {
  return toldPlotPart(r, ctx, 0);
}

/** "stephen king movies: horror or drama mostly?": the genre split of one person's films. */
export async function personGenres(r: Reading, ctx: RuleContext): Promise<Built | undefined> {
  const [person] = people(r);
  if (!person) return undefined;
  const role = roleNear(person, r.analysis) ?? (await usualRole(person, r.analysis, ctx.kb));
  const options = r.cues.options.map((o) => ({ said: o.text, genre: o.genre }));
  return {
    parts: [
      { kind: "films", where: [{ on: "person", who: personRef(person), role, negated: false }] },
      { kind: "aggregate", op: "distribution", of: local(0), over: { edge: "HAS_GENRE", dir: "out" }, options },
    ],
  };
}

/** "is psycho iii a thriller or a comedy": the genres of the one film asked about, the options read against them. */
export function filmGenres(r: Reading): Built | undefined {
  const [film] = films(r);
  if (!film) return undefined;
  return { parts: [{ kind: "lookup", from: [entityRef(film)], path: [{ edge: "HAS_GENRE", dir: "out" }], asks: "Genre", text: r.text }] };
}

/** "is Jaws in English or French": the languages the KB lists for the one film, whichever of the options they are. */
export function filmLanguages(r: Reading): Built | undefined {
  const [film] = films(r);
  if (!film) return undefined;
  return { parts: [{ kind: "lookup", from: [entityRef(film)], path: [{ edge: "IN_LANGUAGE", dir: "out" }], asks: "Language", text: r.text }] };
}

/** "are vampire films usually scary or funny", "what are westerns typically like": a kind of film described by its genre mix. */
export function describeKind(r: Reading): Built | undefined {
  const optionTokens = new Set(r.cues.options.flatMap((o) => o.tokens));
  const subject = r.concepts.filter((c) => !Array.from({ length: c.tokenEnd - c.tokenStart }, (_, i) => c.tokenStart + i).some((i) => optionTokens.has(i))).sort((a, b) => Number(b.cued) - Number(a.cued))[0];
  if (!subject) return undefined;
  return { parts: [{ kind: "describe", of: kindOf(subject), options: r.cues.options.map((o) => ({ said: o.text, genre: o.genre })) }] };
}

/**
 * A fact the KB lacks ("where was the director of Titanic born", "who did Harrison Ford play in
 * Witness"): said as missing, beside what the KB does hold about what was named — the film's people
 * in the role asked, the person in the film, the person's films, or the film's facts.
 */
export async function beyond(r: Reading, ctx: RuleContext, f: { fact: FactKind; phrase: string; at?: number; says?: string }, inner?: Built): Promise<Built | undefined> {
  const at = f.at;
  if (at !== undefined && r.named.some((t) => t.confidence >= 0.5 && at >= t.tokenStart && at < t.tokenEnd)) return undefined;
  // "which films did the oscar winner kathryn bigelow direct": a fact word right before a name describes the person; the relation asked is the question.
  const end = at === undefined ? -1 : at + f.phrase.split(" ").length;
  // "produced by Benicio del Toro" is no description: "by" makes the person the one who did the fact.
  // A description stands right before the name ("the oscar winner kathryn bigelow"); a verb between ("what episode has david
  // lynch directed") or a fact said as a verb ("which film won marlon brando his award") makes the name the fact's subject or object.
  const describesName = r.named.some((t) => t.type === "Person" && t.tokenStart >= end && t.tokenStart - end <= 1 && !FACT_VERB_SET.has(r.words[end - 1] ?? "") && !AUXILIARIES.has(r.words[end] ?? "") && r.words[end] !== "by");
  if (describesName && r.analysis.cues.some((c) => c.weight >= 1 && (c.edge === "DIRECTED" || c.edge === "WROTE" || c.edge === "ACTED_IN"))) return undefined;
  // A fact word the clause's own rule read as a kind of film ("music for" → musicals) makes that reading no answer to keep.
  const factAsKind = at !== undefined && r.concepts.some((c) => (c.strong || c.cued) && c.tokenStart < end && at < c.tokenEnd);
  // "what role did Tom Hanks play in Big": the character is the person's, so the film's cast without them is no answer beside it.
  const ownCharacter = f.fact === "character" && people(r).length > 0;
  const about = (factAsKind || ownCharacter ? undefined : innerAbout(inner)) ?? (await aboutPart(r, ctx, f.fact));
  // "what country is richard attenborough from": a person's country is their nationality.
  // "where does the idea come from", asked of a film: where the film comes from (its source), not a birthplace.
  const kind = f.fact === "country" && people(r).length && !films(r).length ? "nationality" : f.fact === "birthplace" && f.phrase.endsWith("from") && films(r).length && !people(r).length && !r.analysis.answer.edge ? "other" : f.fact;
  const fact = { kind: "beyond" as const, fact: kind, said: f.says ?? ownName(r, f) ?? f.phrase };
  const missing = missingBeside(r, f.fact, about);
  const held = about ?? [];
  const refs = { ...(about ? { about: local(held.length - 1) } : {}), ...(missing.length ? { missing: local(held.length) } : {}) };
  return { parts: [...held, ...missing, { ...fact, ...refs }] };
}

/**
 * A name the user gave that the KB lacks, said missing beside a fact it lacks: the film asked about ("when did they start
 * filming super troopers 2"), or who plays the part ("what role did leslie odom jr play in rent"). With nothing the KB holds
 * beside, only a name said as a film's: other capitalised words may be the fact's own ("Best Picture").
 */
function missingBeside(r: Reading, fact: FactKind, about: readonly DraftPart[] | undefined): DraftPart[] {
  // (Not again when what is held beside already says it: a film TMDB lists.)
  if ((about && fact !== "character") || about?.some((p) => p.kind === "unknown")) return [];
  const lacked = r.notFound.filter((n) => n.asFilm || n.tmdb?.length || (fact === "character" && n.asPlayer));
  return lacked.length ? [unknownPart({ ...r, notFound: lacked })] : [];
}

const NAME_QUALIFIER: ReadonlySet<string> = new Set(NAME_QUALIFIERS);

/** "the joker's real name in batman", "gollum's name": a name asked in the possessive, said as asked. */
function ownName(r: Reading, f: { fact: FactKind; at?: number }): string | undefined {
  if (f.fact !== "character" || f.at === undefined || r.words[f.at] !== "name") return undefined;
  const owner = NAME_QUALIFIER.has(r.words[f.at - 1] ?? "") ? f.at - 2 : f.at - 1;
  if (owner < 0 || !isPossessive(r.tokens[owner]!.text)) return undefined;
  const start = ARTICLES.has(r.words[owner - 1] ?? "") ? owner - 1 : owner;
  return `what ${r.text.slice(r.tokens[start]!.start, r.tokens[f.at]!.end)} is`;
}

/**
 * What the clause's own rule read, when it is the part the KB can answer beside the missing fact: a
 * lookup of people or films ("the director of Titanic", "who was in both A and B"), a set of films.
 */
function innerAbout(inner: Built | undefined): DraftPart[] | undefined {
  const last = inner?.parts[inner.parts.length - 1];
  if (!last) return undefined;
  const named = last.kind === "lookup" && last.from.every((f) => "ref" in f || f.type === "Movie" || f.type === "Person");
  const asksNames = last.kind === "lookup" && named && (last.asks === "Person" || last.asks === "Movie") && (last.path !== undefined || last.from.length > 1);
  // "where was august osage county filmed": a film TMDB alone lists, said from its TMDB row beside the fact.
  const tmdbOnly = last.kind === "unknown" && last.names.some((n) => n.tmdb?.length);
  // "where was the first mad max movie filmed": the film a place in its family picks.
  // (A family's, not a person's films: "the oldest child of meryl streep" orders nothing.)
  const placed = last.kind === "order" && last.nth !== undefined && inner!.parts.some((p) => p.kind === "films" && p.where.some((c) => c.on === "series"));
  return asksNames || tmdbOnly || placed || last.kind === "combine" || last.kind === "films" ? inner!.parts : undefined;
}

/** Films named side by side with "and" ("in Gone with the Wind and A Streetcar Named Desire"); "Maria in West Side Story" is no pair. */
function joinedFilms(r: Reading): TopicEntity[] {
  const sorted = [...films(r)].sort((a, b) => a.tokenStart - b.tokenStart);
  const joined = sorted.slice(1).every((f, i) => {
    const between = r.words.slice(sorted[i]!.tokenEnd, f.tokenStart);
    return between.includes("and") && between.every((w) => w === "and" || w === "both");
  });
  return joined ? sorted : [];
}

const PERSON_ROLES = new Set(["DIRECTED", "WROTE", "ACTED_IN"]);

/** The people of films in one role, as a lookup (joined "both" when several films must all have them). */
export function peopleOf(r: Reading, from: readonly TopicEntity[], edge: string, join: "each" | "both"): DraftPart[] {
  return [{ kind: "lookup", from: from.slice(0, 5).map(entityRef), path: [{ edge: edge as "ACTED_IN", dir: "in" }], asks: "Person", join, within: titleYearOf(r), text: r.text }];
}

/** A named person's part in a named film, checked ("did Tom Hanks play in Big"). */
function personInFilm(r: Reading, film: TopicEntity, person: TopicEntity, fact: FactKind): DraftPart[] {
  const said = roleNear(person, r.analysis);
  const role = said ? { role: said } : fact === "character" ? { role: "ACTED_IN" as const } : {};
  const where: FilmConstraintInput[] = [{ on: "title", film: film.id, negated: false }, { on: "person", who: personRef(person), ...role, negated: false }];
  return [{ kind: "films", where }, { kind: "check", test: { op: "nonempty", of: local(0) } }];
}

/** What the KB holds beside a fact it lacks: the people or films the clause names, in the role it asks. */
async function aboutPart(r: Reading, ctx: RuleContext, fact: FactKind): Promise<DraftPart[] | undefined> {
  const [film] = films(r);
  const [person] = people(r);
  const role = r.analysis.answer.edge;
  const both = joinedFilms(r);
  // "who won Oscars for her roles in Gone with the Wind and A Streetcar Named Desire": the person asked is in every film named.
  if (both.length >= 2 && !person && r.analysis.answer.type === "Person") return peopleOf(r, both, role === "DIRECTED" || role === "WROTE" ? role : "ACTED_IN", "both");
  if (film) return aboutFilm(r, film, person, fact);
  if (person) return [{ kind: "films", where: [{ on: "person", who: personRef(person), role: roleNear(person, r.analysis) ?? (await usualRole(person, r.analysis, ctx.kb)), negated: false }] }];
  return fact === "character" ? (placedCast(r) ?? eponymousCast(r, ctx) ?? seriesCast(r)) : undefined;
}

/** "who plays predator in the new predator movie": the cast of the film a place in its family picks (before a namesake). */
function placedCast(r: Reading): DraftPart[] | undefined {
  const s = r.series;
  const o = r.cues.ordinal;
  if (!s || !o || r.cues.superlative) return undefined;
  return [
    { kind: "films", where: [seriesWhere(s)] },
    { kind: "order", of: local(0), by: "releaseYear", direction: o.fromEnd ? "desc" : "asc", nth: o.nth },
    { kind: "lookup", from: [local(1)], path: [{ edge: "ACTED_IN", dir: "in" }], asks: "Person", join: "each", within: [], text: r.text },
  ];
}

/** "who plays snape in harry potter": a family's films and their cast, one of whom played the part. */
function seriesCast(r: Reading): DraftPart[] | undefined {
  const s = r.series;
  if (!s) return undefined;
  return [{ kind: "films", where: [seriesWhere(s)] }, { kind: "lookup", from: [local(0)], path: [{ edge: "ACTED_IN", dir: "in" }], asks: "Person", join: "each", within: [], text: r.text }];
}

/**
 * "who played Rocky", no film said: the character a film is named after, so that film's cast beside what the KB lacks.
 * So too someone of that character by kin or bond ("who played hercules wife in the 2014 movie").
 */
function eponymousCast(r: Reading, ctx: RuleContext): DraftPart[] | undefined {
  const said = titleCharacter(r.characters[0]?.text);
  const own = said ? ctx.kb.linker.link(said, { types: ["Movie"], limit: 1, exact: true })[0] : undefined;
  if (!said || !own || withoutLeadingArticle(linkKey(own.name)) !== withoutLeadingArticle(linkKey(said))) return undefined;
  return [{ kind: "lookup", from: [{ id: own.id, type: "Movie", said }], path: [{ edge: "ACTED_IN", dir: "in" }], asks: "Person", join: "each", within: titleYearOf(r), text: r.text }];
}

/** The character a name of someone in a story is said by: their own name, or the name before a word of kin or bond ("hercules wife", "rocky's brother"). */
function titleCharacter(said: string | undefined): string | undefined {
  const words = said?.split(/\s+/) ?? [];
  const last = words.at(-1)?.toLowerCase() ?? "";
  return words.length >= 2 && (KIN_WORDS.has(last) || BOND_WORDS.has(last)) ? words.slice(0, -1).join(" ").replace(/['’]s$/iu, "") : said;
}

function aboutFilm(r: Reading, film: TopicEntity, person: TopicEntity | undefined, fact: FactKind): DraftPart[] {
  const role = r.analysis.answer.edge;
  // "who played the Ringo Kid in Stagecoach": the film's cast, one of whom played the character.
  // A person followed by the verb they play it by ("what role did Tom Hanks play") is the actor, not the character; so
  // is one after "who is" ("who is liam neeson in dark knight rises": the copula stands for the verb).
  const characterNamed = person !== undefined && person.tokenStart > (r.cues.character?.at ?? Infinity) && !ACTIVE_PLAY_VERBS.has(r.words[person.tokenEnd] ?? "") && !copulaForPlaying(r);
  if (fact === "character" && (!person || characterNamed)) return peopleOf(r, [film], "ACTED_IN", "each");
  // "who is the director and editor of Big starring Tom Hanks": the film's people in the role asked come first.
  if ((role === "DIRECTED" || role === "WROTE") && fact !== "character") return peopleOf(r, [film], role, "each");
  if (person) return personInFilm(r, film, person, fact);
  if (role && PERSON_ROLES.has(role)) return peopleOf(r, [film], role, "each");
  // "how old was the director of Jaws": a fact of a person, asked of the film's people in a role said before it.
  const of = PERSON_FACTS.has(fact) ? r.analysis.cues.find((c) => PERSON_ROLES.has(c.edge) && c.weight >= 1 && r.words[c.token + 1] === "of" && c.token + 2 === film.tokenStart) : undefined;
  if (of) return peopleOf(r, [film], of.edge, "each");
  return [{ kind: "lookup", from: [entityRef(film)], join: "each", within: titleYearOf(r), text: r.text }];
}
const ACTIVE_PLAY_VERBS = new Set(CHARACTER_ACTIVE_VERBS);
const PERSON_FACTS: ReadonlySet<FactKind> = new Set(["birthplace", "birth_date", "death", "age", "nationality", "family", "education"]);

/** Names the user gave that the KB does not have, and nothing else named: said as not found, with the closest names. */
export function unknownNames(r: Reading): Built | undefined {
  if (!r.notFound.length || r.named.length) return undefined;
  return { parts: [unknownPart(r)] };
}

/** The names the user gave that the KB lacks, as one part, each with its closest names. */
/** "who is Margot Robbie", "tell me about the movie Dune": everything the KB links to the one name. */
export function about(r: Reading): Built | undefined {
  const [t] = r.named;
  return t ? { parts: [{ kind: "lookup", from: [entityRef(t)], join: "each", within: titleYearOf(r), text: r.text }] } : undefined;
}

export function unknownPart(r: Reading): DraftPart {
  const names = r.notFound.slice(0, 5).map((n) => ({ said: n.text.slice(0, 300), closest: n.closest.slice(0, 5), ...(n.tmdb?.length ? { tmdb: n.tmdb.slice(0, 3).map(tmdbOnlyRef) } : {}) }));
  const asks = names.some((n) => n.tmdb) ? tmdbOnlyAsks(r) : undefined;
  return { kind: "unknown", names, ...(asks ? { asks } : {}) };
}
