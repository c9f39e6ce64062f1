import { foldTitle } from "../open-requests/film-match";

/** Bracket tags that only say what kind of thing is sought; every other tag's words are kept (a hint such as "2000s"). */
const TYPE_TAGS = new Set(["tomt", "movie", "movies", "film", "films"]);

/** The post's title as a request starts: type tags such as `[TOMT]` and `[Movie]` dropped, other brackets' words kept. */
export function requestTitle(title: string): string {
  return title
    .replace(/\[([^\]]*)\]/g, (_, inner: string) => (TYPE_TAGS.has(inner.trim().toLowerCase().replace(/[?\s]+$/, "")) ? " " : ` ${inner.trim()} `))
    .replace(/[ \t]+/g, " ")
    .trim();
}

/** Title and text as one request, a blank line between them (either may be empty, not both). */
export function requestText(title: string, text: string): string {
  return [requestTitle(title), text.trim()].filter((s) => s.length > 0).join("\n\n");
}

/** What a request gives, the first that applies: the set's labels, read by program from the request alone (and the gold, for the first). */
export const KNOWN_ITEM_CATEGORIES = ["solved-in-text", "person-hint", "decade-hint", "animation-hint", "plain"] as const;
export type KnownItemCategory = (typeof KNOWN_ITEM_CATEGORIES)[number];

const SOLVED = /\b(edit(ed)?|solved|found( it)?|update[ds]?|answer(ed)?)\b/i;
// A decade or a year; a two-digit decade after a possessive is an age ("in his 30s"), not a period.
const FOUR_DIGIT = /\b(1[89]\d0|20[0-2]0)\s?['’]?s\b|\b(19\d\d|20[0-2]\d)\b/;
const TWO_DIGIT = /(\b(his|her|their|my|our|your|its)\s+((early|late|mid)[\s-]+)?)?(?<![\d'’])['’]?\b([0-9]0)\s?['’]?s\b/gi;
const ANIMATION = /\b(animated|animation|cartoons?|anime|claymation|stop[- ]motion|pixar|disney|dreamworks)\b/i;

export function hasDecadeHint(text: string): boolean {
  if (FOUR_DIGIT.test(text)) return true;
  for (const m of text.matchAll(TWO_DIGIT)) if (!m[1]) return true;
  return false;
}

/** Whether a sentence of the request both says the post was solved and names a gold film (the answer leaked into the post). */
export function namesAnswer(text: string, gold: readonly string[]): boolean {
  const titles = gold.map(foldTitle).filter((t) => t.length > 0);
  return text.split(/\n+/).some((sentence) => {
    if (!SOLVED.test(sentence)) return false;
    const folded = ` ${foldTitle(sentence)} `;
    return titles.some((t) => folded.includes(` ${t} `));
  });
}

/** Folded word n-grams (2 to 4 words) of a text, to find multi-word names in it. */
export function wordGrams(text: string): Set<string> {
  const words = foldTitle(text).split(" ").filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) for (let n = 2; n <= 4 && i + n <= words.length; n++) out.add(words.slice(i, i + n).join(" "));
  return out;
}

/** The request's category: `people` holds the KB's actors and directors with names of two words or more, folded. */
export function knownItemCategory(text: string, gold: readonly string[], people: ReadonlySet<string>): KnownItemCategory {
  if (namesAnswer(text, gold)) return "solved-in-text";
  for (const g of wordGrams(text)) if (people.has(g)) return "person-hint";
  if (hasDecadeHint(text)) return "decade-hint";
  if (ANIMATION.test(text)) return "animation-hint";
  return "plain";
}
