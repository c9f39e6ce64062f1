import type { KnowledgeBase } from "../kb/knowledge-base";
import { indexTerms } from "../kb/text-fields";
import { ARTICLES, linkKey, withoutLeadingArticle, type WordToken } from "../util/text";
import { byYearThenTitle, type TmdbOnlyFilm } from "../ports/movie-catalog";
import type { QuestionAnalysis } from "./analyze";
import { IN_FILM_WORDS, MEASURE_AFTER_NUMBER_WORDS, ORDINAL_WORDS, SERIES_OPENERS, SERIES_TITLE_WORDS, SERIES_WORDS } from "./lexicon/shapes";
import { WH_WORDS } from "./lexicon/cues";
import { ROLE_IN_FILM_WORDS } from "./lexicon/followup";
import { LATEST_OF_FAMILY_WORDS, SEQUEL_LEADS, SEQUEL_SUBTITLE_WORDS } from "./lexicon/linking";

/** A family of films named by their shared title ("the Rocky movies", "which Toy Story film"). */
export interface Series {
  name: string;
  /** KB films of the family, by KB name, earliest title first. */
  films: string[];
  /** Films of the family TMDB lists and the KB lacks ("The Lord of the Rings: The Two Towers"), earliest first. */
  tmdbOnly?: TmdbOnlyFilm[];
  tokenStart: number;
  tokenEnd: number;
}

const WORDS = new Set(SERIES_WORDS);
const OPENERS = new Set(SERIES_OPENERS);
const PLURAL = new Set(["movies", "films", "series", "franchise", "trilogy", "saga", "sequels", "installments", "entries", "ones", "parts"]);
/** How a sequel's title goes on from the family name: a number (roman numerals read as numbers), a part, a subtitle. */
const CONTINUATION = new RegExp(`^(?:\\d{1,2}\\b|[ivx]{1,4}\\b|${[...SEQUEL_LEADS, "and the", ...SEQUEL_SUBTITLE_WORDS].join("\\b|")}\\b)`);
const MAX_WORDS = 4;
const FILM_WORDS = new Set(["movie", "movies", "film", "films"]);
/** Words only a series takes: a family said with one is a family even of one KB film. */
const SERIES_ONLY = new Set(["series", "franchise", "trilogy", "saga"]);

function isGenreName(span: readonly WordToken[], kb: KnowledgeBase): boolean {
  const name = span.map((t) => t.text).join(" ");
  return kb.linker.link(name, { types: ["Genre"], limit: 1, exact: true }).length > 0;
}

/**
 * A title family: a span of up to four words right before a series word ("movie", "films",
 * "trilogy"), after an opener ("which", "the", "all") or with a plural series word, whose words
 * open the titles of at least two KB films, each the name alone or the name with a sequel's
 * continuation ("Rocky II", "Toy Story 3", "Harry Potter and the …", "The Matrix: Reloaded").
 */
export async function findSeries(tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase, ranked = false, counted = false, ordinalEnd?: number, numberAt?: number): Promise<Series | undefined> {
  const numbered = numberAt === undefined ? undefined : familyBefore(tokens, numberAt, analysis, kb);
  const found = numbered ?? beforeSeriesWord(tokens, analysis, kb, ranked, counted, ordinalEnd) ?? afterWhich(tokens, analysis, kb) ?? afterOrdinal(tokens, analysis, kb, ordinalEnd) ?? closingInFilm(tokens, analysis, kb);
  return found ? { ...found, films: await wholeFamily(found, kb) } : undefined;
}

/** A family's films by its title, with the namesakes its makers made and the films tagged with its name that are kin. */
export async function wholeFamily(series: Series, kb: KnowledgeBase): Promise<string[]> {
  return withTagged({ ...series, films: await withNamesakesByMakers(series, kb) }, kb);
}

/**
 * A family is its people's as well as its title's. A title that goes on from the family's name with other words, or
 * says it in the plural ("Rocky Balboa", "Predators"), joins when it shares a director or writer with a film of it.
 * (A numbered namesake by other people, Kaurismäki's short Rocky VI, stays: sequels by new people are common, and
 * the title is all that tells them apart.)
 */
async function withNamesakesByMakers(series: Series, kb: KnowledgeBase): Promise<string[]> {
  const key = withoutLeadingArticle(linkKey(series.name));
  const namesakes = kb.linker
    .link(series.name, { types: ["Movie"], limit: 40 })
    .map((c) => c.id)
    .filter((id, i, all) => all.indexOf(id) === i && !series.films.includes(id) && [`${key} `, `${key}s`].some((p) => withoutLeadingArticle(linkKey(id)).startsWith(p)));
  const makers = await kb.graph.neighborsMany([...series.films, ...namesakes], { edges: ["DIRECTED", "WROTE"], direction: "in" });
  const of = (f: string) => new Set((makers.get(f) ?? []).map((n) => n.id));
  const shares = (f: string, others: readonly string[]) => others.some((o) => o !== f && [...of(f)].some((m) => of(o).has(m)));
  return [...series.films, ...namesakes.filter((m) => shares(m, series.films)).sort()];
}

/**
 * A series is a concept, not only a title: a film the KB tags with the family's name belongs to it too
 * ("indiana jones" tags Raiders of the Lost Ark, whose title does not carry it) when it shares a
 * director or writer with a film that carries the name. A tag alone is too loose: "iron man" also tags
 * The Avengers, "superman" Hollywoodland.
 */
async function withTagged(series: Series, kb: KnowledgeBase): Promise<string[]> {
  // "all the Indiana Jones movies": the article the span began with is no part of the tag.
  const tag = kb.linker.link(withoutLeadingArticle(linkKey(series.name)), { types: ["Tag"], limit: 1, exact: true })[0];
  if (!tag) return series.films;
  const tagged = (await taggedFilms(kb, tag.id)).filter((m) => !series.films.includes(m));
  if (!tagged.length) return series.films;
  const makers = await kb.graph.neighborsMany([...series.films, ...tagged], { edges: ["DIRECTED", "WROTE"], direction: "in" });
  const familyMakers = new Set(series.films.flatMap((f) => (makers.get(f) ?? []).map((n) => n.id)));
  const sharing = tagged.filter((m) => (makers.get(m) ?? []).some((n) => familyMakers.has(n.id)));
  const told = await toldOf(series.name, sharing, kb);
  const kin = await kindredOf(series.films, sharing.filter((m) => !told.has(m)), tag.id, kb);
  return [...series.films, ...sharing.filter((m) => told.has(m) || kin.has(m)).sort()];
}

/**
 * Of some films, those that share two or more tags with the family's films besides its name and people's names: Man
 * of Steel shares "superhero" and "dc comics" with the Superman films; The Prestige shares only its cast's names with Batman Begins.
 */
async function kindredOf(family: readonly string[], ids: readonly string[], nameTag: string, kb: KnowledgeBase): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const tags = await kb.graph.neighborsMany([...family, ...ids], { edges: ["HAS_TAG"], direction: "out" });
  const personal = (t: string) => kb.linker.link(t, { types: ["Person"], limit: 1, exact: true }).length > 0;
  const familyTags = new Set(family.flatMap((f) => (tags.get(f) ?? []).map((n) => n.id)).filter((t) => t !== nameTag && !personal(t)));
  return new Set(ids.filter((m) => (tags.get(m) ?? []).filter((n) => familyTags.has(n.id)).length >= 2));
}

/**
 * Of some films, those whose plot or overview says every word of the family's name, or whose TMDB keywords hold it:
 * "batman" tags The Prestige (its cast) and The Dark Knight, and only The Dark Knight's story names Batman.
 */
async function toldOf(name: string, ids: readonly string[], kb: KnowledgeBase): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const terms = [...new Set(indexTerms(name))];
  const hits = await kb.text.search(name, { types: ["Movie"], fields: ["plot", "overview"], limit: 2000, fuzzy: 0, prefix: false });
  const wanted = new Set(ids);
  const told = hits.filter((h) => wanted.has(h.id) && terms.every((t) => t in h.matched)).map((h) => h.id);
  // Or TMDB files it under the name as a keyword (Man of Steel's story says Clark Kent; its keywords say superman).
  const keyworded = kb.catalog.moviesWithKeyword(withoutLeadingArticle(linkKey(name))).filter((m) => wanted.has(m));
  return new Set([...told, ...keyworded]);
}

/** "the Rocky movies", "which Godfather film", "the second Men in Black movie" (an order or ranking asked: any word may come before). */
/** The films the KB tags with a tag, by id. */
export async function taggedFilms(kb: KnowledgeBase, tagId: string): Promise<string[]> {
  return (await kb.graph.neighbors(tagId, { edges: ["HAS_TAG"], direction: "in", neighborType: "Movie" })).map((n) => n.id);
}

function beforeSeriesWord(tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase, ranked: boolean, counted: boolean, ordinalEnd?: number): Series | undefined {
  // A series word inside a title the question names ("The Hangover Part II") is the title's.
  const inTitle = (k: number) => analysis.topics.some((t) => t.types.includes("Movie") && t.confidence >= 0.5 && t.tokenStart < k && k < t.tokenEnd);
  for (let end = 1; end < tokens.length; end++) {
    const word = tokens[end]!.folded;
    if (!WORDS.has(word) || inTitle(end)) continue;
    for (let len = Math.min(MAX_WORDS, end); len >= 1; len--) {
      const start = end - len;
      const before = tokens[start - 1]?.folded;
      if (!PLURAL.has(word) && !ranked && !(before !== undefined && OPENERS.has(before))) continue;
      // "how many Lord of the Rings movies": a family counted may have one film in the KB (the count is then 1);
      // so may one placed by an ordinal or superlative said right before its name ("the second Lord of the Rings movie": there is none).
      // A genre before a film word is the kind ("the top rated war movies"), whatever titles repeat it; a word
      // only a series takes ("the war trilogy") still makes it a family.
      if (FILM_WORDS.has(word) && isGenreName(tokens.slice(start, end), kb)) continue;
      // So may one said with a word only a series takes ("the godfather trilogy": the KB holds one of its films).
      // Films TMDB alone lists join a family asked as one (in the plural, ranked, counted); "in The Avengers movie" is the one film.
      const asFamily = PLURAL.has(word) || ranked || counted || SERIES_ONLY.has(word) || start === ordinalEnd;
      const found = seriesAt(tokens, start, end, analysis, kb, (counted && PLURAL.has(word)) || start === ordinalEnd || SERIES_ONLY.has(word), asFamily);
      if (found) return { ...found, tokenEnd: end + 1 };
    }
  }
  return undefined;
}

/** "which paranormal activity came out last", "which toy story is the longest": a family named right after "which". */
function afterWhich(tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase): Series | undefined {
  const at = tokens.findIndex((t) => t.folded === "which");
  if (at < 0) return undefined;
  // A series word said after the name ends it: "which Star Wars movie" names Star Wars or nothing, never "Star".
  const word = tokens.findIndex((t, i) => i > at && i <= at + 1 + MAX_WORDS && WORDS.has(t.folded));
  if (word > at + 1) return seriesAt(tokens, at + 1, word, analysis, kb);
  for (let len = Math.min(MAX_WORDS, tokens.length - at - 1); len >= 1; len--) {
    const found = seriesAt(tokens, at + 1, at + 1 + len, analysis, kb);
    if (found) return found;
  }
  return undefined;
}

/** "when did the second toy story come out", "who directed the third rocky": a family named right after an ordinal, no series word said. */
function afterOrdinal(tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase, ordinalEnd?: number): Series | undefined {
  // "the second toy story": a place word with its article ("which came out first, starfall or …" places no family).
  // "The first die hard" is the film of the family's own name: that film, no family to order.
  const place = ordinalEnd === undefined ? undefined : ORDINAL_WORDS[tokens[ordinalEnd - 1]?.folded ?? ""];
  if (ordinalEnd === undefined || !place || (place.nth === 1 && !place.fromEnd) || tokens[ordinalEnd - 2]?.folded !== "the") return undefined;
  for (let len = Math.min(MAX_WORDS, tokens.length - ordinalEnd); len >= 1; len--) {
    const found = seriesAt(tokens, ordinalEnd, ordinalEnd + len, analysis, kb);
    if (found) return found;
  }
  return undefined;
}

const IN_FILM: ReadonlySet<string> = new Set(IN_FILM_WORDS);
const WH: ReadonlySet<string> = new Set(WH_WORDS);
const PLAYED: ReadonlySet<string> = new Set(ROLE_IN_FILM_WORDS);

/**
 * "who plays snape in harry potter": after "in", "from" or "on", closing a question of a part played, a name no KB film bears whole but
 * whose words open the titles of two films or more, one of them the KB's, is the family the question is asked in.
 */
function closingInFilm(tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase): Series | undefined {
  if (!WH.has(tokens[0]?.folded ?? "") || !tokens.some((t) => PLAYED.has(t.folded))) return undefined;
  for (let start = Math.max(1, tokens.length - MAX_WORDS); start < tokens.length; start++) {
    if (!IN_FILM.has(tokens[start - 1]!.folded) && !(ARTICLES.has(tokens[start - 1]!.folded) && IN_FILM.has(tokens[start - 2]?.folded ?? ""))) continue;
    const film = analysis.topics.some((t) => t.types.includes("Movie") && t.tokenStart <= start && t.tokenEnd > start);
    if (film || ARTICLES.has(tokens[start]!.folded)) continue;
    // A family TMDB alone lists is read as the films it names (see unknown names), not as a family here.
    const found = seriesAt(tokens, start, tokens.length, analysis, kb);
    return found?.films.length ? found : undefined;
  }
  return undefined;
}

/** The family named right before token `end`, of up to four words, its films the KB's or TMDB's. */
function familyBefore(tokens: readonly WordToken[], end: number, analysis: QuestionAnalysis, kb: KnowledgeBase): Series | undefined {
  for (let len = Math.min(MAX_WORDS, end); len >= 1; len--) {
    const found = seriesAt(tokens, end - len, end, analysis, kb);
    if (found) return found;
  }
  return undefined;
}

/** The greatest number said after a family's name that places a film in it ("harry potter 8"). */
const MAX_FAMILY_PLACE = 12;
const MEASURED: ReadonlySet<string> = new Set(MEASURE_AFTER_NUMBER_WORDS);
/** A sequel's number said in a title, with or without its lead word ("2", "part 2", "chapter 3"). */
const TITLE_NUMBER = new RegExp(`^(?:(?:${SEQUEL_LEADS.join("|")}) )?\\d{1,2}\\b`);

/**
 * "pirates of the caribbean 5", "harry potter 3": a family's name and a number said right after it, when no film the KB
 * or TMDB holds bears the name and number whole ("rocky ii", "toy story 3", "jaws 2" do), is the family's film of that
 * place by release, as "the fifth pirates of the caribbean" is. Where the number stands and its place, or undefined.
 */
export function familyPlaceSaid(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase, whole: (said: string) => boolean): { at: number; nth: number } | undefined {
  for (let k = 1; k < tokens.length; k++) {
    const nth = placeNumber(tokens[k]!.folded);
    if (nth === undefined || MEASURED.has(tokens[k + 1]?.folded ?? "")) continue;
    // A film's title holding the number claims it ("2 fast 2 furious").
    if (analysis.topics.some((t) => t.types.includes("Movie") && t.confidence >= 0.7 && t.tokenStart <= k && t.tokenEnd > k)) continue;
    const family = familyBefore(tokens, k, analysis, kb);
    if (!family || family.tokenEnd !== k || whole(text.slice(tokens[family.tokenStart]!.start, tokens[k]!.end))) continue;
    if (!placesByNumber(family, nth)) continue;
    return { at: k, nth };
  }
  return undefined;
}

/**
 * Whether a number said after the family's name places one of its films: the family has that many films, the KB's and
 * TMDB's, its titles go on from its name with words (a series, not namesakes: "Frozen", "Frozen"), and none carries a
 * number of its own ("Rocky II", "The Santa Clause 2": a number past theirs is a sequel the KB lacks).
 */
function placesByNumber(family: Series, nth: number): boolean {
  const key = withoutLeadingArticle(linkKey(family.name));
  const titles = [...family.films, ...(family.tmdbOnly ?? []).map((f) => f.title)].map((t) => withoutLeadingArticle(linkKey(t)));
  const rests = titles.filter((t) => t.startsWith(key)).map((t) => t.slice(key.length).trim());
  const numbered = rests.some((r) => TITLE_NUMBER.test(r));
  return titles.length >= nth && rests.some((r) => r.length > 0) && !numbered;
}

/**
 * "who plays predator in the new predator movie", "when is the next maze runner movie coming out": "the new" or "the
 * next" before a family's name and one film word asks its latest film, as "the latest" does (the next one the data
 * knows of is its latest); where the token "new" stands, or undefined. (A title several films share, said with no film
 * word, is its latest edition: see `versionYears`.)
 */
export function latestOfFamilySaid(tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase): number | undefined {
  for (let k = 1; k < tokens.length - 2; k++) {
    if (!NEW_WORDS.has(tokens[k]!.folded) || tokens[k - 1]!.folded !== "the") continue;
    const word = tokens.findIndex((t, j) => j > k + 1 && j <= k + 1 + MAX_WORDS && FILM_WORDS.has(t.folded));
    if (word < 0 || PLURAL.has(tokens[word]!.folded)) continue;
    const family = seriesAt(tokens, k + 1, word, analysis, kb);
    if (family && goesOnFromName(family)) return k;
  }
  return undefined;
}
/** "the new X movie", "the next X movie": the family's latest film (the data knows none later). */
const NEW_WORDS: ReadonlySet<string> = new Set(LATEST_OF_FAMILY_WORDS);

/** Whether some title of the family goes on from its name with more words (a series, not namesakes). */
function goesOnFromName(family: Series): boolean {
  const key = withoutLeadingArticle(linkKey(family.name));
  return [...family.films, ...(family.tmdbOnly ?? []).map((f) => f.title)].some((t) => {
    const title = withoutLeadingArticle(linkKey(t));
    return title.startsWith(key) && title.length > key.length;
  });
}

/** A number that may place a film in a family: 2 to 12 in digits, or a roman numeral ("iii"). */
function placeNumber(folded: string): number | undefined {
  const n = /^\d{1,2}$/.test(folded) ? Number(folded) : /^[ivx]{2,4}$/.test(folded) ? Number(linkKey(folded)) : NaN;
  return Number.isInteger(n) && n >= 2 && n <= MAX_FAMILY_PLACE ? n : undefined;
}

function seriesAt(tokens: readonly WordToken[], start: number, end: number, analysis: QuestionAnalysis, kb: KnowledgeBase, alone = false, asFamily = true): Series | undefined {
  const name = tokens.slice(start, end).map((t) => t.text).join(" ");
  // One film of that name is a family only as a guess; a person the same words name claims them ("the shortest Hitchcock movie").
  const person = alone && analysis.topics.some((t) => t.type === "Person" && t.confidence >= 0.5 && t.tokenStart <= start && t.tokenEnd >= end);
  // The films TMDB lists of a family asked as one count as its members too ("The Matrix" and TMDB's "The Matrix Reloaded").
  const tmdbOnly = person || !asFamily ? [] : tmdbOnlyOfFamily(name, kb);
  const films = familyOf(name, kb, alone && !person, tmdbOnly.length > 0);
  // A family the KB holds none of is a family still when TMDB lists two or more of its films by title ("the Star
  // Wars movies"): the answer is those films, said to be TMDB's, never films the KB merely tags with the name.
  // (Said with its article, the name is tried again without it: "the batman" links no KB film, "batman" the KB's family.)
  if (films.length === 0 && (tmdbOnly.length < 2 || ARTICLES.has(tokens[start]!.folded))) return undefined;
  if (films.length + tmdbOnly.length < (alone ? 1 : 2)) return undefined;
  return { name: films.length ? titleCase(name, analysis, start, end) : tmdbFamilyName(name, tmdbOnly), films, ...(tmdbOnly.length ? { tmdbOnly } : {}), tokenStart: start, tokenEnd: end };
}

/**
 * Films TMDB lists and the KB lacks of a family: those whose title is the family's name or goes on from it as a
 * sequel's does, and their kin (see `tmdbKin`), earliest first.
 */
export function tmdbOnlyOfFamily(name: string, kb: KnowledgeBase): TmdbOnlyFilm[] {
  const key = withoutLeadingArticle(linkKey(name));
  if (key.length < 3) return [];
  const titled = [key, ...SERIES_TITLE_WORDS.flatMap((w) => [`${key} ${w}`, `${w} of ${key}`])].flatMap((k) => kb.catalog.tmdbOnlyTitled(k).filter((f) => goesOn(f.title, k)));
  const unique = titled.filter((f, i) => titled.indexOf(f) === i);
  return unique.length >= 2 ? [...unique, ...tmdbKin(unique, kb)].sort(byYearThenTitle) : unique.sort(byYearThenTitle);
}

/** A keyword this few TMDB rows carry tells a family's world apart ("jedi", "death star"), not a kind ("space opera"). */
const KIN_KEYWORD_SPREAD = 5;
/** How many such keywords a film shares with a family's films to be of it. */
const KIN_KEYWORDS = 2;

/**
 * A family's films whose titles do not carry its name (The Empire Strikes Back of the Star Wars films), known as TMDB
 * knows them: films TMDB lists and the KB lacks that share two or more telling keywords with the films of the
 * family's title. A film whose title opens a family of its own is of that one (The Lord of the Rings films share
 * "hobbit" and "middle-earth" with the Hobbit films), and a KB film is left to the KB's own tags.
 */
function tmdbKin(titled: readonly TmdbOnlyFilm[], kb: KnowledgeBase): TmdbOnlyFilm[] {
  const telling = [...new Set(titled.flatMap((f) => f.keywords.map(linkKey)))].filter((k) => k !== "" && kb.catalog.keywordSpread(k) <= KIN_KEYWORD_SPREAD);
  const shared = new Map<TmdbOnlyFilm, number>();
  for (const k of telling) for (const f of kb.catalog.tmdbOnlyWithKeyword(k)) if (!titled.includes(f)) shared.set(f, (shared.get(f) ?? 0) + 1);
  return [...shared].filter(([f, n]) => n >= KIN_KEYWORDS && !opensAFamily(f.title, kb)).map(([f]) => f);
}

/** The title's first side names a family of its own: two or more films TMDB lists and the KB lacks open with it. */
function opensAFamily(title: string, kb: KnowledgeBase): boolean {
  const side = title.split(":")[0]!.trim();
  return side !== title.trim() && kb.catalog.tmdbOnlyTitled(side).length >= 2;
}


/** A title that is the family's name (its key), or goes on from it with a subtitle or a sequel's continuation. */
function goesOn(title: string, key: string): boolean {
  const folded = withoutLeadingArticle(linkKey(title));
  if (folded === key) return true;
  if (!folded.startsWith(`${key} `)) return false;
  // A subtitle follows a colon, or a dash ("Mission: Impossible - Ghost Protocol").
  const subtitled = [title.split(":")[0]!, title.split(/\s[-–—]\s/)[0]!].some((side) => side !== title && withoutLeadingArticle(linkKey(side)) === key);
  return subtitled || CONTINUATION.test(folded.slice(key.length + 1));
}

/** A sequel's title without what continues the family name ("Starfall Returns" → "Starfall", "Rocky IV" → "Rocky"); the title itself when nothing does. */
export function familyStem(title: string): string {
  const words = title.split(/\s+/);
  for (let n = 1; n < words.length; n++) {
    const rest = linkKey(words.slice(n).join(" "));
    if (CONTINUATION.test(rest)) return words.slice(0, n).join(" ");
  }
  return title;
}

/**
 * The graph's films of the family a film TMDB lists goes on from, made before it ("The Godfather" for The Godfather:
 * Part II, "The Matrix" for The Matrix Reloaded) in the same form (animated or not): what a sequel the graph lacks
 * is like first. None when its title continues no family name ("Star Wars").
 */
export async function earlierKinOf(film: Pick<TmdbOnlyFilm, "title" | "year" | "genres">, kb: KnowledgeBase): Promise<string[]> {
  const stem = film.title.includes(":") ? film.title.split(":")[0]!.trim() : familyStem(film.title);
  const year = Number(film.year);
  if (!stem || stem === film.title || !Number.isFinite(year)) return [];
  // Of the same form: an animated film is no earlier part of a live-action family ("The Lord of the Rings", 1978).
  const form = (genres: readonly string[]) => [...new Set(genres.filter((g) => FORM_GENRES.has(g)))].sort().join();
  const family = familyOf(stem, kb, true, true);
  const kbGenres = await kb.graph.neighborsMany(family, { edges: ["HAS_GENRE"], direction: "out" });
  const kin = family.filter((id) => form([...(kb.catalog.tmdb(id)?.genres ?? []), ...(kbGenres.get(id) ?? []).map((g) => g.id)]) === form(film.genres));
  const nodes = await kb.graph.getNodes(kin);
  return kin.filter((_, i) => (nodes[i]?.years ?? []).some((y) => Number(y) < year));
}

/** TMDB genres that say what form a film takes rather than what it is about. */
const FORM_GENRES: ReadonlySet<string> = new Set(["Animation", "Documentary"]);

/**
 * KB films whose title is the name or goes on from it as a sequel's does. `goesOnElsewhere`: a film TMDB lists
 * and the KB lacks goes on from the name, so the one KB film of that name heads a family ("The Matrix").
 */
export function familyOf(name: string, kb: KnowledgeBase, alone = false, goesOnElsewhere = false): string[] {
  const key = withoutLeadingArticle(linkKey(name));
  if (key.length < 3) return [];
  const out = kb.linker
    .link(name, { types: ["Movie"], limit: 40 })
    .filter((c) => goesOn(c.name, key))
    .map((c) => c.id);
  const films = [...new Set(out)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  // A family goes on from its name: titles that only repeat it ("War", "The War") are namesakes, not sequels.
  // (Unless asked for alone: a family counted may be the one film of that name.)
  return alone || goesOnElsewhere || films.some((f) => withoutLeadingArticle(linkKey(f)) !== key) ? films : [];
}


/** A family the KB holds none of, named as TMDB writes it: the film of its name, or the side of a title before its colon ("Pirates of the Caribbean"). */
function tmdbFamilyName(said: string, films: readonly TmdbOnlyFilm[]): string {
  const key = withoutLeadingArticle(linkKey(said));
  const sides = films.flatMap((f) => [f.title, f.title.split(":")[0]!.trim()]);
  // Else the side before the colon most of its titles share ("The Chronicles of Narnia" for "the narnia films").
  const shared = films.map((f) => f.title.split(":")[0]!.trim()).filter((side, _, all) => all.filter((x) => x === side).length >= 2)[0];
  return (sides.find((t) => withoutLeadingArticle(linkKey(t)) === key) ?? shared ?? said).replace(/^the\s+/i, "");
}

/** The family's name as the KB writes it when a film of it was linked there, else as the user wrote it. */
function titleCase(name: string, analysis: QuestionAnalysis, start: number, end: number): string {
  // Only a film of that very name: "Indiana Jones" linked to Indiana Jones and the Last Crusade names no family.
  const linked = analysis.topics.find((t) => t.types.includes("Movie") && t.tokenStart === start && t.tokenEnd === end && withoutLeadingArticle(linkKey(t.name)) === withoutLeadingArticle(linkKey(name)));
  // As the user wrote it, without the article the span may have begun with ("of the harry potter series").
  return linked?.name ?? name.replace(/^the\s+/i, "");
}
