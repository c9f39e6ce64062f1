import type { ConceptType } from "../../../ports/concept-graph";
import { STOP_WORDS } from "../../../util/text";
import { CURATED, GENRE_SOURCES, HINTS, SOURCE_BIT, type Collected, type NameRecord } from "./collect";
import { MOOD_WORDS, SETTING_NOUNS, TIME_SETTINGS, TIME_SETTING_FORMS } from "./lexicon";
import type { NameModel } from "./names";
import { isKnownWord, loneWordTag } from "./nlp";

/**
 * What each name is, decided once over the whole corpus so every film's mention of it links to one
 * concept. The order says which source is believed first:
 *  1. genre: a KB or TMDB genre (its plot and overview mentions are not links: a plot saying "his
 *     family" does not make a family film);
 *  2. series: a title family (and tags or keywords that name it);
 *  3. mood: a tone word of MOOD_WORDS said by a tag or keyword (plot mentions are not links: "for fun");
 *  4. setting, by form: a time setting (TIME_SETTINGS, a decade, a century);
 *  5. a name (a word the name model calls a name): a setting when the words around it say place
 *     more often than character ("in prague", "a london gangster"), a character when they say
 *     character ("named abby", "detective jack") or its first word is many KB people's first name;
 *  6. setting, by head noun: a place noun of SETTING_NOUNS ("small town", "prison");
 *  7. theme: any other tag or keyword;
 *  8. phrase: any other noun phrase of a plot or an overview.
 * `undefined`: no concept (a name nothing typed and no curator gave).
 */
export interface TypedName {
  type: ConceptType;
  /** The sources whose mentions link films to it (genre and mood names drop text mentions). */
  linkSources: number;
}

const HINT = Object.fromEntries(HINTS.map((h, i) => [h, i])) as Record<(typeof HINTS)[number], number>;
const ALL_SOURCES = 0xff;
const NOT_TEXT = ALL_SOURCES & ~(SOURCE_BIT.plot | SOURCE_BIT.overview);

export function typeName(r: NameRecord, c: Pick<Collected, "genres" | "families" | "names">, lists: TypingLists): TypedName | undefined {
  if ((r.sources & GENRE_SOURCES) !== 0 || c.genres.has(r.folded)) return { type: "genre", linkSources: NOT_TEXT };
  // A family is named by its titles, and by curators when its name is a specific name ("sherlock holmes", not "halloween").
  if ((r.sources & SOURCE_BIT.title) !== 0) {
    const specific = r.folded.includes(" ") && r.folded.split(" ").some((w) => c.names.isName(w));
    return { type: "series", linkSources: SOURCE_BIT.title | (specific ? CURATED : 0) };
  }
  if (lists.moods.has(r.folded)) return (r.sources & CURATED) !== 0 ? { type: "mood", linkSources: NOT_TEXT } : undefined;
  if (lists.times.has(r.folded) || TIME_SETTING_FORMS.some((f) => f.test(r.folded)) || r.hints[HINT.time]! > 0) return { type: "setting", linkSources: ALL_SOURCES };
  const named = nameType(r, c.names);
  if (named) return { type: named, linkSources: ALL_SOURCES };
  // A place noun alone ("prison", "island"), or a phrase ending in one that curators gave or a text put
  // after "in", "at", "to" ("a remote jungle"; not "a boring lake house").
  // Only a plain pair or triple of words ("back to school" is a theme, not a school).
  const words = r.folded.split(" ");
  const located = (r.sources & CURATED) !== 0 || r.hints[HINT.place]! + r.hints[HINT.located]! > 0;
  const plain = words.length <= 3 && !words.some((w) => STOP_WORDS.has(w));
  if (lists.places.has(r.folded) || (located && plain && lists.places.has(words[words.length - 1]!))) return { type: "setting", linkSources: ALL_SOURCES };
  if ((r.sources & CURATED) !== 0) return { type: "theme", linkSources: ALL_SOURCES };
  if (isProper(r, c.names)) return undefined;
  // A lone word the parser called a noun but that is usually a verb or an adjective ("move", "new").
  if (!r.folded.includes(" ") && isKnownWord(r.folded) && loneWordTag(r.folded) !== "NOUN") return undefined;
  return { type: "phrase", linkSources: ALL_SOURCES };
}

export interface TypingLists {
  moods: ReadonlySet<string>;
  times: ReadonlySet<string>;
  places: ReadonlySet<string>;
}

export function typingLists(): TypingLists {
  return { moods: new Set(MOOD_WORDS), times: new Set(TIME_SETTINGS), places: new Set(SETTING_NOUNS) };
}

/**
 * Whether a record is a name: one of its words is a name to the name model ("pearl harbor", "new
 * york"), and it was read as a name at least as often as as a common noun ("wood" from "the woods" is
 * a noun, whatever a few "Ed Wood"s say).
 */
function isProper(r: NameRecord, names: NameModel): boolean {
  if (!r.folded.split(" ").some((w) => names.isName(w))) return false;
  return r.hints[HINT.place]! + r.hints[HINT.modifier]! + r.hints[HINT.character]! + r.hints[HINT.name]! >= r.hints[HINT.noun]! + r.hints[HINT.located]!;
}

/** A setting or a character, when the record is a name and its mentions (or its first word) say which. */
function nameType(r: NameRecord, names: NameModel): "setting" | "character" | undefined {
  if (!isProper(r, names)) return undefined;
  const place = r.hints[HINT.place]! + r.hints[HINT.modifier]! / 2;
  // Being many people's first name counts as half the mentions ("maurice" after "brings in" is still Maurice).
  const mentions = r.hints.reduce((a, b) => a + b, 0);
  const firstName = names.firstNameCount(r.folded.split(" ")[0]!);
  const character = r.hints[HINT.character]! + (firstName >= 10 ? Math.max(1, mentions / 2) : firstName >= 2 ? 1 : 0);
  // A place needs one real "in X" / "to X"; a modifier ("a disney film") only adds to it.
  if (place > character && r.hints[HINT.place]! > 0) return "setting";
  // A curator's tag ("kaiju", "dracula") is a character only when the texts say so more than once.
  if (character > ((r.sources & CURATED) !== 0 ? 1 : 0)) return "character";
  return undefined;
}
