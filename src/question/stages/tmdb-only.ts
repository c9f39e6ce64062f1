import { linksWhole } from "../../linking/match";
import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { TmdbOnlyFilm } from "../../ports/movie-catalog";
import { ARTICLES, STOP_WORDS, capitalised, entryOf, linkKey, type WordToken } from "../../util/text";
import { ORDINAL_WORDS } from "../lexicon/shapes";
import { FILM_SLOT_LEAD_WORDS, PERSON_LEAD_WORDS, PERSON_ONLY_TAIL_WORDS, SEQUEL_LEADS, WEAK_PERSON_LEAD_WORDS } from "../lexicon/linking";
import { QUESTION_WORDS } from "../../linking/question-words";
import type { QuestionAnalysis } from "../analyze";
import { COMMON_WORD_SHARE } from "./calibrate";
import { MOVIE_WORDS, PLURAL_MOVIE_WORDS } from "../lexicon/relations";
import { tmdbOnlyOfFamily } from "../series";
import { wordsOfDescription } from "./described-words";
import { namesTheFirst, sequelNumberAfter } from "./sequel-number";
import { longerNameAt } from "./longer-name";
import { releaseSlotNames } from "./unknown-names";
import { IN_ROLE_OR_FACT_SLOT, IN_STORY_SLOT, STORY_NOUN_SLOT, titleSlotAt } from "./title-slots";

const WEAK_LEADS: ReadonlySet<string> = new Set(WEAK_PERSON_LEAD_WORDS);
const PERSON_SLOT_LEADS: ReadonlySet<string> = new Set(PERSON_LEAD_WORDS.filter((w) => !WEAK_LEADS.has(w)));
const PERSON_SLOT_TAILS: ReadonlySet<string> = new Set(PERSON_ONLY_TAIL_WORDS);
const FILM_SLOT_LEADS: ReadonlySet<string> = new Set(FILM_SLOT_LEAD_WORDS);

/** A title is at most this many words. */
const MAX_TITLE_WORDS = 12;
/** A mention of the KB this sure owns its words: a film TMDB alone lists must say more than it does. */
const KB_CLAIM = 0.5;
/** A KB film or person linked this surely in exactly the same words keeps them (the KB wins a tie). */
const SAME_WORDS_CLAIM = 0.7;

/** A film the KB lacks that TMDB lists, named in the question: the words said and the films they name (earliest first). */
export interface TmdbOnlyMention {
  text: string;
  tokenStart: number;
  tokenEnd: number;
  films: TmdbOnlyFilm[];
  /** The words name a family, and `films` are its films (not films sharing one title). */
  family?: true;
}

/**
 * Titles of films TMDB lists and the KB lacks ("the matrix reloaded", "se7en", "the two towers"), longest first
 * from the left. The evidence that makes words such a title, weighed against what else claims them:
 * - a longer name wins: a KB film or person said around the words keeps them, and a title that holds a KB name
 *   said inside it ("the matrix" in "the matrix reloaded") takes those words from it;
 * - the KB wins a tie: words that are a KB film's whole name, or one word a KB mention holds, stay the KB's;
 * - words beside a capitalised word are part of a longer name ("Larry the Cable Guy", "Keanu Reeves");
 * - ordinary words after "a" or "an" describe ("based on a true story");
 * - a film word is no word of a name ("a weird, silent movie" names no Silent Movie);
 * - one word is a title only when it is written as a name mid-sentence ("Joy", not "joy"), or is no ordinary word
 *   (rare in plots) said among the question's own words or in a film's slot ("who directed se7en", "movies like
 *   se7en", not "mount everest"); never a
 *   genre or language ("I like Horror"), nor a word in a slot only a person fills ("has Keanu been in");
 * - a place word in lower case before a film's name places that film ("the last godfather movie");
 * - a name before a film word that opens several titles is a family's ("star wars movies");
 * - all the rest of a sentence after a film's slot is a title, whatever its words ("if I liked inside out");
 * - digits alone are a year or a number, never a title here ("1982", "2046").
 */
export function tmdbOnlyFilms(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase, taken: (k: number) => boolean): TmdbOnlyMention[] {
  const out: TmdbOnlyMention[] = [];
  for (let i = 0; i < tokens.length; ) {
    const found = longestAt(i, text, tokens, analysis, kb, taken);
    if (found) out.push(found);
    i = found ? found.tokenEnd : i + 1;
  }
  return out;
}

function longestAt(i: number, text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase, taken: (k: number) => boolean): TmdbOnlyMention | undefined {
  // A small word opens a title only when the words are a title whole ("my big fat greek wedding 2", "no escape").
  const smallOpener = STOP_WORDS.has(tokens[i]!.folded) && !ARTICLES.has(tokens[i]!.folded);
  for (let end = Math.min(tokens.length, i + MAX_TITLE_WORDS); end > i; end--) {
    const said = text.slice(tokens[i]!.start, tokens[end - 1]!.end);
    if (/[,;?!]/.test(said)) continue;
    if (smallOpener && !(end - i >= 2 && kb.catalog.tmdbOnly(said).some((f) => linkKey(f.title) === linkKey(said)))) continue;
    const films = sequelNotListed(said, text, tokens, end, kb) ? [] : tmdbOnlyNamed(said, kb);
    if (films.length && saidAsTitle(i, end, text, tokens, analysis, kb, taken)) return { text: said, tokenStart: i, tokenEnd: end, films: films.slice(0, 3) };
    // "movies like the hobbit": all the rest after a film's slot, naming a family TMDB alone lists several films of, is those films.
    // So is a family said where a question of a film's story or people puts its film ("who played X in harold and kumar").
    const family = films.length || !(inFilmSlot(text, tokens, i, end) || inStorySlot(text, tokens, i, end)) ? [] : tmdbOnlyOfFamily(said, kb);
    if (family.length >= 2 && saidAsTitle(i, end, text, tokens, analysis, kb, taken)) return { text: said, tokenStart: i, tokenEnd: end, films: family.slice(0, MAX_FAMILY_SEEDS), family: true };
  }
  return undefined;
}

/** "daddy's home 2": a sequel's number after the title, naming a film TMDB does not list, is a sequel no source here holds. */
function sequelNotListed(said: string, text: string, tokens: readonly WordToken[], end: number, kb: KnowledgeBase): boolean {
  const number = sequelNumberAfter(text.slice(tokens[end - 1]!.end));
  return number !== undefined && !namesTheFirst(number) && kb.catalog.tmdbOnly(`${said}${number}`).length === 0 && !kb.linker.link(`${said}${number}`, { types: ["Movie"], limit: 1 }).some(linksWhole);
}

/** A title said with an inner article swapped for another ("interview with a vampire" for … the Vampire) is that title only when it has this many words or more. */
const SWAPPED_ARTICLE_WORDS = 3;

/** The films TMDB alone lists under the words said, or under them with one inner article swapped for another. */
function tmdbOnlyNamed(said: string, kb: KnowledgeBase): TmdbOnlyFilm[] {
  const films = kb.catalog.tmdbOnly(said);
  if (films.length) return films;
  // "godfather 2": a sequel's number said without the lead its title carries ("The Godfather: Part II").
  const space = said.lastIndexOf(" ");
  const number = space > 0 ? sequelNumberAfter(said.slice(space)) : undefined;
  for (const lead of number?.length === said.length - space ? SEQUEL_LEADS : []) {
    const led = kb.catalog.tmdbOnly(`${said.slice(0, space)} ${lead}${number}`);
    if (led.length) return led;
  }
  const words = said.split(/\s+/);
  if (words.length < SWAPPED_ARTICLE_WORDS) return films;
  for (let k = 1; k < words.length - 1; k++) {
    const article = words[k]!.toLowerCase();
    if (!ARTICLES.has(article)) continue;
    for (const other of [...ARTICLES].filter((a) => a !== article)) {
      const found = kb.catalog.tmdbOnly([...words.slice(0, k), other, ...words.slice(k + 1)].join(" "));
      if (found.length) return found;
    }
  }
  return [];
}

/** A family's films said as one, at most: the earliest. */
const MAX_FAMILY_SEEDS = 3;

/** The words name a genre or a language exactly. */
function namesKind(said: string, kb: KnowledgeBase): boolean {
  return kb.linker.link(said, { types: ["Genre", "Language"], limit: 1, exact: true }).some(linksWhole);
}

/** The words are all the rest of a sentence after a film's slot ("if I liked …", "movies like …"). */
function inFilmSlot(text: string, tokens: readonly WordToken[], i: number, end: number): boolean {
  return FILM_SLOT_LEADS.has(tokens[i - 1]?.folded ?? "") && sentenceEndsAt(text, tokens, end);
}

/** All the rest of a sentence after "in" or "from", in a slot a question of someone or something of a story puts a title in. */
function inStorySlot(text: string, tokens: readonly WordToken[], i: number, end: number): boolean {
  const slot = sentenceEndsAt(text, tokens, end) ? titleSlotAt(text, tokens, i, tokens.slice(i, end), false) : undefined;
  return slot !== undefined && STORY_SLOTS.has(slot.id);
}
const STORY_SLOTS: ReadonlySet<string> = new Set([STORY_NOUN_SLOT, IN_STORY_SLOT, IN_ROLE_OR_FACT_SLOT]);

function saidAsTitle(i: number, end: number, text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase, taken: (k: number) => boolean): boolean {
  const span = tokens.slice(i, end);
  const content = span.filter((t) => !STOP_WORDS.has(t.folded));
  // "if I liked inside out": all the rest of a sentence after a film's slot is the film's name, whatever its words.
  const wholeSlot = inFilmSlot(text, tokens, i, end) && !span.every((t) => /^\d+$/.test(t.folded));
  // Question wording alone names no film ("The Director"), nor do digits ("1982").
  if (!wholeSlot && content.every((t) => QUESTION_WORDS.has(t.folded) || /^\d+$/.test(t.folded))) return false;
  for (let k = i; k < end; k++) if (taken(k)) return false;
  // "2000s Bizarre asian movie", "the movie is about two brothers": words of the description of a film sought.
  if (!wholeSlot && wordsOfDescription({ question: text, tokens, at: i, span })) return false;
  const claims = analysis.topics.filter((t) => t.confidence >= KB_CLAIM && t.tokenStart < end && i < t.tokenEnd);
  if (kbKeeps(i, end, text, tokens, claims, kb) || saidOtherwise(i, end, text, tokens, analysis, kb)) return false;
  // A genre or a language said there is that ("i like Horror"), not the film "#Horror".
  if (wholeSlot) return !namesKind(text.slice(tokens[i]!.start, tokens[end - 1]!.end), kb);
  // Two words of a name, a film word aside: "silent movie" is one ordinary word beside a film word.
  const named = content.filter((t) => !MOVIE_WORDS.has(t.folded));
  return named.length >= 2 || oneWordTitle(i, end, text, tokens, content, named, claims, kb);
}

/** One word of a name: a title when written as one or quoted, or rare in plots in the question's own wording or a film's slot. */
function oneWordTitle(i: number, end: number, text: string, tokens: readonly WordToken[], content: readonly WordToken[], named: readonly WordToken[], claims: readonly QuestionAnalysis["topics"][number][], kb: KnowledgeBase): boolean {
  // One word that names a genre or a language is that ("i like Horror"), not the film "#Horror".
  if (content.length === 1 && namesKind(content[0]!.text, kb)) return false;
  // A person of the KB said short keeps the word; so does a slot only a person fills ("what movies has Keanu been in").
  const personSlot = PERSON_SLOT_LEADS.has(tokens[i - 1]?.folded ?? "") || PERSON_SLOT_TAILS.has(tokens[end]?.folded ?? "");
  if (personSlot || claims.some((t) => t.types.includes("Person"))) return false;
  // Written as a name or quoted, it is one.
  const quoted = /["“'‘]$/.test(text.slice(0, tokens[i]!.start).trimEnd()) && /^["”'’]/.test(text.slice(tokens[end - 1]!.end).trimStart());
  if (quoted || capitalAt(text, tokens, i)) return true;
  // Else a KB mention inside keeps its words, and only one rare word in lower case standing among the question's own
  // words, or in a slot only a film fills, is a title ("who directed se7en", "movies like se7en", not "mount everest").
  const plain = (t: WordToken | undefined) => t === undefined || STOP_WORDS.has(t.folded) || QUESTION_WORDS.has(t.folded);
  const filmSlot = FILM_SLOT_LEADS.has(tokens[i - 1]?.folded ?? "");
  return !claims.length && content.length === 1 && kb.words.share(named[0]!.folded) < COMMON_WORD_SHARE && (plain(tokens[i - 1]) || filmSlot) && plain(tokens[end]);
}

/** A KB name keeps the words: a film's whole name, a mention reaching beyond them, or a film or person said in just them. */
function kbKeeps(i: number, end: number, text: string, tokens: readonly WordToken[], claims: readonly QuestionAnalysis["topics"][number][], kb: KnowledgeBase): boolean {
  const said = text.slice(tokens[i]!.start, tokens[end - 1]!.end);
  if (kb.linker.link(said, { types: ["Movie"], limit: 1, exact: true }).some(linksWhole)) return true;
  if (claims.some((t) => t.tokenStart < i || t.tokenEnd > end)) return true;
  // "Larry the Cable Guy" is a person before a TMDB title.
  return claims.some((t) => t.tokenStart === i && t.tokenEnd === end && t.confidence >= SAME_WORDS_CLAIM && (t.types.includes("Movie") || t.types.includes("Person")));
}

/** The wording around says the words are something else: part of a longer name, a description, a place in a family, a family. */
function saidOtherwise(i: number, end: number, text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase): boolean {
  const span = tokens.slice(i, end);
  const said = text.slice(tokens[i]!.start, tokens[end - 1]!.end);
  // A capitalised word beside the words makes a longer name of them ("Larry the Cable Guy"); so do words after them
  // where a film stands ("when does jurassic world fallen kingdom come out").
  if (capitalAt(text, tokens, i - 1) || capitalAt(text, tokens, end) || longerNameAt(text, tokens, i, end, (k) => heldBy(analysis, k))) return true;
  // Between the question's auxiliary and its closing verb all the words are the title: a TMDB title that only ends them
  // is the end of a longer one ("where does bring it on fight to the finish take place").
  if (releaseSlotNames(text, tokens, analysis).some((name) => name.length > said.length && name.toLowerCase().endsWith(said.toLowerCase()))) return true;
  // "based on a true story": ordinary words after an indefinite article describe; a title has its own article or none.
  const common = (t: WordToken) => STOP_WORDS.has(t.folded) || kb.words.share(t.folded) >= COMMON_WORD_SHARE;
  const indefinite = [tokens[i - 1], span[0]].some((t) => t !== undefined && /^an?$/.test(t.text));
  if (indefinite && span.every(common) && !span.some((_, k) => capitalAt(text, tokens, i + k))) return true;
  // "star wars movies", "the first star wars film": a name before a film word that opens several titles is a family's.
  const next = tokens[end]?.folded ?? "";
  if (PLURAL_MOVIE_WORDS.has(next) || (MOVIE_WORDS.has(next) && kb.catalog.tmdbOnlyTitled(said).length >= 2)) return true;
  // "the last godfather movie": a place word before a film's name places it in its family; "The Last Godfather" is no film asked.
  const opener = span.find((t) => !STOP_WORDS.has(t.folded))!;
  if (entryOf(ORDINAL_WORDS, opener.folded) === undefined || capitalised(opener.text)) return false;
  const rest = text.slice(tokens[tokens.indexOf(opener) + 1]?.start ?? text.length, tokens[end - 1]!.end);
  return rest.trim() !== "" && (kb.linker.link(rest, { types: ["Movie"], limit: 1 }).some(linksWhole) || kb.catalog.tmdbOnlyTitled(rest).length > 0);
}

/** What the analysis holds a token as, for a longer name's words: nothing, a tag, a film or another name. */
function heldBy(analysis: QuestionAnalysis, k: number): "film" | "tag" | "name" | undefined {
  const by = analysis.topics.filter((m) => m.confidence >= KB_CLAIM && k >= m.tokenStart && k < m.tokenEnd);
  if (by.length === 0) return undefined;
  return by.every((m) => m.type === "Tag") ? "tag" : by.some((m) => m.types.includes("Movie")) ? "film" : "name";
}

/** Nothing of the sentence follows the token before `end`: the text ends, or a sentence or clause mark comes next. */
function sentenceEndsAt(text: string, tokens: readonly WordToken[], end: number): boolean {
  return end === tokens.length || /^\s*[?.!,;]/.test(text.slice(tokens[end - 1]!.end));
}

/** The token is written with a capital inside a sentence (a name), not as the sentence's first word. */
function capitalAt(text: string, tokens: readonly WordToken[], at: number): boolean {
  const t = tokens[at];
  return t !== undefined && at > 0 && capitalised(t.text) && !/[.!?]\s*$/.test(text.slice(tokens[at - 1]!.end, t.start));
}
