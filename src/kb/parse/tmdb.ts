import type { IngestLog } from "../ingest-report";
import { parseCsv } from "./csv";

export interface TmdbMovie {
  line: number;
  tmdbId: string;
  title: string;
  year?: string;
  overview: string;
}

const REQUIRED = ["id", "title", "release_date", "overview"] as const;

/** TMDB 5000 movies CSV: keeps the columns the knowledge base joins on. */
export function parseTmdb(text: string, file: string, log: IngestLog): TmdbMovie[] {
  const counts = log.file(file);
  const records = parseCsv(text);
  const header = records.next();
  if (header.done) {
    log.reject(file, 1, "empty file: no CSV header");
    return [];
  }
  const columns = header.value.fields;
  const index: Record<string, number> = {};
  for (const name of REQUIRED) {
    const at = columns.indexOf(name);
    if (at < 0) {
      log.reject(file, 1, `CSV header lacks the "${name}" column (has: ${columns.join(", ")})`);
      return [];
    }
    index[name] = at;
  }
  const out: TmdbMovie[] = [];
  for (const rec of records) {
    counts.read++;
    if (rec.unterminated) {
      log.reject(file, rec.line, "unterminated quoted field at end of file");
      continue;
    }
    if (rec.fields.length !== columns.length) {
      log.reject(file, rec.line, `expected ${columns.length} fields, found ${rec.fields.length}`);
      continue;
    }
    const title = rec.fields[index.title!]!;
    if (title.trim() === "") {
      log.reject(file, rec.line, "empty title");
      continue;
    }
    const date = rec.fields[index.release_date!]!;
    const year = /^\d{4}/.test(date) ? date.slice(0, 4) : undefined;
    out.push({ line: rec.line, tmdbId: rec.fields[index.id!]!, title, year, overview: rec.fields[index.overview!]!.trim() });
  }
  return out;
}
