import { CONCEPT_SOURCES, CONCEPT_TYPES, type ConceptType } from "../../../ports/concept-graph";
import type { Collected, NameRecord } from "./collect";
import { SOURCE_RELIABILITY } from "./lexicon";
import { typeName, typingLists } from "./typing";

/**
 * The concepts and their film links, before co-occurrence: one concept per typed name (key
 * `type:folded name`, sorted, so a concept's index orders ties the same way in every backend), and
 * each film's link weighted by specificity × trust:
 *   weight = ln(1 + N / films of the concept) × (1 − Π over its sources (1 − reliability)),
 * N the films that hold any concept. A rare keyword outweighs a word half the plots use, and a
 * keyword outweighs the same word found only in a plot.
 */
export interface ConceptTable {
  keys: string[];
  names: string[];
  types: Uint8Array;
  /** Union of sources per concept (bit i = CONCEPT_SOURCES[i]). */
  sources: Uint8Array;
  /** Per concept, its films as [film node, sources] pairs, in film order. */
  links: { film: number; sources: number }[][];
  /** Films that hold at least one concept. */
  films: number;
  /** Names left without a concept, by why. */
  skipped: { untypedNames: number; rarePhrases: number };
}

/** A plain noun phrase needs this many films to be a concept; names, tags, keywords and genres need one. */
export const MIN_PHRASE_FILMS = 2;

const RELIABILITY = CONCEPT_SOURCES.map((s) => SOURCE_RELIABILITY[s]);

export function buildConceptTable(c: Collected): ConceptTable {
  const lists = typingLists();
  const rows: { key: string; name: string; type: ConceptType; sources: number; links: { film: number; sources: number }[] }[] = [];
  const skipped = { untypedNames: 0, rarePhrases: 0 };
  for (const r of c.records.values()) {
    const typed = typeName(r, c, lists);
    if (!typed) {
      skipped.untypedNames++;
      continue;
    }
    const links: { film: number; sources: number }[] = [];
    let sources = 0;
    for (const [film, s] of r.films) {
      const kept = s & typed.linkSources;
      if (kept === 0) continue;
      links.push({ film, sources: kept });
      sources |= kept;
    }
    if (links.length === 0) continue;
    if (typed.type === "phrase" && links.length < MIN_PHRASE_FILMS) {
      skipped.rarePhrases++;
      continue;
    }
    links.sort((a, b) => a.film - b.film);
    rows.push({ key: `${typed.type}:${r.folded}`, name: displayName(r), type: typed.type, sources, links });
  }
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const films = new Set<number>();
  for (const row of rows) for (const l of row.links) films.add(l.film);
  return {
    keys: rows.map((r) => r.key),
    names: rows.map((r) => r.name),
    types: Uint8Array.from(rows, (r) => CONCEPT_TYPES.indexOf(r.type)),
    sources: Uint8Array.from(rows, (r) => r.sources),
    links: rows.map((r) => r.links),
    films: films.size,
    skipped,
  };
}

/** The spelling most of its mentions use, from the most trusted source that spells it ("Prague", not "prague"). */
function displayName(r: NameRecord): string {
  const pick = r.spellings.find((s) => s.size > 0)!;
  let best = "";
  let most = -1;
  for (const [s, n] of pick) if (n > most || (n === most && s < best)) [best, most] = [s, n];
  return best;
}

/** Trust in a link found by these sources: noisy-or of each source's reliability. */
export function linkTrust(sources: number): number {
  let miss = 1;
  for (let i = 0; i < RELIABILITY.length; i++) if (sources & (1 << i)) miss *= 1 - RELIABILITY[i]!;
  return 1 - miss;
}

/** A film link's weight: specificity (ln(1 + N / films)) × trust in its sources, as a float32 (what every backend stores). */
export function linkWeight(conceptFilms: number, totalFilms: number, sources: number): number {
  return Math.fround(Math.log1p(totalFilms / conceptFilms) * linkTrust(sources));
}
