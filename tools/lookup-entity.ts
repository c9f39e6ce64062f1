import { z } from "zod";
import { NODE_TYPES } from "../src/kb/schema";
import { makeEvidence } from "./evidence";
import { tmdbOnlyEvidence } from "./tmdb-only-evidence";
import { tmdbOnlyName } from "../src/plan/schema";
import { defineTool } from "./tool";

export const LookupEntityInput = z
  .object({
    mention: z.string().trim().min(1, "mention must not be empty").max(300),
    types: z.array(z.enum(NODE_TYPES)).min(1).optional(),
    limit: z.number().int().min(1).max(20).default(5),
  })
  .strict();

/**
 * Entity linking as a tool: a name (possibly misspelt or partial) to ranked KB nodes. A film TMDB lists under that
 * name and the KB lacks is reported too, as what TMDB holds of it (films may be asked for; no KB node is made up).
 */
export const lookupEntity = defineTool({
  name: "lookup_entity",
  description:
    "Find knowledge-graph entities by name: exact, case/accent-insensitive, typo-tolerant, or partial ('Nolan' lists the Nolans by prominence). Returns candidates with type, match kind and score; a film TMDB lists under the name that the graph lacks comes with its TMDB facts (year, genres, figures, overview; no people).",
  input: LookupEntityInput,
  async run(input, ctx) {
    const cands = ctx.kb.linker.link(input.mention, { types: input.types, limit: input.limit });
    const films = !input.types || input.types.includes("Movie") ? ctx.kb.catalog.tmdbOnly(input.mention).slice(0, input.limit) : [];
    const tmdb = films.map((f) => tmdbOnlyEvidence(f, "lookup_entity", ctx.step));
    const notes = films.length ? [`lookup_entity: TMDB 5000 lists ${films.map(tmdbOnlyName).join(", ")} under "${input.mention}", a film the knowledge graph lacks`] : [];
    if (cands.length === 0) return { evidence: tmdb, notes: [...notes, `lookup_entity: no entity is named like "${input.mention}"${input.types ? ` among ${input.types.join(", ")}` : ""}`] };
    return {
      notes,
      evidence: [...tmdb, ...cands.map((c) =>
        makeEvidence({
          kind: "node",
          text: `${c.name} (${c.types.join("/")}, ${c.degree} links; ${c.match} match, score ${c.score})`,
          nodeIds: [c.id],
          focus: c.id,
          focusType: c.type,
          score: c.score,
          tool: "lookup_entity",
          step: ctx.step,
          meta: { match: c.match, degree: c.degree },
        }),
      )],
    };
  },
});
