import type { EntityCandidate, EntityLinker, Mention } from "../../ports/entity-linker";
import { ARTICLES, STOP_WORDS, editDistance, linkKey, wordTokens, type WordToken } from "../../util/text";
import { QUESTION_WORDS } from "../../linking/question-words";
import { WORD_TO_EDGES } from "../lexicon/relations";
import { DESCRIPTION_OPENERS, PAIR_OPENERS, ROLE_VERBS, ROLE_WORDS, TAG_CUE_WORDS, TITLE_CUE_WORDS } from "../lexicon/linking";
import { CONCEPT_HEAD_WORDS } from "../lexicon/concepts";
import { FIGURE_PHRASES } from "../lexicon/cues";
import { COMPARATIVE_PHRASES, YES_NO_OPENERS } from "../lexicon/shapes";
import { firstOf } from "./phrases";

/** Share of the movie plots a word occurs in: high for ordinary words ("boy", "her", "memory"). */
export type WordCommonness = (foldedWord: string) => number;

/** A word in more than this share of plots is ordinary language, not a name, unless the wording says so. */
export const COMMON_WORD_SHARE = 0.0005;
const DROPPED = 0.05;

const TITLE_CUES = new Set(TITLE_CUE_WORDS);
const ROLES = new Set(ROLE_WORDS);
const ROLE_VERB = new Set(ROLE_VERBS);
const TAG_CUES = new Set(TAG_CUE_WORDS);
const HEADS = new Set(CONCEPT_HEAD_WORDS);
const DESCRIBES = new Set(DESCRIPTION_OPENERS);
const PAIR = new Set(PAIR_OPENERS);
const YES_NO = new Set(YES_NO_OPENERS);
const COMPARATIVES = Object.keys(COMPARATIVE_PHRASES);
const FIGURES = new Set(Object.keys(FIGURE_PHRASES).filter((p) => !p.includes(" ")));
/** A surname names a person when that person has this many edges and twice as many as anyone else of that name. */
const PROMINENT_SURNAME_DEGREE = 8;
/** A lowercase word is read as a surname only when it is all but absent from plots ("dicaprio", not "lean"). */
const RARE_WORD_SHARE = 0.0004;

/**
 * Linking with calibrated confidence. A span made only of ordinary words or a number ("Her", "Go",
 * "Boy", "What?", "Assassins", "1969") is a title or name only when the wording says so: quoted,
 * capitalised inside the sentence, or right after a cue ("the film", "watch", "directed"). A concept
 * word that merely occurs in a description ("child", "memory") is left to the concept stage. A bare
 * surname that is also a tag ("nolan") links to the prominent person when a role word is nearby,
 * with the tag kept as an alternative.
 */
export function calibrateMentions(question: string, mentions: readonly Mention[], commonness: WordCommonness, people: PeopleNamed = () => []): Mention[] {
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
      if (!saidAsTitle(question, tokens, at, span, m.candidates.some((c) => c.type === "Person")) && !(span.length >= 2 && PAIR.has(tokens[at - 1]?.folded ?? ""))) {
        out.push({ ...m, confidence: Math.min(m.confidence, DROPPED) });
        continue;
      }
      out.push({ ...m, confidence: Math.max(m.confidence, 0.7) });
      continue;
    }
    // "a good scary movie": a lowercase title ending in a film word, after an article or a liking word, describes a film;
    // "a romantic comedy with hugh grant": so is a lowercase title that is also a kind of film.
    const kindName = HEADS.has(words[words.length - 1]!) || m.candidates.some((c) => (c.type === "Tag" || c.type === "Genre") && linkKey(c.name) === linkKey(m.text));
    if (top.type === "Movie" && m.text === m.text.toLowerCase() && words.length >= 2 && kindName && DESCRIBES.has(tokens[at - 1]?.folded ?? "") && !saidAsTitle(question, tokens, at, span)) {
      out.push({ ...m, confidence: Math.min(m.confidence, DROPPED) });
      continue;
    }
    // "trainspotting", "amelie": one word that is no ordinary language and names a film exactly is that film.
    if (!ordinary && words.length === 1 && top.type === "Movie" && (top.match === "exact" || top.match === "folded") && commonness(words[0]!) < RARE_WORD_SHARE && m.confidence < 0.7) {
      out.push({ ...m, confidence: 0.7 });
      continue;
    }
    // "what kind of movie is alien": said as a title, a word that is a tag and a film is the film.
    const film = (top.type === "Tag" || top.type === "Genre") && span.length <= 2 ? m.candidates.find((c) => c.type === "Movie" && linkKey(c.name) === linkKey(m.text)) : undefined;
    // "acted for both hitchcock and john ford": a prominent person's surname is the person, whatever cue precedes it.
    if (film && saidAsTitle(question, tokens, at, span) && !(hasRoleWord && surnamePerson([...m.candidates, ...people(m.text)], words))) {
      out.push({ ...m, candidates: [film, ...m.candidates.filter((c) => c !== film)], confidence: Math.max(m.confidence, 0.7) });
      continue;
    }
    const next = tokens[at + span.length]?.folded;
    const filmWordNext = next !== undefined && HEADS.has(next);
    const lastWord = words[words.length - 1]!;
    // A name all but absent from plots: a surname when short enough ("scorsese", "de niro").
    const rareName = commonness(lastWord) < RARE_WORD_SHARE && lastWord.length >= 4;
    // "high school movies", "road trip films": a lowercase title that is also a tag, followed by a film word, is the kind of film.
    const asKind = (top.type === "Movie" || top.type === "Tag") && !(rareName && words.length <= 2) && m.text === m.text.toLowerCase() && filmWordNext ? m.candidates.find((c) => c.type === "Tag" && linkKey(c.name) === linkKey(m.text)) : undefined;
    if (asKind && !m.candidates.some((c) => c.type === "Person" && linkKey(c.name) === linkKey(m.text))) {
      out.push({ ...m, candidates: [asKind, ...m.candidates.filter((c) => c !== asKind)] });
      continue;
    }
    // A person's name typed in lowercase also matches a KB tag of that name ("james franco"): the
    // person is meant unless the wording asks about tags ("movies about ginger rogers"); a title of
    // several words likewise, unless an article or liking word makes it a kind ("a romantic comedy").
    const samePerson = top.type === "Tag" && !tokens.some((t) => TAG_CUES.has(t.folded)) ? m.candidates.find((c) => (c.type === "Person" || (c.type === "Movie" && span.length >= 2 && !DESCRIBES.has(tokens[at - 1]?.folded ?? ""))) && linkKey(c.name) === linkKey(top.name)) : undefined;
    if (samePerson) {
      out.push({ ...m, candidates: [samePerson, ...m.candidates.filter((c) => c !== samePerson)], confidence: Math.max(m.confidence, 0.75) });
      continue;
    }
    // A bare surname ("Caine", "nolan", "de niro") means the one prominent person of that name: with a
    // role word nearby, or on its own when the name is all but absent from plots ("scorsese films",
    // "Hitchcock films": the director's films, not the tag or the 2012 film of that name).
    const loose = top.type === "Tag" || top.match === "partial" || (top.type === "Movie" && filmWordNext && rareName);
    // An ordinary word ("love", "young") is no surname, whatever role word the question has.
    const cued = (hasRoleWord && !filmWordNext && commonness(lastWord) < COMMON_WORD_SHARE) || rareName;
    const surname = span.length <= 2 && cued && loose && !words.some((w) => QUESTION_WORDS.has(w)) ? surnamePerson([...m.candidates, ...people(m.text)], words) : undefined;
    if (surname) {
      out.push({ ...m, candidates: [surname, ...m.candidates.filter((c) => c !== surname)], confidence: Math.max(m.confidence, 0.7) });
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
function saidAsTitle(question: string, tokens: readonly WordToken[], at: number, span: readonly WordToken[], personLike = true): boolean {
  const first = span[0]!;
  const last = span[span.length - 1]!;
  const before = question.slice(Math.max(0, first.start - 1), first.start);
  const after = question.slice(last.end, last.end + 1);
  if (/["“'‘*_]/.test(before) && /["”'’*_?!]/.test(after)) return true;
  // Question wording ("together", "what", "next") is a title only when quoted.
  if (span.every((t) => QUESTION_WORDS.has(t.folded))) return false;
  const prev = tokens[at - 1]?.folded;
  const next = tokens[at + span.length]?.folded;
  // "the first movie hitchcock directed", "the film nolan wrote": a name between a film word and a role verb is who did it.
  // A capitalised span that no person's name matches ("the film The Captive starred …", "the movie Big starring …") is a title.
  const titled = /^\p{Lu}/u.test(first.text) && (!personLike || (ARTICLES.has(first.folded) && span.length >= 2));
  if (prev !== undefined && HEADS.has(prev) && next !== undefined && ROLE_VERB.has(next) && !titled) return false;
  const onlyStopWords = span.every((t) => STOP_WORDS.has(t.folded));
  // "who starred in the film her": a stop word after a title cue is a title when it ends the clause ("the film her husband made" is no title).
  const endsClause = /^\s*(?:$|[?.!,;:)])/.test(question.slice(last.end));
  if (prev !== undefined && (onlyStopWords ? ROLE_VERB.has(prev) || (TITLE_CUES.has(prev) && endsClause) : TITLE_CUES.has(prev))) return true;
  // "what is go about", "what was her about": the slot a question about a film's story asks of.
  if ((prev === "is" || prev === "was") && next === "about" && /^\s*about\s*(?:$|[?.!,;:])/.test(question.slice(last.end))) return true;
  if (prev === "in" && WORD_TO_EDGES.has(tokens[at - 2]?.folded ?? "")) return true;
  // "the runtime of titanic", "the star of rocky", "the director of heat": the film a figure or a relation is asked of.
  if (prev === "of" && (FIGURES.has(tokens[at - 2]?.folded ?? "") || WORD_TO_EDGES.has(tokens[at - 2]?.folded ?? ""))) return true;
  // "what language is spirited away in", "what year was up released", "when did titanic come out": the slot a relation asks about.
  if ((prev === "is" || prev === "was" || prev === "did") && WORD_TO_EDGES.has(tokens[at - 2]?.folded ?? "")) return true;
  // "how much did titanic make", "how much was avatar's budget": the film a figure is asked of.
  if ((prev === "did" || prev === "was" || prev === "is") && tokens[at - 2]?.folded === "much" && tokens[at - 3]?.folded === "how") return true;
  // "is toy story an animated film", "was tom hanks in cast away": the film a yes/no question asks about.
  const yesNo = YES_NO.has(tokens[0]?.folded ?? "");
  if (yesNo && ((at === 1 && !(next !== undefined && HEADS.has(next))) || (prev === "in" && endsClause))) return true;
  // "which came out first, alien or blade runner": the two sides of a comparison.
  if ((prev === "or" || next === "or" || prev === "than") && firstOf(tokens.map((t) => t.folded), COMPARATIVES) !== undefined) return true;
  // "in both titanic and the departed": the names a pair opener announces.
  if (prev !== undefined && PAIR.has(prev)) return true;
  if (prev === "and" && tokens.slice(Math.max(0, at - 6), at - 1).some((t) => PAIR.has(t.folded))) return true;
  // "what kind of movie is alien", "something similar to the shining".
  if ((prev === "is" || prev === "was") && HEADS.has(tokens[at - 2]?.folded ?? "")) return true;
  if ((prev === "to" && tokens[at - 2]?.folded === "similar") || (prev === "the" && TITLE_CUES.has(tokens[at - 2]?.folded ?? ""))) return true;
  const mixedCase = question !== question.toLowerCase() && question !== question.toUpperCase();
  if (!mixedCase || !/^[\p{Lu}\p{N}]/u.test(first.text)) return false;
  const sentenceStart = at === 0 || /[.!?:;]\s*$/.test(question.slice(0, first.start));
  if (!sentenceStart) return true;
  // "Evil Aliens is a film ...": several words each capitalised at the start of a sentence are a title.
  if (span.filter((t) => !STOP_WORDS.has(t.folded)).length >= 2 && span.every((t) => STOP_WORDS.has(t.folded) || /^[\p{Lu}\p{N}]/u.test(t.text))) return true;
  const nextWord = tokens.slice(at + span.length).find((t) => !STOP_WORDS.has(t.folded));
  return nextWord !== undefined && WORD_TO_EDGES.has(nextWord.folded);
}

/** Looks up people whose names hold a word ("scorsese" → Martin Scorsese), for surname reading. */
export type PeopleNamed = (text: string) => readonly EntityCandidate[];

/** A prominent person whose name ends with the mention (a surname), when the best match is a minor tag, film or partial. */
function surnamePerson(candidates: readonly EntityCandidate[], words: readonly string[]): EntityCandidate | undefined {
  const tail = ` ${words.join(" ")}`;
  const seen = new Set<string>();
  const people = candidates
    .filter((c) => c.type === "Person" && ` ${linkKey(c.name)}`.endsWith(tail) && linkKey(c.name) !== words.join(" ") && !seen.has(c.id) && (seen.add(c.id), true))
    .sort((a, b) => b.degree - a.degree);
  return theProminentOne(people);
}

/** Of people sharing a surname (most connected first), the one a film fan means: prominent, and twice as connected as the next. */
function theProminentOne(people: readonly EntityCandidate[]): EntityCandidate | undefined {
  const [first, second] = people;
  return first && first.degree >= PROMINENT_SURNAME_DEGREE && !(second && second.degree * 2 > first.degree) ? first : undefined;
}

/**
 * Names the span-by-span lookup cannot see: a typo in a lowercase name ("andrew sttanton",
 * "Monstes, Inc."), or a bare surname no name starts with ("dicaprio"). Each found span replaces
 * weaker mentions it overlaps.
 */
export function findLooseNames(question: string, mentions: readonly Mention[], linker: EntityLinker, commonness: WordCommonness): Mention[] {
  const tokens = wordTokens(question);
  const strong = (m: Mention) => m.confidence >= 0.5;
  // A typo'd name of n words may replace a shorter mention inside it ("Frank" in "Frank Daabont").
  const coveredBy = (t: WordToken, n: number) => mentions.some((m) => strong(m) && t.start >= m.start && t.end <= m.end && wordTokens(m.text).length >= n);
  const covered = (t: WordToken) => coveredBy(t, 1);
  const plain = (t: WordToken) => !STOP_WORDS.has(t.folded) && !QUESTION_WORDS.has(t.folded) && !WORD_TO_EDGES.has(t.folded) && !/^\d+$/.test(t.folded);
  const found: Mention[] = [];
  const taken = new Set<number>();
  for (const n of [4, 3, 2]) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const span = tokens.slice(i, i + n);
      // A title may open with its article ("the godfater"): the article then starts the span.
      // A capitalised word inside the sentence opens a name even when it is also a word ("Will Sith").
      const capitalised = i > 0 && /^\p{Lu}/u.test(span[0]!.text) && /^\p{Lu}/u.test(span[n - 1]!.text);
      const opens = plain(span[0]!) || (ARTICLES.has(span[0]!.folded) && plain(span[1]!)) || capitalised;
      // A title may end with a word questions also use ("schindlers list") when a rare word opens it.
      const closes = plain(span[n - 1]!) || (QUESTION_WORDS.has(span[n - 1]!.folded) && !WORD_TO_EDGES.has(span[n - 1]!.folded) && plain(span[0]!) && commonness(span[0]!.folded) < COMMON_WORD_SHARE);
      if (span.some((t, k) => taken.has(i + k) || coveredBy(t, n)) || !opens || !closes) continue;
      // A typo makes a word that is not ordinary language: "the start" is no misspelt The Star.
      if (span.every((t) => STOP_WORDS.has(t.folded) || commonness(t.folded) > COMMON_WORD_SHARE)) continue;
      const text = question.slice(span[0]!.start, span[n - 1]!.end);
      const top = linker.link(text, { limit: 3 })[0];
      if (!top || top.match !== "fuzzy" || top.score < 0.8 || !(top.type === "Movie" || top.type === "Person") || contentWords(linkKey(top.name)) !== contentWords(linkKey(text))) continue;
      found.push({ text, start: span[0]!.start, end: span[n - 1]!.end, candidates: [top], confidence: 0.7 });
      for (let k = i; k < i + n; k++) taken.add(k);
    }
  }
  const hasRoleWord = tokens.some((t) => ROLES.has(t.folded));
  if (hasRoleWord) {
    tokens.forEach((t, i) => {
      if (taken.has(i) || covered(t) || !plain(t) || t.folded.length < 4 || commonness(t.folded) >= RARE_WORD_SHARE) return;
      const next = tokens[i + 1]?.folded;
      if (next && HEADS.has(next)) return;
      const prev = tokens[i - 1]?.folded;
      if (prev && HEADS.has(prev) && !(next && ROLE_VERB.has(next))) return;
      const person = surnamePerson(linker.link(t.text, { types: ["Person"], limit: 10 }), [t.folded]) ?? typoSurname(linker, t.folded);
      if (person) found.push({ text: t.text, start: t.start, end: t.end, candidates: [person], confidence: 0.7 });
    });
  }
  if (found.length === 0) return [...mentions];
  const kept = mentions.filter((m) => !found.some((f) => m.start < f.end && f.start < m.end));
  return [...found, ...kept].sort((a, b) => b.confidence - a.confidence || a.start - b.start);
}

/** A surname typed with one slip ("hitchock", "scorcese"): the one prominent person whose surname is one edit away. */
function typoSurname(linker: EntityLinker, word: string): EntityCandidate | undefined {
  const near = linker
    .link(word, { types: ["Person"], limit: 10 })
    .filter((c) => {
      const last = linkKey(c.name).split(" ").at(-1)!;
      return last !== word && editDistance(last, word, 1) <= 1;
    })
    .sort((a, b) => b.degree - a.degree);
  return theProminentOne(near);
}

/** Words of a name that are not stop words: "the shawshank redemtion" and The Shawshank Redemption both have 2. */
function contentWords(key: string): number {
  // A possessive's lone "s" ("schindler s list") is no word of its own: "schindlers list" has 2 too.
  return key.split(" ").filter((t) => t.length > 1 && !STOP_WORDS.has(t)).length;
}

/** A linker whose mentions are calibrated: the analysis stage reads questions through it. */
export function calibratedLinker(linker: EntityLinker, commonness: WordCommonness): EntityLinker {
  return {
    link: (mention, options) => linker.link(mention, options),
    findMentions: (text, options) => findLooseNames(text, calibrateMentions(text, linker.findMentions(text, options), commonness, (name) => linker.link(name, { types: ["Person"], limit: 10 })), linker, commonness),
  };
}
