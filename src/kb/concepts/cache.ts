import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { z } from "zod";
import { sha256Hex } from "../../util/hash";
import { FilmRecord, SummaryRecord } from "./schema";

/**
 * Concept extractions and summaries on disk, one JSON file per film and per concept, under
 * `<cacheDir>/concepts/<model>/`. A record is reused only when its input hash and prompt version
 * match; a record that fails to parse or validate is reported and treated as absent, so it is
 * extracted again and overwritten. Writes are atomic (temp file + rename): a crash never leaves a
 * torn record behind.
 */
export class ConceptCache {
  readonly dir: string;

  constructor(
    cacheDir: string,
    readonly modelId: string,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {
    this.dir = conceptModelDir(cacheDir, modelId);
  }

  film(filmId: string, inputHash: string, promptVersion: string): FilmRecord | undefined {
    return this.read(this.filmPath(filmId), FilmRecord, { film: filmId, inputHash, promptVersion });
  }

  putFilm(record: FilmRecord): void {
    writeAtomic(this.filmPath(record.film), JSON.stringify(record));
  }

  summary(key: string, inputHash: string, promptVersion: string): SummaryRecord | undefined {
    return this.read(this.summaryPath(key), SummaryRecord, { key, inputHash, promptVersion });
  }

  putSummary(record: SummaryRecord): void {
    writeAtomic(this.summaryPath(record.key), JSON.stringify(record));
  }

  filmPath(filmId: string): string {
    return join(this.dir, "films", `${sha256Hex(filmId).slice(0, 32)}.json`);
  }

  summaryPath(key: string): string {
    return join(this.dir, "summaries", `${sha256Hex(key).slice(0, 32)}.json`);
  }

  /**
   * The record at `path` if it is for `expected` (same key, input hash and prompt version). A record
   * for other input is stale and silently replaced later; one that does not parse is reported.
   */
  private read<T>(path: string, schema: z.ZodType<T>, expected: Record<string, string>): T | undefined {
    if (!existsSync(path)) return undefined;
    let problem: string;
    try {
      const raw: unknown = JSON.parse(readFileSync(path, "utf8"));
      const header = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
      const fields = Object.keys(expected);
      if (fields.every((f) => typeof header[f] === "string") && fields.some((f) => header[f] !== expected[f])) return undefined;
      const parsed = schema.safeParse(raw);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      problem = `${issue?.path.join(".") || "root"}: ${issue?.message}`;
    } catch (e) {
      problem = (e as Error).message;
    }
    this.log(`concept cache: ignoring a corrupt record, it will be redone: ${path} (${problem.slice(0, 160)})`);
    return undefined;
  }
}

/** The folder of one model's records: a readable slug of its id plus a hash, so ids never collide. */
export function conceptModelDir(cacheDir: string, modelId: string): string {
  const slug = modelId.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 48);
  return join(cacheDir, "concepts", `${slug || "model"}-${sha256Hex(modelId).slice(0, 12)}`);
}

export function writeAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
