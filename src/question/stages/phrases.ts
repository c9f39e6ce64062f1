/** Where a phrase occurs in a folded token list, as token indexes of its first word. */
export function findPhrase(words: readonly string[], phrase: string): number[] {
  const p = phrase.split(" ");
  const at: number[] = [];
  for (let i = 0; i + p.length <= words.length; i++) if (p.every((w, j) => words[i + j] === w)) at.push(i);
  return at;
}

interface Entry {
  phrase: string;
  words: string[];
}

/** Phrases by their first word, the one to prefer first at a position: longest in characters, then in words. */
type PhraseIndex = Map<string, Entry[]>;

const INDEXES = new WeakMap<readonly string[], PhraseIndex>();

function indexOf(phrases: readonly string[]): PhraseIndex {
  let index = INDEXES.get(phrases);
  if (index) return index;
  index = new Map();
  for (const phrase of phrases) {
    const words = phrase.split(" ");
    const list = index.get(words[0]!) ?? [];
    list.push({ phrase, words });
    index.set(words[0]!, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.phrase.length - a.phrase.length || b.words.length - a.words.length);
  INDEXES.set(phrases, index);
  return index;
}

/**
 * The earliest of the phrases in the token list (the longer one where two start together), with its
 * token span [at, end). The phrase list is indexed once per array: pass a list kept in a constant.
 */
export function firstOf(words: readonly string[], phrases: readonly string[]): { phrase: string; at: number; end: number } | undefined {
  const index = indexOf(phrases);
  for (let at = 0; at < words.length; at++) {
    for (const e of index.get(words[at]!) ?? []) {
      if (at + e.words.length <= words.length && e.words.every((w, j) => words[at + j] === w)) return { phrase: e.phrase, at, end: at + e.words.length };
    }
  }
  return undefined;
}

/** The keys of a phrase table, as one array per table (so firstOf indexes each table once). */
const KEYS = new WeakMap<object, readonly string[]>();
export function phrasesOf(table: Readonly<Record<string, unknown>>): readonly string[] {
  let keys = KEYS.get(table);
  if (!keys) KEYS.set(table, (keys = Object.keys(table)));
  return keys;
}
