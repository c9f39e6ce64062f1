import { CONCEPT_SOURCES, CONCEPT_TYPES, type CommunityHit, type CommunityReport, type ConceptFilmLink, type ConceptGraph, type ConceptGraphStats, type ConceptHit, type ConceptInfo, type ConceptSource, type ConceptType, type FilmConceptLink } from "../../ports/concept-graph";
import type { ConceptGraphData, LinkRows } from "../../kb/concepts/offline/data";
import { bm25Scores, matchTerms, nameVariants } from "../../kb/concepts/offline/terms";
import { SharedStringMap, type SharedStringMapData } from "../../kb/shared/string-map";
import { SharedStrings, toShared, type SharedStringsData } from "../../kb/shared/strings";
import { CommunitySearch } from "./community-search";

/**
 * The concept graph in shared memory: the builder's arrays (src/kb/concepts/offline/data.ts) plus
 * the indexes made at load (key → concept, folded name → concepts, term → concepts for BM25 over
 * names). Worker threads receive the same buffers; the reports are small and copied.
 */
export type SharedConceptParts = Omit<ConceptGraphData, "keys" | "names" | "build"> & {
  keys: SharedStringsData;
  names: SharedStringsData;
  keyIndex: SharedStringMapData;
  nameIndex: SharedStringMapData;
  termIndex: SharedStringMapData;
  /** Per concept, how many terms its name has (BM25's document length). */
  termCounts: Uint8Array;
};

const shareRows = (r: LinkRows): LinkRows => ({ offsets: toShared(r.offsets), targets: toShared(r.targets), weights: toShared(r.weights), sources: toShared(r.sources) });

/** The builder's arrays copied into shared memory, with the look-up indexes. */
export function shareConceptGraph(d: ConceptGraphData): SharedConceptParts {
  const byName = new Map<string, number[]>();
  const byTerm = new Map<string, number[]>();
  const termCounts = new Uint8Array(d.keys.length);
  d.keys.forEach((key, i) => {
    const folded = key.slice(key.indexOf(":") + 1);
    (byName.get(folded) ?? byName.set(folded, []).get(folded)!).push(i);
    const terms = matchTerms(d.names[i]!);
    termCounts[i] = Math.min(255, terms.length);
    for (const t of new Set(terms)) (byTerm.get(t) ?? byTerm.set(t, []).get(t)!).push(i);
  });
  const sortedKeys = (m: Map<string, number[]>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    keys: SharedStrings.build(d.keys).data,
    names: SharedStrings.build(d.names).data,
    types: toShared(d.types),
    sources: toShared(d.sources),
    byFilm: shareRows(d.byFilm),
    byConcept: shareRows(d.byConcept),
    related: shareRows(d.related),
    leafOf: toShared(d.leafOf),
    reports: d.reports,
    keyIndex: SharedStringMap.build(d.keys.map((k, i) => [k, [i]] as const)).data,
    nameIndex: SharedStringMap.build(sortedKeys(byName)).data,
    termIndex: SharedStringMap.build(sortedKeys(byTerm)).data,
    termCounts: toShared(termCounts),
  };
}

/** The mean length of concept names in terms (BM25's average document length). */
export function averageTerms(termCounts: ArrayLike<number>): number {
  let terms = 0;
  for (let i = 0; i < termCounts.length; i++) terms += termCounts[i]!;
  return terms / Math.max(1, termCounts.length);
}

/** How the concept graph names films: the KB's node index of a name, and back. */
export interface FilmNames {
  indexOf(name: string): number | undefined;
  nameAt(node: number): string;
}

/** Source bits → the sources' names, one frozen list per mask (links share them). */
const SOURCE_LISTS: readonly ConceptSource[][] = Array.from({ length: 256 }, (_, bits) => Object.freeze(CONCEPT_SOURCES.filter((_, i) => (bits & (1 << i)) !== 0)) as ConceptSource[]);

export class EmbeddedConceptGraph implements ConceptGraph {
  readonly kind = "embedded";
  private readonly keys: SharedStrings;
  private readonly names: SharedStrings;
  private readonly keyIndex: SharedStringMap;
  private readonly nameIndex: SharedStringMap;
  private readonly termIndex: SharedStringMap;
  private readonly averageTerms: number;
  private readonly reportById: Map<string, number>;
  private communitySearch: CommunitySearch | undefined;
  private readonly infos = new Map<number, ConceptInfo>();

  constructor(
    readonly parts: SharedConceptParts,
    private readonly films: FilmNames,
  ) {
    this.keys = new SharedStrings(parts.keys);
    this.names = new SharedStrings(parts.names);
    this.keyIndex = new SharedStringMap(parts.keyIndex);
    this.nameIndex = new SharedStringMap(parts.nameIndex);
    this.termIndex = new SharedStringMap(parts.termIndex);
    this.averageTerms = averageTerms(parts.termCounts);
    this.reportById = new Map(parts.reports.map((r, i) => [r.id, i]));
  }

  get size(): number {
    return this.keys.length;
  }

  /** Concept `i`'s key (keys are sorted; the index is the order ties break by). */
  keyAt(i: number): string {
    return this.keys.get(i);
  }

  async stats(): Promise<ConceptGraphStats> {
    const conceptsByType = Object.fromEntries(CONCEPT_TYPES.map((t) => [t, 0])) as Record<ConceptType, number>;
    for (const t of this.parts.types) conceptsByType[CONCEPT_TYPES[t]!]++;
    return {
      concepts: this.size,
      conceptsByType,
      filmLinks: this.parts.byConcept.targets.length,
      cooccurrenceEdges: this.parts.related.targets.length / 2,
      communities: this.parts.reports.length,
      levels: this.parts.reports.reduce((m, r) => Math.max(m, r.level + 1), 0),
    };
  }

  async get(keys: readonly string[]): Promise<(ConceptInfo | undefined)[]> {
    return keys.map((k) => {
      const i = this.indexOfKey(k);
      return i === undefined ? undefined : this.info(i);
    });
  }

  async find(text: string, options: { types?: readonly ConceptType[]; limit?: number } = {}): Promise<ConceptHit[]> {
    const limit = options.limit ?? 10;
    const allowed = options.types ? new Set(options.types.map((t) => CONCEPT_TYPES.indexOf(t))) : undefined;
    const ok = (i: number) => !allowed || allowed.has(this.parts.types[i]!);
    const exact = new Set<number>();
    for (const v of nameVariants(text)) for (const i of this.nameIndex.get(v) ?? []) if (ok(i)) exact.add(i);
    const byFilms = (a: number, b: number) => this.filmCount(b) - this.filmCount(a) || a - b;
    const hits: ConceptHit[] = [...exact].sort(byFilms).map((i) => ({ concept: this.info(i), score: 1, match: "exact" }));
    if (hits.length >= limit) return hits.slice(0, limit);
    const scored = this.bm25(text, (i) => ok(i) && !exact.has(i));
    for (const { i, score } of scored.slice(0, limit - hits.length)) hits.push({ concept: this.info(i), score, match: "search" });
    return hits;
  }

  /** BM25 over concept names (terms.ts), ties by films, then key. */
  private bm25(text: string, keep: (i: number) => boolean): { i: number; score: number }[] {
    const postings = [...new Set(matchTerms(text))].flatMap((t) => {
      const docs = this.termIndex.get(t);
      return docs ? [{ docs: Array.from(docs, (doc) => ({ doc, length: this.parts.termCounts[doc]! })) }] : [];
    });
    const scores = bm25Scores(postings, this.size, this.averageTerms, keep);
    return [...scores].map(([i, score]) => ({ i, score })).sort((a, b) => b.score - a.score || this.filmCount(b.i) - this.filmCount(a.i) || a.i - b.i);
  }

  async conceptsOf(films: readonly string[], options: { limit?: number } = {}): Promise<Map<string, FilmConceptLink[]>> {
    const out = new Map<string, FilmConceptLink[]>();
    const rows = this.parts.byFilm;
    for (const film of films) {
      if (out.has(film)) continue;
      const node = this.films.indexOf(film);
      const list: FilmConceptLink[] = [];
      if (node !== undefined && node + 1 < rows.offsets.length) {
        const [from, to] = [rows.offsets[node]!, rows.offsets[node + 1]!];
        for (let k = from; k < Math.min(to, from + (options.limit ?? Infinity)); k++) {
          list.push({ concept: this.info(rows.targets[k]!), weight: rows.weights[k]!, sources: SOURCE_LISTS[rows.sources[k]!]! });
        }
      }
      out.set(film, list);
    }
    return out;
  }

  async filmsOf(keys: readonly string[], options: { limit?: number } = {}): Promise<Map<string, ConceptFilmLink[]>> {
    const out = new Map<string, ConceptFilmLink[]>();
    const rows = this.parts.byConcept;
    for (const key of keys) {
      const i = this.indexOfKey(key);
      if (i === undefined || out.has(key)) continue;
      const [from, to] = [rows.offsets[i]!, rows.offsets[i + 1]!];
      const list: ConceptFilmLink[] = [];
      for (let k = from; k < Math.min(to, from + (options.limit ?? Infinity)); k++) {
        list.push({ film: this.films.nameAt(rows.targets[k]!), weight: rows.weights[k]!, sources: SOURCE_LISTS[rows.sources[k]!]! });
      }
      out.set(key, list);
    }
    return out;
  }

  async related(key: string, options: { limit?: number } = {}): Promise<{ concept: ConceptInfo; weight: number }[]> {
    const i = this.indexOfKey(key);
    if (i === undefined) return [];
    const rows = this.parts.related;
    const [from, to] = [rows.offsets[i]!, rows.offsets[i + 1]!];
    const out: { concept: ConceptInfo; weight: number }[] = [];
    for (let k = from; k < Math.min(to, from + (options.limit ?? Infinity)); k++) out.push({ concept: this.info(rows.targets[k]!), weight: rows.weights[k]! });
    return out;
  }

  async community(id: string): Promise<CommunityReport | undefined> {
    const i = this.reportById.get(id);
    return i === undefined ? undefined : this.parts.reports[i];
  }

  async communitiesOf(key: string): Promise<string[]> {
    const i = this.indexOfKey(key);
    if (i === undefined) return [];
    const path: string[] = [];
    for (let at = this.parts.leafOf[i]!; at >= 0; ) {
      const r = this.parts.reports[at]!;
      path.unshift(r.id);
      at = r.parent === undefined ? -1 : this.reportById.get(r.parent)!;
    }
    return path;
  }

  async searchCommunities(query: string, options: { level?: number; limit?: number } = {}): Promise<CommunityHit[]> {
    this.communitySearch ??= new CommunitySearch(this.parts.reports);
    return this.communitySearch.search(query, options);
  }

  private indexOfKey(key: string): number | undefined {
    const hit = this.keyIndex.get(key);
    return hit && hit.length ? hit[0] : undefined;
  }

  private filmCount(i: number): number {
    return this.parts.byConcept.offsets[i + 1]! - this.parts.byConcept.offsets[i]!;
  }

  /** A concept's info, made once per concept and kept, frozen (concepts do not change). */
  private info(i: number): ConceptInfo {
    let hit = this.infos.get(i);
    if (!hit) {
      hit = Object.freeze({ key: this.keys.get(i), name: this.names.get(i), type: CONCEPT_TYPES[this.parts.types[i]!]!, films: this.filmCount(i), sources: SOURCE_LISTS[this.parts.sources[i]!]! });
      this.infos.set(i, hit);
    }
    return hit;
  }
}
