import { foldTitle } from "../open-requests/film-match";

/**
 * The eval's own reading of what a request rules out, apart from the reading it checks: "it's not X", "it isn't X", "not
 * the movie X", "other than X", "except X", "besides X", "X isn't it", with X capitalised.
 */
const RULING_OUT = /(?:\bit['’]?s not|\bit is not|\bit isn['’]?t|\bit wasn['’]?t|\bit was not|\bnot the (?:movie|film)|\bother than|\bexcept|\bbesides)\s+"?([^.,;!?()\n"]{1,60})/gi;
const SAID_AFTER = /([^.,;!?()\n"]{1,60}?)\s+(?:isn['’]?t|is not|wasn['’]?t|was not) (?:it|the one)\b/gi;

/** The titles a request rules out, as said (the words after the cue, up to a clause's end). */
export function ruledOutSaid(question: string): string[] {
  // Text struck through is taken back ("~~It's not Surviving the Game~~ (oops, yes it was)").
  const said = question.replace(/~~[^~]*~~/g, " ");
  // Only a capitalised title: "it's not a comedy", "it isn't that scary" rule no film out.
  return [...said.matchAll(RULING_OUT), ...said.matchAll(SAID_AFTER)].map((m) => m[1]!.trim()).filter((t) => /^[\p{Lu}\d]/u.test(t));
}

/** Each title of what was ruled out: a list split at "or", "and", commas; a title cut where its clause goes on ("Taxi Driver (1976)", "Friday the 13th but the killer …"). */
function titlesOf(said: string): string[] {
  return said
    .split(/\s*(?:,|\bor\b|\band\b|\bnor\b)\s*/i)
    .map((p) => p.replace(/\s+(?:but|because|since|which|that|as|with|w\/|from|for|though|just|either|\(?\d{4}\)?)(?:\s.*)?$/i, "").trim())
    .filter((p) => p.length > 0);
}

/** Whether an answer is one the request ruled out: its title, as said (an article aside). */
export function isRuledOut(answer: string, said: readonly string[]): boolean {
  const bare = (t: string) => foldTitle(t).replace(/^(?:the|a|an) /, "");
  return said.flatMap(titlesOf).some((t) => bare(t) === bare(answer));
}

