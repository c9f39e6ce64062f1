import { QUESTION_WORDS } from "../../linking/question-words";
import { STOP_WORDS, wordTokens } from "../../util/text";
import { COUNT_PHRASES, FIGURE_PHRASES, SUPERLATIVE_PHRASES } from "../lexicon/cues";
import { PERSON_WORDS, WORD_TO_EDGES } from "../lexicon/relations";
import { COMPARATIVE_PHRASES, CREATURE_WORDS, FACT_PHRASES, ORDINAL_WORDS, THING_KIND_WORDS } from "../lexicon/shapes";

/** A word the question says, read as another one the KB's texts use. */
export interface SpellingFix {
  said: string;
  read: string;
}

/** What the spelling pass consults: how many of the KB's texts use a word, and whether a word belongs to a name. */
export interface SpellingVocabulary {
  /** How many plots and overviews use the folded word. */
  uses(word: string): number;
  /** Whether the folded word is a word of some film's, person's or kind's name. */
  inName(word: string): boolean;
}

/** A slip is looked for only in words this long: shorter ones have too many neighbours one edit away. */
const MIN_SLIP_LENGTH = 5;
/** A correction must be a word at least this many texts use, not another slip. */
const MIN_USES = 5;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * The words the reading passes act on: relations, facts, figures, comparisons, ranks, counts and the nouns a
 * question asks for. A slip is read as one of these, where reading it wrongly changes the plan; a slip of any
 * other word is left to the full-text search, whose matching is loose already, since a question's ordinary
 * words ("trims") are often in no plot and look like slips.
 */
/** Words of the phrases of facts, figures, comparisons, ranks and counts. */
const SHAPING_PHRASE_WORDS: ReadonlySet<string> = new Set(
  [...FACT_PHRASES.map((f) => f.phrase), ...Object.keys(FIGURE_PHRASES), ...Object.keys(COMPARATIVE_PHRASES), ...Object.keys(SUPERLATIVE_PHRASES), ...Object.keys(ORDINAL_WORDS), ...COUNT_PHRASES].flatMap((p) => p.split(" ")),
);
const RULE_WORDS: ReadonlySet<string> = new Set(
  [
    ...WORD_TO_EDGES.keys(),
    ...QUESTION_WORDS,
    ...PERSON_WORDS,
    ...CREATURE_WORDS,
    ...THING_KIND_WORDS,
    ...SHAPING_PHRASE_WORDS,
  ].filter((w) => w.length >= MIN_SLIP_LENGTH - 1 && !STOP_WORDS.has(w)),
);

/** Whether the reading passes act on the word (a relation, fact, figure, rank, count, or a noun a question asks for). */
export function isRuleWord(folded: string): boolean {
  return RULE_WORDS.has(folded) || WORD_TO_EDGES.has(folded) || QUESTION_WORDS.has(folded);
}

/** Nouns of what a question asks for (a person, a creature, a thing), that shape nothing else. */
const KIND_NOUNS: ReadonlySet<string> = new Set([...PERSON_WORDS, ...CREATURE_WORDS, ...THING_KIND_WORDS]);

/**
 * Whether the word shapes a question (a relation, fact, figure, rank, count or question word): a rule word that is
 * more than the noun of a person, creature or thing, which a title may hold as well ("A Dog's Purpose").
 */
export function shapesQuestion(folded: string): boolean {
  return isRuleWord(folded) && (!KIND_NOUNS.has(folded) || WORD_TO_EDGES.has(folded) || QUESTION_WORDS.has(folded) || SHAPING_PHRASE_WORDS.has(folded));
}

/**
 * The spelling pass: a lowercase word no plot, overview or name in the KB uses, nor its stem, is a slip ("What
 * lsland is Jaws located in?", "who direcetd Heat"). When one edit (a letter dropped, added, changed, or two
 * letters swapped) makes a word the rules read (RULE_WORDS) that the KB's texts use, the question is read with the
 * most used such word. A capitalised word is left alone: it may be a name the KB lacks, and saying so is
 * the honest answer; so is a word inside a name the linker found (`names`: "keanu reaves" is Keanu Reeves). Each fix is
 * returned for the trace.
 */
export function correctSpelling(text: string, vocabulary: SpellingVocabulary, names: readonly { start: number; end: number }[] = []): { text: string; fixes: SpellingFix[] } {
  const fixes: SpellingFix[] = [];
  let out = "";
  let at = 0;
  for (const t of wordTokens(text)) {
    if (names.some((n) => t.start >= n.start && t.end <= n.end) || !isSlipCandidate(t.text, vocabulary)) continue;
    const read = bestNeighbour(t.text, vocabulary);
    if (!read) continue;
    fixes.push({ said: t.text, read });
    out += text.slice(at, t.start) + read;
    at = t.end;
  }
  return { text: fixes.length ? out + text.slice(at) : text, fixes };
}

function isSlipCandidate(word: string, vocabulary: SpellingVocabulary): boolean {
  if (word.length < MIN_SLIP_LENGTH || !/^[a-z]+$/.test(word)) return false;
  if (STOP_WORDS.has(word) || QUESTION_WORDS.has(word) || WORD_TO_EDGES.has(word)) return false;
  return vocabulary.uses(word) === 0 && !knownStem(word, vocabulary) && !vocabulary.inName(word);
}

/** Endings a word takes ("trims", "hedged", "scheming"): a word whose stem the KB's texts use is a word, not a slip. */
const ENDINGS = ["s", "es", "ed", "d", "ing", "er", "ers", "ly", "est"];

function knownStem(word: string, vocabulary: SpellingVocabulary): boolean {
  return ENDINGS.some((e) => {
    if (!word.endsWith(e) || word.length - e.length < 3) return false;
    const stem = word.slice(0, -e.length);
    // "-es" follows a hissing sound or an "o" ("watches", "heroes"); "playes" is a slip of "plays", not a form of "play".
    if (e === "es" && !/(?:s|x|z|ch|sh|o)$/.test(stem)) return false;
    // "trimming" → "trimm" → "trim"; "hoping" → "hop" → "hope".
    return [stem, stem.replace(/(.)\1$/, "$1"), `${stem}e`].some((s) => vocabulary.uses(s) > 0);
  });
}

/** The most used word the rules read one edit away, at least MIN_USES texts; ties go to the alphabetically first. */
function bestNeighbour(word: string, vocabulary: SpellingVocabulary): string | undefined {
  let best: { word: string; uses: number } | undefined;
  for (const candidate of oneEditAway(word)) {
    if (!RULE_WORDS.has(candidate)) continue;
    const uses = vocabulary.uses(candidate);
    if (uses < MIN_USES) continue;
    if (!best || uses > best.uses || (uses === best.uses && candidate < best.word)) best = { word: candidate, uses };
  }
  return best?.word;
}

function oneEditAway(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      if (tail && c !== tail[0]) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return out;
}

/** Whether a film's title, whole and longer than the span, is said over the characters from `start` to `end` of a text. */
export type TitleSaid = (text: string, start: number, end: number) => boolean;

/** The shortest word of a pair a split compound is read from ("mocking bird"). */
const MIN_PART_LENGTH = 3;

/**
 * A compound said as two words ("to kill a mocking bird", "the lion the witch and the ward robe"): two lowercase
 * words, neither a stop word, whose letters run together make a word of some name, are that word when the text so
 * joined says a longer film title whole around it ("bird man" alone stays two words). Each join is returned for the trace.
 */
export function joinSplitWords(text: string, vocabulary: SpellingVocabulary, titleSaid: TitleSaid): { text: string; fixes: SpellingFix[] } {
  const tokens = wordTokens(text);
  const part = (k: number) => {
    const t = tokens[k];
    return t !== undefined && /^[a-z]+$/.test(t.text) && t.text.length >= MIN_PART_LENGTH && !STOP_WORDS.has(t.folded);
  };
  for (let k = 0; k + 1 < tokens.length; k++) {
    const a = tokens[k]!;
    const b = tokens[k + 1]!;
    if (!part(k) || !part(k + 1) || text.slice(a.end, b.start) !== " " || !vocabulary.inName(a.folded + b.folded)) continue;
    const joined = text.slice(0, a.end) + text.slice(b.start);
    if (titleSaid(joined, a.start, b.end - 1)) return { text: joined, fixes: [{ said: `${a.text} ${b.text}`, read: a.text + b.text }] };
  }
  return { text, fixes: [] };
}

