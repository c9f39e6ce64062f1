import { FILM_WORDS, RELEASE_PERIOD_WORDS, STORY_TIME_PERIOD_PHRASES, STORY_TIME_PREPOSITIONS, WATCHING_PERIOD_PHRASES, WATCHING_PERIOD_WORDS } from "../lexicon/periods";
import { MEMORY_TALK_WORDS } from "../lexicon/requests";
import { STOP_WORDS, wordTokens } from "../../util/text";
import { findPhrase } from "./phrases";
import type { Period } from "./periods";

/** How a period in a told plot was meant: the film's release, when it was watched, or the story's own time. */
export type PeriodSense = "release" | "watched" | "story-time";

/** Words of a period's clause read before it, and after it. */
const BEFORE = 8;
const AFTER = 3;
/** The earliest year a film can have (the bound a watching period leaves open). */
export const EARLIEST_FILM_YEAR = 1880;

const RELEASE = new Set(RELEASE_PERIOD_WORDS);
const WATCHING = new Set(WATCHING_PERIOD_WORDS);
const FILM_NOUNS = new Set(FILM_WORDS);
/** A word for a film ("movie", "flick", "cartoon"): after a period or a language it makes that the film's own. */
export const isFilmWord = (w: string | undefined): boolean => w !== undefined && FILM_NOUNS.has(w);
const TALK = new Set(MEMORY_TALK_WORDS);
/** Content words of a story before a period in its clause that make it the story's time, not a guess at the release. */
const STORY_WORDS = 2;
const PREPOSITIONS = new Set(STORY_TIME_PREPOSITIONS);

/**
 * What a period of a told plot says, by the words of its clause: a film noun right after it or a
 * making word before it make it the release ("a 90s movie", "probably from the 80s"); a story-time
 * phrase just before it makes it the story's ("set in the 1930s"); a watching word makes it when the
 * person saw the film ("saw it on TV in the early 2000s"); a film noun before it, the release ("the
 * movie was in the 90s"); several words of story before it, the story's time ("four boys in the
 * fifties walk the tracks"); said nearly alone ("Maybe 80's or early 90's"), the release.
 */
export function periodSense(text: string, p: Pick<Period, "start" | "end">): PeriodSense {
  const clauseStart = Math.max(...[".", "!", "?", "\n", ";", ",", "("].map((c) => text.lastIndexOf(c, p.start - 1))) + 1;
  const before = wordTokens(text.slice(clauseStart, p.start)).map((t) => t.folded).slice(-BEFORE);
  const after = wordTokens(text.slice(p.end)).map((t) => t.folded).slice(0, AFTER);
  if (after.some((w) => FILM_NOUNS.has(w))) return "release";
  const near = before.slice(-4);
  // A period's match may hold its preposition ("in 1995"): the phrase reads on into it.
  const lead = [...near, ...wordTokens(text.slice(p.start, p.end)).map((t) => t.folded)];
  if (STORY_TIME_PERIOD_PHRASES.some((ph) => findPhrase(lead, ph).some((at) => at < near.length))) return "story-time";
  if (near.some((w) => RELEASE.has(w))) return "release";
  if (before.some((w) => WATCHING.has(w)) || WATCHING_PERIOD_PHRASES.some((ph) => findPhrase(before, ph).length > 0)) return "watched";
  if (before.some((w) => FILM_NOUNS.has(w))) return "release";
  // Inside a told story ("four boys in the fifties walk the tracks", "sent back to the eighties"), a period is the story's time.
  const introduced = PREPOSITIONS.has(lead[near.length] ?? "") || PREPOSITIONS.has(near.at(-1) ?? "");
  return introduced && before.filter((w) => !STOP_WORDS.has(w) && !TALK.has(w) && !PREPOSITIONS.has(w)).length >= STORY_WORDS ? "story-time" : "release";
}

/**
 * The years a film told from memory came out in. Each period said is a guess about the same film, so
 * the film's years are their span ("80s or 90s", "late 90s, early 2000s": 1980–1999, 1996–2003), never
 * their overlap; a film is no newer than when it was watched, so a watching period bounds the release
 * from above (and alone gives only that bound); the story's own time and periods said against are no
 * guess at all.
 */
export function rememberedYears(text: string, periods: readonly Period[]): { from: number; to: number } | undefined {
  const said = periods.filter((p) => !p.negated).map((p) => ({ p, sense: periodSense(text, p) }));
  const release = said.filter((s) => s.sense === "release").map((s) => s.p);
  const watched = said.filter((s) => s.sense === "watched").map((s) => s.p);
  const seenBy = watched.length ? Math.max(...watched.map((p) => p.to)) : undefined;
  if (!release.length) return seenBy === undefined ? undefined : { from: EARLIEST_FILM_YEAR, to: seenBy };
  const from = Math.min(...release.map((p) => p.from));
  const to = Math.max(...release.map((p) => p.to));
  // Seen before the release said: the memory of the watching is the firmer one only when they agree.
  return seenBy !== undefined && seenBy >= from && seenBy < to ? { from, to: seenBy } : { from, to };
}
