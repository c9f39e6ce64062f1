import { wordTokens } from "../../util/text";
import { PART_OPENERS } from "../lexicon/cues";
import { FILM_PRONOUNS, PERSON_PRONOUNS, PLURAL_PRONOUNS } from "../lexicon/followup";
import { GAP_LEADS, GAP_WORDS } from "../lexicon/shapes";
import { findPhrase } from "./phrases";
import { findPeriods } from "./periods";

const OPENERS = new Set(PART_OPENERS);
/** Words that join two questions; a part must start with an opener right after one of them. */
const JOINERS = new Set(["and", "also", "plus", "then"]);
/** Question words that open a new question right after a comma. */
const COMMA_OPENERS = new Set(["who", "what", "whats", "when", "where", "how"]);
/** Auxiliaries that open a question only when a subject follows ("and is it ...", "and did he ..."). */
const AUX = new Set(["is", "was", "are", "were", "did", "does", "do", "can", "could"]);

/**
 * Splits a message into its questions: at sentence ends ("?", ";", ". ") and at "and"/"also"
 * followed by a question opener ("who wrote Memento and when did it come out", "who directed
 * Casablanca, and what language is it in"). "Both X and Y" and lists of names are not split,
 * because no question word follows their "and". Each part keeps its character offsets.
 */
export function splitQuestion(question: string, names: readonly { start: number; end: number }[] = []): { text: string; start: number }[] {
  const cuts: number[] = [];
  // A period ends a sentence only after a word of 4+ letters: "Dr. Kildare", "A. Carter", "C.E. Burke" are names.
  for (const m of question.matchAll(/[?;]+\s+|(?<=[\p{Ll}\p{N}]{4})\.\s+(?=\p{Lu})/gu)) if (m.index + m[0].length < question.length) cuts.push(m.index + m[0].length);
  const tokens = wordTokens(question);
  for (let i = 1; i < tokens.length - 1; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1]!;
    if (!JOINERS.has(t.folded) || !OPENERS.has(next.folded)) continue;
    // "Kiss and Tell", "Who Framed Roger Rabbit and ...": an "and" inside a linked title is no joint.
    if (names.some((n) => t.start >= n.start && t.end <= n.end)) continue;
    // "... and did it win": an auxiliary opens a question only when a pronoun or name follows it.
    if (AUX.has(next.folded) && !/^(it|he|she|they|this|that|the|its)$/.test(tokens[i + 2]?.folded ?? "")) continue;
    // "which actors starred in X and who directed it" splits; "films with X and what" at the very end does not.
    if (i + 2 >= tokens.length) continue;
    cuts.push(t.start);
  }
  // "who wrote the godfather, who directed it": a comma then a question word, in a message that opens as a question
  // ("which" after a comma is a relative clause: "Tom Hanks films, which are comedies").
  if (OPENERS.has(tokens[0]?.folded ?? "")) {
    for (let i = 1; i < tokens.length - 2; i++) {
      const t = tokens[i]!;
      if (COMMA_OPENERS.has(t.folded) && /,\s*$/.test(question.slice(tokens[i - 1]!.end, t.start)) && !names.some((n) => t.start >= n.start && t.end <= n.end)) cuts.push(t.start);
    }
  }
  // "2000s-2010s? Comedy where …", "… loses his job. Late 90s?": a sentence that is only a period asks nothing; it is
  // said of the one after it, or, last, of the one before.
  const sorted = [...new Set([0, ...cuts])].sort((a, b) => a - b);
  const bounds = sorted.filter((start, k) => k === 0 || (!onlyAPeriod(question.slice(sorted[k - 1]!, start)) && !(k === sorted.length - 1 && onlyAPeriod(question.slice(start)))));
  const parts = bounds.map((start, k) => ({ start, text: question.slice(start, bounds[k + 1] ?? question.length) }));
  return parts
    .map((p) => {
      const lead = /^\s*(?:,\s*)?(?:and|also|plus|then)?\s*(?:,\s*)?/i.exec(p.text)![0];
      return { start: p.start + lead.length, text: p.text.slice(lead.length).replace(/(?:[\s,;]+|\s+(?:and|also|plus|then))+$/i, "").trim() };
    })
    .filter((p) => /[\p{L}\p{N}]/u.test(p.text));
}

/** A piece whose every letter and digit lies in a period said ("2000s-2010s?", "late 90s or early 2000s"). */
function onlyAPeriod(piece: string): boolean {
  const periods = findPeriods(piece);
  if (!periods.length) return false;
  const outside = [...piece].map((ch, i) => (periods.some((p) => i >= p.start && i < p.end) ? " " : ch)).join("");
  return !/[\p{L}\p{N}]/u.test(outside);
}

/** Pronouns and phrases that point back at the previous part's film or person. */
const BACK_REFERENCE = new RegExp(`\\b(?:the same (?:film|movie)|that (?:film|movie)|this (?:film|movie)|the (?:film|movie)|${[...FILM_PRONOUNS, ...PERSON_PRONOUNS, ...PLURAL_PRONOUNS].join("|")})\\b`, "i");

/** Whether a part points back at an earlier one ("who starred in it?"). */
export function hasBackReference(part: string): boolean {
  return BACK_REFERENCE.test(part);
}

/**
 * Makes a later part stand alone: its pronoun ("it", "he", "the film") becomes the name the first
 * part was about; a part with no pronoun and no name of its own gets the name appended.
 */
export function resolveBackReference(part: string, name: string): string {
  if (BACK_REFERENCE.test(part)) {
    return part.replace(BACK_REFERENCE, (m) => (/^(its|his|their)$/i.test(m) ? `${name}'s` : name));
  }
  return `${part.replace(/\?\s*$/, "")} of ${name}`;
}

/** Words that make "X and Y" one set operation ("films both X and Y were in"), not one question per film. */
const TOGETHER = new Set(["both", "together", "common", "share", "shared", "same", "also", "either", "neither"]);

/** "how many years apart were Alien and Aliens released": a gap between the films is one question of both. */
function asksGap(words: readonly string[]): boolean {
  return GAP_LEADS.some((lead) => findPhrase(words, lead).length > 0) && words.some((w) => GAP_WORDS.includes(w));
}

/**
 * "What year did Schindler's List and Saving Private Ryan come out?": one question asked of several
 * films joined by "and" is one part per film, each with the other films cut out. Only when the
 * question asks a relation of them (a year, a director) and says nothing of their sharing it.
 */
export function splitOverFilms(text: string, films: readonly { start: number; end: number }[], asksRelation: boolean): string[] {
  if (!asksRelation || films.length < 2 || films.length > 4) return [text];
  const words = wordTokens(text);
  if (words.some((w) => TOGETHER.has(w.folded)) || asksGap(words.map((w) => w.folded))) return [text];
  const sorted = [...films].sort((a, b) => a.start - b.start);
  // "the actor who played in Rocky and Rambo": one person asked by a singular noun is the one in all of them.
  if (asksOnePerson(words.filter((w) => w.end <= sorted[0]!.start).map((w) => w.folded))) return [text];
  // The films must form one list: a comma or "and" between each two ("black panther" side by side is one name).
  for (let i = 1; i < sorted.length; i++) {
    const gap = text.slice(sorted[i - 1]!.end, sorted[i]!.start);
    if (!/^\s*(?:,\s*(?:and\s+)?|and\s+)$/i.test(gap)) return [text];
  }
  const listStart = sorted[0]!.start;
  const listEnd = sorted[sorted.length - 1]!.end;
  return sorted.map((f) => `${text.slice(0, listStart)}${text.slice(f.start, f.end)}${text.slice(listEnd)}`.replace(/\s+/g, " ").trim());
}

/** "the actor who", "which actress", "what director": a person asked by a singular noun (not "who directed", which asks of each film). */
function asksOnePerson(before: readonly string[]): boolean {
  return before.some((w, i) => SINGULAR_PERSON_NOUNS.has(w) && ["the", "which", "what", "an", "a"].includes(before[i - 1] ?? ""));
}
const SINGULAR_PERSON_NOUNS: ReadonlySet<string> = new Set(["actor", "actress", "director", "writer", "screenwriter", "person", "star"]);
