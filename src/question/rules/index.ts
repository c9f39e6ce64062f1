import * as paths from "./build-paths";
import * as sets from "./build-sets";
import * as open from "./build-open";
import type { Rule } from "./types";
import { countryStandIn, people, storyPersonSaid } from "./features";

/**
 * The rules that read a clause into plan parts, most specific first: the first rule whose `when`
 * holds and whose builder accepts the clause builds its parts. A question kind the plan cannot
 * express yet is a new rule or a new plan case here, never a phrase in code.
 */
/** Shapes of a structured question: an open reading never takes a clause that has one. */
const STRUCTURED = ["count", "comparative", "gap", "ordinal", "threshold", "most-common", "figure", "fact", "kind-question", "options", "in-common", "plays-character", "character-in-film", "character-named", "story-person", "sequel"] as const;

export const RULES: readonly Rule[] = [
  { id: "plot.long-story", reads: "a film described at length, in several sentences (what it names are hints; cue words inside the story are the story's)", when: { all: ["long-story"], none: ["asks-for-films"] }, build: open.knownItem },
  { id: "open.tastes", reads: "tastes told over several sentences, in a conversation: one request for films to watch (cue words in its chatter are the chatter's)", when: { all: ["taste-talk"] }, build: open.tasteRequest },
  { id: "plot.known-item", reads: "a film the person saw and cannot name (what it names are hints)", when: { all: ["known-item"], none: ["yes-no", ...STRUCTURED] }, build: open.knownItem },
  { id: "open.recommend", reads: "films to watch: tastes, films loved or seen, constraints and facets in one request", when: { all: ["recommend-request"], none: ["yes-no", "superlative", ...STRUCTURED] }, build: open.openRequest },
  { id: "unknown.person", reads: "films of a person the KB lacks (starring X, what has X been in): the name said missing, with close names", when: { all: ["lacked-person"] }, build: paths.unknownNames },
  { id: "open.facets", reads: "films of a kind, period or language (or any) that are also about something the KB has no relation for (a theme, a setting, a character, a mood); a person's films are few and keep their own reading", when: { all: ["facets"], any: ["films-asked", "explore-request"], none: ["person", "film", "tmdb-film", "superlative", "told-one", ...STRUCTURED] }, build: open.openRequest },
  { id: "unknown.names", reads: "names the KB lacks and nothing it has (a film TMDB lists that a request starts from is no name to report: films like it are the answer)", when: { all: ["not-found"], none: ["named", "told-plot", "similar-seeds", "seeds-before-cue"] }, build: paths.unknownNames },
  { id: "similar.like", reads: "films like X (constraints, newer/older, but not a kind)", when: { all: ["similar-seeds"] }, build: (r, ctx) => paths.similar(r, false, ctx) },
  { id: "similar.after", reads: "loved X, what else", when: { all: ["seeds-before-cue"] }, build: (r, ctx) => paths.similar(r, true, ctx) },
  { id: "lookup.story", reads: "what is X about, the plot of X, what happens in X: the film's plot and TMDB overview", when: { all: ["story", "film"], none: ["yes-no", "told-plot", "long-story", "count", "superlative", "ordinal", "person"] }, build: paths.story },
  { id: "plot.told", reads: "a story told in the user's words", when: { all: ["told-plot"] }, build: (r, ctx) => paths.toldPlot(r, ctx) },
  { id: "aggregate.person-genres", reads: "a person's films: horror or drama mostly?", when: { all: ["options", "person=1", "named=1"], any: ["kind-question", "film-word"] }, build: paths.personGenres },
  { id: "lookup.film-genre-options", reads: "is X a thriller or a comedy (the genres of one film)", when: { all: ["options", "film=1", "named=1"], none: ["person"] }, build: paths.filmGenres },
  { id: "lookup.film-language-options", reads: "is X in English or French (the languages of one film)", when: { all: ["language-options", "film=1", "named=1"], none: ["person"] }, build: paths.filmLanguages },
  { id: "describe.kind", reads: "what a kind of film is like (scary or funny, usually)", when: { any: ["options", "kind-question"], none: ["named"] }, build: paths.describeKind },
  { id: "beyond.age-rank", reads: "which of X, Y and Z is the oldest (people only): their ages, which the KB lacks", when: { all: ["superlative", "only-people"], none: ["film", "films-asked", "film-word"] }, build: (r) => (AGE_RANKS.has(r.cues.superlative!.phrase) && people(r).length >= 2 ? { parts: [{ kind: "beyond", fact: "age", said: r.cues.superlative!.phrase }] } : undefined) },
  { id: "beyond.age-compare", reads: "who is older, X or Y (people): their ages, which the KB lacks", when: { all: ["comparative", "person"], none: ["film", "films-asked"] }, build: (r, ctx) => (r.cues.comparative!.by === "releaseYear" ? paths.beyond(r, ctx, { fact: "age", phrase: r.cues.comparative!.phrase }) : undefined) },
  { id: "compare.gap", reads: "how many years after X did Y come out, how much longer is X than Y: how far apart two named items' figures are", when: { all: ["gap", "named>=2"] }, build: sets.compareGap },
  { id: "lookup.gap-one", reads: "how many years ago was X released, how much longer is X (nothing to measure against): X's own figure, which the answer rests on (no clock is read)", when: { all: ["gap", "film=1", "named=1"], none: ["person", "not-found"] }, build: paths.compareOneSide },
  { id: "check.compare", reads: "is X older/longer/better rated than Y", when: { all: ["yes-no", "comparative", "named>=2"] }, build: sets.checkCompare },
  { id: "compare.which", reads: "which is longer, X or Y", when: { all: ["comparative", "named>=2"], none: ["yes-no"] }, build: sets.compareWhich },
  { id: "lookup.which-person", reads: "which of X and Y was in Z, who directed Z, X or Y: the film's people in the relation asked, only those offered", when: { all: ["people>=2", "film=1"], none: ["yes-no", "comparative", "superlative", "in-common", "count"] }, build: sets.whichPerson },
  { id: "films.which-option", reads: "which was directed by X, A or B: of the films offered, the ones the rest describes", when: { all: ["films>=2"], any: ["either-or", "which-of"], none: ["comparative", "superlative", "yes-no", "in-common"] }, build: sets.whichOption },
  { id: "compare.one-side", reads: "is X older/longer than Y, how long after X was Y, Y a name the KB lacks: X's figure, Y said missing", when: { all: ["film=1", "not-found"], any: ["comparative", "gap"], none: ["person"] }, build: paths.compareOneSide },
  { id: "compare.among", reads: "which of X, Y or Z is the longest", when: { all: ["superlative", "films>=2"], any: ["either-or", "which-of"], none: ["person"] }, build: sets.compareAmong },
  { id: "open.person-facets", reads: "a person's films that also hold something the KB has no relation for (\"which Spielberg movie features a great white shark\", \"starred Sean Connery as King Arthur\"): all their films, ranked by the facets they meet", when: { all: ["person", "films-asked"], any: ["facets", "character-named"], none: ["film", "superlative", "told-one", "negation", ...STRUCTURED.filter((f) => f !== "character-named")] }, build: open.openRequest },
  { id: "beyond.character-named", reads: "a name in a role frame (starred as N, N was played by, the role of N, who played N): a character, which the KB lacks; the film's cast beside it", when: { all: ["character-named"], none: ["asks-film"] }, build: (r, ctx) => paths.beyond(r, ctx, { fact: "character", phrase: asName(r.characters[0]!.text).slice(0, 100) }) },
  { id: "beyond.story-person", reads: "who is the chief in Y, who was Y about: a person asked of a film by no relation that reaches people is someone in its story (a character)", when: { all: ["story-person"] }, build: (r, ctx) => paths.beyond(r, ctx, { fact: "character", phrase: storyPersonSaid(r) }) },
  { id: "beyond.character", reads: "who did X play in Y, which character did X play", when: { all: ["plays-character"], none: ["asks-film"] }, build: (r, ctx) => paths.beyond(r, ctx, { fact: "character", phrase: r.cues.character?.phrase ?? "character" }) },
  { id: "beyond.character-in-film", reads: "who played <a character> in Y", when: { all: ["character-in-film"], none: ["asks-film"] }, build: (r, ctx) => paths.beyond(r, ctx, { fact: "character", phrase: r.cues.character?.phrase ?? "played" }) },
  { id: "check.superlative-all", reads: "is X the highest grossing film (of all time): X checked against the top of every film", when: { all: ["yes-no", "superlative", "film=1", "film-word"], none: ["series", "person", "kind", "period", "language"] }, build: sets.checkSuperlativeOfAll },
  { id: "check.superlative", reads: "is X the longest/best/first of a set (a series, a person's films, a kind): X checked against the set's top", when: { all: ["yes-no", "superlative", "film=1"], any: ["series", "person", "kind", "period", "language"] }, build: sets.checkSuperlative },
  { id: "check.sequel", reads: "did X direct the sequel to Y: the relation read of Y's sequel, X checked among it (or the sequel said missing)", when: { all: ["yes-no", "sequel", "film=1"] }, build: sets.checkSequel },
  { id: "check.every", reads: "did X direct all the Batman films, is every Pixar film animated: the set the universal word names, and its films that meet the rest; yes when they are all of it", when: { all: ["yes-no", "every"] }, build: sets.checkEvery },
  { id: "check.together", reads: "did X and Y ever work together", when: { all: ["yes-no", "people>=2"], none: ["film"] }, build: sets.checkTogether },
  { id: "check.shared", reads: "are X and Y by the same director, do X and Y share an actor, were they released the same year: what both films have in the relation said, yes when there is some", when: { all: ["yes-no", "shared", "films>=2"], none: ["person", "fact"] }, build: sets.checkShared },
  { id: "check.films", reads: "was X in Y, is Y a comedy, was Y released in 1975", when: { all: ["yes-no"], any: ["film", "person"], none: ["fact"] }, build: sets.checkFilms },
  { id: "lookup.figure", reads: "a figure of one film (or that no data here holds it)", when: { all: ["figure", "film=1"] }, build: paths.figure },
  { id: "order.relative", reads: "which film did X direct after Y, how many before Y: the set cut at Y's year, the nearest one, a list or a count", when: { all: ["relative-film"], any: ["person", "kind", "series"], none: ["yes-no"] }, build: sets.relativeOrder },
  { id: "order.relative-any", reads: "what other movies came out the same year as X, films released before Y: every film cut at that film's year", when: { all: ["relative-film", "film-word"], none: ["yes-no", "person", "kind", "series"] }, build: sets.relativeOrder },
  { id: "order.sequel", reads: "the prequel (or sequel) to X", when: { all: ["sequel", "film=1"] }, build: sets.sequelOf },
  { id: "order.ordinal", reads: "the third film X directed, the last Rocky movie", when: { all: ["ordinal"], none: ["told-plot"] }, build: sets.ordinal },
  { id: "order.superlative", reads: "the best/longest/earliest films of a set", when: { all: ["superlative"], any: ["person", "kind", "period", "series", "language", "film-word"], none: ["only-films"] }, build: sets.superlative },
  { id: "order.recommend", reads: "recommend a good horror film, I want a funny movie (no film to start from): the films asked, the better rated first", when: { all: ["wants-films"], any: ["kind", "person", "period", "language"], none: ["similar-seeds", "yes-no"] }, build: sets.bestOfKind },
  { id: "order.recommend-any", reads: "recommend me a movie, what should I watch: nothing to go on, so the best-rated films of all", when: { all: ["wants-films"], none: ["similar-seeds", "yes-no", "named", "weak-topic", "not-found", "kind", "period", "language", "series", "facets", "told-plot", "known-item", "long-story", ...STRUCTURED] }, build: sets.bestOfAll },
  { id: "order.good", reads: "some good movies with X, a good comedy film from the 90s: the films asked, the better rated first", when: { all: ["quality-films"], any: ["kind", "person", "period", "language", "film-word"], none: ["yes-no", "similar-seeds", "film", "count"] }, build: sets.bestOfKind },
  { id: "aggregate.count", reads: "how many films did X direct, how many actors are in Y", when: { all: ["count"] }, build: sets.count },
  { id: "aggregate.at-least", reads: "actors in more than three Tarantino films", when: { all: ["threshold"] }, build: (r, ctx) => sets.countedOver(r, ctx, "at_least") },
  { id: "films.role-minus", reads: "films X wrote but did not direct", when: { all: ["person=1", "negation"] }, build: sets.roleDifference },
  { id: "films.role-both", reads: "films X directed and starred in", when: { all: ["person=1", "named=1"], none: ["negation"] }, build: sets.roleBoth },
  { id: "films.minus", reads: "films or answers minus a person, kind, film or period", when: { all: ["negation"], any: ["named", "kind", "period"] }, build: sets.minus },
  { id: "aggregate.most-common", reads: "the director X worked with most, the usual genre of X's films", when: { all: ["most-common"], any: ["named", "kind", "series"], none: ["asks-film"] }, build: (r, ctx) => sets.countedOver(r, ctx, "most_common") },
  { id: "aggregate.most-common-all", reads: "which actor was in the most movies (over every film)", when: { all: ["most-common", "film-word"], none: ["named", "weak-topic", "not-found", "kind", "period", "language", "series", "asks-film"] }, build: sets.mostOfAll },
  { id: "lookup.shared", reads: "what do X and Y have in common", when: { all: ["in-common", "films>=2", "asks-nothing"] }, build: paths.shared },
  { id: "films.of-films-people", reads: "movies by the director of X, other films from the people who wrote X", when: { all: ["films-asked", "film=1"], none: ["asks-relation"] }, build: sets.filmsOfFilmsPeople },
  { id: "lookup.of-series", reads: "who directed the Rocky movies: the relation asked of each of a family's films", when: { all: ["series", "asks-relation"], none: ["yes-no", "count", "superlative", "comparative", "ordinal", "films-asked", "similar-seeds", "seeds-before-cue", "person"] }, build: sets.ofSeries },
  { id: "films.people", reads: "films of named people, together or with kinds, periods, languages", when: { all: ["only-people", "films-asked"], any: ["people>=2", "kind", "period", "language", "series"] }, build: sets.films_ },
  { id: "films.person", reads: "a person's films (will smith movies, what has X been in)", when: { all: ["only-people", "films-asked", "person=1"], none: ["asks-relation"] }, build: sets.films_ },
  { id: "films.series", reads: "the Rocky movies", when: { all: ["series"] }, build: sets.films_ },
  { id: "films.kind", reads: "films of a kind, period, language or series", when: { all: ["films-asked"], any: ["kind", "period", "language"], none: ["named", "series"] }, build: sets.films_ },
  { id: "films.figure-bound", reads: "films longer than 3 hours, that made over $1 billion, rated above 8 (and whatever else the clause says of them)", when: { all: ["figure-bound"], none: ["named", "count", "superlative", "yes-no"] }, build: sets.films_ },
  { id: "lookup.about", reads: "who is X, tell me about the movie X: a name and nothing asked of it, so everything the KB links to it", when: { all: ["only-a-name"] }, build: paths.about },
  { id: "lookup.of-described-films", reads: "who wrote the movie directed by X in 2003: the films described by their makers, then the relation asked of them", when: { all: ["person", "film-word"], none: ["film", "yes-no", "count", "comparative", "superlative", "ordinal", "films-asked", "together", "both", "in-common", "fact"] }, build: sets.ofDescribedFilms },
  { id: "lookup.roles-both", reads: "who wrote and directed X: the film's people in each role said, and those in all of them", when: { all: ["film=1"], none: ["person", "yes-no", "count", "superlative", "comparative", "fact", "story"] }, build: paths.rolesBoth },
  { id: "lookup.relation", reads: "a relation asked of named films or people", when: { all: ["named"] }, build: (r, ctx) => paths.lookup(r, 0.5, ctx) },
  { id: "lookup.weak", reads: "a relation asked of a loosely linked name", when: { all: ["weak-topic"] }, build: paths.weakLookup },
  { id: "plot.described", reads: "nothing named: the words searched as a description", when: {}, build: (r, ctx) => paths.described(r, ctx) },
];

/** Rules that add to what the clause's own rule built: what the KB lacks, said beside what it holds. */
export const WRAPPERS: readonly Rule[] = [
  { id: "beyond.country-stand-in", reads: "all Danish films: the KB has the language, not the country; the language's films beside the country said missing", when: { all: ["country-stand-in"], none: ["fact"] }, build: (r, ctx, inner) => paths.beyond(r, ctx, { fact: "country", phrase: countryStandIn(r)! }, inner) },
  { id: "beyond.fact", reads: "a fact the KB lacks (birthplace, awards, characters …)", when: { all: ["fact"], none: ["told-plot", "long-story", "story-fact", "story", "plays-character", "character-named", "asks-kb-value"] }, build: (r, ctx, inner) => paths.beyond(r, ctx, r.cues.fact!, inner) },
];

const LOWER_IN_NAMES: ReadonlySet<string> = new Set(["the", "a", "an", "of", "and", "in", "de", "von", "van"]);

/** A name said in lowercase, as a name is written ("rocky" → "Rocky"); one with a capital stays as said. */
function asName(text: string): string {
  return /\p{Lu}/u.test(text) ? text : text.replace(/(^|\s)(\p{L}+)/gu, (_m, space: string, w: string) => space + (LOWER_IN_NAMES.has(w) ? w : w[0]!.toUpperCase() + w.slice(1)));
}

/** Superlatives of age: said of people, their ages. */
const AGE_RANKS: ReadonlySet<string> = new Set(["oldest", "youngest", "eldest"]);
