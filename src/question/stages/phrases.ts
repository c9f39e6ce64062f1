/** Where a phrase occurs in a folded token list, as token indexes of its first word. */
export function findPhrase(words: readonly string[], phrase: string): number[] {
  const p = phrase.split(" ");
  const at: number[] = [];
  for (let i = 0; i + p.length <= words.length; i++) if (p.every((w, j) => words[i + j] === w)) at.push(i);
  return at;
}

/** The earliest of the phrases in the token list (the longer one where two start together), with its token span [at, end). */
export function firstOf(words: readonly string[], phrases: readonly string[]): { phrase: string; at: number; end: number } | undefined {
  let best: { phrase: string; at: number; end: number } | undefined;
  for (const phrase of [...phrases].sort((a, b) => b.split(" ").length - a.split(" ").length)) {
    const at = findPhrase(words, phrase)[0];
    if (at !== undefined && (!best || at < best.at || (at === best.at && phrase.length > best.phrase.length))) best = { phrase, at, end: at + phrase.split(" ").length };
  }
  return best;
}
