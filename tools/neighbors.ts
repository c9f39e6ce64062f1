import { z } from "zod";
import { EDGE_TYPES } from "../src/kb/schema";
import { makeEvidence, tripleFrom, tripleText } from "./evidence";
import { resolveEntity } from "./entities";
import { defineTool } from "./tool";

export const NeighborsInput = z
  .object({
    entity: z.string().trim().min(1, "entity must not be empty").max(300),
    edge: z.enum(EDGE_TYPES).optional(),
    direction: z.enum(["out", "in", "both"]).default("both"),
    limit: z.number().int().min(1).max(500).default(50),
  })
  .strict();

/** The exact neighbours of one entity by relation and direction, as triples. */
export const neighbors = defineTool({
  name: "neighbors",
  description:
    "List an entity's neighbours in the knowledge graph, optionally for one relation (DIRECTED, WROTE, ACTED_IN: person→movie; RELEASED_IN, IN_LANGUAGE, HAS_GENRE, HAS_TAG, HAS_RATING, HAS_VOTES: movie→value) and direction. Returns exact triples.",
  input: NeighborsInput,
  async run(input, ctx) {
    const e = resolveEntity(ctx.kb, input.entity);
    const query = { edges: input.edge ? [input.edge] : undefined, direction: input.direction };
    const list = await ctx.kb.graph.neighbors(e.id, { ...query, limit: input.limit });
    const notes: string[] = [];
    if (e.name !== input.entity) notes.push(`neighbors: "${input.entity}" resolved to "${e.name}"`);
    if (list.length === 0) notes.push(`neighbors: ${e.name} has no ${input.edge ?? ""} neighbours${input.direction === "both" ? "" : ` in direction ${input.direction}`}`.replace("  ", " "));
    else if (list.length === input.limit) {
      const total = await ctx.kb.graph.degree(e.id, query);
      if (total > list.length) notes.push(`neighbors: showing ${list.length} of ${total}; raise limit for more`);
    }
    const evidence = list.map((nb, i) => {
      const t = tripleFrom(e.id, nb.edge, nb.direction, nb.id);
      return makeEvidence({ kind: "triple", text: tripleText(t), nodeIds: [t.subject, t.object], focus: nb.id, path: [t], score: 1 - i / (list.length + 1), tool: "neighbors", step: ctx.step, meta: { edge: nb.edge, direction: nb.direction } });
    });
    return { evidence, notes };
  },
});
