import { foldText } from "../../../util/text";

export interface TitleFamily {
  /** Folded, with its article ("the matrix", "a haunted house": the family, not the keyword "haunted house"). */
  folded: string;
  /** As the family's shortest title writes it ("The Matrix"). */
  name: string;
  films: number[];
}

const ARTICLE = /^(?:the|a|an) /;
const ROMAN: Readonly<Record<string, number>> = { ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10, xi: 11, xii: 12 };
/** Words a sequel's title goes on with (as src/question/series.ts reads them in questions). */
const SEQUEL_WORDS = /^(?:returns|reloaded|revolutions|forever|begins|resurrection|rises|strikes back|the next generation|part|chapter|episode)\b/;

type Continuation = { kind: "number"; n: number } | { kind: "word" } | { kind: "subtitle" };

/** How a folded title goes on from a folded stem, if it does as a sequel's would. */
function continuation(title: string, stem: string): Continuation | undefined {
  if (!title.startsWith(`${stem} `)) return undefined;
  const rest = title.slice(stem.length + 1);
  const first = rest.split(" ")[0]!;
  const n = /^\d{1,2}$/.test(first) ? Number(first) : ROMAN[first];
  if (n !== undefined && n >= 2) return { kind: "number", n };
  if (SEQUEL_WORDS.test(rest)) return { kind: "word" };
  // "Harry Potter and the …": a two-word name only ("The Cat and the Canary" is no Cat series).
  return /^and the /.test(rest) && stem.includes(" ") ? { kind: "subtitle" } : undefined;
}

/**
 * Title families read from the KB's titles: "Rocky", "Rocky II" … "Rocky V"; "Toy Story", "Toy
 * Story 2"; "Batman", "Batman Returns"; "Star Trek: The Motion Picture", "Star Trek II: …";
 * "Harry Potter and the …". Stricter than a question's reading, since every film is tested: a
 * numbered title joins only when its number fits the family's size ("Girl 6" and "Girl" are no
 * family, "Paris 36" is no sequel of "Paris"), and subtitles ("X: …", "X and the …") need two films.
 */
export function titleFamilies(movies: readonly { node: number; title: string }[]): TitleFamily[] {
  const stems = new Map<string, { spellings: Map<string, number>; films: Map<number, Continuation | undefined> }>();
  const folded = movies.map((m) => ({ ...m, key: foldText(m.title).replace(ARTICLE, "") }));
  const note = (stem: string, spelling: string, node: number, how: Continuation | undefined) => {
    if (stem.length < 3) return;
    let s = stems.get(stem);
    if (!s) stems.set(stem, (s = { spellings: new Map(), films: new Map() }));
    s.spellings.set(spelling, (s.spellings.get(spelling) ?? 0) + 1);
    if (!s.films.has(node) || how) s.films.set(node, how);
  };
  for (const m of folded) {
    const colon = m.title.indexOf(":");
    const head = colon > 0 ? m.title.slice(0, colon).trim() : m.title;
    const headKey = foldText(head).replace(ARTICLE, "");
    if (colon > 0) note(headKey, head, m.node, { kind: "subtitle" });
    const words = head.split(/\s+/);
    for (let n = 1; n < words.length; n++) {
      const stem = foldText(words.slice(0, n).join(" ")).replace(ARTICLE, "");
      const how = continuation(headKey, stem);
      if (how) note(stem, words.slice(0, n).join(" ").replace(/[\s,;:–-]+$/u, ""), m.node, how);
    }
  }
  // A title that is the stem itself joins its family (the first film: "Rocky").
  for (const m of folded) stems.get(m.key)?.films.set(m.node, stems.get(m.key)!.films.get(m.node));
  const out: TitleFamily[] = [];
  for (const s of stems.values()) {
    if (s.films.size < 2 || !isFamily([...s.films.values()], s.films.size)) continue;
    const name = [...s.spellings.keys()].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0]!;
    out.push({ folded: foldText(name), name, films: [...s.films.keys()].sort((a, b) => a - b) });
  }
  return out.sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0));
}

function isFamily(how: readonly (Continuation | undefined)[], size: number): boolean {
  const numbers = how.flatMap((h) => (h?.kind === "number" ? [h.n] : []));
  if (numbers.length > 0 && Math.min(...numbers) <= size + 1) return true;
  if (how.some((h) => h?.kind === "word")) return true;
  return how.filter((h) => h?.kind === "subtitle").length >= 2;
}
