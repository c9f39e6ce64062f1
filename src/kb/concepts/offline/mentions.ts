import type { PartOfSpeech } from "wink-nlp";
import { STOP_WORDS } from "../../../util/text";
import { CHARACTER_TITLES, DECADE_WORDS, DETERMINERS, EMPTY_ADJECTIVES, EMPTY_NOUNS, LOCATIVE_PREPOSITIONS, NAME_CUES } from "./lexicon";
import type { NameModel } from "./names";
import { isKnownWord, type TextToken } from "./nlp";

/**
 * What one text (a plot, an overview) says a film holds: names (with a hint of what they name, from
 * the words around them), noun phrases (single nouns and adjective–noun or noun–noun pairs, so
 * "drug" and "strong woman" are kept), known multi-word names said in it ("world war ii", "serial
 * killer") and time settings ("1920s", "in 1944"). What each name finally is gets decided over the
 * whole corpus (see typing.ts); the hints are its votes.
 */
export type MentionHint = "place" | "modifier" | "character" | "time" | "name" | "noun" | "located" | "none";

export interface Mention {
  /** Folded; a noun phrase's last word is its lemma ("drug smugglers" → "drug smuggler"). */
  folded: string;
  /** As written (names keep their capitals where the text has them). */
  surface: string;
  hint: MentionHint;
}

/** Multi-word names to find in texts as they are (curated keywords and tags, time settings, names seen in overviews). */
export class Gazetteer {
  private readonly byFirst = new Map<string, string[][]>();

  constructor(phrases: Iterable<string>) {
    for (const p of new Set(phrases)) {
      const words = p.split(" ");
      // A phrase that opens or closes on a function word ("the story") would match everywhere.
      if (words.length < 2 || words.length > 5 || STOP_WORDS.has(words[0]!) || STOP_WORDS.has(words[words.length - 1]!)) continue;
      const list = this.byFirst.get(words[0]!) ?? [];
      list.push(words);
      this.byFirst.set(words[0]!, list);
    }
    for (const list of this.byFirst.values()) list.sort((a, b) => b.length - a.length || (a.join(" ") < b.join(" ") ? -1 : 1));
  }

  /** The longest known phrase starting at token i, as its length in tokens (0 when none). */
  longestAt(tokens: readonly TextToken[], i: number): number {
    for (const words of this.byFirst.get(tokens[i]!.folded) ?? []) {
      if (i + words.length > tokens.length) continue;
      if (words.every((w, k) => tokens[i + k]!.folded === w || tokens[i + k]!.lemma === w)) return words.length;
    }
    return 0;
  }
}

export interface MentionContext {
  names: NameModel;
  gazetteer: Gazetteer;
}

const FUNCTION_POS: ReadonlySet<PartOfSpeech> = new Set(["ADP", "AUX", "CCONJ", "DET", "PART", "PRON", "SCONJ", "NUM", "INTJ", "PUNCT", "SYM", "SPACE"]);
const LOCATIVE = new Set(LOCATIVE_PREPOSITIONS);
const DETERMINER = new Set(DETERMINERS);
const NAME_CUE = new Set(NAME_CUES.filter((c) => !c.includes(" ")));
const TITLE = new Set(CHARACTER_TITLES);
const EMPTY_NOUN = new Set(EMPTY_NOUNS);
const EMPTY_ADJ = new Set(EMPTY_ADJECTIVES);
const TIME_PREPOSITIONS = new Set(["in", "during", "since", "of", "circa", "around", "before", "after", "until"]);
const DECADE = /^(?:1[5-9]|20)\d0s$/;
const DECADE_WORD = new Map(Object.entries(DECADE_WORDS));
const YEAR = /^(?:1[5-9]\d\d|20[0-2]\d)$/;
const MAX_NAME_WORDS = 4;

/** The mentions of one text; `cased` says whether its capitals can be trusted (overviews) or not (plots). */
export function mentionsOf(lines: readonly TextToken[][], cased: boolean, ctx: MentionContext): Mention[] {
  const out: Mention[] = [];
  for (const tokens of lines) {
    const covered = new Uint8Array(tokens.length);
    knownPhrases(tokens, ctx, covered, out);
    const proper = properMask(tokens, cased, ctx.names);
    nameSpans(tokens, proper, covered, ctx.names, out);
    nounPhrases(tokens, proper, covered, out);
    timeSettings(tokens, out);
  }
  return out;
}

/** Known multi-word names, longest first, left to right; their words are marked so no shorter name is read inside them. */
function knownPhrases(tokens: readonly TextToken[], ctx: MentionContext, covered: Uint8Array, out: Mention[]): void {
  for (let i = 0; i < tokens.length; ) {
    const len = ctx.gazetteer.longestAt(tokens, i);
    if (len === 0) {
      i++;
      continue;
    }
    const span = tokens.slice(i, i + len);
    const hint = hintAt(tokens, i, i + len);
    // Whether a known phrase is a common noun or a name is the name model's call, not this mention's.
    out.push({ folded: span.map((t) => t.folded).join(" "), surface: span.map((t) => t.text).join(" "), hint: hint === "noun" ? "none" : hint });
    covered.fill(1, i, i + len);
    i += len;
  }
}

function properMask(tokens: readonly TextToken[], cased: boolean, names: NameModel): Uint8Array {
  const mask = new Uint8Array(tokens.length);
  tokens.forEach((t, i) => {
    // Two letters make a name only when many people are called so ("ed", not "en").
    if (FUNCTION_POS.has(t.pos) || !names.isName(t.folded) || (t.folded.length < 3 && !names.isFirstName(t.folded))) return;
    // A common word used as an adjective here ("a french town") is no name; an unknown one may be ("mary" reads as one).
    if (t.pos === "ADJ" && isKnownWord(t.folded)) return;
    // Where case is kept, a name has its capital (a capital at a sentence's start says nothing, the model decides).
    if (cased && !t.capital) return;
    mask[i] = 1;
  });
  return mask;
}

/**
 * Runs of name words: "jack crawford", "prague"; a run inside a known phrase ("new york") is that
 * phrase. A run ends at punctuation, and (the plots have little) where a first name follows a word
 * that is not one ("in alaska george sends" is Alaska, then George).
 */
function nameSpans(tokens: readonly TextToken[], proper: Uint8Array, covered: Uint8Array, names: NameModel, out: Mention[]): void {
  for (let i = 0; i < tokens.length; ) {
    if (!proper[i]) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < tokens.length && proper[end] && end - i < MAX_NAME_WORDS && !tokens[end]!.punctuationBefore && !(names.isFirstName(tokens[end]!.folded) && !names.isFirstName(tokens[end - 1]!.folded))) end++;
    const inside = covered.subarray(i, end).every((c) => c === 1);
    const hint = hintAt(tokens, i, end);
    // "the king", "a rogue": a lone word after a determiner is a common noun, unless a noun follows ("a london gangster").
    const common = end - i === 1 && DETERMINER.has(tokens[i - 1]?.folded ?? "") && hint !== "modifier";
    // A name in parentheses is the cast ("a teenage girl (hayden panettiere)").
    const cast = tokens[i]!.punctuationBefore.endsWith("(");
    if (!inside && !common && !cast) {
      const span = tokens.slice(i, end);
      out.push({ folded: span.map((t) => t.folded).join(" "), surface: span.map((t) => t.text).join(" "), hint: hint === "noun" ? "name" : hint });
    }
    i = end;
  }
}

/** What the words around tokens [start, end) say the span names. */
function hintAt(tokens: readonly TextToken[], start: number, end: number): MentionHint {
  const prev = tokens[start - 1]?.folded ?? "";
  const next = tokens[end];
  if (LOCATIVE.has(prev)) return "place";
  if (NAME_CUE.has(prev) || TITLE.has(prev) || (prev === "as" && tokens[start - 2]?.folded === "known")) return "character";
  // Used as a modifier after a determiner ("a london gangster", "the miami police"): places often are, but
  // so are studios and makers ("a disney film"), so it is half a vote.
  if (DETERMINER.has(prev) && next && next.pos === "NOUN") return "modifier";
  // An apposition after the name ("hafiz a rascally beggar") introduces a character.
  if (next && (next.folded === "a" || next.folded === "an") && (start === 0 || tokens[start]!.sentenceStart)) return "character";
  return "noun";
}

/**
 * Single nouns (their lemma) and two-word pairs ending in a noun, outside names and known phrases.
 * An adjective pairs only with a phrase's head ("giant sea monster" gives "sea monster", not "giant
 * sea"). A pair after a locative preposition ("in a remote jungle") is marked located (a common
 * noun's place, not a name's).
 */
function nounPhrases(tokens: readonly TextToken[], proper: Uint8Array, covered: Uint8Array, out: Mention[]): void {
  const usable = (i: number) => !proper[i] && (tokens[i]!.pos === "NOUN" || tokens[i]!.pos === "ADJ" || tokens[i]!.pos === "PROPN");
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!usable(i) || t.pos === "ADJ" || !contentWord(t.lemma, EMPTY_NOUN)) continue;
    out.push({ folded: t.lemma, surface: t.lemma, hint: "noun" });
    const before = tokens[i - 1];
    if (!before || !usable(i - 1) || (covered[i] && covered[i - 1])) continue;
    const isHead = tokens[i + 1]?.pos !== "NOUN";
    if (before.pos === "ADJ" ? !isHead || !contentWord(before.folded, EMPTY_ADJ) : !contentWord(before.folded, EMPTY_NOUN)) continue;
    const folded = `${before.folded} ${t.lemma}`;
    const opener = tokens[i - 2];
    const located = LOCATIVE.has(opener?.folded ?? "") || (DETERMINER.has(opener?.folded ?? "") && LOCATIVE.has(tokens[i - 3]?.folded ?? ""));
    out.push({ folded, surface: folded, hint: located ? "located" : "noun" });
  }
}

function contentWord(word: string, empty: ReadonlySet<string>): boolean {
  return word.length >= 3 && /^\p{L}+$/u.test(word) && !STOP_WORDS.has(word) && !empty.has(word);
}

/** Decades said outright ("the 1920s", "the twenties") or through a year ("in 1944" → the 1940s). */
function timeSettings(tokens: readonly TextToken[], out: Mention[]): void {
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1]?.folded ?? "";
    let decade: string | undefined;
    if (DECADE.test(t.folded)) decade = t.folded;
    else if (YEAR.test(t.folded) && TIME_PREPOSITIONS.has(prev)) decade = `${t.folded.slice(0, 3)}0s`;
    else if (prev === "the") decade = DECADE_WORD.get(t.folded);
    if (decade) out.push({ folded: decade, surface: decade, hint: "time" });
  });
}
