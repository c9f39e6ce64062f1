import { CONCEPT_TYPES, type CommunityReport, type ConceptType } from "../../../ports/concept-graph";
import type { CommunityTree } from "./communities";
import type { CooccurrenceEdge } from "./cooccurrence";

/**
 * Each community's report, computed from the data (no model): its most central concepts (strength
 * inside the community × specificity), the films that hold the most of them, the genres and decades
 * of those films, and a summary written from these fields.
 */
export interface ReportInput {
  keys: readonly string[];
  names: readonly string[];
  types: Uint8Array;
  /** Per concept: its films (KB nodes) and link weights, in the same order. */
  films: readonly { nodes: ArrayLike<number>; weights: ArrayLike<number> }[];
  /** Films holding any concept (for specificity). */
  totalFilms: number;
  edges: readonly CooccurrenceEdge[];
  tree: CommunityTree;
  /** A KB node's name, genres and release year. */
  film: (node: number) => { name: string; genres: readonly string[]; year?: number };
}

export const REPORT_SIZES = { topConcepts: 10, representativeFilms: 10, genres: 5, decades: 5, titleConcepts: 3 };

export function buildReports(input: ReportInput): CommunityReport[] {
  const strength = new Float64Array(input.keys.length);
  const { communities } = input.tree;
  const edgesOf = new Map<number, CooccurrenceEdge[]>();
  for (const e of input.edges) {
    (edgesOf.get(e.a) ?? edgesOf.set(e.a, []).get(e.a)!).push(e);
    (edgesOf.get(e.b) ?? edgesOf.set(e.b, []).get(e.b)!).push(e);
  }
  return communities.map((community, index) => {
    // Strength inside: the sum of a concept's edge weights to the community's other members.
    const members = new Set(community.members);
    for (const m of community.members) {
      let s = 0;
      for (const e of edgesOf.get(m) ?? []) if (members.has(e.a === m ? e.b : e.a)) s += e.npmi;
      strength[m] = s;
    }
    return report(input, index, community.members, strength);
  });
}

function report(input: ReportInput, index: number, members: readonly number[], strength: Float64Array): CommunityReport {
  const c = input.tree.communities[index]!;
  const specificity = (m: number) => Math.log1p(input.totalFilms / Math.max(1, input.films[m]!.nodes.length));
  const ranked = [...members].map((m) => ({ m, w: strength[m]! * specificity(m) })).sort((a, b) => b.w - a.w || a.m - b.m);
  const topConcepts = ranked.slice(0, REPORT_SIZES.topConcepts).map(({ m, w }) => ({ key: input.keys[m]!, name: input.names[m]!, type: CONCEPT_TYPES[input.types[m]!]! as ConceptType, weight: round(w) }));

  // A film belongs to the community's films when it holds two of its concepts (one, for a pair).
  const held = new Map<number, { count: number; weight: number }>();
  for (const m of members) {
    const { nodes, weights } = input.films[m]!;
    for (let k = 0; k < nodes.length; k++) {
      const h = held.get(nodes[k]!) ?? { count: 0, weight: 0 };
      h.count++;
      h.weight += weights[k]!;
      held.set(nodes[k]!, h);
    }
  }
  const need = Math.min(2, members.length);
  const films = [...held].filter(([, h]) => h.count >= need).map(([node, h]) => ({ node, ...h, info: input.film(node) }));
  films.sort((a, b) => b.weight - a.weight || (a.info.name < b.info.name ? -1 : a.info.name > b.info.name ? 1 : 0));
  const representativeFilms = films.slice(0, REPORT_SIZES.representativeFilms).map((f) => ({ film: f.info.name, weight: round(f.weight) }));
  const genres = shares(films.flatMap((f) => [...new Set(f.info.genres)]), films.length, REPORT_SIZES.genres).map(([name, share]) => ({ name, share }));
  const decades = shares(films.flatMap((f) => (f.info.year ? [Math.floor(f.info.year / 10) * 10] : [])), films.length, REPORT_SIZES.decades).map(([decade, share]) => ({ decade, share }));
  const title = topConcepts.slice(0, REPORT_SIZES.titleConcepts).map((t) => t.name).join(", ");
  const parent = c.parent >= 0 ? input.tree.communities[c.parent]!.id : undefined;
  const base = { id: c.id, level: c.level, ...(parent ? { parent } : {}), children: c.children.map((i) => input.tree.communities[i]!.id), title, concepts: members.length, films: films.length, topConcepts, representativeFilms, genres, decades };
  return { ...base, summary: summarize(base, films.slice(0, 3).map((f) => (f.info.year ? `${f.info.name} (${f.info.year})` : f.info.name))) };
}

/** Each value's share of `total`, largest first (ties by value), the first `n`. */
function shares<T extends string | number>(values: readonly T[], total: number, n: number): [T, number][] {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, n)
    .map(([v, k]) => [v, round(k / Math.max(1, total), 3)]);
}

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** One or two sentences from the report's own fields. */
export function summarize(r: Omit<CommunityReport, "summary">, examples: readonly string[]): string {
  const kinds = [...new Set(r.topConcepts.map((t) => t.type))].filter((t) => t !== "phrase").slice(0, 3);
  const about = r.topConcepts.slice(0, 5).map((t) => t.name);
  const first = `${r.concepts} concepts around ${list(about)}${kinds.length ? ` (${kinds.join(", ")})` : ""}, held together by ${r.films} films`;
  const genre = r.genres.slice(0, 2).map((g) => `${g.name} ${percent(g.share)}`);
  const decade = r.decades.slice(0, 2).map((d) => `the ${d.decade}s`);
  const spread = [genre.length ? `mostly ${list(genre)}` : "", decade.length ? `from ${list(decade)}` : ""].filter(Boolean).join(", ");
  const second = examples.length ? `Films such as ${list(examples)}.` : "";
  return [`${first}${spread ? `, ${spread}` : ""}.`, second].filter(Boolean).join(" ");
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
