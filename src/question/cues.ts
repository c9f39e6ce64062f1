import { ARTICLES, entryOf, wordTokens } from "../util/text";
import type { EdgeType } from "../kb/schema";
import type { MovieMetric, RankMetric } from "../ports/movie-catalog";
import type { FactKind, Metric } from "../plan/schema";
import { isCastLead, type QuestionAnalysis, type TopicEntity } from "./analyze";
import {
  AGE_PHRASES, COUNT_PHRASES, FIGURE_PHRASES, SIDE_BY_SIDE_PHRASES, HOW_MUCH_VERBS, INTERSECTION_PHRASES, KIND_NOUNS, KIND_PHRASES, KIND_QUANTIFIERS, LIKE_HEADS,
  MOST_COMMON_PHRASES, NEGATION_PHRASES, NUMBER_WORDS, ELSE_DONE_AUXILIARIES, LIKE_HEDGES, LIKE_HEDGE_PAIRS, LIKE_SUFFIXES, PLACE_TOP_PHRASES, RECOMMENDATION_AFTER_FILM, RECOMMENDATION_PHRASES, SUPERLATIVE_PHRASES, THRESHOLD_PHRASES,
} from "./lexicon/cues";
import { OPTION_GENRES } from "./lexicon/concepts";
import { JOINING_WORDS, ROLE_NOUNS, ROLE_VERBS } from "./lexicon/linking";
import { MOVIE_WORDS, PERSON_WORDS, PLURAL_MOVIE_WORDS, WORD_TO_EDGES } from "./lexicon/relations";
import { CHARACTER_COPULAS, CHARACTER_VERBS, COMPARATIVE_PHRASES, GAP_LEADS, GAP_MORE_LESS, GAP_UNITS, GAP_WORDS, SHARED_LEADS, BOUND_UNITS, BOUND_WORDS, BUDGET_WORDS, RATING_WORDS, LIST_COUNT_BLOCKER_WORDS, STORY_PHRASES, STORY_TAIL, UNIVERSAL_WORDS, WHOLE_SET_WORDS, CREATURE_KIND_WORDS, CREATURE_WORDS, STORY_BEINGS, FACT_PHRASES, KIND_OF_LEADS, NAME_OF_LEADS, THING_KIND_WORDS, ORDINAL_WORDS, SEQUEL_PHRASES, TOGETHER_PHRASES, WH_NOUN_LEADS, YES_NO_OPENERS, YES_NO_TAILS } from "./lexicon/shapes";
import type { ConceptRef } from "./stages/concepts";
import { findPhrase, firstOf, phrasesOf } from "./stages/phrases";
import { ANY_WORDS, ASKING_FOR_FILMS, LISTENER_HOLDING_VERBS, NOT_DOING_WORDS, SPEAKER_POSSESSIVES, WATCHED_WHEN_PHRASES, WATCHER_WORDS } from "./lexicon/requests";

/** A phrase found in the clause, with its token span [at, end). */
export interface Found {
  phrase: string;
  at: number;
  end: number;
}

/**
 * What the wording of a clause says about the shape of its answer, found once per clause from the
 * lexicon: each cue is a detection only; the rules decide what the clause asks.
 */
export interface ShapeCues {
  yesNo?: Found;
  comparative?: Found & { by: Metric; pick: "max" | "min" };
  /** "the same director", "share an actor", "the same year": what the named things have in common, in a relation said. */
  shared?: Found;
  /** "what is Memento about", "the plot of Jaws", "what happens in Alien": the film's story asked. */
  story?: Found;
  /** "longer than 2.5 hours", "made over $500 million", "rated above 8": a TMDB figure's bound, in the figure's own unit. */
  figureBound?: Found & { metric: MovieMetric; cmp: "gt" | "lt"; value: number };
  /** "all the Batman movies", "every Pixar film": a whole set named, from the universal word to its film word (`setEnd`). */
  every?: Found & { setEnd: number };
  /** "three comedies from 2005", "name 5 Tom Hanks movies": how many films a list asks for. */
  listCount?: Found & { n: number };
  /** A gap between two figures asked ("how many years apart", "how much longer"): the figure it measures. */
  gap?: Found & { by: Metric };
  ordinal?: Found & { nth: number; fromEnd: boolean };
  /** `count`: how many of the top are asked ("the three best", "top 5 highest grossing", "two most recent"). */
  superlative?: Found & { metric: RankMetric; order: "asc" | "desc"; count?: number };
  figure?: Found & { metric: MovieMetric };
  count?: Found;
  threshold?: { phrase: string; min: number };
  mostCommon?: Found;
  kindQuestion?: Found;
  /** Options joined by "or" that name genres ("scary or funny"). */
  options: { text: string; genre: string; tokens: number[] }[];
  similar?: Found & { covered: Set<number> };
  similarAfter?: Found;
  age?: "newer" | "older";
  negations: Found[];
  /** The tokens of the speaker's own watching and habits ("last night", "the last film I saw", "I mostly watch"): no cue, talk. */
  ownWatching: number[];
  together?: Found;
  both?: Found;
  either: boolean;
  /** `says`: how a reply names the fact when the words asked for it are no name for it ("take place" → where the story is set). */
  /** `kindOf`: asked as a kind of a creature or thing ("what kind of sport"), which no film relation names. */
  fact?: Found & { fact: FactKind; says?: string; kindOf?: true };
  character?: Found;
  /** "the prequel to X": the film of its family just before (or after) it. */
  sequel?: Found & { side: "before" | "after" };
  inCommon: boolean;
}

const LIKE = new Set(LIKE_HEADS);
const WHAT_WORDS: ReadonlySet<string> = new Set(["what", "whats"]);
/** Question words that ask something other than a story (a place, a time, a person, a number, a reason). */
const OTHER_WH: ReadonlySet<string> = new Set(["where", "when", "who", "whom", "whose", "how", "why", "which"]);
const LIST_COUNT_BLOCKERS: ReadonlySet<string> = new Set(LIST_COUNT_BLOCKER_WORDS);

export function findShapeCues(words: readonly string[], analysis: QuestionAnalysis, concepts: readonly ConceptRef[] = []): ShapeCues {
  const opener = words[0] && YES_NO_OPENERS.includes(words[0]) ? (askedOfListener(words) ? undefined : { phrase: words[0], at: 0, end: 1 }) : yesNoTail(words);
  // "the last film I saw", "saw it last night": the person's own watching places no film in a list.
  const own = ownWatching(words);
  const ranked = own.size ? words.map((w, i) => (own.has(i) ? "" : w)) : words;
  const sup = superlativeCue(ranked, concepts);
  const fact = factCue(words);
  const comparative = filmsCounted(words, found(words, COMPARATIVE_PHRASES) ?? comparedFigure(words));
  return {
    ...(opener ? { yesNo: opener } : {}),
    ...optional("comparative", comparative),
    ...optional("gap", gapCue(words, comparative)),
    ...optional("shared", sharedCue(words)),
    ...optional("every", everyCue(words)),
    ...optional("figureBound", figureBoundCue(analysis.question, words)),
    ...optional("story", storyCue(words, analysis)),
    ...optional("listCount", listCountCue(words, concepts)),
    ...optional("ordinal", ordinalCue(ranked)),
    // "the 1965 best actor oscar": the best of an award names its category, not a ranking.
    ...optional("superlative", fact?.fact === "award" ? undefined : sup),
    ...optional("figure", figureCue(words)),
    ...optional("count", firstOf(words, COUNT_PHRASES)),
    ...optional("threshold", thresholdCue(words, analysis)),
    ...optional("mostCommon", firstOf(ranked, MOST_COMMON_PHRASES) ?? kindQuantified(ranked) ?? (words.at(-1) === "most" ? { phrase: "most", at: words.length - 1, end: words.length } : undefined)),
    ...optional("kindQuestion", firstOf(ranked, KIND_PHRASES) ?? kindQuantified(ranked)),
    options: optionsIn(words),
    ...optional("similar", recommendationCue(words)),
    ...optional("similarAfter", firstOf(words, RECOMMENDATION_AFTER_FILM) ?? likeSuffix(words, analysis)),
    ...optional("age", ageCue(words)),
    negations: NEGATION_PHRASES.flatMap((p) => findPhrase(words, p).map((at) => ({ phrase: p, at, end: at + p.split(" ").length }))),
    ownWatching: [...own].sort((a, b) => a - b),
    ...optional("together", firstOf(words, TOGETHER_PHRASES)),
    ...optional("both", firstOf(words, INTERSECTION_PHRASES)),
    either: words.includes("either") || words.includes("or"),
    ...optional("fact", fact),
    // "who played the main role", "who played the lead": the lead in the cast, no character asked.
    ...optional("character", words.some((_, k) => isCastLead(words.map((folded) => ({ folded })), k)) ? undefined : (firstOf(words, CHARACTER_VERBS) ?? whoIsPersonIn(words, analysis))),
    ...optional("sequel", sequelCue(words)),
    inCommon: findPhrase(words, "in common").length > 0 || findPhrase(words, "have in common").length > 0,
  };
}

function sequelCue(words: readonly string[]): ShapeCues["sequel"] {
  const f = firstOf(words, phrasesOf(SEQUEL_PHRASES));
  return f ? { ...f, side: SEQUEL_PHRASES[f.phrase]! } : undefined;
}

/** "… is a comedy right?": a statement that ends asking for confirmation. */
function yesNoTail(words: readonly string[]): Found | undefined {
  for (const tail of YES_NO_TAILS) {
    const n = tail.split(" ").length;
    if (words.length > n + 1 && words.slice(-n).join(" ") === tail) return { phrase: tail, at: words.length - n, end: words.length };
  }
  return undefined;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** The earliest phrase of a table, with its value. */
/** "who made more movies", "did X make more films than Y": a money verb's "more" with a film word after it counts films. */
function filmsCounted<T extends { end: number; by: Metric }>(words: readonly string[], c: T | undefined): T | undefined {
  return c && c.by === "revenue" && FILM_NOUNS.has(words[c.end] ?? "") ? { ...c, by: "filmCount" } : c;
}
const FILM_NOUNS: ReadonlySet<string> = new Set(["movies", "films", "pictures"]);

function found<V extends object>(words: readonly string[], table: Readonly<Record<string, V>>): (Found & V) | undefined {
  const f = firstOf(words, phrasesOf(table));
  return f ? { ...f, ...table[f.phrase]! } : undefined;
}

function ordinalCue(words: readonly string[]): (Found & { nth: number; fromEnd: boolean }) | undefined {
  const f = found(words, ORDINAL_WORDS);
  return f ? { ...f, fromEnd: f.fromEnd === true } : undefined;
}

/**
 * "do you have any movies to recommend", "can you suggest a comedy", "have you seen any good movies": a yes/no opener
 * asking the listener for films is a request for them, not a question to answer yes or no.
 */
function askedOfListener(words: readonly string[]): boolean {
  if (words[1] !== "you") return false;
  return firstOf(words, ASKING_FOR_FILMS) !== undefined || (LISTENER_HOLDS.has(words[2] ?? "") && ANY_FILMS.has(words[3] ?? ""));
}
const LISTENER_HOLDS: ReadonlySet<string> = new Set(LISTENER_HOLDING_VERBS);
const ANY_FILMS: ReadonlySet<string> = new Set(ANY_WORDS);

/**
 * The words of the person's own watching, which place no film in a list nor ask what is most common: when they watched
 * ("saw it last night"), an ordinal of their own films ("the last film I saw was …", "the most recent one we watched",
 * "my latest movie"), and their habits ("I don't usually go to the theaters", "I mostly watch comedies").
 */
function ownWatching(words: readonly string[]): Set<number> {
  const own = new Set(WATCHED_WHEN_PHRASES.flatMap((p) => findPhrase(words, p).flatMap((at) => p.split(" ").map((_, k) => at + k))));
  const speaker = (k: number) => HABIT_SUBJECTS.has(words[k] ?? "") || (NOT_DOING.has(words[k] ?? "") && WATCHERS.has(words[k - 1] ?? ""));
  words.forEach((w, k) => HABITS.has(w) && speaker(k - 1) && own.add(k));
  for (const phrase of words.some((w) => ORDINAL_HEADS.has(w)) ? ORDINAL_PHRASES : []) {
    const length = phrase.split(" ").length;
    for (const at of findPhrase(words, phrase)) {
      const end = at + length;
      const watcher = (k: number) => WATCHERS.has(words[k] ?? "") || (words[k] === "that" && WATCHERS.has(words[k + 1] ?? ""));
      if (words[at - 1] === "my" || ((MOVIE_WORDS.has(words[end] ?? "") || words[end] === "one") && watcher(end + 1))) for (let k = at; k < end; k++) own.add(k);
    }
  }
  return own;
}
const ORDINAL_PHRASES = Object.keys(ORDINAL_WORDS);
/** The words ordinal phrases open with: a message without one has no ordinal to read. */
const ORDINAL_HEADS: ReadonlySet<string> = new Set(ORDINAL_PHRASES.map((p) => p.split(" ")[0]!));
/** The speaker, as the one who watched. */
const WATCHERS: ReadonlySet<string> = new Set(WATCHER_WORDS);
/** Who has a habit: the speaker, contracted with the verb too ("im usually into …"). */
const HABIT_SUBJECTS: ReadonlySet<string> = new Set([...WATCHER_WORDS, "im"]);
const NOT_DOING: ReadonlySet<string> = new Set(NOT_DOING_WORDS);
/** Words of how often, said of the speaker. */
const HABITS: ReadonlySet<string> = new Set(KIND_QUANTIFIERS);

/** "made the most films with X", "has made the most horror movies": films counted, not ranked by a figure. */
function superlativeCue(words: readonly string[], concepts: readonly ConceptRef[]): ShapeCues["superlative"] {
  const first = rankingPhrase(words);
  if (!first) return undefined;
  const picked = GENERIC_RANKS.has(first.phrase) ? (specificAfter(words, first) ?? first) : first;
  // A number just before the ranking (or after "top") says how many are asked.
  const count = [words[first.at - 1], words[first.at - 2], first.phrase === "top" ? words[first.end] : undefined].map(numberOf).find((n) => n !== undefined && n >= 2 && n <= 50);
  const f = count ? { ...picked, count } : picked;
  const countsFilms = f.phrase.startsWith("made") && (MOVIE_WORDS.has(words[f.end] ?? "") || concepts.some((c) => c.strong && c.tokenStart === f.end));
  return countsFilms ? undefined : f;
}

/**
 * The first ranking phrase ("best", "highest grossing"). "top" after "on" is a place ("a person is standing on top of
 * a big waterfall"), not a ranking.
 */
export function rankingPhrase(words: readonly string[]): (Found & (typeof SUPERLATIVE_PHRASES)[string]) | undefined {
  const first = found(words, SUPERLATIVE_PHRASES);
  const places = new Set(PLACE_TOP_PHRASES.flatMap((p) => findPhrase(words, p).map((at) => at + p.split(" ").length - 1)));
  // "on top of the box office" is a longer phrase, and a ranking.
  return first?.phrase === "top" && places.has(first.at) ? found(words.map((w, i) => (places.has(i) ? "" : w)), SUPERLATIVE_PHRASES) : first;
}

/** Ranking words that name no figure of their own ("the top 5 …", "the best …"). */
const GENERIC_RANKS: ReadonlySet<string> = new Set(["top", "best"]);

/** "the top 5 highest grossing films": a superlative naming its figure within a few words after a generic one is the ranking asked. */
function specificAfter(words: readonly string[], generic: Found): ShapeCues["superlative"] {
  const later = Object.keys(SUPERLATIVE_PHRASES)
    .flatMap((phrase) => findPhrase(words, phrase).map((at) => ({ phrase, at, end: at + phrase.split(" ").length })))
    .filter((x) => x.at >= generic.end && x.at - generic.end <= 3 && !GENERIC_RANKS.has(x.phrase))
    .sort((a, b) => a.at - b.at || b.end - a.end)[0];
  return later ? { ...later, ...SUPERLATIVE_PHRASES[later.phrase]! } : undefined;
}

/** "directed by the same person", "do they share an actor", "in the same year": a word of sharing with a person, role or relation noun within two words after it. */
function sharedCue(words: readonly string[]): Found | undefined {
  const at = words.findIndex((w, i) => SHARED_LEADS.includes(w) && words.slice(i + 1, i + 3).some((x) => PERSON_WORDS.has(x) || ROLE_NOUN_WORDS.has(x) || WORD_TO_EDGES.has(x)));
  return at >= 0 ? { phrase: words[at]!, at, end: at + 1 } : undefined;
}

/**
 * "three comedies from 2005", "name 5 Tom Hanks movies", "suggest two sci-fi movies": a number of 1 to 50 with a plural
 * film word within four words after it, or a kind of film right after it. Not a place or a whole set ("the top 5", "all
 * three", "the first two"), nor a number of something else ("3 hours", "2 Oscars").
 */
function listCountCue(words: readonly string[], concepts: readonly ConceptRef[]): ShapeCues["listCount"] {
  for (let at = 0; at < words.length; at++) {
    const n = numberOf(words[at]);
    if (n === undefined || n < 1 || n > 50 || LIST_COUNT_BLOCKERS.has(words[at - 1] ?? "")) continue;
    const film = words.findIndex((w, k) => k > at && k <= at + 4 && PLURAL_MOVIE_WORDS.has(w));
    const kind = concepts.some((c) => c.tokenStart === at + 1 && words[c.tokenEnd - 1]?.endsWith("s"));
    if (film > at || kind) return { phrase: words[at]!, at, end: at + 1, n };
  }
  return undefined;
}

/**
 * "the plot of Memento", "what happens in Jaws", "what is Alien about": a story word, or "what" … "about" ending the
 * question. "Who wrote the story" asks a writer: a word of writing said, or a person asked, makes "story" no story asked.
 */
function storyCue(words: readonly string[], analysis: QuestionAnalysis): Found | undefined {
  // "who did the story for Eight Legged Freaks" asks a person: the story's writer. "Where is the plot set" asks a place.
  if (analysis.cues.some((c) => c.edge === "WROTE" && c.weight >= 0.7) || analysis.answer.type === "Person" || OTHER_WH.has(words[0] ?? "")) return undefined;
  const said = firstOf(words, STORY_PHRASES);
  if (said) return said;
  const last = words.length - 1;
  return last >= 2 && words[last] === STORY_TAIL && WHAT_WORDS.has(words[0]!) ? { phrase: STORY_TAIL, at: last, end: last + 1 } : undefined;
}

/**
 * "longer than 2.5 hours", "over 3 hours long", "grossed more than $500 million", "cost less than 10 million", "rated above 8":
 * a bound word, "than" or not, a number and a unit (hours, minutes: the running time; million, billion or a dollar sign:
 * the budget when a word of cost is said, else the box office); a plain number up to 10 with a word of rating is the
 * rating. Counts of films ("more than 3 films") are no figure.
 */
function figureBoundCue(text: string, words: readonly string[]): ShapeCues["figureBound"] {
  const bound = new RegExp(`\\b(${Object.keys(BOUND_WORDS).join("|")})\\s+(?:than\\s+)?(\\$\\s?)?(\\d+(?:[.,]\\d+)?)\\s*(${Object.keys(BOUND_UNITS).join("|")})?\\b`, "i");
  const m = bound.exec(text);
  if (!m) return undefined;
  const cmp = BOUND_WORDS[m[1]!.toLowerCase()]!;
  const n = Number(m[3]!.replace(",", "."));
  const unit = m[4] ? BOUND_UNITS[m[4].toLowerCase()] : undefined;
  // The figure's own words next to the bound are the bound's too ("a budget over 200 million dollars", "rated above 8", "3 hours long").
  const said = wordTokensBefore(text, m.index);
  const at = said - (FIGURE_NOUNS.has(words[said - 1] ?? "") ? 1 : 0);
  const after = said + wordTokens(m[0]).length;
  const found = { phrase: m[0].toLowerCase(), at, end: after + (BOUND_TAILS.has(words[after] ?? "") ? 1 : 0), cmp };
  if (unit?.metric === "runtime") return { ...found, metric: "runtime", value: n * unit.times };
  if (unit?.metric === "money" || m[2]) return { ...found, metric: words.some((w) => BUDGET_WORDS.includes(w)) ? "budget" : "revenue", value: n * (unit?.times ?? 1) };
  if (!unit && n <= 10 && words.some((w) => RATING_WORDS.includes(w))) return { ...found, metric: "voteAverage", value: n };
  return undefined;
}

const FIGURE_NOUNS: ReadonlySet<string> = new Set([...BUDGET_WORDS, ...RATING_WORDS, "runtime", "revenue", "gross", "grossed", "made", "earned", "length", "run", "runs", "running", "last", "lasts"]);
const BOUND_TAILS: ReadonlySet<string> = new Set(["dollars", "long", "usd"]);

/**
 * "who is liam neeson in dark knight rises", "who was tom hanks in toy story": "who" and its copula, a person the KB
 * names, "in" and a film closing the question ask the part the person plays there; the copula stands for the verb.
 */
function whoIsPersonIn(words: readonly string[], analysis: QuestionAnalysis): Found | undefined {
  if (words[0] !== "who" || !WHO_IS_COPULAS.has(words[1] ?? "")) return undefined;
  const person = analysis.topics.find((t) => t.type === "Person" && t.confidence >= 0.7 && t.tokenStart === 2);
  if (!person || words[person.tokenEnd] !== "in") return undefined;
  const from = words[person.tokenEnd + 1] === "the" ? person.tokenEnd + 2 : person.tokenEnd + 1;
  const film = analysis.topics.find((t) => t.types.includes("Movie") && t.confidence >= 0.5 && t.tokenStart === from && t.tokenEnd >= words.length - 1);
  return film ? { phrase: words[1]!, at: 1, end: 2 } : undefined;
}
const WHO_IS_COPULAS: ReadonlySet<string> = new Set(CHARACTER_COPULAS);

/** How many words come before a character offset of the text. */
function wordTokensBefore(text: string, offset: number): number {
  return wordTokens(text.slice(0, offset)).length;
}

/** "all the Batman movies", "every Pixar film", "each of Spielberg's films", "every movie he directed": a universal word and a film word within six words after it. */
function everyCue(words: readonly string[]): ShapeCues["every"] {
  for (let at = 0; at < words.length; at++) {
    if (!UNIVERSAL_WORDS.includes(words[at]!)) continue;
    const film = words.findIndex((w, k) => k > at && k <= at + 6 && MOVIE_WORDS.has(w));
    if (film > at) return { phrase: words[at]!, at, end: at + 1, setEnd: film + 1 };
  }
  return undefined;
}

/**
 * "how many years after Jaws did Jaws 2 come out", "how many years apart", "how much longer is Titanic than Avatar",
 * "how much more did Titanic make", "how long after The Matrix": a gap between two figures. "How many" or "how much"
 * then a comparative measures the comparative's figure; "how many" then a unit measures the unit's figure when a gap
 * word or a comparative follows (alone, "how many years" counts); "how long" then "after" or "before" is release.
 */
function gapCue(words: readonly string[], comparative: ShapeCues["comparative"]): ShapeCues["gap"] {
  const lead = firstOf(words, GAP_LEADS);
  if (!lead) return undefined;
  const next = words[lead.end];
  const gapAfter = (from: number) => words.slice(from).some((w) => GAP_WORDS.includes(w)) || (comparative !== undefined && comparative.at >= from);
  const at = (by: Metric, end: number) => ({ phrase: words.slice(lead.at, end).join(" "), at: lead.at, end, by });
  if (comparative && comparative.at === lead.end) return at(comparative.by, comparative.end);
  if (lead.phrase === "how many" && next && entryOf(GAP_UNITS, next) && gapAfter(lead.end + 1)) return at(GAP_UNITS[next]!, lead.end + 1);
  if (lead.phrase === "how long" && (next === "after" || next === "before")) return at("releaseYear", lead.end + 1);
  const money = lead.phrase === "how much" && next && GAP_MORE_LESS.includes(next) ? figureCue(words) : undefined;
  return money ? at(money.metric, lead.end + 1) : undefined;
}

/** "the budget of Titanic compared to Avatar", "Heat vs Ronin running time": a figure set side by side is compared, the larger first. */
function comparedFigure(words: readonly string[]): ShapeCues["comparative"] {
  const side = firstOf(words, SIDE_BY_SIDE_PHRASES);
  const figure = side ? figureCue(words) : undefined;
  return side && figure ? { ...side, by: figure.metric, pick: "max" } : undefined;
}

/** "how long is titanic", "what was the budget of avatar", "how much did titanic make". */
function figureCue(words: readonly string[]): ShapeCues["figure"] {
  const said = found(words, Object.fromEntries(Object.entries(FIGURE_PHRASES).map(([k, metric]) => [k, { metric }])));
  if (said) return said;
  const at = findPhrase(words, "how much")[0];
  if (at === undefined) return undefined;
  const verb = words.findIndex((w, i) => i > at + 1 && entryOf(HOW_MUCH_VERBS, w) !== undefined);
  return verb >= 0 ? { phrase: `how much … ${words[verb]}`, at, end: verb + 1, metric: HOW_MUCH_VERBS[words[verb]!]! } : undefined;
}

const numberOf = (w: string | undefined) => (w === undefined ? undefined : /^\d{1,3}$/.test(w) ? Number(w) : entryOf(NUMBER_WORDS, w));

/** The least count a threshold asks for: a phrase of the table, a number said ("more than 10", "5 or more", "4+"), or the analysis' count operator. */
function thresholdCue(words: readonly string[], analysis: QuestionAnalysis): ShapeCues["threshold"] {
  const said = numericThreshold(words) ?? plusThreshold(analysis.question);
  if (said) return said;
  const phrase = firstOf(words, phrasesOf(THRESHOLD_PHRASES)) ?? severalFilms(words);
  if (phrase) return { phrase: phrase.phrase, min: THRESHOLD_PHRASES[phrase.phrase] ?? 2 };
  const op = analysis.operators.find((o) => o.kind === "count" && o.min !== undefined);
  return op && op.kind === "count" ? { phrase: op.text, min: op.min! } : undefined;
}

/** "5 or more", "more than 10", "at least three", "over 4". */
function numericThreshold(words: readonly string[]): { phrase: string; min: number } | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const skip = words[i + 1] === "than" ? 1 : 0;
    const n = numberOf(words[i + 1 + skip]);
    if ((w === "more" || w === "over") && n !== undefined) return { phrase: words.slice(i, i + 2 + skip).join(" "), min: n + 1 };
    if (w === "at" && words[i + 1] === "least" && numberOf(words[i + 2]) !== undefined) return { phrase: `at least ${words[i + 2]}`, min: numberOf(words[i + 2])! };
    // "who played in all three Back to the Future movies": in every one of the number said.
    if (WHOLE_SET_WORDS.includes(w) && n !== undefined && n >= 2 && skip === 0) return { phrase: `${w} ${words[i + 1]}`, min: n };
    const k = numberOf(w);
    const gap = ["films", "movies", "times"].includes(words[i + 1] ?? "") ? 1 : 0;
    if (k !== undefined && words[i + 1 + gap] === "or" && words[i + 2 + gap] === "more") return { phrase: words.slice(i, i + 3 + gap).join(" "), min: k };
  }
  return undefined;
}

/** "4+ tarantino movies", "in 3+ films". */
function plusThreshold(question: string): { phrase: string; min: number } | undefined {
  const m = /(?<![\p{L}\p{N}])(\d{1,3})\s*\+(?!\s*\d)/u.exec(question);
  return m ? { phrase: m[0].replace(/\s+/g, ""), min: Number(m[1]) } : undefined;
}

/** "in multiple Tarantino flicks", "several of his films". */
function severalFilms(words: readonly string[]): Found | undefined {
  const at = words.findIndex((w, i) => (w === "multiple" || w === "several") && words.slice(i + 1, i + 6).some((x) => LIKE.has(x) && x !== "something" && x !== "anything"));
  return at >= 0 ? { phrase: words[at]!, at, end: at + 1 } : undefined;
}

/** A kind word with a quantifier ("what genre are most …", "which type … usually"). */
function kindQuantified(words: readonly string[]): Found | undefined {
  const at = words.findIndex((w) => KIND_NOUNS.includes(w));
  const q = words.find((w) => KIND_QUANTIFIERS.includes(w));
  return at >= 0 && q ? { phrase: `${words[at]} … ${q}`, at, end: at + 1 } : undefined;
}

const ELSE_DONE: ReadonlySet<string> = new Set(ELSE_DONE_AUXILIARIES);

/** The earliest recommendation cue, with every token any cue covers ("watch next" is no title). */
function recommendationCue(words: readonly string[]): ShapeCues["similar"] {
  let best: Found | undefined;
  const covered = new Set<number>();
  for (const phrase of [...RECOMMENDATION_PHRASES].sort((a, b) => b.length - a.length)) {
    for (const at of findPhrase(words, phrase)) {
      if (phrase === "like" && !comparesLike(words, at)) continue;
      const end = at + phrase.split(" ").length;
      // "what else did he direct": what else someone did is their films asked, not a request for more.
      if (phrase.endsWith(" else") && ELSE_DONE.has(words[end] ?? "")) continue;
      for (let k = at; k < end; k++) covered.add(k);
      if (!best || at < best.at) best = { phrase, at, end };
    }
  }
  return best ? { ...best, covered } : undefined;
}

/**
 * "like" compares at the start, after a film word or a hedge ("films like X", "like X but newer", "kinda like Alice in
 * Wonderland", "sort of like Lolita"), and after "that" said of a film ("a movie that's like Prisoners"); elsewhere it is
 * a verb of taste ("what do people like").
 */
function comparesLike(words: readonly string[], at: number): boolean {
  const before = words[at - 1];
  if (before === undefined || LIKE.has(before) || before === "just" || before === "something" || HEDGES.has(before)) return true;
  if (LIKE_HEDGE_PAIRS.includes(`${words[at - 2]} ${before}`)) return true;
  return before === "that" && LIKE.has(words[at - 2] ?? "");
}

const HEDGES: ReadonlySet<string> = new Set(LIKE_HEDGES);
const SUFFIXES: ReadonlySet<string> = new Set(LIKE_SUFFIXES);

/** "a knock off 'A Christmas Carol' type movie", "Airplane! style movie": a word right after a film named that makes it one to start from. */
function likeSuffix(words: readonly string[], analysis: QuestionAnalysis): Found | undefined {
  const at = words.findIndex((w, i) => SUFFIXES.has(w) && analysis.topics.some((t) => t.types.includes("Movie") && t.tokenEnd === i));
  return at >= 0 ? { phrase: words[at]!, at, end: at + 1 } : undefined;
}

function ageCue(words: readonly string[]): "newer" | "older" | undefined {
  const f = firstOf(words, phrasesOf(AGE_PHRASES));
  return f ? AGE_PHRASES[f.phrase] : undefined;
}

/**
 * The fact word the KB lacks that the question says first ("what country produced X" asks a country,
 * "who was the producer of it's alive" a producer), with the question word it needs when it needs
 * one; of phrases starting at the same word, the one listed first.
 */
const TRUE_STORY = new Set(["true", "real", "actual"]);

/** The fact asked, if any; a caller may blank words a name claims. */
export function factCue(words: readonly string[]): ShapeCues["fact"] {
  return kindOfCue(words) ?? nameOfCue(words) ?? namedFact(words);
}

const RELATIVES: ReadonlySet<string> = new Set(["who", "that", "which"]);
const ROLE_VERB_SET: ReadonlySet<string> = new Set(ROLE_VERBS);

/**
 * "what was the name of the shark in jaws", "the name of the girl in heat": the name of a being of the story is a
 * character the KB does not record, not the tag "shark" or a person to look up.
 */
function nameOfCue(words: readonly string[]): ShapeCues["fact"] {
  const lead = firstOf(words, NAME_OF_LEADS);
  if (!lead) return undefined;
  const at = lead.end + (ARTICLES.has(words[lead.end] ?? "") ? 1 : 0);
  const noun = words[at];
  if (noun === undefined || !STORY_BEINGS.has(noun)) return undefined;
  // "the name of the person who directed avatar": someone said by a role in the making is a film person, asked by that role.
  if (RELATIVES.has(words[at + 1] ?? "") && ROLE_VERB_SET.has(words[at + 2] ?? "")) return undefined;
  const phrase = words.slice(lead.at, at + 1).join(" ");
  return { phrase, at: lead.at, end: at + 1, fact: "character", says: `what the ${noun} is called in the story` };
}

const CREATURES: ReadonlySet<string> = new Set(CREATURE_WORDS);
const CREATURE_KINDS: ReadonlySet<string> = new Set(CREATURE_KIND_WORDS);
const THING_KINDS: ReadonlySet<string> = new Set(THING_KIND_WORDS);

/**
 * A kind of a creature or a thing asked ("what kind of puppy", "what breed is toto", "what type of sport"): a creature
 * of the story is a character; a thing's kind is a fact the KB has no relation for. A kind of film stays a genre.
 */
function kindOfCue(words: readonly string[]): ShapeCues["fact"] {
  const lead = firstOf(words, KIND_OF_LEADS);
  const at = lead ? lead.end + (ARTICLES.has(words[lead.end] ?? "") ? 1 : 0) : words.findIndex((w, i) => CREATURE_KINDS.has(w) && i > 0 && WH_NOUN_LEAD_SET.has(words[i - 1]!));
  const noun = words[at];
  if (at < 0 || noun === undefined) return undefined;
  const from = lead?.at ?? at;
  const phrase = words.slice(from, at + 1).join(" ");
  if (CREATURES.has(noun) || CREATURE_KINDS.has(noun) || CREATURE_KINDS.has(words[from]!)) return { phrase, at: from, end: at + 1, fact: "character", says: `what ${phrase} appears in the story`, kindOf: true };
  if (THING_KINDS.has(noun)) return { phrase, at: from, end: at + 1, fact: "other", kindOf: true };
  // "what type of music is in pulp fiction": a kind of a fact the KB lacks asks that fact.
  const named = lead ? FACT_PHRASES.find((f) => f.phrase === noun && !f.wh && !f.askedOnly) : undefined;
  return named ? { phrase, at: from, end: at + 1, fact: named.fact, kindOf: true } : undefined;
}

function namedFact(words: readonly string[]): ShapeCues["fact"] {
  // The question word opens the question, or closes it ("he was born when?").
  const wh = `${words.slice(0, 3).join(" ")} ${words.length > 3 ? words.at(-1) : ""}`;
  let best: ShapeCues["fact"];
  for (const f of FACT_PHRASES) {
    if (f.askedOnly || (f.wh && !` ${wh} `.includes(` ${f.wh} `))) continue;
    // "based on a true story" names a kind of film, not its source.
    // "my husband and I want a war movie": the speaker's own kin or things are no fact asked of a film.
    const at = findPhrase(words, f.phrase).find((k) => !SPEAKERS.has(words[k - 1] ?? "") && !(f.phrase === "based on" && words.slice(k + 2, k + 4).some((w) => TRUE_STORY.has(w))) && !(f.fact === "tv" && filmAlternative(words, k, k + f.phrase.split(" ").length)));
    if (at !== undefined && (!best || at < best.at)) best = { phrase: f.phrase, at, end: at + f.phrase.split(" ").length, fact: f.fact, ...(f.says ? { says: f.says } : {}) };
  }
  // The noun a "what"/"which" asks for names the fact, wherever it stands: "produced by what company" asks a studio.
  const asked = FACT_PHRASES.map((f) => ({ f, at: findPhrase(words, f.phrase).find((k) => k > 0 && WH_NOUN_LEAD_SET.has(words[k - 1]!)) })).find((x) => x.at !== undefined && !x.f.wh);
  // A place noun asked ("what city", "which island") names where; the verb says what happened there ("born", "died"), except
  // "located", which reads a country unless a place in the story is asked.
  const placeWins = asked?.f.askedOnly === true && (!best || best.fact === "country");
  return asked && (asked.f.askedOnly ? placeWins : best) && asked.at !== best?.at ? { phrase: asked.f.phrase, at: asked.at!, end: asked.at! + asked.f.phrase.split(" ").length, fact: asked.f.fact, ...(asked.f.says ? { says: asked.f.says } : {}) } : best;
}

const JOINING: ReadonlySet<string> = new Set(JOINING_WORDS);
/** Whose a thing is, when it is the speaker's own. */
const SPEAKERS: ReadonlySet<string> = new Set(SPEAKER_POSSESSIVES);

/**
 * "Movie or tv show …", "MOVIE/TV SHOW", "film or TV series": a kind of work offered beside a film word is an
 * alternative to the film sought, not a fact asked; the film is still what is looked for.
 */
function filmAlternative(words: readonly string[], at: number, end: number): boolean {
  const film = (k: number) => MOVIE_WORDS.has(words[k] ?? "");
  const or = (k: number) => JOINING.has(words[k] ?? "");
  return film(at - 1) || (or(at - 1) && film(at - 2)) || film(end) || (or(end) && film(end + 1));
}

/** The spans of kinds of work offered beside a film word ("movie or tv show"): the ledger's, not facets. */
export function filmAlternatives(words: readonly string[]): { at: number; end: number; phrase: string }[] {
  return FACT_PHRASES.filter((f) => f.fact === "tv").flatMap((f) =>
    findPhrase(words, f.phrase).map((at) => ({ at, end: at + f.phrase.split(" ").length, phrase: f.phrase })).filter((x) => filmAlternative(words, x.at, x.end)),
  );
}

/** Words that ask for the noun after them ("what company", "which studio"). */
const WH_NOUN_LEAD_SET: ReadonlySet<string> = new Set(WH_NOUN_LEADS);

/** Options joined by "or" that name genres ("scary or funny", "more horror or comedy"). */
function optionsIn(words: readonly string[]): ShapeCues["options"] {
  const out: ShapeCues["options"] = [];
  for (const at of findPhrase(words, "or")) {
    const left = optionAt(words, at - 1, -1);
    const right = optionAt(words, at + 1, 1);
    if (!left || !right || left.genre === right.genre) continue;
    if (!out.some((o) => o.text === left.text)) out.push(left);
    if (!out.some((o) => o.text === right.text)) out.push(right);
  }
  return out;
}

function optionAt(words: readonly string[], i: number, dir: 1 | -1): ShapeCues["options"][number] | undefined {
  // "more war films or dramas": the film word after an option is not the option.
  // "a horror or a comedy": an article after "or" opens the option.
  const skipArticle = dir === 1 && (words[i] === "a" || words[i] === "an");
  const from = dir === -1 && MOVIE_WORDS.has(words[i] ?? "") && i > 0 ? i - 1 : skipArticle ? i + 1 : i;
  for (const len of [2, 1]) {
    const idx = dir === 1 ? span(from, from + len) : span(from - len + 1, from + 1);
    if (idx.some((k) => k < 0 || k >= words.length)) continue;
    const text = idx.map((k) => words[k]).join(" ");
    const genre = entryOf(OPTION_GENRES, text);
    if (genre) return { text, genre, tokens: idx };
  }
  return undefined;
}

export function span(a: number, b: number): number[] {
  return Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);
}

/** What the negations take away: the next concept or entity, else the entity just before ("X did not star in"). */
export function negatedItems(negations: readonly Found[], entities: readonly TopicEntity[], concepts: readonly ConceptRef[]): { concepts: ConceptRef[]; entities: TopicEntity[] } {
  const out = { concepts: new Set<ConceptRef>(), entities: new Set<TopicEntity>() };
  for (const n of negations) {
    // The nearest thing after the negation is what it takes away ("other than Jaws did Spielberg direct": Jaws).
    const c = nearestAfter(concepts, n.end);
    const e = nearestAfter(entities, n.end);
    const before = entities.filter((x) => x.tokenEnd <= n.at && x.tokenEnd >= n.at - 2).pop();
    if (c && (!e || c.tokenStart <= e.tokenStart)) out.concepts.add(c);
    else if (e) out.entities.add(e);
    else if (before && entities.length > 1) out.entities.add(before);
  }
  return { concepts: [...out.concepts], entities: [...out.entities] };
}

function nearestAfter<T extends { tokenStart: number }>(items: readonly T[], from: number): T | undefined {
  return items.filter((x) => x.tokenStart >= from && x.tokenStart <= from + 3).sort((a, b) => a.tokenStart - b.tokenStart)[0];
}

const ROLE_EDGES: readonly EdgeType[] = ["DIRECTED", "WROTE", "ACTED_IN"];
const ROLE_NOUN_WORDS = new Set(ROLE_NOUNS);

/** Role words said of the one person named, as the rules read them: negated or not. */
export function roleWords(analysis: QuestionAnalysis, negations: readonly Found[]): { edge: EdgeType; negated: boolean; word: string }[] {
  const isNegated = (token: number) => negations.some((n) => n.end <= token && token - n.end <= 3);
  return analysis.cues
    .filter((c) => ROLE_EDGES.includes(c.edge) && c.weight >= 1 && !c.inAnswerPhrase && !ROLE_NOUN_WORDS.has(c.word))
    .map((c) => ({ edge: c.edge, negated: isNegated(c.token), word: c.word }));
}
