import { EDGE_TYPE_INDEX } from "../../schema";
import type { KbGraphData } from "../../graph-data";
import { collectNames } from "./collect";
import { detectCommunities, COMMUNITY_DEFAULTS, type CommunityOptions } from "./communities";
import { cooccurrenceEdges, COOCCURRENCE_DEFAULTS, type CooccurrenceEdge, type CooccurrenceOptions } from "./cooccurrence";
import type { ConceptGraphData, LinkRows } from "./data";
import { buildReports } from "./reports";
import { buildConceptTable, linkWeight } from "./table";

export interface ConceptBuildOptions {
  cooccurrence?: Partial<CooccurrenceOptions>;
  communities?: Partial<CommunityOptions>;
}

/**
 * The concept graph of a knowledge base, built with no model: names read from genres, tags, TMDB
 * keywords, title families, plots and overviews (collect.ts), typed (typing.ts), linked to films with
 * specificity weights (table.ts), joined by co-occurrence (cooccurrence.ts), grouped into seeded
 * Louvain communities (communities.ts) with reports (reports.ts), and packed in flat arrays (data.ts).
 */
export function buildConceptGraphData(data: KbGraphData, options: ConceptBuildOptions = {}): ConceptGraphData {
  const t0 = performance.now();
  const collected = collectNames(data);
  const t1 = performance.now();
  const table = buildConceptTable(collected);
  const n = table.keys.length;
  const byConcept = conceptRows(table.links, table.films, data.names);
  const t2 = performance.now();
  const filmsOf = Array.from({ length: n }, (_, c) => byConcept.targets.subarray(byConcept.offsets[c]!, byConcept.offsets[c + 1]!).slice().sort());
  const edges = cooccurrenceEdges(filmsOf, table.films, { ...COOCCURRENCE_DEFAULTS, ...options.cooccurrence });
  const t3 = performance.now();
  const tree = detectCommunities(n, edges, { ...COMMUNITY_DEFAULTS, ...options.communities });
  const t4 = performance.now();
  const genres = filmGenres(data);
  const years = filmYears(data);
  const reports = buildReports({
    keys: table.keys,
    names: table.names,
    types: table.types,
    films: Array.from({ length: n }, (_, c) => ({ nodes: byConcept.targets.subarray(byConcept.offsets[c]!, byConcept.offsets[c + 1]!), weights: byConcept.weights.subarray(byConcept.offsets[c]!, byConcept.offsets[c + 1]!) })),
    totalFilms: table.films,
    edges,
    tree,
    film: (node) => ({ name: data.names[node]!, genres: genres.get(node) ?? [], ...(years.has(node) ? { year: years.get(node)! } : {}) }),
  });
  const t5 = performance.now();
  const ms = (a: number, b: number) => Math.round(b - a);
  return {
    keys: table.keys,
    names: table.names,
    types: table.types,
    sources: table.sources,
    byFilm: filmRows(byConcept, data.names.length),
    byConcept,
    related: relatedRows(edges, n),
    leafOf: tree.leafOf,
    reports,
    build: {
      ms: { read: ms(t0, t1), table: ms(t1, t2), cooccurrence: ms(t2, t3), communities: ms(t3, t4), reports: ms(t4, t5), total: ms(t0, t5) },
      names: collected.records.size,
      skipped: { ...table.skipped, ...collected.dropped },
      families: collected.families.length,
    },
  };
}

/** Concept → films with weights, strongest first, ties by film name. */
function conceptRows(links: readonly { film: number; sources: number }[][], totalFilms: number, names: readonly string[]): LinkRows {
  const offsets = new Int32Array(links.length + 1);
  links.forEach((l, c) => (offsets[c + 1] = offsets[c]! + l.length));
  const total = offsets[links.length]!;
  const targets = new Int32Array(total);
  const weights = new Float32Array(total);
  const sources = new Uint8Array(total);
  links.forEach((list, c) => {
    const rows = list.map((l) => ({ film: l.film, sources: l.sources, weight: linkWeight(list.length, totalFilms, l.sources) }));
    rows.sort((a, b) => b.weight - a.weight || (names[a.film]! < names[b.film]! ? -1 : names[a.film]! > names[b.film]! ? 1 : 0));
    rows.forEach((r, k) => {
      targets[offsets[c]! + k] = r.film;
      weights[offsets[c]! + k] = r.weight;
      sources[offsets[c]! + k] = r.sources;
    });
  });
  return { offsets, targets, weights, sources };
}

/** The same links by film (rows per KB node), strongest first, ties by concept index (= key order). */
function filmRows(byConcept: LinkRows, nodes: number): LinkRows {
  const counts = new Int32Array(nodes + 1);
  for (let k = 0; k < byConcept.targets.length; k++) counts[byConcept.targets[k]! + 1]!++;
  const offsets = new Int32Array(nodes + 1);
  for (let i = 0; i < nodes; i++) offsets[i + 1] = offsets[i]! + counts[i + 1]!;
  const fill = offsets.slice(0, nodes);
  const total = byConcept.targets.length;
  const targets = new Int32Array(total);
  const weights = new Float32Array(total);
  const sources = new Uint8Array(total);
  for (let c = 0; c + 1 < byConcept.offsets.length; c++) {
    for (let k = byConcept.offsets[c]!; k < byConcept.offsets[c + 1]!; k++) {
      const at = fill[byConcept.targets[k]!]!++;
      targets[at] = c;
      weights[at] = byConcept.weights[k]!;
      sources[at] = byConcept.sources[k]!;
    }
  }
  for (let i = 0; i < nodes; i++) sortRow(offsets[i]!, offsets[i + 1]!, targets, weights, sources);
  return { offsets, targets, weights, sources };
}

/** Co-occurrence edges both ways, strongest (NPMI) first, ties by concept index. */
function relatedRows(edges: readonly CooccurrenceEdge[], n: number): LinkRows {
  const counts = new Int32Array(n + 1);
  for (const e of edges) {
    counts[e.a + 1]!++;
    counts[e.b + 1]!++;
  }
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + counts[i + 1]!;
  const fill = offsets.slice(0, n);
  const targets = new Int32Array(offsets[n]!);
  const weights = new Float32Array(offsets[n]!);
  for (const e of edges) {
    for (const [from, to] of [[e.a, e.b], [e.b, e.a]] as const) {
      const at = fill[from]!++;
      targets[at] = to;
      weights[at] = Math.fround(e.npmi);
    }
  }
  for (let i = 0; i < n; i++) sortRow(offsets[i]!, offsets[i + 1]!, targets, weights);
  return { offsets, targets, weights, sources: new Uint8Array(0) };
}

/** Sorts one row's entries by weight desc, then target asc. */
function sortRow(from: number, to: number, targets: Int32Array, weights: Float32Array, sources?: Uint8Array): void {
  if (to - from < 2) return;
  const order = Array.from({ length: to - from }, (_, k) => from + k).sort((x, y) => weights[y]! - weights[x]! || targets[x]! - targets[y]!);
  const t = order.map((k) => targets[k]!);
  const w = order.map((k) => weights[k]!);
  const s = sources ? order.map((k) => sources[k]!) : [];
  targets.set(t, from);
  weights.set(w, from);
  if (sources) sources.set(s, from);
}

function filmGenres(data: KbGraphData): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (let e = 0; e < data.edgeType.length; e++) {
    if (data.edgeType[e] !== EDGE_TYPE_INDEX.HAS_GENRE) continue;
    const list = out.get(data.edgeSrc[e]!) ?? [];
    list.push(data.names[data.edgeDst[e]!]!);
    out.set(data.edgeSrc[e]!, list);
  }
  return out;
}

/** A film's earliest release year (a merged title has several). */
function filmYears(data: KbGraphData): Map<number, number> {
  const out = new Map<number, number>();
  for (let e = 0; e < data.edgeType.length; e++) {
    if (data.edgeType[e] !== EDGE_TYPE_INDEX.RELEASED_IN) continue;
    const y = Number(data.names[data.edgeDst[e]!]);
    if (!Number.isInteger(y)) continue;
    const prev = out.get(data.edgeSrc[e]!);
    if (prev === undefined || y < prev) out.set(data.edgeSrc[e]!, y);
  }
  return out;
}
