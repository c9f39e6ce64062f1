import type { EntityCandidate, EntityLinker, Mention } from "../../ports/entity-linker";
import { STOP_WORDS, linkKey, wordTokens, type WordToken } from "../../util/text";
import { QUESTION_WORDS } from "../../linking/question-words";
import { WORD_TO_EDGES } from "../lexicon";
import { TITLE_CUE_WORDS, ROLE_WORDS } from "../words/linking";

/** Share of the movie plots a word occurs in: high for ordinary words ("boy", "her", "memory"). */
export type WordCommonness = (foldedWord: string) => number;

/** A word in more than this share of plots is ordinary language, not a name, unless the wording says so. */
export const COMMON_WORD_SHARE = 0.0015;
const DROPPED = 0.05;

const TITLE_CUES = new Set(TITLE_CUE_WORDS);
const ROLES = new Set(ROLE_WORDS);

/**
 * Linking with calibrated confidence. A span made only of ordinary words or a number ("Her", "Go",
 * "Boy", "What?", "Assassins", "1969") is a title or name only when the wording says so: quoted,
 * capitalised inside the sentence, or right after a cue ("the film", "watch", "directed"). A concept
 * word that merely occurs in a description ("child", "memory") is left to the concept stage. A bare
 * surname that is also a tag ("nolan") links to the prominent person when a role word is nearby,
 * with the tag kept as an alternative.
 */
export function calibrateMentions(question: string, mentions: readonly Mention[], commonness: WordCommonness): Mention[] {
  const tokens = wordTokens(question);
  const hasRoleWord = tokens.some((t) => ROLES.has(t.folded));
  const out: Mention[] = [];
  for (const m of mentions) {
    const span = tokens.filter((t) => t.start >= m.start && t.end <= m.end);
    const first = span[0];
    if (!first || m.candidates.length === 0) continue;
    const at = tokens.indexOf(first);
    const top = m.candidates[0]!;
    const words = span.map((t) => t.folded);
    const ordinary = words.every((w) => /^\d+$/.test(w) || STOP_WORDS.has(w) || QUESTION_WORDS.has(w) || WORD_TO_EDGES.has(w) || commonness(w) >= COMMON_WORD_SHARE);
    const entityLike = top.types.includes("Movie") || top.types.includes("Person");
    if (ordinary && words.length <= 2 && entityLike && !top.types.some((t) => t === "Genre" || t === "Tag" || t === "Language" || (t === "Year" && /^\d{4}$/.test(words[0]!)))) {
      if (!saidAsTitle(question, tokens, at, span)) {
        out.push({ ...m, confidence: Math.min(m.confidence, DROPPED) });
        continue;
      }
      out.push({ ...m, confidence: Math.max(m.confidence, 0.7) });
      continue;
    }
    const person = span.length === 1 && top.type === "Tag" && !QUESTION_WORDS.has(words[0]!) ? surnamePerson(m.candidates, words[0]!) : undefined;
    if (person && hasRoleWord) {
      out.push({ ...m, candidates: [person, ...m.candidates.filter((c) => c !== person)], confidence: Math.max(m.confidence, 0.7) });
      continue;
    }
    out.push(m);
  }
  return out;
}

/**
 * Quoted, capitalised inside the sentence (or at its start right before a relation word: "Her was
 * directed by"), or right after a title cue. Question words ("What?") need quotes or a cue.
 */
function saidAsTitle(question: string, tokens: readonly WordToken[], at: number, span: readonly WordToken[]): boolean {
  const first = span[0]!;
  const last = span[span.length - 1]!;
  const before = question.slice(Math.max(0, first.start - 1), first.start);
  const after = question.slice(last.end, last.end + 1);
  if (/["“'‘*_]/.test(before) && /["”'’*_?!]/.test(after)) return true;
  // Question wording ("together", "what", "next") is a title only when quoted.
  if (span.every((t) => QUESTION_WORDS.has(t.folded))) return false;
  const prev = tokens[at - 1]?.folded;
  if (prev !== undefined && TITLE_CUES.has(prev)) return true;
  if (prev === "in" && WORD_TO_EDGES.has(tokens[at - 2]?.folded ?? "")) return true;
  const mixedCase = question !== question.toLowerCase() && question !== question.toUpperCase();
  if (!mixedCase || !/^[\p{Lu}\p{N}]/u.test(first.text)) return false;
  const sentenceStart = at === 0 || /[.!?:;]\s*$/.test(question.slice(0, first.start));
  if (!sentenceStart) return true;
  const next = tokens.slice(at + span.length).find((t) => !STOP_WORDS.has(t.folded));
  return next !== undefined && WORD_TO_EDGES.has(next.folded);
}

/** A prominent person whose name holds the mention (a surname), when the best match is a minor tag or a partial. */
function surnamePerson(candidates: readonly EntityCandidate[], word: string): EntityCandidate | undefined {
  const people = candidates.filter((c) => c.type === "Person" && c.degree >= 8 && linkKey(c.name).split(" ").at(-1) === word);
  return people.sort((a, b) => b.degree - a.degree)[0];
}

/** A linker whose mentions are calibrated: the analysis stage reads questions through it. */
export function calibratedLinker(linker: EntityLinker, commonness: WordCommonness): EntityLinker {
  return {
    link: (mention, options) => linker.link(mention, options),
    findMentions: (text, options) => calibrateMentions(text, linker.findMentions(text, options), commonness),
  };
}
