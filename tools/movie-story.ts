import { z } from "zod";
import { makeEvidence, type Evidence } from "./evidence";
import { resolveEntity } from "./entities";
import { titleWithYear } from "./movie-text";
import { defineTool } from "./tool";

export const MovieStoryInput = z
  .object({
    titles: z.array(z.string().trim().min(1, "a title must not be empty").max(300)).min(1, "give at least one title").max(5, "give at most 5 titles"),
  })
  .strict();

/** Where each text of a film's story comes from, as a reply names it. */
const STORY_SOURCES = { plot: "WikiMovies plot", overview: "TMDB overview" } as const;

/** A film's story as the data tells it: its WikiMovies plot and its TMDB overview, each whole, each with its source. */
export const movieStory = defineTool({
  name: "movie_story",
  description: "Read what a film is about: its plot summary (WikiMovies) and its overview (TMDB), whole, for up to 5 titles. Use for \"what is X about\", \"the plot of X\", \"what happens in X\".",
  input: MovieStoryInput,
  async run(input, ctx) {
    const out = { evidence: [] as Evidence[], notes: [] as string[] };
    for (const title of input.titles) {
      const film = resolveEntity(ctx.kb, title);
      const node = await ctx.kb.graph.getNode(film.id);
      if (!node || !node.types.includes("Movie")) {
        out.notes.push(`movie_story: "${title}" is no film in the knowledge base`);
        continue;
      }
      const texts = (Object.keys(STORY_SOURCES) as (keyof typeof STORY_SOURCES)[]).flatMap((field) => (node[field] ? [{ field, text: node[field]! }] : []));
      if (!texts.length) out.notes.push(`movie_story: the knowledge base has no plot or overview of ${titleWithYear(node)}`);
      for (const [i, t] of texts.entries()) {
        out.evidence.push(makeEvidence({ kind: "passage", text: `${titleWithYear(node)}, ${STORY_SOURCES[t.field]}: ${t.text}`, nodeIds: [node.id], focus: node.id, focusType: "Movie", score: 1 - i / 10, tool: "movie_story", step: ctx.step, meta: { role: "story", field: t.field, source: STORY_SOURCES[t.field] } }));
      }
    }
    return out;
  },
});
