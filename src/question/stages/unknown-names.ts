import { linksWhole } from "../../linking/match";
import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { TmdbOnlyFilm } from "../../ports/movie-catalog";
import type { WordToken } from "../../util/text";
import { namesTheFirst, sequelNumberAfter, sequelShownAs, sequelSubtitleAfter } from "./sequel-number";
import { asksWhoMade, closingVerbAt, longerNameAt, opensFilmSlot, saysHow } from "./longer-name";
import { CLAUSE_BREAK, STOP_WORDS, capitalised, saidAt, wordTokens, entryOf, foldText, isPossessive, isYearWord, linkKey, opensSentence, titleCased, withoutLeadingArticle } from "../../util/text";
import { QUESTION_WORDS } from "../../linking/question-words";
import type { QuestionAnalysis } from "../analyze";
import { MOVIE_WORDS, PERSON_WORDS, SINGLE_MOVIE_WORDS, WORD_TO_EDGES } from "../lexicon/relations";
import { COMPARED_SIDE_WORDS, FORM_WORDS, NAME_JOINING_WORDS, PERSON_LEAD_WORDS, PERSON_TAIL_WORDS, SUBJECT_PRONOUNS, TITLE_NON_OPENERS, TITLE_SLOT_CUES, VERSION_WORDS, WEAK_PERSON_LEAD_WORDS } from "../lexicon/linking";

const PERSON_LEADS: ReadonlySet<string> = new Set(PERSON_LEAD_WORDS);
const PERSON_TAILS: ReadonlySet<string> = new Set(PERSON_TAIL_WORDS);
import { COMMON_WORD_SHARE } from "./calibrate";
import { NUMBER_WORDS, SUPERLATIVE_PHRASES, WH_WORDS } from "../lexicon/cues";
import { BOOK_WORDS, FACT_CLOSING_PREPOSITIONS, POINTING_WORDS, STORY_OF_WORDS, STORY_TOLD_NOUNS, TOLD_STORY_PHRASES, SUBJECT_AUXILIARIES, CHARACTER_ACTIVE_VERBS, CHARACTER_ASKERS, CHARACTER_RELATIVE_ASKERS, COMING_OUT_VERBS, COMPARATIVE_PHRASES, SEQUEL_PHRASES, FACT_AUXILIARIES, FACT_PHRASES, FILM_PART_WORDS, IN_FILM_WORDS, ORDINAL_WORDS } from "../lexicon/shapes";
import { wordsOfDescription } from "./described-words";
import { shapesQuestion } from "./spelling";
import { AFTER_TITLE_CUE_SLOT, CLOSING_FACT_SLOT, IN_ROLE_OR_FACT_SLOT, IN_STORY_SLOT, STORY_NOUN_SLOT, sequelLeadsTo, titleSlotAt } from "./title-slots";
import { filmAlternatives } from "../cues";

/** Words of the phrases that shape a question ("highest rated", "longer than", "second"): its wording, never a name. */
const SHAPE_WORDS: ReadonlySet<string> = new Set([...Object.keys(SUPERLATIVE_PHRASES), ...Object.keys(COMPARATIVE_PHRASES), ...Object.keys(ORDINAL_WORDS)].flatMap((p) => p.split(" ")));

/** Lowercase words a name may hold between capitalised ones ("Return of the Jedi"). */
const CONNECTORS = ["of", "the", "in", "a"];
const SLOT_CUES = new Set(TITLE_SLOT_CUES);
const ARTICLE = new Set(["the", "a", "an"]);
/** Words that open a comparison or a description after "the film", not a title ("the film like X"). */
const NOT_TITLE_STARTS = new Set(["like", "similar", "where", "whose", "which", "that", "who"]);
const ROLE_EDGE_SET: ReadonlySet<string> = new Set(["ACTED_IN", "DIRECTED", "WROTE"]);
const WH: ReadonlySet<string> = new Set(WH_WORDS);

/** A name the KB lacks, with the closest KB names; `asFilm` when its place says it is a film (one side of a comparison). */
/** `tmdb`: the films TMDB lists under that name, when the KB lacks it (earliest first). */
/** `tmdb`: the films TMDB lists under the name (or of the family it names, `family`), with where the clause says it (`tokenStart`, `tokenEnd`). */
/** `asPlayer`: its place says it is who plays a part ("what role did leslie odom jr play"). */
export type UnknownName = { text: string; closest: string[]; asFilm?: true; asPlayer?: true; tmdb?: readonly TmdbOnlyFilm[]; tokenStart?: number; tokenEnd?: number; family?: true };

/**
 * Names the user wrote that the KB does not have: a quoted phrase, or a run of capitalised words
 * inside the sentence, that no confident mention covers. Each comes with the closest KB names, so
 * the answer can say "not found" and suggest them instead of guessing.
 */
export function unknownNames(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase): UnknownName[] {
  // One word spelled near a word of another name ("Jedi" for Judi Dench) explains no word of a longer name ("Return of the Jedi").
  const near = (m: QuestionAnalysis["topics"][number]) => m.tokenEnd - m.tokenStart === 1 && m.alternatives[0]?.match !== "exact" && !foldText(m.name).split(" ").includes(tokens[m.tokenStart]!.folded);
  const covered = (t: WordToken) => coveredBy(t, tokens, analysis, (m) => !near(m));
  // "MOVIE/TV SHOW": a kind of work offered beside the film names nothing.
  const alternatives = filmAlternatives(tokens.map((t) => t.folded));
  const spans: string[] = [];
  for (const m of text.matchAll(/["“]([^"”]{2,80})["”]/g)) spans.push(m[1]!);
  let run: WordToken[] = [];
  const language = (t: WordToken) => kb.linker.link(t.text, { types: ["Language"], limit: 1, exact: true }).some(linksWhole);
  const flush = () => {
    // "Amelie in English": a language after "in" is said of the name, no part of it.
    if (run.length >= 3 && run.at(-2)!.folded === "in" && language(run.at(-1)!)) run.splice(-2);
    while (run.length && CONNECTORS.includes(run[run.length - 1]!.folded)) run.pop();
    const content = run.filter((t) => !STOP_WORDS.has(t.folded) && !QUESTION_WORDS.has(t.folded));
    // Linked names joined by a connector ("Claudette Colbert in It Happened One Night") are two known names, not one unknown.
    const words = run.filter((t) => !CONNECTORS.includes(t.folded) || capitalised(t.text));
    // "Man and Woman have to …": a run that is words of the description of a film sought names nothing.
    const at = tokens.indexOf(run[0]!);
    const describes = () => wordsOfDescription({ question: text, tokens, at, span: run }) || alternatives.some((a) => a.at <= at && at + run.length <= a.end);
    if (content.length >= 1 && run.length >= 2 && !words.every(covered) && !describes()) spans.push(...splitAtKnownName(run, tokens, analysis).map((r) => text.slice(r[0]!.start, r[r.length - 1]!.end)));
    run = [];
  };
  // Runs of capitalised words, mentions included: "The Flying Spaghetti Monster" is one name even if "Monster" links.
  // A lowercase word inside a confidently named title ("From Here to Eternity") continues the run.
  const inNamedTitle = (t: WordToken) => coveredBy(t, tokens, analysis, (m) => m.confidence >= 0.8 && filmOrPerson(m));
  // In title case ("Teenagers Getting Caught Having Sex by Housekeeper") a capital says nothing: only quotes and slots name.
  const capitalsSay = !titleCased(text);
  tokens.forEach((t, i) => {
    // A sentence's end ends a name, and the capital that opens the next sentence says nothing ("I've seen The Godfather. Recommend …").
    const newSentence = opensSentence(text, tokens, i);
    // A comma ends a name too: "Gladiator, Kingdom of Heaven, Hannibal" is a list of names, not one the KB lacks.
    if (newSentence || (i > 0 && text.slice(tokens[i - 1]!.end, t.start).includes(","))) flush();
    const capital = capitalsSay && capitalised(t.text) && !newSentence;
    if (capital || (run.length && (CONNECTORS.includes(t.folded) || inNamedTitle(t)))) run.push(t);
    else flush();
  });
  flush();
  const sides = comparedSlots(text, tokens, analysis, (w) => kb.words.share(w));
  const longer = longerNames(text, tokens, analysis, kb);
  // A sequel the KB lacks is a film all the same ("when is maze runner 3 coming to dvd").
  const sequels = sequelsNotHeld(text, tokens, kb, analysis);
  const players = playerSlotNames(text, tokens, analysis);
  const closed = closedByTitle(text, tokens, analysis);
  const slotted = [...titleSlots(text, tokens, analysis), ...storySlotNames(text, tokens, analysis, kb)];
  const released = [...releaseSlotNames(text, tokens, analysis), ...sequelOfNames(text, tokens, analysis)];
  spans.push(...longer, ...closed, ...sequels, ...released, ...players, ...slotted, ...sides, ...subjectlessNames(tokens, analysis, text, (w) => kb.words.share(w)), ...personSlots(tokens, covered, (w) => kb.words.share(w), (span) => misspeltName(text, span, kb)));
  const out: UnknownName[] = [];
  // A longer name a title the KB holds opens is near that title by its making: only the whole name said links it.
  const links = (s: string) => {
    const top = kb.linker.link(s, { types: ["Movie", "Person"], limit: 3 })[0];
    return top !== undefined && (linksWhole(top) || (top.match === "fuzzy" && top.score >= 0.8 && !longer.includes(s)));
  };
  for (const s of new Set(spans.map((x) => x.replace(/\s+(of|the|and|in|a)$/i, "").trim()))) {
    if (links(s)) continue;
    // "the Forrest Gump Movie": a film word after a title says what it is ("Scary Movie" links whole, above).
    const last = s.split(/\s+/);
    if (last.length > 1 && MOVIE_WORDS.has(last.at(-1)!.toLowerCase()) && links(last.slice(0, -1).join(" "))) continue;
    const cands = kb.linker.link(s, { types: ["Movie", "Person"], limit: 3 });
    out.push({ text: s, closest: cands.map((c) => c.name), ...([sides, longer, closed, sequels, slotted, released].some((x) => x.includes(s)) ? { asFilm: true as const } : {}), ...(players.includes(s) ? { asPlayer: true as const } : {}) });
  }
  // A word of a longer missing name is no name of its own ("part" in "midnight ledger part ii").
  // (Where it is said: "jackie" said again after "the movie" is a name of its own beside "jackie kennedy".)
  return out.filter((o) => !out.some((x) => x.text !== o.text && saidOnlyWithin(o.text, x.text, tokens)));
}

/** Whether every place `inner` is said lies inside a place `outer` is said. */
function saidOnlyWithin(inner: string, outer: string, tokens: readonly WordToken[]): boolean {
  const innerAt = saidAt(inner, tokens);
  const outerLength = wordTokens(outer).length;
  const innerLength = wordTokens(inner).length;
  const outerAt = saidAt(outer, tokens);
  return innerAt.length > 0 && innerAt.every((i) => outerAt.some((o) => o <= i && i + innerLength <= o + outerLength));
}

/**
 * "the score for the greatest showman", "when did the lion king live action come out": the longer name a title the KB
 * holds opens where a film stands (calibration dropped the title, or never kept it). The title is one the analysis
 * read there unsurely, or the KB's whole title said right after what opens the slot (a tag read in its words aside).
 */
function longerNames(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase): string[] {
  const covered = (k: number) => {
    const by = analysis.topics.filter((m) => m.confidence >= 0.5 && k >= m.tokenStart && k < m.tokenEnd);
    return by.length === 0 ? undefined : by.every((m) => m.type === "Tag") ? ("tag" as const) : ("name" as const);
  };
  const unsure = analysis.topics.filter((m) => m.types.includes("Movie") && m.confidence < 0.5).map((m) => ({ start: m.tokenStart, end: m.tokenEnd }));
  const titleAt = (i: number) => {
    for (let j = Math.min(tokens.length, i + LONGER_TITLE_WORDS); j > i; j--) {
      if (tokens.slice(i, j).some((_, k) => covered(i + k) === "name")) continue;
      if (kb.linker.link(text.slice(tokens[i]!.start, tokens[j - 1]!.end), { types: ["Movie"], limit: 1, exact: true }).some(linksWhole)) return { start: i, end: j };
    }
    return undefined;
  };
  const said = tokens.flatMap((_, i) => (opensFilmSlot(tokens, i) ? [titleAt(i)] : [])).filter((x) => x !== undefined);
  const out: string[] = [];
  for (const m of [...unsure, ...said]) {
    const span = longerNameAt(text, tokens, m.start, m.end, covered);
    const name = span ? text.slice(tokens[span.tokenStart]!.start, tokens[span.tokenEnd - 1]!.end) : undefined;
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The most words of a KB title tried where a film stands. */
const LONGER_TITLE_WORDS = 8;

/** A title is at most this many words before its sequel's number. */
const SEQUEL_TITLE_WORDS = 6;

/**
 * "the godfather part ii", "rocky 7", "the matrix reloaded": a title the KB has, then a sequel's number or subtitle word, when the KB has no film of the whole
 * name, is a sequel it lacks (the calibration dropped the title, so nothing else names it).
 */
function sequelsNotHeld(text: string, tokens: readonly WordToken[], kb: KnowledgeBase, analysis: QuestionAnalysis): string[] {
  const out: string[] = [];
  // A film TMDB alone lists is a title its sequel's number goes on from too ("daddy's home 2").
  // (Of two words or more: "war 2" in "world war 2" is no sequel of War.)
  const film = (s: string) => kb.linker.link(s, { types: ["Movie"], limit: 1 }).some(linksWhole) || (s.trim().includes(" ") && kb.catalog.tmdbOnly(s).some((f) => linkKey(f.title) === linkKey(s)));
  tokens.forEach((last, j) => {
    const number = sequelNumberAfter(text.slice(last.end)) ?? sequelSubtitleAfter(text.slice(last.end));
    if (!number) return;
    for (let i = Math.max(0, j - SEQUEL_TITLE_WORDS + 1); i <= j; i++) {
      const title = text.slice(tokens[i]!.start, last.end);
      // A title runs over words said together: no comma or clause break inside it ("Iron Man, Iron Man 3" is two).
      if ((STOP_WORDS.has(tokens[i]!.folded) && !ARTICLE.has(tokens[i]!.folded)) || /[,;:.!?()"]/.test(title)) continue;
      if (!film(title)) continue;
      // A name begun before the title runs through it ("world war 2" is the tag World War II, no sequel of War).
      if (analysis.topics.some((m) => m.tokenStart < i && m.tokenEnd > i)) return;
      const whole = text.slice(tokens[i]!.start, last.end + number.length);
      if (!film(whole) && !sequelShownAs(whole, kb.linker) && !namesTheFirst(number)) out.push(whole);
      return;
    }
  });
  return out;
}

/**
 * A run joined by a connector where one side is exactly a film or person the question names with
 * confidence ("The Cowardly Lion in The Wizard of Oz", "Prewett in From Here to Eternity") is that
 * name beside another one: only the other side may be unknown. Runs with no such side stay whole
 * ("The Flying Spaghetti Monster", "Return of the Jedi").
 */
function splitAtKnownName(run: readonly WordToken[], tokens: readonly WordToken[], analysis: QuestionAnalysis): WordToken[][] {
  const known = analysis.topics.filter((m) => m.confidence >= 0.8 && filmOrPerson(m));
  // After "in", a film written with its capital and linked surely enough is the film the name is in ("Sidney Prescott in Scream").
  const filmAfterIn = analysis.topics.filter((m) => m.confidence >= 0.7 && m.types.includes("Movie") && capitalised(m.text));
  const matches = (list: typeof known, part: readonly WordToken[]) => part.length > 0 && list.some((m) => tokens[m.tokenStart] === part[0] && tokens[m.tokenEnd - 1] === part[part.length - 1]);
  const isKnown = (part: readonly WordToken[]) => matches(known, part);
  for (let k = 1; k < run.length - 1; k++) {
    // "Germany of Beverly Hills Cop": a name known whole after "of" is that name; "Return of the Jedi" has no such side.
    // "Is Toy Story a Pixar movie": after a name known whole, "a" opens what is said of it, not more of the name.
    const describes = run[k]!.folded === "a" && (isKnown(run.slice(0, k)) || matches(filmAfterIn, run.slice(0, k)));
    if (run[k]!.folded !== "in" && run[k]!.folded !== "from" && !describes && !(run[k]!.folded === "of" && isKnown(run.slice(k + 1)))) continue;
    const before = run.slice(0, k);
    const after = run.slice(k + 1);
    if (isKnown(after) || (run[k]!.folded === "in" && matches(filmAfterIn, after))) return before.length >= 1 && capitalised(before[0]!.text) ? [before] : [];
    if (isKnown(before) || describes) return after.length >= 2 ? [after] : [];
  }
  return [[...run]];
}

/** Whether a confident mention the analysis linked (of the kinds `counts` accepts) covers the token. */
function coveredBy(t: WordToken, tokens: readonly WordToken[], analysis: QuestionAnalysis, counts: (m: QuestionAnalysis["topics"][number]) => boolean): boolean {
  return analysis.topics.some((m) => m.confidence >= 0.5 && counts(m) && t.start >= tokens[m.tokenStart]!.start && t.end <= tokens[Math.max(m.tokenStart, m.tokenEnd - 1)]!.end);
}

/** A film or person: in a title slot, a tag matching one of its words does not cover it. */
const filmOrPerson = (m: QuestionAnalysis["topics"][number]) => m.types.includes("Movie") || m.types.includes("Person");

/** The words after a title cue up to the clause's end, a relation word, a question word or "come out". */
function slotAfterCue(text: string, tokens: readonly WordToken[], i: number): WordToken[] {
  const slot: WordToken[] = [];
  for (let k = i + 1; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (CLAUSE_BREAK.test(text.slice(tokens[k - 1]!.end, t.start))) break;
    if (WORD_TO_EDGES.has(t.folded) || WH.has(t.folded) || (QUESTION_WORDS.has(t.folded) && !STOP_WORDS.has(t.folded)) || comingOut(tokens, k) || (slot.length > 0 && closesClauseAt(text, tokens, k))) break;
    slot.push(t);
  }
  return slot;
}

/**
 * "when does the sequel to the force awakens come out": the words after a sequel's word and "to" or "of", up to a verb
 * closing the clause or its end, are the film it follows; covered by no name the KB holds, a title it lacks.
 */
function sequelOfNames(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis): string[] {
  const k = tokens.findIndex((_, i) => sequelLeadsTo(tokens, i));
  if (k < 0) return [];
  let end = k + 1;
  while (end < tokens.length && closingVerbAt(tokens, end) === 0 && !CLAUSE_BREAK.test(text.slice(tokens[end - 1]!.end, tokens[end]!.start))) end++;
  const span = tokens.slice(k + 1, end);
  const content = span.filter((t) => !STOP_WORDS.has(t.folded));
  const held = analysis.topics.some((m) => m.confidence >= 0.5 && filmOrPerson(m) && m.tokenStart < end && m.tokenEnd > k + 1);
  if (!content.length || content.length > RELEASE_SLOT_WORDS || held || (end < tokens.length && !closesClauseAt(text, tokens, end))) return [];
  return [text.slice(span[0]!.start, span.at(-1)!.end)];
}

/** A verb of release, filming or setting at `k` that ends the clause ("where was the movie X filmed"): the question's, not the title's. */
function closesClauseAt(text: string, tokens: readonly WordToken[], k: number): boolean {
  const n = closingVerbAt(tokens, k);
  return n > 0 && clauseEndsAt(text, tokens, k + n);
}

/** The clause ends at token `end`, a preposition a fact may close with aside ("filmed at", "set in"). */
function clauseEndsAt(text: string, tokens: readonly WordToken[], end: number): boolean {
  const at = CLOSING_PREPOSITION.has(tokens[end]?.folded ?? "") ? end + 1 : end;
  return at === tokens.length || CLAUSE_BREAK.test(text.slice(tokens[at - 1]!.end, tokens[at]!.start));
}
const CLOSING_PREPOSITION: ReadonlySet<string> = new Set(FACT_CLOSING_PREPOSITIONS);

/**
 * The rest of a clause after "the film", "the movie", "called", "titled" ("who directed the film
 * zzqxv", "a movie called Blorp"), up to a relation word or the clause's end, when no film or person
 * covers it: that is a title the user gave, and a tag matching a word of it is no answer.
 */
function titleSlots(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis): string[] {
  const out: string[] = [];
  tokens.forEach((cue, i) => {
    if (!SLOT_CUES.has(cue.folded)) return;
    // "the film X" needs "the"; "called X" does not ("a movie like X" is no slot).
    if ((cue.folded === "film" || cue.folded === "movie" || cue.folded === "flick") && tokens[i - 1]?.folded !== "the") return;
    const ending = slotEndingInTitle(text, tokens, i, analysis);
    if (ending) return void out.push(ending);
    const slot = slotAfterCue(text, tokens, i);
    // "what is the movie based on": a fact the question asks of the film opens no title.
    const said = slot.map((t) => t.folded).join(" ");
    if (FACT_PHRASES.some((f) => said === f.phrase || said.startsWith(`${f.phrase} `))) return;
    while (slot.length && STOP_WORDS.has(slot[slot.length - 1]!.folded)) slot.pop();
    // A preposition or pronoun right after the cue opens a description ("the movie with", "the film that"), not a title.
    // "the film called X": the later cue opens the slot.
    if (slot.length === 0 || slot.length > 8 || SLOT_CUES.has(slot[0]!.folded) || NOT_TITLE_STARTS.has(slot[0]!.folded) || (STOP_WORDS.has(slot[0]!.folded) && !ARTICLE.has(slot[0]!.folded))) return;
    const content = slot.filter((t) => !STOP_WORDS.has(t.folded));
    // A slot that opens with a known film ("the film the babysitter is categorized as …") is that film; the rest is the question's own wording.
    if (content.length === 0 || coveredBy(content[0]!, tokens, analysis, filmOrPerson)) return;
    // "sherlock holmes the movie 2009": a year alone after a title and its film word is that title's year.
    const titleBefore = analysis.topics.some((m) => m.types.includes("Movie") && (m.tokenEnd === i || (m.tokenEnd === i - 1 && tokens[i - 1]!.folded === "the")));
    if (slot.length === 1 && isYearWord(slot[0]!.folded) && titleBefore) return;
    out.push(text.slice(slot[0]!.start, slot[slot.length - 1]!.end));
  });
  return out;
}

const SUBJECTS: ReadonlySet<string> = new Set(SUBJECT_PRONOUNS);

/**
 * "the song in the movie i can only imagine": the words after a title cue to the clause's end, question words and all,
 * when a title the KB holds closes them and words come before it, are one longer title the KB lacks (not Imagine). They
 * open with a content word or a subject pronoun ("I Can Only Imagine", "You've Got Mail"), never a preposition.
 */
function slotEndingInTitle(text: string, tokens: readonly WordToken[], i: number, analysis: QuestionAnalysis): string | undefined {
  let end = i + 1;
  while (end < tokens.length && !CLAUSE_BREAK.test(text.slice(tokens[end - 1]!.end, tokens[end]!.start)) && !WORD_TO_EDGES.has(tokens[end]!.folded) && !WH.has(tokens[end]!.folded) && !comingOut(tokens, end)) end++;
  const first = tokens[i + 1];
  if (!first || end - i - 1 > 8 || (STOP_WORDS.has(first.folded) && !SUBJECTS.has(first.folded)) || NOT_TITLE_STARTS.has(first.folded) || SLOT_CUES.has(first.folded)) return undefined;
  const closing = analysis.topics.find((m) => m.types.includes("Movie") && m.confidence >= 0.5 && m.tokenEnd === end && m.tokenStart > i + 1);
  // A maker's name before the title says whose film it is ("the film john carpenter's the fog").
  if (closing && tokens.slice(i + 1, closing.tokenStart).some((t) => isPossessive(t.text) || coveredBy(t, tokens, analysis, (m) => m.types.includes("Person")))) return undefined;
  const clauseEnds = end === tokens.length || CLAUSE_BREAK.test(text.slice(tokens[end - 1]!.end, tokens[end]!.start));
  return closing && clauseEnds ? text.slice(first.start, tokens[end - 1]!.end) : undefined;
}

const FACT_AUXILIARY: ReadonlySet<string> = new Set(FACT_AUXILIARIES);
/** The auxiliaries a question opens its subject with ("when will …", "what role did …"). */
const ASKING_AUXILIARIES: ReadonlySet<string> = new Set(SUBJECT_AUXILIARIES);
const JOINING: ReadonlySet<string> = new Set(NAME_JOINING_WORDS);

/**
 * "where does revenge of the bridesmaids take place": between a question's auxiliary and a fact closing the clause stands
 * the film asked about; when a title the KB holds only ends the words said there ("Bridesmaids"), and the words before it
 * are no name, film word or word the rules read, the whole is a longer title the KB lacks.
 */
function closedByTitle(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis): string[] {
  return analysis.topics.flatMap((m) => {
    if (!m.types.includes("Movie") || m.confidence < 0.5) return [];
    const aux = tokens.slice(0, m.tokenStart).findLastIndex((t) => FACT_AUXILIARY.has(t.folded));
    if (aux < 1 || !opensLongerTitle(tokens.slice(aux + 1, m.tokenStart), tokens, analysis)) return [];
    const span = tokens.slice(aux + 1, m.tokenEnd);
    return titleSlotAt(text, tokens, aux + 1, span, false)?.id === CLOSING_FACT_SLOT ? [text.slice(span[0]!.start, span.at(-1)!.end)] : [];
  });
}

const SEQUEL_WORD: ReadonlySet<string> = new Set(Object.keys(SEQUEL_PHRASES).flatMap((p) => p.split(" ")));
const OPENS_NO_TITLE: ReadonlySet<string> = new Set(TITLE_NON_OPENERS);

/**
 * Words said before a title the KB holds that make one longer title with it: they open with no preposition, joining or
 * pointing word ("i can only imagine", "only the brave" do open titles), hold a word besides an article, and none is a
 * person's name, a possessive, a word picking a version, a year or sequel word, a word the rules read or one joining two
 * films ("heat and ronin"). A shorter title among them is the longer one's word ("Revenge" of "revenge of the bridesmaids").
 */
function opensLongerTitle(before: readonly WordToken[], tokens: readonly WordToken[], analysis: QuestionAnalysis): boolean {
  const plainWord = (t: WordToken) => !JOINING.has(t.folded) && (STOP_WORDS.has(t.folded) || (!DESCRIBING.has(t.folded) && !SEQUEL_WORD.has(t.folded) && !isYearWord(t.folded) && !shapesQuestion(t.folded) && !isPossessive(t.text) && !coveredBy(t, tokens, analysis, (x) => x.types.includes("Person"))));
  const opens = before[0] !== undefined && !OPENS_NO_TITLE.has(before[0].folded);
  // The title follows its own preposition ("the sequel to starfall", "before midnight ledger"); "of" alone may join one
  // title ("revenge of the bridesmaids").
  const last = [...before].reverse().find((t) => !ARTICLE.has(t.folded));
  const joinedBy = last !== undefined && last.folded !== "of" && OPENS_NO_TITLE.has(last.folded);
  return opens && !joinedBy && before.some((t) => !ARTICLE.has(t.folded)) && before.every(plainWord);
}

const COMING: ReadonlySet<string> = new Set(COMING_OUT_VERBS);
/** "… coming out", "… come out": the release asked, where a title said before it ends. */
const comingOut = (tokens: readonly WordToken[], k: number) => COMING.has(tokens[k]!.folded) && tokens[k + 1]?.folded === "out";

const IN_FILM: ReadonlySet<string> = new Set(IN_FILM_WORDS);
const FILM_PART: ReadonlySet<string> = new Set(FILM_PART_WORDS);
const STORY_SLOTS: ReadonlySet<string> = new Set([STORY_NOUN_SLOT, IN_STORY_SLOT, IN_ROLE_OR_FACT_SLOT]);
/** Content words a title said there needs to be taken for one the KB lacks ("in sing" is too little to tell). */
const STORY_SLOT_MIN_WORDS = 2;

/**
 * "who plays noah flynn in the kissing booth": the words after "in" or "from" that close a question of a film's people
 * or story stand where its film does; when nothing the KB holds covers them, no rule reads them and they name no
 * place or kind the KB tags films with, they are a title the KB lacks.
 */
function storySlotNames(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase): string[] {
  return tokens.flatMap((t, k) => {
    // "who directed nocturnal animals": so do the words after "who" and a verb of making a film, in a question with no film word.
    // (Right after the verb: "starred in …" leaves the slot to "in".)
    const objectOf = k === 1 && asksWhoMade(tokens) && !tokens.some((x) => MOVIE_WORDS.has(x.folded)) && !IN_FILM.has(tokens[2]?.folded ?? "");
    if (!IN_FILM.has(t.folded) && !objectOf) return [];
    const { end, filmWord } = storySlotEnd(text, tokens, k);
    const span = tokens.slice(k + 1, end);
    if (saidOfKbFilm(text, span, kb)) return [];
    const content = span.filter((x) => !STOP_WORDS.has(x.folded));
    if (!storySlotTitle(span, content, tokens, k, end, analysis)) return [];
    const said = text.slice(span[0]!.start, span.at(-1)!.end);
    // "in english or french": a kind or language said word by word is that, too.
    const kind = (x: string, types: ("Tag" | "Genre" | "Language")[]) => kb.linker.link(x, { types, limit: 1, exact: true }).some(linksWhole);
    const place = [said, withoutLeadingArticle(said)].some((x) => kind(x, ["Tag", "Genre", "Language"])) || content.some((x) => kind(x.text, ["Genre", "Language"]));
    const slot = place ? undefined : titleSlotAt(filmWord ? text.slice(0, span.at(-1)!.end) : text, tokens.slice(0, end), k + 1, span, false);
    return slot && (STORY_SLOTS.has(slot.id) || (objectOf && slot.id === AFTER_TITLE_CUE_SLOT)) ? [said] : [];
  });
}

/**
 * Whether the words after "in" (token `k`, up to `end`) may be a title: two words or more, none the question's own
 * wording, no part of a film, no name the KB holds inside (but a title that only closes them, the end of a longer one:
 * "who plays brickell in i can only imagine"), and not a film of a family picked after the article ("in the new harry
 * potter movie": its latest film).
 */
function storySlotTitle(span: readonly WordToken[], content: readonly WordToken[], tokens: readonly WordToken[], k: number, end: number, analysis: QuestionAnalysis): boolean {
  // A noun of a thing asked for is a title's word there ("a dogs purpose"); a word that shapes the question is not.
  const read = (x: WordToken) => !STOP_WORDS.has(x.folded) && shapesQuestion(x.folded);
  const closesLonger = (m: QuestionAnalysis["topics"][number]) => m.types.includes("Movie") && m.tokenEnd === end && m.tokenStart > k + 1 && opensLongerTitle(tokens.slice(k + 1, m.tokenStart), tokens, analysis);
  const closing = analysis.topics.find((m) => m.confidence >= 0.5 && closesLonger(m));
  const named = analysis.topics.some((m) => filmOrPerson(m) && m.confidence >= 0.5 && m.tokenStart < end && k + 1 < m.tokenEnd && m !== closing);
  const picks = ARTICLE.has(span[0]?.folded ?? "") && PICKING.has(span[1]?.folded ?? "");
  if ((closing ? span : content).length < STORY_SLOT_MIN_WORDS || (!closing && span.some(read))) return false;
  return !span.some((x) => FILM_PART.has(x.folded)) && !named && !picks;
}

/**
 * Where the words after token `k` end: at the clause's end, a film word closing them aside ("who plays the lead in i can
 * only imagine movie": it says what they name, no word of it).
 */
function storySlotEnd(text: string, tokens: readonly WordToken[], k: number): { end: number; filmWord: boolean } {
  let end = k + 1;
  while (end < tokens.length && !CLAUSE_BREAK.test(text.slice(tokens[end - 1]!.end, tokens[end]!.start))) end++;
  const filmWord = end - k > 2 && SINGLE_MOVIE_WORDS.has(tokens[end - 1]!.folded);
  return { end: filmWord ? end - 1 : end, filmWord };
}

/** "what character in titanic has a necklace": the words open with a film the KB holds and an auxiliary opening what is said of it. */
function saidOfKbFilm(text: string, span: readonly WordToken[], kb: KnowledgeBase): boolean {
  return span.some((x, n) => n > 0 && ASKING_AUXILIARIES.has(x.folded) && kb.linker.link(text.slice(span[0]!.start, span[n - 1]!.end), { types: ["Movie"], limit: 1, exact: true }).some(linksWhole));
}

const PLAY_VERBS: ReadonlySet<string> = new Set(CHARACTER_ACTIVE_VERBS);
/** Nouns of someone, no name ("what did the actor play"). */
const PERSON_NOUNS: ReadonlySet<string> = new Set([...PERSON_WORDS, ...CHARACTER_ASKERS, ...CHARACTER_RELATIVE_ASKERS, ...SUBJECT_PRONOUNS]);
/** The most words a player's name runs over between the auxiliary and the verb. */
const PLAYER_NAME_WORDS = 4;

/**
 * "what role did leslie odom jr play in rent", "who does maria vacratsis play in mamma mia": the words between a
 * question's auxiliary and the verb of playing are who plays; when no film or person the KB holds covers them and
 * they are no pronoun or noun of someone ("the actor"), they are a person the KB lacks.
 */
function playerSlotNames(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis): string[] {
  return tokens.flatMap((verb, k) => {
    if (!PLAY_VERBS.has(verb.folded)) return [];
    const aux = tokens.slice(0, k).findLastIndex((t) => ASKING_AUXILIARIES.has(t.folded));
    const span = tokens.slice(aux + 1, k);
    if (aux < 1 || span.length === 0 || span.length > PLAYER_NAME_WORDS || !tokens.slice(0, aux).some((t) => WH.has(t.folded))) return [];
    if (CLAUSE_BREAK.test(text.slice(tokens[aux]!.end, verb.start))) return [];
    const plain = (t: WordToken) => !STOP_WORDS.has(t.folded) && !QUESTION_WORDS.has(t.folded) && !PERSON_NOUNS.has(t.folded) && !/\d/.test(t.folded);
    if (!span.every(plain) || span.some((t) => coveredBy(t, tokens, analysis, filmOrPerson))) return [];
    return [text.slice(span[0]!.start, span.at(-1)!.end)];
  });
}

const RELEASE_ASKERS: ReadonlySet<string> = new Set(["when", "where", "what", "which", "year", "date", "day", "month"]);
/** Words that point to something said before, no title's words ("where was most of it filmed"). */
const POINTING: ReadonlySet<string> = new Set(POINTING_WORDS);
const SUBJECT: ReadonlySet<string> = new Set(SUBJECT_PRONOUNS);
/**
 * A word that points at a film instead of naming it ("when did that come out", "the movie that he made"), or a subject
 * pronoun opening a clause that describes one ("the movie he was in", "the one they made"): first in the words, or after
 * a film word or "one". After any other word it is a title's own ("thank you for your service", "bring it on").
 */
function pointsAt(span: readonly WordToken[], k: number): boolean {
  const w = span[k]!.folded;
  const before = span[k - 1]?.folded;
  const opensClause = before === undefined || before === "one" || MOVIE_WORDS.has(before);
  // "where does bring it on fight to the finish take place": after another word, "it" is a title's own too.
  return (POINTING.has(w) || SUBJECT.has(w)) && opensClause;
}
/** Words that describe a film rather than name it ("the new one", "his next movie", "season 2"): no title the KB lacks. */
const DESCRIBING: ReadonlySet<string> = new Set([...MOVIE_WORDS, ...VERSION_WORDS, ...Object.keys(ORDINAL_WORDS), "next", ...FACT_PHRASES.map((f) => f.phrase).filter((p) => !p.includes(" "))]);
/** Words picking a film of a family or a title's films after "the" ("the new", "the next", "the original"). */
const PICKING: ReadonlySet<string> = new Set([...VERSION_WORDS, "next"]);
/**
 * Words said between the auxiliary and the verb that make the words something else than a film's title: what describes a
 * film ("the new one", "his next movie", "the live action scooby doo"), a part of one ("the opening scene of …"), a show's season, a song or a book.
 * (A fact asked of a person is a title's word there: "the fox and the child", "happy death day".)
 */
const OTHER_THAN_TITLE: ReadonlySet<string> = new Set([
  ...MOVIE_WORDS,
  ...VERSION_WORDS,
  ...FORM_WORDS,
  ...Object.keys(ORDINAL_WORDS),
  "next",
  ...Object.keys(SEQUEL_PHRASES).filter((p) => !p.includes(" ")),
  ...FILM_PART_WORDS,
  ...FACT_PHRASES.filter((f) => (f.fact === "tv" || f.fact === "music") && !f.phrase.includes(" ")).map((f) => f.phrase),
  ...BOOK_WORDS,
]);
/** The most words a title said before its release may take. */
const RELEASE_SLOT_WORDS = 8;

/**
 * "when does ready player one come out", "what year was black panther released", "where is three billboards outside
 * ebbing missouri filmed": between a question's auxiliary and a verb of release, filming or setting closing the clause
 * stands the film asked of; of two words or more, none describing a film or pointing back, and no name the KB holds
 * whole, it is a title the KB lacks.
 */
export function releaseSlotNames(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis): string[] {
  const verb = tokens.findIndex((_, k) => k > 1 && closingVerbAt(tokens, k) > 0);
  const aux = verb > 1 ? tokens.slice(0, verb).findIndex((t, k) => ASKING_AUXILIARIES.has(t.folded) && k > 0 && tokens.slice(0, k).every((x) => RELEASE_ASKERS.has(x.folded))) : -1;
  if (aux < 0) return [];
  // A film word closing the title says what it names ("the guernsey literary and potato peel pie society movie").
  const filmWord = verb - aux > 3 && SINGLE_MOVIE_WORDS.has(tokens[verb - 1]!.folded);
  // A film word opening it is the title's cue ("where was the movie thank you for your service filmed").
  const cue = cueBefore(tokens, aux + 1, verb);
  const span = tokens.slice(aux + 1 + cue, filmWord ? verb - 1 : verb);
  const closes = clauseEndsAt(text, tokens, verb + closingVerbAt(tokens, verb));
  // A year said with the title is the title's ("the 1933 alice in wonderland", "titanic 1997"), no word of it.
  let first = aux + 1 + cue + (ARTICLE.has(tokens[aux + 1 + cue]!.folded) ? 1 : 0);
  if (isYearWord(tokens[first]?.folded ?? "")) first++;
  const last = aux + 1 + cue + span.length - (isYearWord(span.at(-1)?.folded ?? "") ? 1 : 0);
  const whole = analysis.topics.some((m) => m.tokenStart <= first && m.tokenEnd >= last && filmOrPerson(m));
  // A name the KB knows in the possessive says whose film it is ("tom hanks's new movie", "disney's frozen 2"); a word it
  // names nothing by is the title's own ("olaf's frozen adventure").
  // A word of manner before the verb says how it came out, no word of the title ("titanic originally").
  // Another auxiliary inside opens a clause of its own ("where is the resort dirty dancing was filmed").
  // After a film word, a relation word or a describing start opens a description ("the movie directed by …", "the film where …").
  const describes = (cue > 0 && (NOT_TITLE_STARTS.has(span[0]?.folded ?? "") || span.some((x) => WORD_TO_EDGES.has(x.folded)))) || storyOfFilm(span) || thingOfFilm(span, tokens, analysis);
  const said = (x: WordToken, k: number) => OTHER_THAN_TITLE.has(x.folded) || pointsAt(span, k) || ASKING_AUXILIARIES.has(x.folded) || (x === span.at(-1) && saysHow(x)) || (isPossessive(x.text) && coveredBy(x, tokens, analysis, () => true));
  if (!closes || whole || describes || span.length < 2 || span.length > RELEASE_SLOT_WORDS || span.some(said) || CLAUSE_BREAK.test(text.slice(span[0]!.start, span.at(-1)!.end))) return [];
  return [text.slice(span[0]!.start, span.at(-1)!.end)];
}

/**
 * "where was the house in practical magic filmed": a thing, then "in" and a film the KB names surely, is that film's
 * ("from" and "of" join a title's own words too: "the man from nowhere").
 */
function thingOfFilm(span: readonly WordToken[], tokens: readonly WordToken[], analysis: QuestionAnalysis): boolean {
  const first = tokens.indexOf(span[0]!);
  return span.some((x, k) => k > 0 && x.folded === "in" && analysis.topics.some((m) => m.confidence >= 0.7 && m.types.includes("Movie") && m.tokenStart === first + k + 1 && m.tokenEnd === first + span.length));
}

/** "the true story of unstoppable", "the plot of jaws": the story told of a film the words go on to name, no title. */
function storyOfFilm(span: readonly WordToken[]): boolean {
  return span.some((x, k) => (STORY_TOLD.has(x.folded) || TOLD_STORY.has(`${span[k - 1]?.folded} ${x.folded}`)) && STORY_OF.has(span[k + 1]?.folded ?? ""));
}
const STORY_TOLD: ReadonlySet<string> = new Set(STORY_TOLD_NOUNS);
const STORY_OF: ReadonlySet<string> = new Set(STORY_OF_WORDS);
const TOLD_STORY: ReadonlySet<string> = new Set(TOLD_STORY_PHRASES);

/** How many words from `from` (before `end`) are a title's cue: a singular film word, an article before it ("the movie"). */
function cueBefore(tokens: readonly WordToken[], from: number, end: number): number {
  const k = ARTICLE.has(tokens[from]!.folded) ? from + 1 : from;
  const film = k < end - 1 && SINGLE_MOVIE_WORDS.has(tokens[k]!.folded);
  return film ? k + 1 - from : 0;
}

/** Words that set two things side by side: what stands on the other side of a film is another film. */
const SIDE_WORDS: ReadonlySet<string> = new Set(COMPARED_SIDE_WORDS);
/** A compared side is at most this many words. */
const SIDE_MAX_WORDS = 6;

/**
 * "which came out first, Jaws or Star Wars", "is Titanic longer than the hobbit": the other side of a comparison
 * with a film the question names surely is a film too. Said whole up to the clause's end (or its start, before
 * "or") and covered by no mention, it is a title the KB may lack. Not a number, a film word or a shape word
 * ("longer than 3 hours", "than most horror films"), and not one ordinary word on its own ("than horror").
 */
function comparedSlots(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, commonness: (w: string) => number): string[] {
  const sureFilms = analysis.topics.filter((m) => m.confidence >= 0.7 && m.types.includes("Movie"));
  const filmEndsAt = (k: number) => sureFilms.some((m) => m.tokenEnd - 1 === k);
  const filmStartsAt = (k: number) => sureFilms.some((m) => m.tokenStart === k);
  const breaksBefore = (k: number) => k <= 0 || CLAUSE_BREAK.test(text.slice(tokens[k - 1]!.end, tokens[k]!.start));
  const stops = (t: WordToken) => WH.has(t.folded) || (SHAPE_WORDS.has(t.folded) && !STOP_WORDS.has(t.folded)) || SIDE_WORDS.has(t.folded);
  const out: string[] = [];
  tokens.forEach((side, i) => {
    if (!SIDE_WORDS.has(side.folded)) return;
    const after: WordToken[] = [];
    for (let k = i + 1; k < tokens.length && after.length <= SIDE_MAX_WORDS && !breaksBefore(k) && !stops(tokens[k]!); k++) after.push(tokens[k]!);
    const before: WordToken[] = [];
    for (let k = i - 1; k >= 0 && before.length <= SIDE_MAX_WORDS && !stops(tokens[k]!); k--) {
      before.unshift(tokens[k]!);
      if (breaksBefore(k)) break;
    }
    // "Jaws or X", "X or Jaws": the film beside "or"; "Jaws … than X": a film said before the comparison.
    const other = side.folded === "or" ? (filmEndsAt(i - 1) ? after : filmStartsAt(i + 1) ? before : []) : sureFilms.some((m) => m.tokenEnd <= i) ? after : [];
    if (other.length && plainSide(other, tokens, analysis, commonness)) out.push(text.slice(other[0]!.start, other.at(-1)!.end));
  });
  return out;
}

function plainSide(side: readonly WordToken[], tokens: readonly WordToken[], analysis: QuestionAnalysis, commonness: (w: string) => number): boolean {
  const content = side.filter((t) => !STOP_WORDS.has(t.folded));
  if (side.length > SIDE_MAX_WORDS || content.length === 0 || (STOP_WORDS.has(side[0]!.folded) && !ARTICLE.has(side[0]!.folded))) return false;
  // A lone letter is an initial cut off by its dot ("e.t."), not a side of its own.
  if (side.some((t) => /\d/.test(t.folded) || entryOf(NUMBER_WORDS, t.folded) !== undefined || MOVIE_WORDS.has(t.folded) || (t.folded.length === 1 && t.folded !== "a"))) return false;
  if (content.some((t) => coveredBy(t, tokens, analysis, () => true))) return false;
  return content.length >= 2 || content.some((t) => capitalised(t.text) || commonness(t.folded) < COMMON_WORD_SHARE);
}

/**
 * One capitalised word, no ordinary language, in a slot only a person fills ("movies starring Zendaya", "what has
 * Zendaya been in") that no mention covers: a person the KB lacks (a run of one word is no name elsewhere). Typed in
 * lower case ("what has timothee chalamet been in"), only words no text of the KB ever uses, up to three side by side.
 */
function personSlots(tokens: readonly WordToken[], covered: (t: WordToken) => boolean, commonness: (w: string) => number, misspelt: (span: readonly WordToken[]) => boolean): string[] {
  const free = (t: WordToken | undefined) => t !== undefined && !covered(t) && !STOP_WORDS.has(t.folded) && !QUESTION_WORDS.has(t.folded);
  const capital = (t: WordToken | undefined) => t !== undefined && capitalised(t.text);
  const unheard = (t: WordToken | undefined) => free(t) && !capital(t) && commonness(t!.folded) === 0;
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (i === 0 || !free(t)) return;
    if (capital(t)) {
      const single = !capital(tokens[i - 1]) && !capital(tokens[i + 1]);
      if (single && commonness(t.folded) < COMMON_WORD_SHARE && inPersonSlot(tokens, i, i + 1)) out.push(t.text);
      return;
    }
    // A lowercase run of unheard words ends here when the next word is not one of them.
    if (!unheard(t) || unheard(tokens[i + 1])) return;
    let from = i;
    while (from > 1 && i - from < 2 && unheard(tokens[from - 1])) from--;
    // With the word before it, a name the KB has misspelt ("keanu reaves"), not a name of its own.
    if (!misspelt(tokens.slice(from - 1, i + 1)) && inPersonSlot(tokens, from, i + 1, true)) out.push(tokens.slice(from, i + 1).map((x) => x.text).join(" "));
  });
  return out;
}

const WEAK_LEADS: ReadonlySet<string> = new Set(WEAK_PERSON_LEAD_WORDS);

/** A span the linker reads, spelling slips and all, as a person's name ("keanu reaves"). */
function misspeltName(text: string, span: readonly WordToken[], kb: KnowledgeBase): boolean {
  const said = text.slice(span[0]!.start, span[span.length - 1]!.end);
  const top = kb.linker.link(said, { types: ["Person"], limit: 1 })[0];
  return top !== undefined && top.match === "fuzzy" && top.score >= 0.8;
}

/** Right after a word that leads a person ("starring"), or right before one that follows a person ("been", "starred"). */
function inPersonSlot(tokens: readonly WordToken[], from: number, end: number, lowercase = false): boolean {
  const lead = tokens[from - 1]?.folded ?? "";
  return from > 0 && ((PERSON_LEADS.has(lead) && !(lowercase && WEAK_LEADS.has(lead))) || PERSON_TAILS.has(tokens[end]?.folded ?? ""));
}

/**
 * A relation asked of something no film, person, kind of film or period was found for ("Who directed
 * Zzqxv?", "when did quuxify come out"): the words that are no ordinary language are the name the
 * user gave, and guessing from other films would answer a different question.
 */
function subjectlessNames(tokens: readonly WordToken[], analysis: QuestionAnalysis, text: string, commonness: (w: string) => number): string[] {
  // A relation asked, or films asked by a role ("what movies has Zendaya been in"): the rare words are whose they are.
  const asked = analysis.answer.edge !== undefined || analysis.cues.some((c) => ROLE_EDGE_SET.has(c.edge) && c.weight >= 0.7);
  if (!asked || analysis.topics.some((t) => t.confidence >= 0.35)) return [];
  // A relation word in another form ("casted", "starrs") is the question's wording, not a name.
  const relationForm = (w: string) => WORD_TO_EDGES.has(w) || WORD_TO_EDGES.has(w.replace(/(?:ed|ing|s)$/, "")) || WORD_TO_EDGES.has(w.replace(/(?:d|s)$/, ""));
  // A word that shapes a question ("filming", a fact asked) is its wording too.
  const rare = (t: WordToken) => !STOP_WORDS.has(t.folded) && !QUESTION_WORDS.has(t.folded) && !SHAPE_WORDS.has(t.folded) && !shapesQuestion(t.folded) && entryOf(NUMBER_WORDS, t.folded) === undefined && !relationForm(t.folded) && !/^\d+$/.test(t.folded) && commonness(t.folded) < COMMON_WORD_SHARE;
  const out: string[] = [];
  let run: WordToken[] = [];
  const flush = () => {
    if (run.length) out.push(text.slice(run[0]!.start, run[run.length - 1]!.end));
    run = [];
  };
  for (const t of tokens) {
    if (rare(t)) run.push(t);
    else flush();
  }
  flush();
  return out;
}
