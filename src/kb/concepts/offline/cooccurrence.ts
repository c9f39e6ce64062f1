/**
 * Concepts that share films, pruned to the telling pairs: both concepts in enough films (but not in
 * so many that they go with everything: "life", "Drama"), at least MIN_SHARED films in common, a
 * normalised PMI of at least MIN_NPMI (they meet more often than chance says), and each concept
 * keeping its TOP_K strongest partners (an edge stays when either end keeps it). Counting is a
 * sparse product over each film's concepts, with one scratch array: no pair map.
 */
export interface CooccurrenceOptions {
  minShared: number;
  minNpmi: number;
  topK: number;
  /** Concepts in more than this share of the films take no part. */
  maxFilmShare: number;
}

export const COOCCURRENCE_DEFAULTS: CooccurrenceOptions = { minShared: 3, minNpmi: 0.15, topK: 12, maxFilmShare: 0.04 };

export interface CooccurrenceEdge {
  a: number;
  b: number;
  /** Normalised PMI, in (0, 1]. */
  npmi: number;
  shared: number;
}

/**
 * `conceptFilms[c]`: the films (any integer ids, ascending) of concept c; `films`: how many films hold
 * any concept. Edges come out with a < b, sorted by (a, b).
 */
export function cooccurrenceEdges(conceptFilms: readonly ArrayLike<number>[], films: number, options: CooccurrenceOptions = COOCCURRENCE_DEFAULTS): CooccurrenceEdge[] {
  const n = conceptFilms.length;
  const maxFilms = Math.max(options.minShared, Math.floor(options.maxFilmShare * films));
  const eligible = (c: number) => conceptFilms[c]!.length >= options.minShared && conceptFilms[c]!.length <= maxFilms;
  // Each film's eligible concepts, ascending (concepts are visited in index order).
  const byFilm = new Map<number, number[]>();
  for (let c = 0; c < n; c++) {
    if (!eligible(c)) continue;
    const list = conceptFilms[c]!;
    for (let k = 0; k < list.length; k++) {
      const f = list[k]!;
      const held = byFilm.get(f);
      if (held) held.push(c);
      else byFilm.set(f, [c]);
    }
  }
  const count = new Int32Array(n);
  const candidates: CooccurrenceEdge[] = [];
  for (let a = 0; a < n; a++) {
    if (!eligible(a)) continue;
    const touched: number[] = [];
    const list = conceptFilms[a]!;
    for (let k = 0; k < list.length; k++) {
      for (const b of byFilm.get(list[k]!)!) {
        if (b <= a) continue;
        if (count[b] === 0) touched.push(b);
        count[b]!++;
      }
    }
    touched.sort((x, y) => x - y);
    for (const b of touched) {
      const shared = count[b]!;
      count[b] = 0;
      if (shared < options.minShared) continue;
      const npmi = normalisedPmi(shared, list.length, conceptFilms[b]!.length, films);
      if (npmi >= options.minNpmi) candidates.push({ a, b, npmi, shared });
    }
  }
  return keepTopK(candidates, n, options.topK);
}

/** ln(p(ab) / p(a)p(b)) / −ln p(ab): 1 when two concepts always go together, 0 when independent. */
export function normalisedPmi(shared: number, filmsA: number, filmsB: number, films: number): number {
  const pab = shared / films;
  if (pab >= 1) return 1;
  return Math.log((shared * films) / (filmsA * filmsB)) / -Math.log(pab);
}

function keepTopK(edges: CooccurrenceEdge[], n: number, k: number): CooccurrenceEdge[] {
  const byNode: number[][] = Array.from({ length: n }, () => []);
  edges.forEach((e, i) => {
    byNode[e.a]!.push(i);
    byNode[e.b]!.push(i);
  });
  const keep = new Uint8Array(edges.length);
  const stronger = (x: number, y: number) => edges[y]!.npmi - edges[x]!.npmi || edges[y]!.shared - edges[x]!.shared || x - y;
  for (const list of byNode) {
    list.sort(stronger);
    for (let i = 0; i < Math.min(k, list.length); i++) keep[list[i]!] = 1;
  }
  return edges.filter((_, i) => keep[i] === 1);
}
