import { isDictionaryWord } from "./dictionary";
import { getGender } from "gender-detection-from-name";

/** A person's gender as their first name most often says it (English usage first, then other languages'); undefined when no list knows it. */
export type NameGender = "female" | "male";

export function genderOfName(fullName: string): NameGender | undefined {
  const first = fullName.trim().split(/\s+/)[0]?.replace(/[^\p{L}-]/gu, "").toLowerCase();
  if (!first || first.length < 2) return undefined;
  const said = getGender(first, "en");
  const any = said === "unknown" ? getGender(first) : said;
  return any === "unknown" ? undefined : any;
}

/** Whether a person may be of that gender: their first name is not the other gender's (a name no list knows may be either). */
export function mayBeOfGender(fullName: string, gender: NameGender): boolean {
  return genderOfName(fullName) !== (gender === "female" ? "male" : "female");
}

/**
 * A word that is someone's first name and nothing else ("elise", "patrick"): lists of first names know it and the
 * dictionary does not ("time", "will" and "rose" are words first).
 */
export function isGivenName(folded: string): boolean {
  return !folded.includes(" ") && !isDictionaryWord(folded) && genderOfName(folded) !== undefined;
}
