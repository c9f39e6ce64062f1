import { negatedItems } from "../cues";
import { MOVIE_WORDS, ROLE_PART_WORDS } from "../lexicon/relations";
import { NATIONALITY_LANGUAGES, PERSON_LEAD_WORDS, PERSON_TAIL_WORDS } from "../lexicon/linking";
import { ABOUT_FRAME_WORDS, AMONG_WORDS, CHARACTER_COPULAS, CHARACTER_VERBS, COPULA_OPENERS, FILM_SLOT_PREPOSITIONS, RELATIVE_TIME_PHRASES, WHOLE_SET_WORDS } from "../lexicon/shapes";
import { ARTICLES, STOP_WORDS, entryOf, type WordToken } from "../../util/text";
import { TOPIC_FRAME_WORDS, TOPIC_JOINING_WORDS } from "../lexicon/domain";
import { ROLE_NOUNS } from "../lexicon/linking";
import type { TopicEntity } from "../analyze";
import type { Reading } from "../reading";
import { CONFIDENT } from "../reading";
import { kindsOf, ruledOutHere } from "../film-set";
import { asksForFilms } from "../stages/open-request";
import { TASTE_PHRASES } from "../lexicon/requests";
import { tmdbSeedsAfterCue, tmdbSeedsBeforeCue } from "../tmdb-seeds";
import { lifeFactInStory } from "../stages/life-fact";

const TASTES: ReadonlySet<string> = new Set(TASTE_PHRASES);
const sentences = (text: string) => text.split(/[.!?\n]+\s*/u).filter((x) => /\p{L}{2}/u.test(x)).length;

/**
 * The facts about a clause that rules match on, each a small predicate over the reading. Computed
 * once per clause; a rule's `when` names them, so a rule reads as data.
 */
const ROLE_NOUNS_SET = new Set(ROLE_NOUNS);

const FEATURE_TESTS = {
  // "Midnight Ledger isn't it.": a negation said after a film ruled out asks nothing.
  "yes-no": (r: Reading) => r.cues.yesNo !== undefined && !r.ruledOut.some((x) => r.cues.yesNo!.at >= x.tokenEnd && r.cues.yesNo!.at <= x.tokenEnd + 1),
  comparative: (r: Reading) => r.cues.comparative !== undefined,
  /** "how many years apart", "how much longer": a gap between two figures. */
  gap: (r: Reading) => r.cues.gap !== undefined,
  /** "the same director", "share an actor", "the same year". */
  shared: (r: Reading) => r.cues.shared !== undefined,
  every: (r: Reading) => r.cues.every !== undefined,
  story: (r: Reading) => r.cues.story !== undefined,
  "figure-bound": (r: Reading) => r.cues.figureBound !== undefined,
  ordinal: (r: Reading) => r.cues.ordinal !== undefined,
  superlative: (r: Reading) => r.cues.superlative !== undefined,
  figure: (r: Reading) => r.cues.figure !== undefined,
  count: (r: Reading) => r.cues.count !== undefined,
  threshold: (r: Reading) => r.cues.threshold !== undefined,
  "most-common": (r: Reading) => r.cues.mostCommon !== undefined,
  "kind-question": (r: Reading) => r.cues.kindQuestion !== undefined,
  options: (r: Reading) => r.cues.options.length >= 2,
  "similar-cue": (r: Reading) => r.cues.similar !== undefined,
  /**
   * Films to watch asked for, by a recommendation cue or by the request's own wording ("I want a funny movie"). A
   * request said only by a quality word ("some good movies with X") is the better-rated films asked (order.good); with
   * nothing to qualify ("have you seen any good movies lately") it asks for the best films of all.
   */
  "wants-films": (r: Reading) => r.cues.similar !== undefined || (r.request?.intent === "recommend" && (r.analysis.quality === undefined || !qualifiesSomething(r))),
  /** "who is Margot Robbie", "tell me about the movie Dune": a name in an asking frame and nothing else. */
  "only-a-name": (r: Reading) => onlyAName(r),
  /** "movies starring Zendaya", "what films has Zendaya been in": a name the KB lacks where a person's role says whose films. */
  "lacked-person": (r: Reading) => lackedPerson(r),
  /** "which movie did Spielberg direct after Jaws": a set's films placed in time by a film named. */
  "relative-film": (r: Reading) => relativeFilm(r) !== undefined,
  /** "some good movies with tom hanks", "a good comedy film": a quality word on the films asked. */
  "quality-films": (r: Reading) => r.analysis.quality !== undefined,
  "similar-seeds": (r: Reading) => seedsAfterCue(r).length > 0 || tmdbSeedsAfterCue(r).length > 0 || familySeeded(r, false) !== undefined,
  "seeds-before-cue": (r: Reading) => seedsBeforeCue(r).length > 0 || tmdbSeedsBeforeCue(r).length > 0 || familySeeded(r, true) !== undefined,
  negation: (r: Reading) => r.cues.negations.length > 0,
  together: (r: Reading) => r.cues.together !== undefined,
  both: (r: Reading) => r.cues.both !== undefined,
  "in-common": (r: Reading) => r.cues.inCommon,
  fact: (r: Reading) => r.cues.fact !== undefined && !storyFact(r),
  /**
   * Films asked for by where they are set or who is in their story ("horror films that take place on a
   * ship", "movies about a character named Abby"): a facet of the films, not a fact asked of one.
   */
  "story-fact": (r: Reading) => storyFact(r),
  "plays-character": (r: Reading) => playsCharacter(r),
  /** "who played the Ringo Kid in Stagecoach", "who portrayed Carl Bernstein in All the President's Men": the actor of a character the KB does not name. */
  "character-in-film": (r: Reading) => characterInFilm(r),
  /** "who starred as Captain Miller", "Tony Stark was played by what actor": a character named in a role frame. */
  "character-named": (r: Reading) => r.characters.length > 0,
  /** "who is the chief in Jaws", "who was Tombstone about": a person asked of one film by no relation that reaches people. */
  "story-person": (r: Reading) => storyPerson(r),
  /** "all Danish films", "every Czech movie": a nationality the KB holds only as a language, asked for whole. */
  "country-stand-in": (r: Reading) => countryStandIn(r) !== undefined,
  "told-plot": (r: Reading) => r.told !== undefined,
  /** A story told of one film ("the movie where …"), not of films in the plural ("movies where …" asks which films). */
  "told-one": (r: Reading) => r.told !== undefined && !/\b(?:movies|films|flicks|ones)\b/.test(r.told.phrase),
  /** A film remembered and asked for by name ("trying to remember a movie …"), or described at length. */
  "known-item": (r: Reading) => r.request?.intent === "known_item" && r.ledger.facets.length >= 2,
  /** Several sentences and many content words: a film described at length, whatever cue words its story holds. */
  "long-story": (r: Reading) => r.longStory,
  /** Films asked for outright ("recommend", "suggest", "I prefer …"): a request, however long. */
  "asks-for-films": (r: Reading) => asksForFilms(r.request),
  /** Tastes told over several sentences ("Hi! I prefer comedy and action. My daughters loved Frozen."): one request for films, whatever cue words its chatter holds. */
  "taste-talk": (r: Reading) => r.request?.intent === "recommend" && (asksForFilms(r.request) || TASTES.has(r.request.phrase)) && sentences(r.text) >= 2,
  /** Films asked for: "recommend", "something like", "I loved …". */
  "recommend-request": (r: Reading) => r.request?.intent === "recommend" || r.taste.loved.length > 0,
  /** Films asked which hold something: "movies about …", "are there any films where …". */
  "explore-request": (r: Reading) => r.request?.intent === "explore",
  /** Content words no name, constraint or cue took: what the request wants a film to be about. */
  facets: (r: Reading) => r.ledger.facets.length > 0,
  sequel: (r: Reading) => r.cues.sequel !== undefined,
  series: (r: Reading) => r.series !== undefined,
  named: (r: Reading) => r.named.length > 0,
  "named>=2": (r: Reading) => r.named.length >= 2,
  "named=1": (r: Reading) => r.named.length === 1,
  film: (r: Reading) => films(r).length > 0,
  "film=1": (r: Reading) => films(r).length === 1,
  "films>=2": (r: Reading) => films(r).length >= 2,
  person: (r: Reading) => people(r).length > 0,
  "person=1": (r: Reading) => people(r).length === 1,
  "people>=2": (r: Reading) => people(r).length >= 2,
  "only-people": (r: Reading) => r.named.length > 0 && r.named.every((t) => t.type === "Person"),
  // A film left out of those asked for ("best action movies excluding Die Hard") is no film the clause is about.
  "only-films": (r: Reading) => r.named.some((t) => !leftOut(r, t.tokenStart)) && r.named.every((t) => t.type === "Movie" || leftOut(r, t.tokenStart)),
  kind: (r: Reading) => kindsOf(r).length > 0,
  period: (r: Reading) => r.periods.length > 0 || r.analysis.constraints.some((c) => c.kind === "year"),
  language: (r: Reading) => r.languages.length > 0,
  "language-options": (r: Reading) => r.languages.length >= 2 && r.words.includes("or"),
  "not-found": (r: Reading) => r.notFound.length > 0,
  /** A film TMDB lists and the KB lacks, named: a film asked about, though no KB node. */
  "tmdb-film": (r: Reading) => r.notFound.some((n) => n.tmdb?.length),
  "weak-topic": (r: Reading) => r.analysis.topics.some((t) => t.confidence >= 0.35),
  "asks-person": (r: Reading) => r.analysis.answer.type === "Person",
  "asks-film": (r: Reading) => r.analysis.answer.type === "Movie",
  "asks-nothing": (r: Reading) => r.analysis.answer.type === undefined && r.analysis.answer.edge === undefined,
  "asks-relation": (r: Reading) => r.analysis.answer.edge !== undefined,
  /** "which language is X filmed in": the answer phrase asks a value the KB holds, not the fact word said beside it. */
  // A kind of a thing, or when the story is set ("what year does doubt take place"), is no value the KB holds.
  "asks-kb-value": (r: Reading) => !r.cues.fact?.kindOf && !(r.cues.fact?.fact === "other" && r.cues.fact.says !== undefined) && (["Language", "Genre", "Tag", "Rating", "Votes"].includes(r.analysis.answer.type ?? "") || (r.analysis.answer.type === "Year" && r.words[0] !== "when" && !r.cues.fact?.phrase.startsWith("born"))),
  "film-word": (r: Reading) => r.words.some((w) => MOVIE_WORDS.has(w)),
  "films-asked": (r: Reading) => filmsAsked(r),
  // "other than Airplane! or Caddyshack": an "or" inside a list of films left out offers no choice.
  "either-or": (r: Reading) => r.words.some((w, k) => w === "or" && !leftOut(r, k)),
  /** "which of Iron Man, Iron Man 2 and Iron Man 3 is the longest", "which is the longest among Iron Man, …": the films listed are the choices. */
  "which-of": (r: Reading) => (r.words[0] === "which" || r.words[0] === "what") && (r.words[1] === "of" || AMONG.has(r.words[Math.min(...films(r).map((f) => f.tokenStart)) - 1] ?? "")),
  "sure-film": (r: Reading) => films(r).some((f) => f.confidence >= CONFIDENT),
} as const;

export type Feature = keyof typeof FEATURE_TESTS;
export const FEATURES: readonly Feature[] = Object.keys(FEATURE_TESTS) as Feature[];

export function featuresOf(r: Reading): ReadonlySet<Feature> {
  return new Set(FEATURES.filter((f) => FEATURE_TESTS[f](r)));
}

function storyFact(r: Reading): boolean {
  const fact = r.cues.fact;
  // "where was the first mad max movie filmed" asks the place, of the film picked; "movies filmed in Boston" asks films.
  if (!fact || r.words[0] === "where" || films(r).length > 0 || people(r).length > 0) return false;
  if (fact.fact === "character" || fact.fact === "country" || fact.fact === "filming_location") return filmsAsked(r);
  return lifeFactInStory(r);
}

/** Whether a token lies in a list of films ruled out ("other than Big, Splash or Cast Away", "it's not Hush or Mute"). */
function leftOut(r: Reading, k: number): boolean {
  const out = ruledOutHere(r);
  return out.length > 0 && k >= out[0]!.tokenStart && k < out.at(-1)!.tokenEnd;
}

/** The films the clause is about: named, and not ruled out ("best action movies except Die Hard", "it's not The Mask"). */
export function films(r: Reading): TopicEntity[] {
  return namedFilms(r).filter((t) => !leftOut(r, t.tokenStart));
}

/** Every film named, ruled out or not (the films seen are where a taste starts). */
export function namedFilms(r: Reading): TopicEntity[] {
  return r.named.filter((t) => t.types.includes("Movie") && (t.type === "Movie" || !t.types.includes("Person")));
}

export function people(r: Reading): TopicEntity[] {
  return r.named.filter((t) => t.type === "Person");
}

/**
 * The films asked for, not their directors or years: the answer phrase names films or nothing, no
 * relation is asked along, and films are said ("films", "movies"), or a person's role is
 * ("what did X direct", "what has X been in").
 */
export function filmsAsked(r: Reading): boolean {
  const a = r.analysis;
  const type = a.answer.type === undefined || a.answer.type === "Movie";
  return type && !a.answer.edge && (a.answer.type === "Movie" || filmWordAsks(r) || onlyKinds(r) || personsRole(r) || onlyTopics(r));
}

/**
 * A film word that asks films: not one that says what a named film is, right before it after "the" ("cast of the movie
 * titanic") or right after it ("the titanic movie").
 */
function filmWordAsks(r: Reading): boolean {
  const named = films(r);
  return r.words.some((w, k) => MOVIE_WORDS.has(w) && !named.some((f) => (f.tokenStart === k + 1 && r.words[k - 1] === "the") || f.tokenEnd === k));
}

const TOPIC_FRAME: ReadonlySet<string> = new Set([...TOPIC_FRAME_WORDS, ...TOPIC_JOINING_WORDS]);
/** Of those, the words a topic may open with ("a boy and his dog", "about phones"). */
const TOPIC_OPENING: ReadonlySet<string> = new Set([...ARTICLES, "about"]);

/**
 * "time travel", "zombies", "Halloween themed", "2010s about phones": said to a film service, a message of nothing but
 * kinds of story the films are described by (and a period, and words that join them) asks for films of them.
 */
export function onlyTopics(r: Reading): boolean {
  // "and in germany?": a message opening on a joining word goes on from what was said before.
  if (!r.concepts.length || (TOPIC_FRAME.has(r.words[0] ?? "") && !TOPIC_OPENING.has(r.words[0]!))) return false;
  const inConcept = (k: number) => r.concepts.some((c) => k >= c.tokenStart && k < c.tokenEnd);
  const inPeriod = (t: WordToken) => r.periods.some((p) => t.start >= p.start && t.end <= p.end);
  return r.tokens.every((t, k) => TOPIC_FRAME.has(t.folded) || inConcept(k) || inPeriod(t));
}

/** No answer phrase and no relation asked, only kinds of film or periods said ("westerns from 1969", "comedies with Jim Carrey"). */
function onlyKinds(r: Reading): boolean {
  if (r.analysis.answer.phrase !== undefined || (!r.concepts.some((c) => c.strong) && !r.periods.length)) return false;
  // "comedies released in 1984": the release verb right before a period is the period's, no relation asked.
  const periodsVerb = (c: { edge: string; token: number }) => c.edge === "RELEASED_IN" && r.periods.some((p) => [c.token, c.token + 1].some((k) => r.tokens[k]?.start === p.start));
  return !r.analysis.cues.some((c) => c.weight >= 1 && !periodsVerb(c) && (ROLE_NOUNS_SET.has(c.word) || !(c.edge === "DIRECTED" || c.edge === "WROTE" || c.edge === "ACTED_IN")));
}

/** "what did X direct", "what has X been in", "which did X write": a person named, then their role (or "in") after the name. */
function personsRole(r: Reading): boolean {
  const ps = people(r);
  if (!ps.length || films(r).length || !["what", "which", "whats"].includes(r.words[0] ?? "")) return false;
  const after = Math.max(...ps.map((p) => p.tokenEnd));
  const roleAfter = r.analysis.cues.some((c) => (c.edge === "DIRECTED" || c.edge === "WROTE" || c.edge === "ACTED_IN") && c.weight >= 0.7 && c.token >= after);
  const inAfter = r.words.slice(after, after + 3).includes("in");
  return roleAfter || inAfter;
}

const PERSON_EDGES: ReadonlySet<string> = new Set(["DIRECTED", "WROTE", "ACTED_IN"]);
const WHOLE_SET: ReadonlySet<string> = new Set(WHOLE_SET_WORDS);

/**
 * A nationality said before a film word ("all Danish films"): the KB records languages, not countries,
 * so the language's films stand in. Asked for all of them, the stand-in is no answer to the whole; the
 * word is returned so the reply can say the country is not recorded. ("a Japanese drama" asks one: the stand-in serves.)
 */
export function countryStandIn(r: Reading): string | undefined {
  if (!r.languages.length) return undefined;
  const languages = new Set(r.languages.map((l) => l.toLowerCase()));
  const at = r.words.findIndex((w, k) => (languages.has(w) || entryOf(NATIONALITY_LANGUAGES, w) !== undefined) && MOVIE_WORDS.has(r.words[k + 1] ?? ""));
  // "all" asks for all of them when said of the films ("all Danish films", "all the danish films"), not in chatter ("that's all I remember").
  const whole = at >= 0 && r.words.slice(Math.max(0, at - WHOLE_SET_REACH), at).some((w) => WHOLE_SET.has(w));
  return whole ? r.tokens[at]!.text : undefined;
}

/** How many words before the nationality a word asking for the whole set may stand ("list all of the danish films"). */
const WHOLE_SET_REACH = 4;

/**
 * A person asked ("who", "which person") of one film, no person named, and words of its own that no
 * relation to people reads: a story word ("the chief", "attacked first") or a relation that ends at
 * no person ("about"). Whoever it is, is someone in the film's story: a character.
 */
function storyPerson(r: Reading): boolean {
  const a = r.analysis;
  // "who killed gwen in Y": a story's deed between "who" and a bare "in" makes the "in" where the story happens, not a cast.
  const storyIn = (c: { word: string; weight: number; token: number }) => c.word === "in" && c.weight < 1 && r.ledger.facets.some((f) => f.tokenEnd <= c.token && (f.kind === "plot" || f.kind === "theme"));
  const cues = a.cues.filter((c) => !storyIn(c));
  const edge = cues.length < a.cues.length && a.answer.edge === "ACTED_IN" ? undefined : a.answer.edge;
  if (a.answer.type !== "Person" || edge !== undefined || r.cues.yesNo || r.cues.fact || films(r).length !== 1 || people(r).length) return false;
  if (cues.some((c) => PERSON_EDGES.has(c.edge))) return false;
  return r.ledger.facets.length > 0 || a.cues.some((c) => c.weight >= 0.7);
}

/** The words a story person was asked by ("the bad guy", "chief", "about"), for the reply. */
export function storyPersonSaid(r: Reading): string {
  return storyPersonPhrase(r) ?? storyQuestion(r) ?? (r.ledger.facets.map((f) => f.said).join(", ") || r.analysis.cues.find((c) => c.weight >= 0.7)?.word || "who");
}

/** "who does evelyn end up with in pearl harbor", "who dies in titanic": the question asked of the story, up to where its film is said. */
function storyQuestion(r: Reading): string | undefined {
  const end = r.words[0] === "who" ? filmSlotAt(r) : undefined;
  if (end === undefined || end < 2) return undefined;
  return `what you asked (${r.text.slice(r.tokens[0]!.start, r.tokens[end - 1]!.end)})`;
}

/** Where the preposition before the clause's film stands ("in" of "… in the pearl harbor"), its article aside. */
function filmSlotAt(r: Reading): number | undefined {
  const film = films(r)[0];
  if (!film) return undefined;
  const at = film.tokenStart - (ARTICLES.has(r.words[film.tokenStart - 1] ?? "") ? 1 : 0) - 1;
  return OF_FILM.has(r.words[at] ?? "") ? at : undefined;
}

const STORY_PERSON_COPULAS: ReadonlySet<string> = new Set(COPULA_OPENERS);
const OF_FILM: ReadonlySet<string> = new Set([...FILM_SLOT_PREPOSITIONS, "of"]);
/** The longest description of someone of a story said before its film ("the camp director", "the bad guy"). */
const STORY_PERSON_WORDS = 5;

/**
 * "who is the bad guy in lord of the rings", "who was the killer of scream": the noun phrase between "who is" and the
 * film, whole and with its article, is how the question names someone of the story.
 */
function storyPersonPhrase(r: Reading): string | undefined {
  if ((r.words[0] !== "who" && r.words[0] !== "whom") || !STORY_PERSON_COPULAS.has(r.words[1] ?? "")) return undefined;
  const slot = filmSlotAt(r);
  if (slot === undefined) return undefined;
  const span = r.words.slice(2, slot);
  if (span.length >= 2 && span.length <= STORY_PERSON_WORDS && ARTICLES.has(span[0]!)) return span.join(" ");
  // "who is rose in titanic": a name alone is the character's, said as a name.
  const named = span.length >= 1 && span.length <= 3 && span.every((w) => !STOP_WORDS.has(w));
  return named ? r.tokens.slice(2, slot).map((t) => t.text.charAt(0).toUpperCase() + t.text.slice(1)).join(" ") : undefined;
}

/** "who did Harrison Ford play in Witness", "which character did X play": a role word right after a named person, or "character" said with one. */
const DO_AUXILIARIES = new Set(["did", "does", "do"]);
const ROLE_NOUN_CUES = new Set(ROLE_PART_WORDS);
const CHARACTER_QUESTION_WORDS = new Set(["who", "whom", "what", "which", "whose"]);

function playsCharacter(r: Reading): boolean {
  const cue = r.cues.character;
  const ps = people(r);
  if (r.cues.fact?.fact === "character" && ps.length) return true;
  // "scary movies that anthony hopkins play in": with films asked, "play in" is acting, unless "who" asks the role.
  if (filmsAsked(r) && r.words.some((w) => MOVIE_WORDS.has(w)) && r.words[0] !== "who" && r.words[0] !== "whom") return false;
  // "did Tom Hanks play in Big": "play in" with no word asking who or what is acting in it.
  if (r.words[cue?.end ?? -1] === "in" && !CHARACTER_QUESTION_WORDS.has(r.words[0] ?? "")) return false;
  if (cue !== undefined && ps.some((p) => cue.at >= p.tokenEnd && cue.at - p.tokenEnd <= 2)) return true;
  // "who is liam neeson in dark knight rises": the copula standing for the verb, right before the person.
  if (cue !== undefined && copulaForPlaying(r) && ps.some((p) => p.tokenStart === cue.end)) return true;
  // "what role did Tom Hanks play in Big": the role noun first, then the person, then the verb they play it by.
  return ps.some((p) => PLAY_VERBS.has(r.words[p.tokenEnd] ?? "")) && ROLE_NOUN_CUES.has(cue?.phrase ?? "");
}
const PLAY_VERBS = new Set(CHARACTER_VERBS.filter((w) => !ROLE_PART_WORDS.includes(w)));
const COPULA_CUES: ReadonlySet<string> = new Set(CHARACTER_COPULAS);

/** The part asked is cued by a copula standing for the verb of playing ("who is liam neeson in …"): the person after it is the actor. */
export function copulaForPlaying(r: Reading): boolean {
  return COPULA_CUES.has(r.cues.character?.phrase ?? "");
}

/** "who played Al Jolson in The Jolson Story": asks the actor of a character (a name after the verb is the character), then "in" a film. */
function characterInFilm(r: Reading): boolean {
  const cue = r.cues.character;
  if (!cue || !films(r).length || !["who", "which", "what"].includes(r.words[0] ?? "") || playsCharacter(r)) return false;
  // "what kind of sport is played in Y": the kind asked is what is played, not an actor.
  if (r.cues.fact?.kindOf && r.cues.fact.at < cue.at) return false;
  if (people(r).some((p) => p.tokenEnd <= cue.at)) return false;
  // "which actor played in Pretty Woman", "… in both A and B": no character between the verb and "in" is acting
  // (a role noun before "in", "her roles in A and B", stays the roles she played there).
  // "who did Ken Jeong play in Despicable Me": an auxiliary before the verb makes "who" its object, the character.
  const asked = r.words.slice(0, cue.at).some((w) => DO_AUXILIARIES.has(w));
  if (r.words[cue.end] === "in" && !asked && (!ROLE_NOUN_CUES.has(cue.phrase) || (films(r).length >= 2 && r.cues.both !== undefined))) return false;
  return r.words.slice(cue.end).some((w, i, rest) => w === "in" && rest.length > i + 1);
}

/** Films named after a "like X" cue and outside its words: where a recommendation starts. */
export function seedsAfterCue(r: Reading): TopicEntity[] {
  const cue = r.cues.similar;
  if (!cue) return [];
  // A film said against ("something else he directed besides Pitch Black") is no film to start from.
  const against = new Set(negatedItems(r.cues.negations, r.named, r.concepts).entities);
  return films(r).filter((m) => m.tokenStart > cue.at && !spanOf(m).some((k) => cue.covered.has(k)) && !against.has(m));
}

/**
 * A family said where a film to start from goes: after "like" ("movies like the Rocky films") or before "what else"
 * ("loved the Harry Potter movies, what else"). Its KB films are the seeds, and none of its films is an answer.
 */
export function familySeeded(r: Reading, before: boolean): NonNullable<Reading["series"]> | undefined {
  const s = r.series;
  if (!s) return undefined;
  if (before) return r.cues.similarAfter && s.tokenEnd <= r.cues.similarAfter.at ? s : undefined;
  const cue = r.cues.similar;
  return cue && s.tokenStart > cue.at && !cue.covered.has(s.tokenStart) ? s : undefined;
}

/** Films named before "what else", "similar ones": "loved the shining, what else would i like". */
export function seedsBeforeCue(r: Reading): TopicEntity[] {
  const cue = r.cues.similarAfter;
  return cue ? films(r).filter((m) => m.tokenEnd <= cue.at && m.confidence >= CONFIDENT) : [];
}

function spanOf(t: TopicEntity): number[] {
  return Array.from({ length: t.tokenEnd - t.tokenStart }, (_, i) => t.tokenStart + i);
}

/**
 * "which movie did Spielberg direct after Jaws", "how many films did Tarantino make before Kill Bill",
 * "which Spielberg film came out in the same year as Raiders of the Lost Ark": a film named right after
 * a phrase that places other films in time by it.
 */
export function relativeFilm(r: Reading): { side: "before" | "after" | "same"; film: TopicEntity } | undefined {
  for (const film of films(r)) {
    for (const [phrase, side] of Object.entries(RELATIVE_TIME_PHRASES)) {
      const words = phrase.split(" ");
      if (film.tokenStart >= words.length && r.words.slice(film.tokenStart - words.length, film.tokenStart).join(" ") === phrase) return { side, film };
    }
  }
  return undefined;
}

const PERSON_LEADS: ReadonlySet<string> = new Set(PERSON_LEAD_WORDS);
const AMONG: ReadonlySet<string> = new Set(AMONG_WORDS);
const PERSON_TAILS: ReadonlySet<string> = new Set(PERSON_TAIL_WORDS);

/**
 * A name the KB lacks, in a slot only a person fills: right after a role word ("starring Zendaya"), or as the subject
 * of a role verb ("has Zendaya been in"), with films asked and nothing else named.
 */
export function lackedPerson(r: Reading): boolean {
  if (!r.notFound.length || r.named.length) return false;
  return r.notFound.some((n) => {
    const at = r.tokens.findIndex((t) => t.start === r.text.indexOf(n.text));
    const end = at + n.text.split(/\s+/).length;
    return at > 0 && (PERSON_LEADS.has(r.words[at - 1]!) || PERSON_TAILS.has(r.words[end] ?? ""));
  });
}

const ABOUT_FRAME: ReadonlySet<string> = new Set(ABOUT_FRAME_WORDS);

/** One film or person named, and every other word a word of an asking frame ("who is", "tell me about", "what do you know about"). */
function onlyAName(r: Reading): boolean {
  if (r.named.length !== 1) return false;
  const [t] = r.named;
  // "tell me about king kong 1976": the year said of the film is part of its name here.
  const ofTitle = (k: number) => r.periods.some((p) => p.ofTitle && r.tokens[k]!.start >= p.start && r.tokens[k]!.end <= p.end);
  const rest = r.words.filter((_, k) => (k < t!.tokenStart || k >= t!.tokenEnd) && !ofTitle(k));
  return rest.length > 0 && rest.every((w) => ABOUT_FRAME.has(w));
}

/** A person, a kind, a period or a language a quality word may be said of ("good horror movies", "good movies with X"). */
function qualifiesSomething(r: Reading): boolean {
  return QUALIFIED.some((f) => FEATURE_TESTS[f](r));
}
const QUALIFIED = ["person", "kind", "period", "language"] as const;
