import { linksWhole } from "../linking/match";
import { NATIONALITY_LANGUAGES } from "./lexicon/linking";
import type { KnowledgeBase } from "../kb/knowledge-base";
import { STOP_WORDS, capitalised, editDistance, entryOf, foldText, linkKey, saidAt, wordTokens, type WordToken } from "../util/text";
import { MOVIE_WORDS, PERSON_WORDS, PLURAL_MOVIE_WORDS, WORD_TO_EDGES } from "./lexicon/relations";
import { LANGUAGE_NOUN_WORDS, ROLE_NOUNS } from "./lexicon/linking";
import type { QuestionAnalysis, TopicEntity } from "./analyze";
import { factCue, findShapeCues, type ShapeCues } from "./cues";
import { familyPlaceSaid, findSeries, latestOfFamilySaid, type Series } from "./series";
import { sequelShownAs } from "./stages/sequel-number";
import { characterMentions, type CharacterMention } from "./characters";
import { findConcepts, type ConceptRef } from "./stages/concepts";
import { shortTitles } from "./stages/short-titles";
import { findPeriods, versionYears, yearsAfter, yearsBeforeTitles, type Period } from "./stages/periods";
import { findToldPlot, type ToldPlot } from "./stages/told-plot";
import { WH_WORDS } from "./lexicon/cues";
import { tellsSomethingHappening } from "./stages/statement";
import { unknownNames, type UnknownName } from "./stages/unknown-names";
import { makerGroups, type MakerGroup, type UnheldGroup } from "./stages/maker-groups";
import { tmdbOnlyFilms, type TmdbOnlyMention } from "./stages/tmdb-only";
import { accountWords, type WordLedger } from "./stages/ledger";
import { ruledOutFilms, type FilmSpan, type RuledOut } from "./stages/ruled-out";
import { isLongStory, requestCue, tasteCues, type RequestCue, type TasteCues } from "./stages/open-request";
import { AWARD_ADJECTIVES, AWARD_WORDS, IN_FILM_WORDS } from "./lexicon/shapes";

const AWARD_ADJECTIVE_SET: ReadonlySet<string> = new Set(AWARD_ADJECTIVES);
const AWARD_WORD_SET: ReadonlySet<string> = new Set(AWARD_WORDS);
const LANGUAGE_NOUNS: ReadonlySet<string> = new Set(LANGUAGE_NOUN_WORDS);

/** Linked at least this surely, a film or person is a name the question gives. */
export const CONFIDENT = 0.7;

/**
 * One clause of the question as the mentions pass read it: its tokens, the films, people, kinds of
 * film, periods and title families it names, names it gives that the KB lacks, and the shape cues of
 * its wording. Rules build plan parts from this and nothing else.
 */
export interface Reading {
  id: string;
  text: string;
  tokens: WordToken[];
  words: string[];
  analysis: QuestionAnalysis;
  /** Films and people linked surely enough to start from (confidence ≥ 0.5). */
  named: TopicEntity[];
  concepts: ConceptRef[];
  periods: Period[];
  /** Languages named ("films in French", "thai movies"), and the concept words that turned out to be one. */
  languages: string[];
  languageConcepts: ReadonlySet<ConceptRef>;
  /** The words read as a film's language, each with the language. */
  languageSaid: { token: number; language: string }[];
  series?: Series;
  /** People named together by their surname ("the Coen brothers"): each read as one person, any of them. */
  groups: MakerGroup[];
  told?: ToldPlot;
  notFound: UnknownName[];
  /** Characters named in a role frame ("starred as Captain Miller"): no film or person to look up. */
  characters: CharacterMention[];
  cues: ShapeCues;
  /** What kind of open request the clause is, when it is one (remembering a film, asking for some, asking which ones). */
  request?: RequestCue;
  /** Where it names films loved or seen. */
  taste: TasteCues;
  /** A film described at length (several sentences, many content words). */
  longStory: boolean;
  /** Films the person rules out: not the one sought ("it's not The Mask"), or left out of those asked for ("other than Big"). */
  ruledOut: RuledOut[];
  /** What each word became, and the soft facets: the words no name, constraint or cue took. */
  ledger: WordLedger;
}

const isNamed = (t: TopicEntity, min = 0.5) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= min;

/** The names the KB lacks said outside the family's name, with the number placing a film in it ("pirates of the caribbean 5"). */
function outsideFamily(notFound: readonly UnknownName[], series: Series | undefined, place: { at: number } | undefined, text: string, tokens: readonly WordToken[]): UnknownName[] {
  if (!series) return [...notFound];
  const said = { tokenStart: series.tokenStart, tokenEnd: place ? place.at + 1 : series.tokenEnd };
  return notFound.filter((n) => !inSpan(n.text, text, tokens, said));
}

/**
 * "where is the fox and the child filmed": a fact word inside a title the KB lacks asks no fact; the words outside it may
 * (the cues are mended in place).
 */
function factOutsideLackedTitles(cues: ShapeCues, notFound: readonly UnknownName[], tokens: readonly WordToken[], words: readonly string[], claimed: (k: number) => boolean): void {
  const inLackedTitle = (k: number) => notFound.some((n) => n.asFilm && saidAt(n.text, tokens).some((at) => k >= at && k < at + wordTokens(n.text).length));
  if (!cues.fact || !inLackedTitle(cues.fact.at)) return;
  const fact = factCue(words.map((w, k) => (claimed(k) || inLackedTitle(k) ? "" : w)));
  if (fact) cues.fact = fact;
  else delete cues.fact;
}

/**
 * A film's place in its family said otherwise than by an ordinal, read as one (the cues are mended in place): a number
 * after a family's name no film bears whole ("pirates of the caribbean 5"), or "the new" before a family's name and a film
 * word ("the new predator movie", its latest; the word then picks no edition of a title inside the name). Where the
 * number stands, and the periods kept.
 */
function familyPlaces(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase, cues: ShapeCues, periods: readonly Period[]): { place?: { at: number; nth: number }; periods: Period[] } {
  if (cues.ordinal || cues.superlative) return { periods: [...periods] };
  const place = familyPlaceSaid(text, tokens, analysis, kb, (said) => namesOneFilm(said, kb));
  if (place) {
    cues.ordinal = { phrase: tokens[place.at]!.text, at: place.at, end: place.at + 1, nth: place.nth, fromEnd: false };
    return { place, periods: [...periods] };
  }
  const latest = latestOfFamilySaid(tokens, analysis, kb);
  if (latest === undefined) return { periods: [...periods] };
  cues.ordinal = { phrase: tokens[latest]!.text, at: latest, end: latest + 1, nth: 1, fromEnd: true };
  return { periods: periods.filter((p) => !(p.ofTitle && p.start === tokens[latest]!.start)) };
}

/** Whether the words are one film's whole name, the KB's (a sequel's number as its title shows it) or TMDB's. */
function namesOneFilm(said: string, kb: KnowledgeBase): boolean {
  return kb.linker.link(said, { types: ["Movie"], limit: 1, exact: true }).some(linksWhole) || sequelShownAs(said, kb.linker) !== undefined || kb.catalog.tmdbOnly(said).some((f) => linkKey(f.title) === linkKey(said));
}

/** Reads one clause; `analyze` is memoised per question so the split and the clauses share analyses. */
export async function readClause(id: string, text: string, kb: KnowledgeBase, analyze: (text: string) => QuestionAnalysis, inherited: Reading["notFound"] = []): Promise<Reading> {
  const tokens = wordTokens(text);
  let analysis = casualTitles(asPeopleByRole(joinSplitTitles(withoutPluralTitles(analyze(text)), text, tokens)), text, tokens, kb);
  // A group named by its surname claims its words before any other name or kind ("Rene Russo" in "the Russo brothers").
  const { groups, unheld } = inherited.length ? { groups: [], unheld: [] } : await makerGroups(text, tokens, kb);
  if (groups.length) analysis = { ...analysis, topics: [...analysis.topics.filter((t) => !groups.some((g) => t.tokenStart < g.tokenEnd && g.tokenStart < t.tokenEnd)), ...groups.map(groupTopic)] };
  const words = tokens.map((t) => t.folded);
  const stated = findPeriods(text);
  const filmsNamed = analysis.topics.filter((t) => t.types.includes("Movie") && isNamed(t, CONFIDENT));
  const titleYears = [...yearsAfter(text, tokens, filmsNamed, stated, true), ...yearsBeforeTitles(text, tokens, filmsNamed, stated)];
  const versions = versionYears(tokens, filmsNamed, [...stated, ...titleYears], (name) => kb.editions.of(name).map((e) => Number(e.year)));
  let periods = [...stated, ...titleYears, ...versions].sort((a, b) => a.start - b.start);
  const inPeriod = (k: number) => periods.some((p) => tokens[k]!.start >= p.start && tokens[k]!.end <= p.end);
  // A film TMDB lists and the KB lacks claims its words before a shorter KB name inside it ("the matrix" in "the matrix reloaded").
  const tmdbOnly = inherited.length ? [] : tmdbOnlyFilms(text, tokens, analysis, kb, inPeriod);
  const inTmdbOnly = (k: number) => tmdbOnly.some((m) => k >= m.tokenStart && k < m.tokenEnd);
  if (tmdbOnly.length) analysis = { ...analysis, topics: analysis.topics.filter((t) => !tmdbOnly.some((m) => t.tokenStart < m.tokenEnd && m.tokenStart < t.tokenEnd)) };
  const inEntity = (k: number) => inTmdbOnly(k) || analysis.topics.some((t) => isNamed(t, CONFIDENT) && k >= t.tokenStart && k < t.tokenEnd);
  // "Oscar-winning", "award nominated": the adjective is the award's, not a kind of film.
  const ofAward = (k: number) => AWARD_ADJECTIVE_SET.has(words[k]!) && AWARD_WORD_SET.has(words[k - 1] ?? "");
  const concepts = await findConcepts(tokens, kb, (k) => inEntity(k) || inPeriod(k) || ofAward(k));
  // "horror 1990", "best horror movies 1980": a year right after a kind of film or a plural film word is the films' year.
  const filmsSaid = words.flatMap((w, k) => (PLURAL_MOVIE_WORDS.has(w) ? [{ tokenStart: k, tokenEnd: k + 1 }] : []));
  periods = [...periods, ...yearsAfter(text, tokens, [...concepts.filter((c) => c.strong), ...filmsSaid], periods, false)].sort((a, b) => a.start - b.start);
  analysis = placesAsSettings(withPeriodsAndKinds(analysis, concepts, periods, inPeriod), tokens, words, concepts);
  const found = findShapeCues(words, analysis, concepts);
  // "no country for old men": a negation inside a name takes nothing away.
  const inName = (k: number) => inTmdbOnly(k) || analysis.topics.some((t) => isNamed(t) && k >= t.tokenStart && k < t.tokenEnd);
  // "I Think I Love My Wife": words inside a name ask nothing.
  // "coming of age movies": a kind of film of several words, said as one, claims its words before a fact word inside it ("age") is read.
  const inKindPhrase = (k: number) => concepts.some((c) => c.cued && c.tokenEnd - c.tokenStart >= 2 && k >= c.tokenStart && k < c.tokenEnd);
  const claimed = (k: number) => inName(k) || inKindPhrase(k);
  const unnamed = words.map((w, k) => (inName(k) ? "" : w));
  const cues = settledCues(found, words.map((w, k) => (claimed(k) ? "" : w)), inName, inPeriod, claimed);
  // A figure's bound: its number is no name ("3" as a tag, "7" as the film Seven).
  const bound = cues.figureBound;
  if (bound) analysis = { ...analysis, topics: analysis.topics.filter((t) => t.tokenEnd <= bound.at || t.tokenStart >= bound.end) };
  const told = toldPlotOf(words, analysis, () => plainStatement(text, analysis, concepts, tmdbOnly.length > 0, cues), () => personStatement(text, tokens, analysis, tmdbOnly.length > 0, cues));
  // A kind of film said ("dramas", "westerns") is no unknown name.
  const inKind = (n: { text: string }) => wordTokens(n.text).every((t) => concepts.some((c) => c.strong && tokens.slice(c.tokenStart, c.tokenEnd).some((k) => k.folded === t.folded)));
  const lacked = lackedGroups(unheld, tmdbOnly, analysis);
  if (lacked.length) analysis = { ...analysis, topics: analysis.topics.filter((t) => !lacked.some((g) => overlaps(g, t))) };
  const unnamedHere = (n: UnknownName) => (n.asFilm || !inKind(n)) && !saidWithin(n.text, tmdbOnly) && !lacked.some((g) => inSpan(n.text, text, tokens, g));
  const unknown = told ? [] : inherited.length ? inherited : [...tmdbOnly.map((m) => ({ text: m.text, closest: [], tmdb: m.films, tokenStart: m.tokenStart, tokenEnd: m.tokenEnd, ...(m.family ? { family: m.family } : {}) })), ...lacked.map((g) => ({ text: g.said, closest: g.closest, tokenStart: g.tokenStart, tokenEnd: g.tokenEnd })), ...unknownNames(text, tokens, analysis, kb).filter(unnamedHere)];
  // A story told is the story's: "an operating system voiced by a woman" names no character to look up.
  const cast = told ? { analysis, notFound: unknown, characters: [] } : castAsCharacters(text, tokens, analysis, unknown, kb);
  analysis = cast.analysis;
  // A film the question's person made, said short ("les mis"), is that film.
  const short = await shortTitles(cast.notFound, analysis.topics.filter((t) => t.type === "Person" && isNamed(t)), tokens, kb);
  const notFound = short.notFound;
  if (short.films.length) analysis = { ...analysis, topics: [...analysis.topics, ...short.films] };
  const played = await charactersAsKinds(cast.characters, tokens, kb);
  // The character's words are the kind's now: a concept read there before (weak, or the same) gives way to it.
  for (const k of played.kinds) {
    const at = concepts.findIndex((c) => c.tokenStart < k.tokenEnd && k.tokenStart < c.tokenEnd);
    if (at >= 0) concepts.splice(at, 1, k);
    else concepts.push(k);
  }
  cast.characters = played.characters;
  // The character asked is then known as the films filed under it: no character left to say the KB lacks.
  if (played.kinds.length) delete cues.character;
  // A linked word inside a longer name the KB does not have ("Monster" in "The Flying Spaghetti Monster") is not what the user meant.
  const inUnknown = (t: { tokenStart: number }) =>
    notFound.some((n) => {
      const at = text.indexOf(n.text);
      return at >= 0 && tokens[t.tokenStart]!.start >= at && tokens[t.tokenStart]!.end <= at + n.text.length;
    });
  if (notFound.length) analysis = { ...analysis, topics: analysis.topics.filter((t) => !inUnknown(t)) };
  factOutsideLackedTitles(cues, notFound, tokens, words, claimed);
  const { place, periods: kept } = familyPlaces(text, tokens, analysis, kb, cues, periods);
  // A version's year goes with its title: a title read as a character ("who plays the old man in mary poppins") takes it along.
  const ofCharacter = (p: Period) => cast.characters.some((c) => tokens[Math.max(0, c.tokenStart - 1)]!.start <= p.start && p.end <= tokens[c.tokenEnd - 1]!.end);
  periods = kept.filter((p) => !(p.ofTitle && ofCharacter(p)));
  const series = await findSeries(tokens, analysis, kb, cues.ordinal !== undefined || cues.superlative !== undefined, cues.count !== undefined, cues.ordinal?.end ?? cues.superlative?.end, place?.at);
  // The family's name is no one film ("which Rocky movie": not the film Rocky).
  if (series) analysis = { ...analysis, topics: analysis.topics.filter((t) => t.tokenEnd <= series.tokenStart || t.tokenStart >= series.tokenEnd) };
  // Nor is it a name the KB lacks: its films are known, the KB's or those TMDB lists ("the Pirates of the Caribbean movies").
  const unknownLeft = outsideFamily(notFound, series, place, text, tokens);
  const langs = languagesOf(analysis, concepts, kb);
  const spans = [...analysis.topics.filter((t) => isNamed(t)), ...concepts, ...langs.said.map((x) => ({ tokenStart: x.token }))];
  periods = periodsBehindNegatedThings(periods, cues.negations, spans.map((x) => x.tokenStart), tokens);
  // Nor does a request or taste word inside one ("I Think I Love My Wife" asks for no films to love).
  const request = requestCue(unnamed);
  const reading: Omit<Reading, "ledger"> = {
    id, text, tokens, words, analysis, named: analysis.topics.filter((t) => isNamed(t)), concepts: concepts.filter((c) => !langs.describers.has(c)), periods, languages: langs.languages, languageConcepts: langs.fromConcepts, languageSaid: langs.said,
    ...(series ? { series } : {}), groups, ...(told ? { told } : {}), notFound: unknownLeft, characters: cast.characters, cues, ...(request ? { request } : {}), taste: tasteCues(unnamed), longStory: isLongStory(text, words),
    ruledOut: ruledOutFilms({ text, tokens, words }, filmSpans(analysis, unknownLeft, tmdbOnly), (film) => kb.editions.of(film).length),
  };
  return { ...reading, ledger: accountWords(reading) };
}

/** The films a clause names: the KB's (linked), and those TMDB lists or the wording names that the KB lacks. */
function filmSpans(analysis: QuestionAnalysis, notFound: readonly UnknownName[], tmdbOnly: readonly TmdbOnlyMention[]): FilmSpan[] {
  const linked = analysis.topics.filter((t) => t.types.includes("Movie") && isNamed(t)).map((t) => ({ tokenStart: t.tokenStart, tokenEnd: t.tokenEnd, film: t.id }));
  const lacked = [...tmdbOnly, ...notFound.flatMap((n) => (n.tokenStart !== undefined && n.tokenEnd !== undefined ? [{ tokenStart: n.tokenStart, tokenEnd: n.tokenEnd }] : []))];
  const kept = lacked.filter((n, i) => !linked.some((l) => overlaps(l, n)) && !lacked.slice(0, i).some((m) => overlaps(m, n)));
  return [...linked, ...kept.map((n) => ({ tokenStart: n.tokenStart, tokenEnd: n.tokenEnd }))];
}

/**
 * A group as the rules read it: one person, the group's first member, said in the group's words. The plan then
 * reads each constraint on it as a film of any member (`withGroups`).
 */
function groupTopic(g: MakerGroup): TopicEntity {
  const first = g.members[0]!;
  return { id: first, name: first, type: "Person", types: ["Person"], text: g.said, tokenStart: g.tokenStart, tokenEnd: g.tokenEnd, confidence: GROUP_CONFIDENCE, alternatives: [] };
}

/** A group the KB holds two or more film makers of, by their surname and a group word: as sure as a full name. */
const GROUP_CONFIDENCE = 0.95;

/** A group the KB holds no team of is a name it lacks, unless a film claims its surname ("Four Brothers"; not "Brothers" in "the Shaw Brothers"). */
function lackedGroups(unheld: readonly UnheldGroup[], tmdbOnly: readonly TmdbOnlyMention[], analysis: QuestionAnalysis): UnheldGroup[] {
  const surname = (g: UnheldGroup) => ({ tokenStart: g.tokenEnd - 2, tokenEnd: g.tokenEnd - 1 });
  const film = (g: UnheldGroup) => tmdbOnly.some((m) => overlaps(surname(g), m)) || analysis.topics.some((t) => t.types.includes("Movie") && t.confidence >= CONFIDENT && overlaps(surname(g), t));
  return unheld.filter((g) => !film(g));
}

/** Two token spans share a token. */
function overlaps(a: { tokenStart: number; tokenEnd: number }, b: { tokenStart: number; tokenEnd: number }): boolean {
  return a.tokenStart < b.tokenEnd && b.tokenStart < a.tokenEnd;
}

/** The words said lie within a span of tokens. */
function inSpan(said: string, text: string, tokens: readonly WordToken[], span: { tokenStart: number; tokenEnd: number }): boolean {
  const inside = foldText(text.slice(tokens[span.tokenStart]!.start, tokens[span.tokenEnd - 1]!.end));
  return inside.includes(foldText(said));
}

/** A name the KB lacks that shares a word with a film TMDB lists: that film said, not a name of its own. */
function saidWithin(name: string, films: readonly TmdbOnlyMention[]): boolean {
  const words = new Set(wordTokens(name).map((t) => t.folded));
  return films.some((m) => wordTokens(m.text).some((t) => !STOP_WORDS.has(t.folded) && words.has(t.folded)));
}

/** The cues as they stand once names, periods and each other have claimed their words. */
function settledCues(found: ShapeCues, unclaimed: readonly string[], inName: (k: number) => boolean, inPeriod: (k: number) => boolean, claimed: (k: number) => boolean): ShapeCues {
  // "who killed henry in the time traveler's wife", "coming of age movies": a fact word inside a name or a kind asks no fact.
  const fact = found.fact && claimed(found.fact.at) ? factCue(unclaimed) : found.fact;
  const cues: ShapeCues = { ...found, negations: found.negations.filter((n) => !inName(n.at)) };
  if (fact) cues.fact = fact;
  else delete cues.fact;
  // "Will Ferrell lives on his lawn": a yes/no opener inside a name opens nothing.
  if (cues.yesNo && inName(cues.yesNo.at)) delete cues.yesNo;
  const overlaps = (a: { at: number; end: number }, b: { at: number; end: number }) => a.at < b.end && b.at < a.end;
  // "longer than 2.5 hours": the comparative is the bound's, not a comparison of two things named; "more than" no count.
  const bound = cues.figureBound;
  if (bound && cues.comparative && overlaps(bound, cues.comparative)) delete cues.comparative;
  if (bound && cues.threshold && bound.phrase.startsWith(cues.threshold.phrase.split(" ")[0]!)) delete cues.threshold;
  // "what happens in Jaws" asks its story, not where something happens.
  if (cues.story && cues.fact && overlaps(cues.story, cues.fact)) delete cues.fact;
  // "name two films like 12 Angry Men": a number inside a name counts no films.
  if (cues.listCount && (inName(cues.listCount.at) || inPeriod(cues.listCount.at))) delete cues.listCount;
  return cues;
}

const IN_FILM_AFTER: ReadonlySet<string> = new Set(IN_FILM_WORDS);

/**
 * Names a role frame makes characters: they claim their words from any film or person linked there
 * ("Tony Stark was played by…") and are no unknown names. A title that is the only film named stays
 * the film as well ("who was Hulk?": the character of Hulk, asked of Hulk). An unknown run holding a
 * character keeps only what follows it ("Bunny Lebowski in the Big Lebowski": the film, if the KB lacks it).
 */
function castAsCharacters(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, unknown: Reading["notFound"], kb: KnowledgeBase): { analysis: QuestionAnalysis; notFound: Reading["notFound"]; characters: CharacterMention[] } {
  const characters = characterMentions(text, tokens, analysis.topics.filter((t) => isNamed(t)));
  if (!characters.length) return { analysis, notFound: unknown, characters };
  const inside = (from: number, to: number) => characters.some((c) => from < c.tokenEnd && c.tokenStart < to);
  const films = analysis.topics.filter((t) => isNamed(t) && t.types.includes("Movie"));
  // The character is the film's own name, said whole ("Hulk"), not a near spelling ("Captain Miller" is no Captain Phillips).
  const ownName = (t: TopicEntity) => characters.some((c) => linkKey(c.text).replace(/^the /, "") === linkKey(t.name).replace(/^the /, ""));
  // When films are asked ("which film starred Tom Hanks as Forrest Gump", "this film starred …"), the character's title is no film given.
  const filmsAsked = analysis.answer.type === "Movie" || tokens.some((k) => MOVIE_WORDS.has(k.folded));
  // A character with a film said after it ("who played jack frost in santa clause 3") is of that film, not of its own name's.
  const filmSaidAfter = characters.some((c) => IN_FILM_AFTER.has(tokens[c.tokenEnd]?.folded ?? "") && c.tokenEnd + 1 < tokens.length);
  const eponymous = (t: TopicEntity) => t.type === "Movie" && !filmsAsked && !filmSaidAfter && ownName(t) && films.every((f) => f === t || inside(f.tokenStart, f.tokenEnd));
  const topics = analysis.topics.filter((t) => !inside(t.tokenStart, t.tokenEnd) || eponymous(t));
  const notFound = unknown.flatMap((n) => {
    // By where each was said when that is known ("who played willy wonka in willy wonka and the chocolate factory").
    const spanned = n.tokenStart !== undefined && n.tokenEnd !== undefined;
    // Else by its words: a name said again outside every character is that name there ("jackie kennedy in the movie jackie").
    const c = spanned ? characters.find((x) => x.tokenStart < n.tokenEnd! && n.tokenStart! < x.tokenEnd) : saidOutside(n.text, tokens, characters) ? undefined : characters.find((x) => n.text.includes(x.text) || x.text.includes(n.text));
    if (!c) return [n];
    const rest = n.text.slice(n.text.indexOf(c.text) + c.text.length).replace(/^[\s,]*(?:(?:in|of|from|on|the)\s+)*/i, "").trim();
    const top = rest ? kb.linker.link(rest, { types: ["Movie", "Person"], limit: 3 }) : [];
    const links = top[0] !== undefined && linksWhole(top[0]);
    return rest && !links ? [{ text: rest, closest: top.map((t) => t.name) }] : [];
  });
  return { analysis: { ...analysis, topics }, notFound, characters };
}

/** Whether the words of `name` are said somewhere in the question outside every character mention. */
function saidOutside(name: string, tokens: readonly WordToken[], characters: readonly CharacterMention[]): boolean {
  const length = wordTokens(name).length;
  return saidAt(name, tokens).some((i) => !characters.some((c) => i < c.tokenEnd && c.tokenStart < i + length));
}

/**
 * A negation takes the nearest thing after it: a period said after a film, person, kind or language it took away
 * is not negated too ("besides Casablanca from the 1950s", "not in English from 1990").
 */
function periodsBehindNegatedThings(periods: Period[], negations: readonly { end: number }[], things: readonly number[], tokens: readonly WordToken[]): Period[] {
  return periods.map((p) => {
    if (!p.negated) return p;
    const at = tokens.findIndex((t) => t.start >= p.start);
    const n = negations.filter((x) => x.end <= at).pop();
    return n && things.some((k) => k >= n.end && k < at) ? { ...p, negated: false } : p;
  });
}

/**
 * A character a named person plays that the KB files films under ("did Sean Connery play James Bond": the tag
 * "james bond") is a kind of film: the person's films so filed. The KB holds no characters, but it does hold that.
 */
async function charactersAsKinds(characters: CharacterMention[], tokens: readonly WordToken[], kb: KnowledgeBase): Promise<{ kinds: ConceptRef[]; characters: CharacterMention[] }> {
  const kinds: ConceptRef[] = [];
  const rest: CharacterMention[] = [];
  for (const c of characters) {
    const outside = (k: number) => k < c.tokenStart || k >= c.tokenEnd;
    const whole = c.frame.startsWith("actor ") ? (await findConcepts(tokens, kb, outside)).find((x) => x.tokenEnd === c.tokenEnd && x.tags.length + x.keywords.length > 0 && tokens.slice(c.tokenStart, x.tokenStart).every((t) => t.folded === "the")) : undefined;
    if (whole) kinds.push({ ...whole, cued: true, strong: true });
    else rest.push(c);
  }
  return { kinds, characters: rest };
}

/** Languages the clause names ("Irish-language films", "thai movies", "films in French"), and the concepts that turned out to be one. */
function languagesOf(a: QuestionAnalysis, concepts: readonly ConceptRef[], kb: KnowledgeBase): { languages: string[]; fromConcepts: Set<ConceptRef>; describers: Set<ConceptRef>; said: Reading["languageSaid"] } {
  const said: Reading["languageSaid"] = [];
  const fromConcepts = new Set<ConceptRef>();
  const ofANoun = (last: number) => describesANoun(a.question, a.tokens, last, concepts);
  const read = (language: string, from: number, to: number) => {
    if (from < 0 || ofANoun(to - 1)) return false;
    for (let k = from; k < to; k++) said.push({ token: k, language });
    return true;
  };
  for (const t of a.topics) if (t.type === "Language" || (t.types.includes("Language") && !t.types.includes("Movie") && !t.types.includes("Person"))) read(t.types.includes("Language") ? t.id : t.name, t.tokenStart, t.tokenEnd);
  for (const c of a.constraints) if (c.kind === "entity" && c.type === "Language") read(c.id, ...spanOf(a, c.text));
  // "iranian drama", "a brazilian film": a nationality said outside any name stands for the film's language.
  const inName = (k: number) => a.topics.some((t) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= 0.5 && k >= t.tokenStart && k < t.tokenEnd);
  a.tokens.forEach((t, k) => {
    if (inName(k)) return;
    // "in English or French": a language's own name, said outside any name, each one (the analysis keeps one topic of a type).
    const own = said.some((x) => x.token === k) ? undefined : kb.linker.link(t.text, { types: ["Language"], limit: 1, exact: true })[0];
    // The language's own name is the language, not also a tag of that name ("not in english").
    if (own && linksWhole(own) && read(own.id, k, k + 1)) for (const c of concepts) if (k >= c.tokenStart && k < c.tokenEnd) fromConcepts.add(c);
    for (const language of entryOf(NATIONALITY_LANGUAGES, t.folded) ?? []) {
      const hit = kb.linker.link(language, { types: ["Language"], limit: 1, exact: true })[0];
      // The nationality is the language, not also a tag of that name ("brazilian").
      if (hit && read(hit.id, k, k + 1)) for (const c of concepts) if (k >= c.tokenStart && k < c.tokenEnd) fromConcepts.add(c);
    }
  });
  for (const c of concepts) {
    const hit = kb.linker.link(c.text, { types: ["Language"], limit: 1 })[0];
    if (hit && linksWhole(hit) && read(hit.id, c.tokenStart, c.tokenEnd)) fromConcepts.add(c);
  }
  // "French soldiers": the nationality is the soldiers', no kind of film either; it stays with the noun it describes.
  const languageWord = (k: number) => entryOf(NATIONALITY_LANGUAGES, a.tokens[k]!.folded) !== undefined || kb.linker.link(a.tokens[k]!.text, { types: ["Language"], limit: 1, exact: true }).length > 0;
  const describers = new Set(concepts.filter((c) => c.tokenEnd - c.tokenStart === 1 && ofANoun(c.tokenStart) && languageWord(c.tokenStart)));
  return { languages: [...new Set(said.map((x) => x.language))], fromConcepts, describers, said };
}

/** The token span [from, to) of the first place a text is said in the question ([-1, -1] when it is not found whole). */
function spanOf(a: QuestionAnalysis, text: string): [number, number] {
  const words = wordTokens(text).map((t) => t.folded);
  const at = a.tokens.findIndex((_, k) => words.every((w, i) => a.tokens[k + i]?.folded === w));
  return at < 0 ? [-1, -1] : [at, at + words.length];
}

/**
 * "the Sioux Indians", "German soldiers", "English subtitles": a language or nationality word right
 * before a noun phrase that is no film word or kind of film, and that no film word ends, describes
 * that noun (the people or thing the film is about), not the film's language. "Japanese samurai
 * movies", "korean horror" and "films in French" keep the language.
 */
function describesANoun(text: string, tokens: readonly WordToken[], last: number, concepts: readonly ConceptRef[]): boolean {
  const ofFilms = (i: number) => MOVIE_WORDS.has(tokens[i]!.folded) || LANGUAGE_NOUNS.has(tokens[i]!.folded) || concepts.some((c) => i >= c.tokenStart && i < c.tokenEnd && (c.genres.length > 0 || c.tmdbGenres.length > 0));
  // The phrase runs over content words written together (no comma or dash between them).
  const joined = (i: number) => i > 0 && i < tokens.length && /^\s+$/.test(text.slice(tokens[i - 1]!.end, tokens[i]!.start)) && !STOP_WORDS.has(tokens[i]!.folded) && /^\p{L}/u.test(tokens[i]!.folded);
  if (last < 0 || !joined(last + 1)) return false;
  for (let i = last + 1; joined(i); i++) if (ofFilms(i)) return false;
  return true;
}

/**
 * "scary movies that anthony hopkins played in": films in the plural are a kind of film, not a title
 * that ends in the singular ("Scary Movie"), matched only loosely.
 */
function withoutPluralTitles(a: QuestionAnalysis): QuestionAnalysis {
  const plural = (t: TopicEntity) => {
    const last = a.tokens[t.tokenEnd - 1]?.folded ?? "";
    const own = linkKey(t.name).split(" ").at(-1) ?? "";
    return t.type === "Movie" && t.alternatives[0]?.match === "fuzzy" && PLURAL_MOVIE_WORDS.has(last) && own !== last && MOVIE_WORDS.has(own);
  };
  return a.topics.some(plural) ? { ...a, topics: a.topics.filter((t) => !plural(t)) } : a;
}

/**
 * One title found as two mentions ("Rise" and "Panet of the Apes" for "Rise of the Panet of the
 * Apes"): when the words from the first to the second, typos aside, are one mention's film, that
 * film is the one meant and the other mention goes.
 */
function joinSplitTitles(a: QuestionAnalysis, text: string, tokens: readonly WordToken[]): QuestionAnalysis {
  const films = a.topics.filter((t) => t.type === "Movie").sort((x, y) => x.tokenStart - y.tokenStart);
  const gone = new Set<TopicEntity>();
  for (let i = 0; i + 1 < films.length; i++) {
    const [x, y] = [films[i]!, films[i + 1]!];
    if (y.tokenStart - x.tokenEnd > 3 || !tokens.slice(x.tokenEnd, y.tokenStart).every((t) => STOP_WORDS.has(t.folded))) continue;
    const span = linkKey(text.slice(tokens[x.tokenStart]!.start, tokens[y.tokenEnd - 1]!.end));
    // Within one slip per ten letters (at most three): the two mentions spell one title.
    const slips = Math.min(3, Math.max(1, Math.floor(span.length / 10)));
    const owner = [x, y].find((t) => editDistance(linkKey(t.name), span, slips) <= slips);
    if (!owner) continue;
    gone.add(owner === x ? y : x);
    Object.assign(owner, { tokenStart: x.tokenStart, tokenEnd: y.tokenEnd, confidence: Math.max(x.confidence, y.confidence) });
  }
  return gone.size ? { ...a, topics: a.topics.filter((t) => !gone.has(t)) } : a;
}

/** Words that make the name after them where a film is set ("set in Prague", "takes place in Tokyo"). */
const SETTING_LEADS = [["set", "in"], ["takes", "place", "in"], ["take", "place", "in"], ["taking", "place", "in"], ["located", "in"], ["based", "in"], ["set", "on"]];
const BARE_LEADS = new Set(["in", "at"]);
const ROLES_BEFORE = new Set(ROLE_NOUNS);
const ROLE_OR_RELATION = (w: string) => ROLES_BEFORE.has(w) || WORD_TO_EDGES.has(w) || PERSON_WORDS.has(w);

/**
 * A place asked of films is a setting, not a film or a person of that name: "dramas set in Ireland",
 * "a heist in Las Vegas", "musicals set in Paris". After "set in" (and the like) always; after a bare
 * "in" or "at" only when films are asked for and the name is written with its capital.
 */
function placesAsSettings(a: QuestionAnalysis, tokens: readonly WordToken[], words: readonly string[], concepts: readonly ConceptRef[]): QuestionAnalysis {
  const filmsWanted = (a.answer.type === undefined || a.answer.type === "Movie") && !a.answer.edge && (words.some((w) => MOVIE_WORDS.has(w)) || concepts.some((c) => c.cued));
  const led = (t: TopicEntity) => SETTING_LEADS.some((lead) => lead.every((w, k) => words[t.tokenStart - lead.length + k] === w));
  // "a heist in Las Vegas" is a setting; "the actor in Roman Holiday", "appears in Heat" are a film (a role or a relation word before "in").
  const bare = (t: TopicEntity) => filmsWanted && BARE_LEADS.has(words[t.tokenStart - 1] ?? "") && capitalised(tokens[t.tokenStart]!.text) && !ROLE_OR_RELATION(words[t.tokenStart - 2] ?? "");
  const place = (t: TopicEntity) => (t.type === "Movie" || t.type === "Person") && t.confidence < SURE_TITLE + 0.05 && (led(t) || bare(t));
  return a.topics.some(place) ? { ...a, topics: a.topics.filter((t) => !place(t)) } : a;
}

/** A word of plain English: in at least this share of the films' texts. */
const PLAIN_WORD_SHARE = 0.0002;
/** Linked at least this surely, a film keeps its place whatever its case. */
const SURE_TITLE = 0.9;

/**
 * A writer who capitalises names (a capital inside a sentence, not "I") wrote a title in lower case
 * only when it was no title: "outlaws riding to their doom in the American Southwest" is not about
 * the film Doom. Plain words written in lower case in such a text are not a film, unless linked surely.
 */
function casualTitles(a: QuestionAnalysis, text: string, tokens: readonly WordToken[], kb: KnowledgeBase): QuestionAnalysis {
  const capitalises = tokens.some((t, i) => i > 0 && capitalised(t.text) && t.text !== "I" && !/[.!?]\s*$/.test(text.slice(tokens[i - 1]!.end, t.start)));
  if (!capitalises) return a;
  const casual = (t: TopicEntity) => t.type === "Movie" && t.confidence < SURE_TITLE && !/\p{Lu}/u.test(t.text) && tokens.slice(t.tokenStart, t.tokenEnd).every((w) => STOP_WORDS.has(w.folded) || kb.words.share(w.folded) >= PLAIN_WORD_SHARE);
  return a.topics.some(casual) ? { ...a, topics: a.topics.filter((t) => !casual(t)) } : a;
}

const ROLE_EDGES = new Set(["DIRECTED", "WROTE", "ACTED_IN"]);
const PERSON_LEADS = new Set(["by", "starring", "featuring"]);
const PAIRING = new Set(["and", "or"]);

/** A name that is a film and a person ("Ada Marlowe") is the person when a role is said of it ("Ada Marlowe wrote …", "directed by Ada Marlowe"). */
function asPeopleByRole(a: QuestionAnalysis): QuestionAnalysis {
  const roleAfter = (t: TopicEntity) => a.cues.some((c) => ROLE_EDGES.has(c.edge) && c.weight >= 1 && !c.inAnswerPhrase && c.token >= t.tokenEnd && c.token - t.tokenEnd <= 1);
  const ledBy = (t: TopicEntity) => PERSON_LEADS.has(a.tokens[t.tokenStart - 1]?.folded ?? "");
  // "with both Ada Marlowe and Jonas Whitfield": a name paired with a person by "and"/"or" is a person too.
  const joined = (x: TopicEntity, y: TopicEntity) => y.tokenStart - x.tokenEnd === 1 && PAIRING.has(a.tokens[x.tokenEnd]?.folded ?? "");
  const paired = (t: TopicEntity) => a.topics.some((o) => o !== t && o.type === "Person" && (joined(t, o) || joined(o, t)));
  const topics = a.topics.map((t) => (t.type !== "Person" && t.types.includes("Person") && (roleAfter(t) || ledBy(t) || paired(t)) ? { ...t, type: "Person" as const } : t));
  return topics.some((t, i) => t !== a.topics[i]) ? { ...a, topics } : a;
}

/**
 * The analysis, corrected by what the concept and period passes found: a year inside a period phrase
 * beside a kind of film is the period, not the film "1969"; a kind of film right after the question
 * word is what is asked for ("what westerns came out in 1969"); "what was released in 1999", with no
 * film or person named, asks for films. A title written in lower case wholly inside a period phrase is
 * the period's word ("star in after 2000" is not the film "After...").
 */
function withPeriodsAndKinds(analysis: QuestionAnalysis, concepts: readonly ConceptRef[], periods: readonly Period[], inPeriod: (k: number) => boolean): QuestionAnalysis {
  let a = analysis;
  const periodWord = (t: TopicEntity) => t.type === "Movie" && !/\p{Lu}/u.test(t.text) && Array.from({ length: t.tokenEnd - t.tokenStart }, (_, i) => t.tokenStart + i).every(inPeriod);
  if (a.topics.some(periodWord)) a = { ...a, topics: a.topics.filter((t) => !periodWord(t)) };
  if (a.answer.type !== "Person" && a.topics.some((t) => t.types.includes("Year") && inPeriod(t.tokenStart))) {
    a = { ...a, topics: a.topics.filter((t) => !(t.types.includes("Year") && inPeriod(t.tokenStart))) };
  }
  const phrase = a.answer.phrase;
  const kindAsked = phrase && concepts.some((c) => c.cued && c.tokenStart >= phrase.from && c.tokenStart <= phrase.from + 2 && c.tokenEnd <= phrase.to);
  const releaseInPeriod = a.answer.edge === "RELEASED_IN" && periods.some((p) => !p.negated) && !a.topics.some((t) => isNamed(t, CONFIDENT));
  if (kindAsked || releaseInPeriod) a = { ...a, answer: { ...a.answer, type: "Movie", edge: undefined } };
  return a;
}

/**
 * A message that tells something happening and nothing else: it asks nothing, names nothing, no kind of film, no
 * film TMDB lists and no films to start from ("something like Star Wars"). Said to a film service, a short one is a
 * film remembered.
 */
function plainStatement(text: string, analysis: QuestionAnalysis, concepts: readonly ConceptRef[], tmdbFilmSaid: boolean, cues: ShapeCues): boolean {
  const filmSaid = tmdbFilmSaid || cues.similar !== undefined || cues.similarAfter !== undefined;
  // A word of the story may link weakly ("Interstellar" in "blueprints for interstellar spaceship"); a name said surely stops it.
  if (filmSaid || concepts.some((c) => c.cued) || analysis.topics.some((t) => isNamed(t, SURELY_NAMED))) return false;
  // A question word beside a film or person the KB has asks about it ("guy who sings scotty doesn't know in eurotrip"); with
  // nothing named, a relative one is part of the story ("two detectives who investigate a murder").
  if (analysis.tokens.some((t) => WH.has(t.folded)) && analysis.topics.some((t) => isNamed(t, CONFIDENT))) return false;
  return tellsSomethingHappening(text);
}

const WH: ReadonlySet<string> = new Set(WH_WORDS);
/** A name linked this surely is said as a name, not as a word of a story. */
const SURELY_NAMED = 0.75;

/**
 * A told plot: a title the story happens to contain ("Prince", "The Room") is no topic. Only a name
 * said plainly (sure, or a person with a role word) stops a bare story from being one.
 */
function toldPlotOf(words: readonly string[], analysis: QuestionAnalysis, plain: () => boolean, personStory: () => boolean): ToldPlot | undefined {
  const entities = analysis.topics.filter((t) => isNamed(t));
  const roleSaid = analysis.cues.some((c) => c.weight >= 1 && (c.edge === "DIRECTED" || c.edge === "WROTE" || c.edge === "ACTED_IN"));
  const sure = entities.filter((e) => e.confidence >= 0.8);
  const named = sure.length > 0 || (roleSaid && entities.some((e) => e.types.includes("Person") && e.confidence >= CONFIDENT));
  const inEntity = (i: number, test: (e: TopicEntity) => boolean) => entities.some((e) => test(e) && i >= e.tokenStart && i < e.tokenEnd);
  const inSure = (i: number) => inEntity(i, (e) => e.confidence >= 0.8);
  const inPerson = (i: number) => inEntity(i, (e) => e.type === "Person" && e.confidence >= CONFIDENT);
  // "Jackie Chan fights shorter man": people named with no role said, as whom something happening is told of, are in the
  // film told; the story is searched among their films, not asked as a fact of theirs.
  if (named && !roleSaid && sure.every((e) => e.type === "Person") && personStory()) return findToldPlot(words, false, inSure, inPerson, () => true);
  return findToldPlot(words, named, inSure, inPerson, plain);
}

/**
 * People the KB names surely, and the rest a statement of something happening with them as its subject ("Brad Pitt
 * screaming and running with a gun"): no film said, no fact, ranking or yes/no asked ("Steven Spielberg born in?").
 */
function personStatement(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, tmdbFilmSaid: boolean, cues: ShapeCues): boolean {
  const people = analysis.topics.filter((t) => t.type === "Person" && t.confidence >= 0.8);
  // A comparative may be the story's ("fights shorter man").
  const shaped = cues.fact || cues.yesNo || cues.superlative || cues.count || cues.ordinal || cues.similar || cues.similarAfter;
  if (!people.length || tmdbFilmSaid || shaped) return false;
  let said = text;
  for (const p of [...people].sort((a, b) => b.tokenStart - a.tokenStart)) said = `${said.slice(0, tokens[p.tokenStart]!.start)}Someone${said.slice(tokens[p.tokenEnd - 1]!.end)}`;
  return tellsSomethingHappening(said);
}
