import { z } from "zod";
import { isAppError } from "../src/errors";
import { CONCEPT_TYPES, type ConceptInfo, type FilmConceptLink } from "../src/ports/concept-graph";
import { makeEvidence, type Evidence } from "./evidence";
import { resolveEntity } from "./entities";
import { defineTool, type ToolContext } from "./tool";

export const FindConceptsInput = z
  .object({
    /** A phrase: the concepts it names (exact names first, then BM25 over concept names). */
    query: z.string().trim().min(1, "query must not be empty").max(500).optional(),
    /** Films: the concepts each holds, strongest first. */
    films: z.array(z.string().trim().min(1).max(300)).min(1).max(10).optional(),
    /** Concept keys (`type:name`, as this tool returns them): the films each is held by, strongest first. */
    concepts: z.array(z.string().trim().min(3).max(300)).min(1).max(10).optional(),
    types: z.array(z.enum(CONCEPT_TYPES)).min(1).optional(),
    /** Concepts per query, concepts per film, or films per concept. */
    limit: z.number().int().min(1).max(50).default(10),
  })
  .strict()
  .refine((v) => [v.query, v.films, v.concepts].filter((x) => x !== undefined).length === 1, {
    message: "give exactly one of query (a phrase → concepts), films (films → their concepts) or concepts (concept keys → their films)",
    path: ["query"],
  });

type Input = z.infer<typeof FindConceptsInput>;

/** "setting Prague (6 films; TMDB keyword, plot)". */
function describe(c: ConceptInfo): string {
  return `${c.type} ${c.name} (${c.films} film${c.films === 1 ? "" : "s"}; ${c.sources.map((s) => s.replace("_", " ")).join(", ")})`;
}

/**
 * The concept graph's look-ups as a tool: what a phrase names (themes, settings, characters, moods,
 * series, genres, plot phrases), what a film is about, which films hold a concept. Every item
 * carries the concept key and its score or weight.
 */
export const findConcepts = defineTool({
  name: "find_concepts",
  description:
    "Look up the concept graph (themes, settings/places, characters, moods, series, genres and plot phrases, built from TMDB keywords, tags, plots and overviews). Give `query` to find the concepts a phrase names ('strong woman', 'Prague', 'heist'); `films` to list what films are about, strongest first; or `concepts` (keys such as 'setting:prague') to list the films that hold them, strongest first.",
  input: FindConceptsInput,
  async run(input, ctx) {
    if (input.query !== undefined) return byPhrase(input.query, input, ctx);
    if (input.films) return byFilms(input.films, input, ctx);
    return byConcepts(input.concepts!, input, ctx);
  },
});

async function byPhrase(query: string, input: Input, ctx: ToolContext): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const hits = await ctx.kb.concepts.find(query, { types: input.types, limit: input.limit });
  if (hits.length === 0) return { evidence: [], notes: [`find_concepts: no concept is named like "${query}"${input.types ? ` among ${input.types.join(", ")}` : ""}; try full_text for the words themselves`] };
  const evidence = hits.map((h) =>
    makeEvidence({
      kind: "node",
      text: `Concept ${describe(h.concept)}: ${h.match === "exact" ? "named exactly" : "name matches"} "${query}"`,
      nodeIds: [],
      focus: h.concept.key,
      score: h.score,
      tool: "find_concepts",
      step: ctx.step,
      meta: { role: "concept", concept: h.concept.key, conceptType: h.concept.type, films: h.concept.films, match: h.match },
    }),
  );
  return { evidence, notes: [] };
}

async function byFilms(names: readonly string[], input: Input, ctx: ToolContext): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const notes: string[] = [];
  const films: string[] = [];
  for (const name of names) {
    try {
      const e = resolveEntity(ctx.kb, name);
      if (e.types.includes("Movie")) films.push(e.id);
      else notes.push(`find_concepts: "${name}" is a ${e.type}, not a film`);
    } catch (err) {
      if (!isAppError(err)) throw err;
      notes.push(`find_concepts: ${err.message}`);
    }
  }
  const allowed = input.types ? new Set<string>(input.types) : undefined;
  // With a type filter, read every link of the film and keep the first `limit` of those types.
  const links = await ctx.kb.concepts.conceptsOf(films, allowed ? {} : { limit: input.limit });
  const evidence: Evidence[] = [];
  for (const film of films) {
    const list = (links.get(film) ?? []).filter((l) => !allowed || allowed.has(l.concept.type)).slice(0, input.limit);
    if (list.length === 0) notes.push(`find_concepts: the concept graph holds no ${input.types ? `${input.types.join("/")} ` : ""}concept of "${film}"`);
    const top = list[0]?.weight || 1;
    for (const l of list) evidence.push(linkEvidence(film, l, top, ctx));
  }
  return { evidence, notes };
}

function linkEvidence(film: string, l: FilmConceptLink, top: number, ctx: ToolContext): Evidence {
  return makeEvidence({
    kind: "node",
    text: `${film} is about ${describe(l.concept)}, found by ${l.sources.map((s) => s.replace("_", " ")).join(", ")} (weight ${round(l.weight)})`,
    nodeIds: [film],
    focus: film,
    focusType: "Movie",
    score: round(l.weight / top),
    tool: "find_concepts",
    step: ctx.step,
    scope: l.concept.key,
    meta: { role: "film", concept: l.concept.key, conceptType: l.concept.type, weight: round(l.weight), sources: l.sources.join(" ") },
  });
}

async function byConcepts(keys: readonly string[], input: Input, ctx: ToolContext): Promise<{ evidence: Evidence[]; notes: string[] }> {
  const infos = await ctx.kb.concepts.get(keys);
  const known = keys.filter((_, i) => infos[i] !== undefined);
  const notes = keys.filter((_, i) => infos[i] === undefined).map((k) => `find_concepts: no concept has the key "${k}"; keys look like "setting:prague" (find them with query)`);
  const films = await ctx.kb.concepts.filmsOf(known, { limit: input.limit });
  const evidence: Evidence[] = [];
  for (const [i, key] of keys.entries()) {
    const info = infos[i];
    if (!info) continue;
    const list = films.get(key) ?? [];
    if (info.films > list.length) notes.push(`find_concepts: ${info.type} ${info.name}: showing ${list.length} of ${info.films} films`);
    const top = list[0]?.weight || 1;
    for (const f of list) evidence.push(linkEvidence(f.film, { concept: info, weight: f.weight, sources: f.sources }, top, ctx));
  }
  return { evidence, notes };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
