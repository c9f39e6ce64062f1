import { QUESTION_WORDS } from "../../linking/question-words";
import { tmdbSeeds } from "../tmdb-seeds";
import { tmdbOnlyName } from "../../plan/schema";
import { RELATION_WORDS } from "../lexicon/relations";
import { STOP_WORDS, capitalised, opensSentence, titleCased } from "../../util/text";
import type { FacetKind } from "../../plan/schema";
import type { Reading } from "../reading";
import { CHAT_REPLIES, GREETING_WORDS, INTERJECTIONS, SOCIAL_PHRASES, THANKS_WORDS } from "../lexicon/smalltalk";
import { AGAINST_SOFTENERS, AGAINST_WORDS, CHARACTER_LEADS, EXPLORE_PHRASES, GENERIC_WORDS, REQUEST_TALK_PHRASES, KNOWN_ITEM_PHRASES, LOVED_PHRASES, MOOD_WORDS, RECOMMEND_PHRASES, REQUEST_TALK_WORDS, SEEN_PHRASES, WATCHED_WHEN_PHRASES, WANT_LEADS, WATCHING_TIME_WORDS, SETTING_LEADS, SETTING_WORDS } from "../lexicon/requests";
import { findPhrase } from "./phrases";
import { ruledOutHere, softKinds } from "../film-set";
import type { RuledOut } from "./ruled-out";
import { lifeFactInStory } from "./life-fact";
import { filmAlternatives } from "../cues";

/**
 * What each word of a clause became: a name, a constraint, a cue of the question's shape, filler
 * (talk about the asking, a greeting) or a facet (what the request wants a film to be about). Every
 * content word lands somewhere, so the trace can show it and no word is dropped unsaid.
 */
export type WordRole = "name" | "constraint" | "cue" | "question" | "stop" | "filler" | "greeting" | "facet";

export interface WordUse {
  token: number;
  word: string;
  as: WordRole;
  /** What it was read as: the entity, the kind of film, the period, the cue phrase, the facet. */
  by?: string;
}

/** A soft facet found in a clause: its words as said, its kind, its token span. */
export interface FacetSpan {
  said: string;
  kind: FacetKind;
  tokenStart: number;
  tokenEnd: number;
  /** Said against ("nothing too violent", "no romance", "without gore"): films that have it are not wanted. */
  against?: boolean;
}

export interface WordLedger {
  uses: WordUse[];
  facets: FacetSpan[];
}

const GREETING = new Set(GREETING_WORDS);
const THANKS = new Set(THANKS_WORDS);
const TALK = new Set(REQUEST_TALK_WORDS);
/** Words of chat between people ("yes", "oh", "honestly"): no topic of a film. */
const INTERJECTION: ReadonlySet<string> = new Set(INTERJECTIONS);
const CHAT_REPLY: ReadonlySet<string> = new Set(CHAT_REPLIES);
const WATCH_TIME: ReadonlySet<string> = new Set(WATCHING_TIME_WORDS);
const MOOD = new Set(MOOD_WORDS);
const GENERIC = new Set(GENERIC_WORDS);
const SETTING = new Set(SETTING_WORDS);
const REQUEST_PHRASES = [...KNOWN_ITEM_PHRASES, ...RECOMMEND_PHRASES, ...WANT_LEADS, ...EXPLORE_PHRASES, ...SEEN_PHRASES, ...LOVED_PHRASES, ...REQUEST_TALK_PHRASES, ...WATCHED_WHEN_PHRASES, ...SOCIAL_PHRASES];
/** Joining words a facet may span ("drug addiction and recovery" stays two; "lord of the flies" one). */
const INSIDE_FACET = new Set(["of"]);
/** Words that say a facet after them is not wanted, and the words that may stand between ("nothing too violent"). */
const AGAINST = new Set(AGAINST_WORDS);
const SOFTENERS = new Set(AGAINST_SOFTENERS);
/**
 * Words that only sometimes name a relation ("lead" for directed, "head", "charge"): right after a
 * facet's words and claimed by no cue, they are the facet's ("a strong female lead").
 */
const WEAK_RELATION_WORDS: ReadonlySet<string> = new Set(Object.values(RELATION_WORDS).flatMap((ws) => Object.entries(ws).filter(([, w]) => w < 0.7).map(([word]) => word)));

type Claim = { as: WordRole; by: string };
const RULED_OUT_AS: Readonly<Record<RuledOut["how"], string>> = { "not-it": "ruled out as the film sought", except: "ruled out of the films asked for", seen: "seen, left out of the films to watch" };
/** A name the KB lacks: said as a name, and searched as a facet ("the American Southwest", "Abby"). */
const LACKED = "a name the KB lacks";
const free = (c: Claim | undefined) => c === undefined || c.by === LACKED;

/** Marks [from, to) with a claim, keeping any earlier one (names first, then constraints, then cues). */
function claim(claims: (Claim | undefined)[], from: number, to: number, c: Claim): void {
  for (let k = Math.max(0, from); k < Math.min(to, claims.length); k++) claims[k] ??= c;
}

function claimNames(r: Omit<Reading, "ledger">, claims: (Claim | undefined)[]): void {
  // A film ruled out is named, and named to be left out ("it's not The Mask", "other than Big"): its words describe nothing sought.
  for (const x of ruledOutHere(r)) claim(claims, x.tokenStart, x.tokenEnd, { as: "name", by: `${x.film ?? `${x.said}, a title the KB lacks`}, ${RULED_OUT_AS[x.how]}${x.versions ? " (one of the KB's versions of the title, with no year: the title stays)" : ""}` });
  for (const c of r.characters) claim(claims, c.tokenStart, c.tokenEnd, { as: "name", by: `a character (${c.frame})` });
  for (const t of r.analysis.topics) if (t.confidence >= 0.5 && (t.type === "Movie" || t.type === "Person")) claim(claims, t.tokenStart, t.tokenEnd, { as: "name", by: `${t.name} (${t.type})` });
  // A film TMDB lists that the request starts from ("something like Star Wars") is a film named, not words to search.
  for (const n of tmdbSeeds(r)) claim(claims, n.tokenStart!, n.tokenEnd!, { as: "name", by: `${n.tmdb!.map(tmdbOnlyName).join(" or ")}, a film TMDB lists and the KB lacks, to start from` });
  for (const n of r.notFound) {
    const at = r.text.indexOf(n.text);
    if (at < 0) continue;
    r.tokens.forEach((tok, k) => tok.start >= at && tok.end <= at + n.text.length && claim(claims, k, k + 1, { as: "name", by: LACKED }));
  }
  if (r.series) claim(claims, r.series.tokenStart, r.series.tokenEnd, { as: "constraint", by: `series ${r.series.name}` });
}

function claimConstraints(r: Omit<Reading, "ledger">, claims: (Claim | undefined)[]): void {
  const soft = softKinds(r);
  for (const c of r.concepts) if ((c.strong || c.cued) && !soft.includes(c) && !r.languageConcepts.has(c)) claim(claims, c.tokenStart, c.tokenEnd, { as: "constraint", by: `kind ${c.label}` });
  for (const p of r.periods) r.tokens.forEach((tok, k) => tok.start >= p.start && tok.end <= p.end && claim(claims, k, k + 1, { as: "constraint", by: `period ${p.negated ? "not " : ""}${p.from}–${p.to}` }));
  for (const t of r.analysis.topics) if (t.confidence >= 0.35 && t.types.some((x) => x === "Genre" || x === "Year")) claim(claims, t.tokenStart, t.tokenEnd, { as: "constraint", by: `${t.type} ${t.name}` });
  // "an iranian drama", "in the russian language": a nationality or a language's name said for the film's language ("French soldiers" is none).
  for (const l of r.languageSaid) claim(claims, l.token, l.token + 1, { as: "constraint", by: `language ${l.language}` });
}

/** The shape cues' spans (yes/no, superlative, "like", negation …) and the relation words. */
function claimCues(r: Omit<Reading, "ledger">, claims: (Claim | undefined)[]): void {
  // Words inside a told story are the story's, not the question's cues ("a pilot races a collapsing star").
  const inStory = (k: number) => r.longStory || (r.told !== undefined && k >= r.told.storyFrom);
  const spans = Object.values(r.cues).filter((v): v is { phrase: string; at: number; end: number } => typeof v === "object" && v !== null && "at" in v && "end" in v && "phrase" in v);
  // A life's fact said of the film sought is its story's ("a girl whose father dies"): its words stay facets.
  const storyFact = lifeFactInStory(r) ? r.cues.fact : undefined;
  for (const s of [...spans, ...r.cues.negations]) if (!inStory(s.at) && s !== storyFact) claim(claims, s.at, s.end, { as: "cue", by: s.phrase });
  for (const o of r.cues.options) for (const k of o.tokens) claim(claims, k, k + 1, { as: "cue", by: `option ${o.genre}` });
  for (const c of r.analysis.cues) if (c.weight >= 0.7 && !inStory(c.token)) claim(claims, c.token, c.token + 1, { as: "cue", by: `relation ${c.edge}` });
  if (r.told) claim(claims, r.told.at, r.told.storyFrom, { as: "cue", by: `told plot: ${r.told.phrase}` });
  for (const a of filmAlternatives(r.words)) claim(claims, a.at, a.end, { as: "cue", by: `a kind of work beside the film: ${a.phrase}` });
  for (const phrase of REQUEST_PHRASES) for (const at of findPhrase(r.words, phrase)) claim(claims, at, at + phrase.split(" ").length, { as: "filler", by: phrase });
  for (const k of r.cues.ownWatching) claim(claims, k, k + 1, { as: "filler", by: "the person's own watching" });
}

/** Greetings open a message ("Hi there, good morning"); later, "morning" is what happens ("every morning"). Thanks may come anywhere. */
const GREETING_OPENING = 5;

function wordRole(word: string, at: number, inStory: boolean, opens: boolean): Claim | undefined {
  if (QUESTION_WORDS.has(word)) return { as: "question", by: word };
  if ((GREETING.has(word) && at < GREETING_OPENING) || THANKS.has(word)) return { as: "greeting", by: word };
  if (AGAINST.has(word) && !inStory) return { as: "cue", by: "said against" };
  if (STOP_WORDS.has(word) || word.length < 2) return { as: "stop", by: word };
  if (TALK.has(word)) return { as: "filler", by: "talk about the asking" };
  // A reply inside a told story may be the story's ("she says yes"), unless it opens a sentence; an interjection never is.
  if (INTERJECTION.has(word) || (CHAT_REPLY.has(word) && (!inStory || opens))) return { as: "filler", by: "chat" };
  if (WATCH_TIME.has(word) && !inStory) return { as: "filler", by: "when to watch" };
  if (/^\d+$/.test(word)) return { as: "filler", by: "a number with nothing to count" };
  return undefined;
}

/** The clause's words, each with what it became, and the facets: runs of content words nothing else claimed. */
export function accountWords(r: Omit<Reading, "ledger">): WordLedger {
  const claims: (Claim | undefined)[] = new Array(r.tokens.length).fill(undefined);
  claimNames(r, claims);
  claimConstraints(r, claims);
  claimCues(r, claims);
  // Inside a told story, "not" and "nothing" are the story's ("a spy who does not exist"), not what the person is against.
  const inStory = (k: number) => r.longStory || (r.told !== undefined && k >= r.told.storyFrom);
  r.words.forEach((w, k) => (claims[k] ??= wordRole(w, k, inStory(k), opensSentence(r.text, r.tokens, k))));
  const facets = facetSpans(r, claims);
  // A facet's own words, "of" and a weak relation word inside it included ("a strong female lead").
  for (const f of facets) for (let k = f.tokenStart; k < f.tokenEnd; k++) if (!claims[k] || claims[k]!.as === "question") claims[k] = { as: "facet", by: `${f.against ? "against " : ""}${f.kind}: ${f.said}` };
  r.words.forEach((w, k) => (claims[k] ??= { as: "filler", by: GENERIC.has(w) ? "a word with no topic of its own" : "no topic" }));
  const uses = r.tokens.map((t, k): WordUse => ({ token: k, word: t.text, as: claims[k]?.as ?? "facet", ...(claims[k]?.by ? { by: claims[k]!.by } : {}) }));
  return { uses, facets };
}

/** Runs of unclaimed words (a lone "of" may join two), each typed by its words and what leads it. */
function facetSpans(r: Omit<Reading, "ledger">, claims: readonly (Claim | undefined)[]): FacetSpan[] {
  const out: FacetSpan[] = [];
  const soft = softKinds(r);
  const kindEdges = { starts: new Set(soft.map((c) => c.tokenStart)), ends: new Set(soft.map((c) => c.tokenEnd)) };
  let k = 0;
  while (k < r.tokens.length) {
    if (!free(claims[k])) {
      k++;
      continue;
    }
    let end = k + 1;
    while (end < r.tokens.length && (free(claims[end]) || (INSIDE_FACET.has(r.words[end]!) && end + 1 < r.tokens.length && free(claims[end + 1])))) end++;
    while (end < r.tokens.length && claims[end]?.as === "question" && WEAK_RELATION_WORDS.has(r.words[end]!)) end++;
    const next = end;
    // Light words at either end are not what the facet is about ("gets locked" is "locked"); a run of only those is none.
    // A kind of film's own words stay whole ("coming of age" said beside a period is a soft kind, not "of age").
    let from = k;
    while (from < end && GENERIC.has(r.words[from]!) && !kindEdges.starts.has(from)) from++;
    while (end > from && (GENERIC.has(r.words[end - 1]!) || INSIDE_FACET.has(r.words[end - 1]!)) && !kindEdges.ends.has(end)) end--;
    const against = !(r.longStory || (r.told !== undefined && from >= r.told.storyFrom)) && saidAgainst(r.words, from);
    if (end > from) out.push({ said: r.text.slice(r.tokens[from]!.start, r.tokens[end - 1]!.end), kind: facetKind(r, from, end), tokenStart: from, tokenEnd: end, ...(against ? { against: true } : {}) });
    k = next;
  }
  return out;
}

/** A facet right after "no", "not", "nothing", "without" (softeners such as "too" between): said against. */
function saidAgainst(words: readonly string[], from: number): boolean {
  let k = from - 1;
  while (k >= 0 && SOFTENERS.has(words[k]!)) k--;
  return k >= 0 && AGAINST.has(words[k]!);
}

/** A mood when its words are mood words; a setting after "set in"/"in" with a capital or a place word; a character after "named" or as a lone capitalised name; a plot element when a verb is in it; else a theme. */
export function facetKind(r: Pick<Reading, "text" | "tokens" | "words">, from: number, to: number): FacetKind {
  const words = r.words.slice(from, to);
  if (words.every((w) => MOOD.has(w))) return "mood";
  const before = r.words.slice(Math.max(0, from - 3), from).join(" ");
  // In title case ("Two Women Hide A Man's Body") a capital names no one.
  const named = r.tokens.slice(from, to).every((t) => capitalised(t.text)) && from > 0 && !titleCased(r.text);
  const led = (leads: readonly string[]) => leads.some((l) => before === l || before.endsWith(` ${l}`));
  if (words.some((w) => SETTING.has(w)) || (named && led(SETTING_LEADS))) return "setting";
  if (led(CHARACTER_LEADS.filter((l) => l !== "about")) || (named && words.length <= 2 && led(["about"]))) return "character";
  if (named && words.length <= 2) return "character";
  if (words.length >= 2 && words.some((w) => /(?:ing|ed|es)$/.test(w) && w.length > 4)) return "plot";
  return "theme";
}
