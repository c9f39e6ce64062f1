import { z } from "zod";
import type { TmdbFacts } from "../../ports/movie-catalog";
import type { IngestLog } from "../ingest-report";
import { parseCsv } from "./csv";

/** One TMDB row: the join keys, the overview, and the facts the movie catalog serves. */
export interface TmdbMovie extends Omit<TmdbFacts, "movie"> {
  line: number;
  overview: string;
}

const REQUIRED = ["id", "title", "release_date", "overview"] as const;
// Older or trimmed copies of the file may lack these; their facts are then simply absent.
const OPTIONAL = ["genres", "keywords", "vote_average", "vote_count", "popularity", "runtime", "budget", "revenue"] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

/** `genres` and `keywords` hold JSON arrays of TMDB's {id, name} records. */
const NamedList = z.array(z.object({ id: z.number().int(), name: z.string().min(1) }));

/** TMDB 5000 movies CSV: the columns the knowledge base joins on and the facts the catalog ranks by. */
export function parseTmdb(text: string, file: string, log: IngestLog): TmdbMovie[] {
  const counts = log.file(file);
  const records = parseCsv(text);
  const header = records.next();
  if (header.done) {
    log.reject(file, 1, "empty file: no CSV header");
    return [];
  }
  const columns = header.value.fields;
  const index: Partial<Record<Column, number>> = {};
  for (const name of REQUIRED) {
    const at = columns.indexOf(name);
    if (at < 0) {
      log.reject(file, 1, `CSV header lacks the "${name}" column (has: ${columns.join(", ")})`);
      return [];
    }
    index[name] = at;
  }
  for (const name of OPTIONAL) {
    const at = columns.indexOf(name);
    if (at >= 0) index[name] = at;
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
    const field = (name: Column): string | undefined => (index[name] === undefined ? undefined : rec.fields[index[name]]);
    const title = field("title")!;
    if (title.trim() === "") {
      log.reject(file, rec.line, "empty title");
      continue;
    }
    const lists = { genres: [] as string[], keywords: [] as string[] };
    let problem: string | undefined;
    for (const name of ["genres", "keywords"] as const) {
      const names = namedList(field(name));
      if (typeof names === "string") problem ??= `bad ${name} field: ${names}`;
      else lists[name] = names;
    }
    if (problem !== undefined) {
      log.reject(file, rec.line, problem);
      continue;
    }
    const date = field("release_date")!;
    const voteCount = amount(field("vote_count"));
    out.push({
      line: rec.line,
      tmdbId: field("id")!,
      title,
      year: /^\d{4}/.test(date) ? date.slice(0, 4) : undefined,
      overview: field("overview")!.trim(),
      genres: lists.genres,
      keywords: lists.keywords,
      // An average of no votes is TMDB's 0, not a verdict.
      voteAverage: voteCount === 0 ? undefined : amount(field("vote_average")),
      voteCount,
      popularity: amount(field("popularity")),
      // TMDB writes 0 for an unknown runtime, budget or revenue, and a few dollar figures in millions ("8" for a
      // film's $8 million): a sum under MIN_DOLLARS is that slip, as unknown as a 0.
      runtime: amount(field("runtime")) || undefined,
      budget: dollars(amount(field("budget"))),
      revenue: dollars(amount(field("revenue"))),
    });
  }
  return out;
}

/** The names in a JSON {id, name} list (an empty field is an empty list), or why it is not one. */
function namedList(raw: string | undefined): string[] | string {
  if (raw === undefined || raw.trim() === "") return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    return `invalid JSON: ${(e as Error).message}`;
  }
  const parsed = NamedList.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.join(".") || "(root)"}: ${issue.message}`;
  }
  return parsed.data.map((g) => g.name);
}

/** No film's budget or box office is under this many dollars; a smaller figure is one written in millions. */
export const MIN_DOLLARS = 1000;

function dollars(n: number | undefined): number | undefined {
  return n !== undefined && n >= MIN_DOLLARS ? n : undefined;
}

/** A finite, non-negative number; anything else (empty, "n/a", negative) is unknown. */
function amount(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}
