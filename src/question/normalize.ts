/**
 * The first pass: the question as plain text. Markup a chat client or a copied page leaves
 * (HTML tags and entities, Markdown emphasis, code ticks and links), compatibility forms of Unicode
 * (full-width letters, ligatures), text struck through (taken back), typographic quotes and dashes, invisible characters and runs of
 * white space become what a person would have typed; so does text split into tokens by an older
 * tool (`` quotes '', "Kevin Costner 's", "you 'll", " ?") or with its apostrophes lost ("lohan s mother"). Names keep their
 * case and accents.
 */
const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * A request's headline: its first paragraph, when a blank line sets it apart from more text (a post's
 * title above its body), as normalized; none for a request of one paragraph.
 */
export function headlineOf(text: string): string | undefined {
  const [first, ...rest] = text.trim().split(/\r?\n[ \t]*\r?\n/);
  return rest.some((p) => p.trim()) && first?.trim() ? normalizeQuestion(first).slice(0, MAX_HEADLINE) : undefined;
}

/** A headline's characters at most (a post's title is rarely longer). */
export const MAX_HEADLINE = 300;

export function normalizeQuestion(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, "")
    .replace(/<[^>]{1,200}>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, e: string) => ENTITIES[e] ?? "")
    .replace(/\[([^\]]{1,300})\]\((?:[^)\s]{1,500})\)/g, "$1")
    // Struck through is taken back ("~~It's not Surviving the Game~~ (oops, yes it was)", "~~90s~~ 80s"): not said.
    .replace(/~~(?=\S)([^~]{1,300}?)(?<=\S)~~/g, " ")
    .replace(/(\*\*|__|\*|`+)(?=\S)([^*_`~]{1,300}?)(?<=\S)\1/g, "$2")
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/``\s*|\s*''/g, '"')
    .replace(/\s+(['’](?:s|ll|re|ve|d|m)|n't)\b/gi, "$1")
    // A possessive whose apostrophe was lost, its "s" left alone ("lindsay lohan s mother", "what s the name").
    .replace(/(?<=\p{L}) s(?= \p{L})/gu, "'s")
    .replace(/"\s+([^"]{1,300}?)\s+"/g, '"$1"')
    .replace(/\s+([?!.,;:])(?=\s|$)/g, "$1")
    // A blank line ends a paragraph, and so its last sentence ("Movie about a haunted lighthouse\n\nI saw it…").
    .replace(/([^\s.!?:;,])[ \t]*(?=\r?\n[ \t]*\r?\n)/g, "$1.")
    .replace(/\s+/g, " ")
    .trim();
}
