import { z } from "zod";
import type { IngestLog } from "../ingest-report";

const stringList = z.array(z.string());

/** One WikiMovies film record; every relation key is present, possibly as an empty list. */
export const WikiMovieSchema = z.object({
  id: z.number().int().nonnegative(),
  title: z.string().min(1),
  release_year: stringList,
  /** The people credited to this one film (the KB merges films of one title; these tell them apart). */
  directed_by: stringList.default([]),
  written_by: stringList.default([]),
  starred_actors: stringList.default([]),
  plot_clean: z.string(),
});
export type WikiMovie = z.infer<typeof WikiMovieSchema>;

export function parseWikiMovies(lines: readonly string[], file: string, log: IngestLog): WikiMovie[] {
  const counts = log.file(file);
  const out: WikiMovie[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    counts.read++;
    if (line.trim() === "") {
      log.reject(file, i + 1, "empty line");
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      log.reject(file, i + 1, `invalid JSON: ${(e as Error).message}`);
      continue;
    }
    const parsed = WikiMovieSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      log.reject(file, i + 1, `bad record: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
      continue;
    }
    out.push(parsed.data);
  }
  return out;
}
