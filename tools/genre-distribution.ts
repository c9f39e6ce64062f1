import type { z } from "zod";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
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
export async function genreDistributionOf(kb: KnowledgeBase, films: readonly string[], of: { label: string; tool: ToolName }, step: number): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const concept = { label: of.label };
  const members = [...new Set(films)].sort();
  const genresOf = await kb.graph.neighborsMany(members, { edges: ["HAS_GENRE"], direction: "out" });
  const counts = new Map<string, string[]>();
  let withGenre = 0;
  for (const m of members) {
    const gs = genresOf.get(m) ?? [];
    if (gs.length) withGenre++;
    for (const g of gs) counts.set(g.id, [...(counts.get(g.id) ?? []), m]);
  }
  if (withGenre === 0) return { evidence: [], notes: [`${of.tool}: none of the ${members.length} films of ${concept.label} has a genre in the KB`] };
  const rows = [...counts.entries()].map(([genre, films]) => ({ genre, films, share: films.length / withGenre })).sort((a, b) => b.films.length - a.films.length || (a.genre < b.genre ? -1 : 1));
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const evidence: Evidence[] = [
    makeEvidence({
      kind: "node",
      text: `Of the ${withGenre} films of ${concept.label} that have a KB genre (${members.length} in all): ${rows.slice(0, 6).map((r) => `${r.genre} ${pct(r.share)} (${r.films.length})`).join(", ")}`,
      nodeIds: rows.slice(0, 6).map((r) => r.genre),
      focus: `(distribution of ${concept.label})`,
      score: 1,
      tool: of.tool,
      step,
      meta: { role: "distribution", concept: concept.label, films: members.length, withGenre },
    }),
  ];
  rows.forEach((r, i) => {
    const examples = r.films.map((f) => ({ f, pop: kb.catalog.tmdb(f)?.popularity ?? -1 })).sort((a, b) => b.pop - a.pop || (a.f < b.f ? -1 : 1)).slice(0, 3).map((x) => x.f);
    evidence.push(
      makeEvidence({
        kind: "path",
        text: `${r.films.length} of ${withGenre} ${concept.label} films (${pct(r.share)}) are ${r.genre}, e.g. ${examples.join(", ")}`,
        nodeIds: [r.genre, ...examples],
        focus: r.genre,
        focusType: "Genre",
        path: examples.map((f) => ({ subject: f, edge: "HAS_GENRE" as const, object: r.genre })),
        score: Math.round(r.share * 1000) / 1000,
        tool: of.tool,
        step,
        meta: { role: "share", genre: r.genre, count: r.films.length, of: withGenre, share: Math.round(r.share * 1000) / 1000, rank: i + 1 },
      }),
    );
  });
  return { evidence, notes: [] };
}
