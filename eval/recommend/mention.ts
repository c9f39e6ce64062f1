import { foldTitle } from "../open-requests/film-match";

/** "Title (YYYY)" as INSPIRED writes a film; undefined for anything else. */
export function splitTitleYear(film: string): { title: string; year: number } | undefined {
  const m = /^(.*\S)\s*\((\d{4})\)$/.exec(film.trim());
  return m ? { title: m[1]!, year: Number(m[2]) } : undefined;
}

/**
 * Whether an utterance really names the film its placeholder says. INSPIRED's film tags were made by
 * an entity linker and are sometimes wrong ("Alien Abduction" for "Alien", "November" for a date):
 * the title's words (a leading article optional, case, accents and punctuation ignored) must stand in
 * the text as a phrase, and a one-word title must not run on into a capitalised word or a number
 * ("Rick Dalton", "Bird Box", "November 22"): that is a longer name or a date.
 */
export function mentionedIn(text: string, title: string): boolean {
  const words = foldTitle(title).split(" ").filter(Boolean);
  if (words.length > 1 && ["the", "a", "an"].includes(words[0]!)) words.shift();
  if (!words.length) return false;
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "").replace(/&/g, " and ");
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escaped.join("[^\\p{L}\\p{N}]+")}(?![\\p{L}\\p{N}])`, "giu");
  for (const m of plain.matchAll(re)) {
    if (words.length > 1) return true;
    if (!/^[\s"'’]+(\p{Lu}|\p{N})/u.test(plain.slice(m.index + m[0].length))) return true;
  }
  return false;
}

/** An utterance that says the person has not seen a film, or only wants to: its films are not "seen". */
export const UNSEEN = /\b(haven'?t|have not|never|didn'?t|did not|not yet|want(ed)? to|wanna|going to|gonna|plan(ning)? to|hope to|would like to|wish)\b/i;
