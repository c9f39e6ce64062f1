import type { KbGraphData } from "../../kb/graph-data";
import type { MovieFacts } from "../../kb/documents";
import { indexTerms } from "../../kb/text-fields";
import { entryOf } from "../../util/text";
import type { TextField, TextHit, StoryQuery } from "../../ports/text-index";

/**
 * Each film's story as one document (its title, plot, TMDB overview and keywords, tags and genres)
 * under plain BM25: what a half-remembered film is found by. One field, so a word counts the same
 * wherever the film's texts say it, and the score is a sum over the query's terms with no bonus for
 * matching many common ones (the per-field BM25+ of the general index favours long texts that hold
 * many everyday words). Compact postings in typed arrays, kept in the snapshot.
 */
export interface StoryIndexData {
  /** Index terms, sorted; a term's postings are docs[offsets[t] .. offsets[t+1]). */
  terms: string[];
  offsets: Int32Array;
  /** Film node ids. */
  docs: Int32Array;
  /** Term frequency in the document (capped at 255). */
  tf: Uint8Array;
  /** Which fields hold the term: 1 title, 2 plot, 4 overview, 8 tags/keywords/genres. */
  fields: Uint8Array;
  /** Document length in terms, by film node id (0 for other nodes). */
  length: Float32Array;
}

/** BM25 parameters, tuned on the training split of real half-remembered requests (k1 1.2, b 0.5). */
const K1 = 1.2;
const B = 0.5;
const FIELD_BIT: Readonly<Record<string, number>> = { title: 1, plot: 2, overview: 4, tags: 8 };
const FIELD_OF: readonly [number, TextField][] = [
  [1, "name"],
  [2, "plot"],
  [4, "overview"],
  [8, "tags"],
];

export function buildStoryIndex(data: KbGraphData, facts: readonly MovieFacts[]): StoryIndexData {
  const keywords = new Map((data.tmdbFacts ?? []).map((t) => [t.movie, t.keywords]));
  const postings = new Map<string, { doc: number; tf: number; fields: number }[]>();
  const length = new Float32Array(data.names.length);
  for (const f of facts) {
    const counts = new Map<string, { tf: number; fields: number }>();
    const add = (text: string | undefined, field: keyof typeof FIELD_BIT) => {
      if (!text) return;
      for (const t of indexTerms(text)) {
        if (/^\d+$/.test(t)) continue;
        const c = counts.get(t) ?? { tf: 0, fields: 0 };
        c.tf++;
        c.fields |= FIELD_BIT[field]!;
        counts.set(t, c);
        length[f.node]!++;
      }
    };
    add(f.title, "title");
    add(data.plots[f.node], "plot");
    add(data.overviews[f.node], "overview");
    add([...(keywords.get(f.title) ?? []), ...f.tags, ...f.genres].join(" ; "), "tags");
    for (const [t, c] of counts) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push({ doc: f.node, tf: Math.min(255, c.tf), fields: c.fields });
    }
  }
  const terms = [...postings.keys()].sort();
  const offsets = new Int32Array(terms.length + 1);
  let total = 0;
  terms.forEach((t, i) => {
    offsets[i] = total;
    total += postings.get(t)!.length;
  });
  offsets[terms.length] = total;
  const docs = new Int32Array(total);
  const tf = new Uint8Array(total);
  const fields = new Uint8Array(total);
  terms.forEach((t, i) => {
    postings.get(t)!.forEach((p, k) => {
      docs[offsets[i]! + k] = p.doc;
      tf[offsets[i]! + k] = p.tf;
      fields[offsets[i]! + k] = p.fields;
    });
  });
  return { terms, offsets, docs, tf, fields, length };
}

/** Searches stories: each distinct query term's BM25 (times its weight), summed; the top `limit` films. */
export class StoryIndex {
  private readonly termIds: Map<string, number>;
  private readonly films: number;
  private readonly avgLength: number;

  constructor(
    private readonly d: StoryIndexData,
    private readonly names: readonly string[],
  ) {
    this.termIds = new Map(d.terms.map((t, i) => [t, i]));
    let n = 0;
    let sum = 0;
    for (const l of d.length) if (l > 0) (n++, (sum += l));
    this.films = Math.max(1, n);
    this.avgLength = sum / Math.max(1, n);
  }

  search(query: string, options: StoryQuery = {}): TextHit[] {
    const limit = options.limit ?? 10;
    const weights = options.termWeights ?? {};
    const terms = [...new Set(indexTerms(query))].filter((t) => this.termIds.has(t) && (entryOf(weights, t) ?? 1) > 0);
    const score = new Float64Array(this.names.length);
    const matched = options.coordination ? new Uint16Array(this.names.length) : undefined;
    const mask = options.fields ? FIELD_OF.filter(([, f]) => options.fields!.includes(f)).reduce((m, [bit]) => m | bit, 0) : 0xff;
    const touched: number[] = [];
    for (const t of terms) {
      const id = this.termIds.get(t)!;
      const from = this.d.offsets[id]!;
      const to = this.d.offsets[id + 1]!;
      const df = to - from;
      const idf = Math.log(1 + (this.films - df + 0.5) / (df + 0.5)) * (entryOf(weights, t) ?? 1);
      for (let k = from; k < to; k++) {
        if ((this.d.fields[k]! & mask) === 0) continue;
        const doc = this.d.docs[k]!;
        const tf = this.d.tf[k]!;
        if (score[doc] === 0) touched.push(doc);
        if (matched) matched[doc]!++;
        score[doc]! += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.d.length[doc]!) / this.avgLength));
      }
    }
    if (matched) for (const doc of touched) score[doc]! *= matched[doc]! ** options.coordination!;
    const among = options.among;
    const top = topDocs(among ? touched.filter((doc) => among.has(this.names[doc]!)) : touched, score, limit);
    return top.map((doc) => ({ id: this.names[doc]!, type: "Movie" as const, score: Math.round(score[doc]! * 10000) / 10000, matched: this.matchedIn(doc, terms, mask) }));
  }

  /** Which of the terms a film holds, and in which of its texts (postings are in node order: a binary search each). */
  private matchedIn(doc: number, terms: readonly string[], mask: number): Record<string, TextField[]> {
    const out: Record<string, TextField[]> = {};
    for (const t of terms) {
      const id = this.termIds.get(t)!;
      let lo = this.d.offsets[id]!;
      let hi = this.d.offsets[id + 1]! - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const v = this.d.docs[mid]!;
        if (v === doc) {
          if ((this.d.fields[mid]! & mask) !== 0) out[t] = FIELD_OF.filter(([bit]) => (this.d.fields[mid]! & bit) !== 0).map(([, f]) => f);
          break;
        }
        if (v < doc) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    return out;
  }
}

/** The `limit` best-scored documents, best first (ties by document order), without sorting every document touched. */
function topDocs(touched: readonly number[], score: Float64Array, limit: number): number[] {
  const better = (a: number, b: number) => score[a]! > score[b]! || (score[a]! === score[b]! && a < b);
  // A min-heap of the best so far: its root is the worst kept.
  const heap: number[] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let w = i;
      if (l < heap.length && better(heap[w]!, heap[l]!)) w = l;
      if (r < heap.length && better(heap[w]!, heap[r]!)) w = r;
      if (w === i) return;
      [heap[i], heap[w]] = [heap[w]!, heap[i]!];
      i = w;
    }
  };
  for (const doc of touched) {
    if (heap.length < limit) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (!better(heap[p]!, heap[i]!)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (limit > 0 && better(doc, heap[0]!)) {
      heap[0] = doc;
      down(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}
