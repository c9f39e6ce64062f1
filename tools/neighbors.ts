import { z } from "zod";
import { EDGE_SPECS, EDGE_TYPES } from "../src/kb/schema";
import { makeEvidence, tripleFrom, tripleText, type Evidence } from "./evidence";
import { resolveEntity } from "./entities";
import { defineTool, type ToolContext } from "./tool";

const Name = z.string().trim().min(1, "an entity name must not be empty").max(300);

export const NeighborsInput = z
  .object({
    entity: Name.optional(),
    /** Several entities at once ("the directors of these films"); each neighbour says which it came from. */
    entities: z.array(Name).min(1).max(50).optional(),
    edge: z.enum(EDGE_TYPES).optional(),
    direction: z.enum(["out", "in", "both"]).default("both"),
    limit: z.number().int().min(1).max(500).default(50),
  })
  .strict()
  .refine((v) => (v.entity === undefined) !== (v.entities === undefined), { message: "give entity or entities, not both and not neither" });

/** The exact neighbours of one entity (or several) by relation and direction, as triples. */
export const neighbors = defineTool({
  name: "neighbors",
  description:
    "List an entity's neighbours in the knowledge graph (or several entities' with `entities`), optionally for one relation (DIRECTED, WROTE, ACTED_IN: person→movie; RELEASED_IN, IN_LANGUAGE, HAS_GENRE, HAS_TAG, HAS_RATING, HAS_VOTES: movie→value) and direction. Returns exact triples.",
  input: NeighborsInput,
  async run(input, ctx) {
    const names = input.entities ?? [input.entity!];
    const out = { evidence: [] as Evidence[], notes: [] as string[] };
    for (const name of names) {
      const r = await neighboursOf(name, input, ctx);
      out.evidence.push(...r.evidence);
      out.notes.push(...r.notes);
    }
    return out;
  },
});

async function neighboursOf(name: string, input: { edge?: (typeof EDGE_TYPES)[number]; direction: "out" | "in" | "both"; limit: number }, ctx: ToolContext): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const e = resolveEntity(ctx.kb, name);
  const query = { edges: input.edge ? [input.edge] : undefined, direction: input.direction };
  const list = await ctx.kb.graph.neighbors(e.id, { ...query, limit: input.limit });
  const notes: string[] = [];
  if (e.name !== name) notes.push(`neighbors: "${name}" resolved to "${e.name}"`);
  if (list.length === 0) notes.push(`neighbors: ${e.name} has no ${input.edge ?? ""} neighbours${input.direction === "both" ? "" : ` in direction ${input.direction}`}`.replace("  ", " "));
  else if (list.length === input.limit) {
    const total = await ctx.kb.graph.degree(e.id, query);
    if (total > list.length) notes.push(`neighbors: showing ${list.length} of ${total} for ${e.name}; raise limit for more`);
  }
  const evidence = list.map((nb, i) => {
    const t = tripleFrom(e.id, nb.edge, nb.direction, nb.id);
    return makeEvidence({ kind: "triple", text: tripleText(t), nodeIds: [t.subject, t.object], focus: nb.id, focusType: nb.direction === "out" ? EDGE_SPECS[nb.edge].to : EDGE_SPECS[nb.edge].from, path: [t], score: 1 - i / (list.length + 1), tool: "neighbors", step: ctx.step, meta: { edge: nb.edge, direction: nb.direction, from: e.id } });
  });
  return { evidence, notes };
}
