import type { z } from "zod";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { EDGE_SPECS, type EdgeType, type NodeType } from "../src/kb/schema";
import { conceptMembers, type Concept } from "./find-movies";
import { makeEvidence, type Evidence, type ToolName } from "./evidence";

/**
 * How the films of a kind (every film the KB or TMDB files under the concept) split across the
 * KB's genres: one evidence item per genre with its count and share, plus one that states the
 * whole distribution. Shares are of the films that have any KB genre.
 */
export async function genreDistribution(kb: KnowledgeBase, concept: z.infer<typeof Concept>, step: number): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const members = [...(await conceptMembers(kb, concept)).movies].sort();
  if (members.length === 0) return { evidence: [], notes: [`breadth_first: no film is filed under ${concept.label}`] };
  return genreDistributionOf(kb, members, { label: concept.label, tool: "breadth_first" }, step);
}

/**
 * How a set of films splits across the KB's genres (a kind of film's, or a person's films: "are
 * Stephen King movies horror or drama?"), stated as evidence by the tool that found the films.
 */
export function genreDistributionOf(kb: KnowledgeBase, films: readonly string[], of: { label: string; tool: ToolName }, step: number): Promise<{ evidence: Evidence[]; notes: string[] }> {
  return facetOf(kb, films, { edge: "HAS_GENRE", direction: "out" }, of, step);
}

const VALUE_WORD: Readonly<Record<EdgeType, string>> = { DIRECTED: "directed", WROTE: "wrote", ACTED_IN: "acted in", RELEASED_IN: "are from", IN_LANGUAGE: "are in", HAS_GENRE: "are", HAS_TAG: "are tagged", HAS_RATING: "are rated", HAS_VOTES: "have votes" };

/**
 * How a set of films splits by what one relation reaches from each (their genres, their directors,
 * their cast): one evidence item per value with how many of the films have it, its share and a few
 * of them, plus one that states the whole split. Shares are of the films that have any such value.
 */
export async function facetOf(kb: KnowledgeBase, films: readonly string[], hop: { edge: EdgeType; direction: "out" | "in" }, of: { label: string; tool: ToolName }, step: number): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const concept = { label: of.label };
  const members = [...new Set(films)].sort();
  const valuesOf = await kb.graph.neighborsMany(members, { edges: [hop.edge], direction: hop.direction });
  const valueType: NodeType = hop.direction === "out" ? EDGE_SPECS[hop.edge].to : EDGE_SPECS[hop.edge].from;
  const counts = new Map<string, string[]>();
  let withValue = 0;
  for (const m of members) {
    const vs = [...new Set((valuesOf.get(m) ?? []).map((v) => v.id))];
    if (vs.length) withValue++;
    for (const v of vs) counts.set(v, [...(counts.get(v) ?? []), m]);
  }
  const what = hop.edge === "HAS_GENRE" ? "genre" : `${EDGE_SPECS[hop.edge].forwardLabel} link`;
  if (withValue === 0) return { evidence: [], notes: [`${of.tool}: none of the ${members.length} films of ${concept.label} has a ${what} in the KB`] };
  const rows = [...counts.entries()].map(([value, films]) => ({ value, films, share: films.length / withValue })).sort((a, b) => b.films.length - a.films.length || (a.value < b.value ? -1 : 1));
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const evidence: Evidence[] = [
    makeEvidence({
      kind: "node",
      text: `Of the ${withValue} films of ${concept.label} with a ${what} in the KB (${members.length} in all): ${rows.slice(0, 6).map((r) => `${r.value} ${pct(r.share)} (${r.films.length})`).join(", ")}`,
      nodeIds: rows.slice(0, 6).map((r) => r.value),
      focus: `(${hop.edge === "HAS_GENRE" ? "distribution" : `${hop.edge} split`} of ${concept.label})`,
      score: 1,
      tool: of.tool,
      step,
      meta: { role: "distribution", concept: concept.label, films: members.length, withGenre: withValue, edge: hop.edge },
    }),
  ];
  const verb = VALUE_WORD[hop.edge];
  rows.slice(0, 200).forEach((r, i) => {
    const examples = r.films.map((f) => ({ f, pop: kb.catalog.tmdb(f)?.popularity ?? -1 })).sort((a, b) => b.pop - a.pop || (a.f < b.f ? -1 : 1)).slice(0, 3).map((x) => x.f);
    const text = hop.direction === "in" ? `${r.value} ${verb} ${r.films.length} of the ${withValue} ${concept.label} films (${pct(r.share)}), e.g. ${examples.join(", ")}` : `${r.films.length} of ${withValue} ${concept.label} films (${pct(r.share)}) ${verb} ${r.value}, e.g. ${examples.join(", ")}`;
    evidence.push(
      makeEvidence({
        kind: "path",
        text,
        nodeIds: [r.value, ...examples],
        focus: r.value,
        focusType: valueType,
        path: examples.map((f) => (hop.direction === "out" ? { subject: f, edge: hop.edge, object: r.value } : { subject: r.value, edge: hop.edge, object: f })),
        score: Math.round(r.share * 1000) / 1000,
        tool: of.tool,
        step,
        meta: { role: "share", genre: r.value, count: r.films.length, of: withValue, share: Math.round(r.share * 1000) / 1000, rank: i + 1, edge: hop.edge },
      }),
    );
  });
  return { evidence, notes: rows.length > 200 ? [`${of.tool}: showing the 200 commonest of ${rows.length} values`] : [] };
}
