import { buildGraphData } from "./build";
import { DATA_FILES, type DataFiles } from "./data-files";
import { IngestLog, type IngestReport, type Rejection } from "./ingest-report";
import type { KbGraphData } from "./graph-data";
import { parseKbTriples } from "./parse/kb-triples";
import { readText, splitLines } from "./parse/lines";
import { parseTmdb } from "./parse/tmdb";
import { parseWikiMovies } from "./parse/wikimovies";

export interface IngestResult {
  data: KbGraphData;
  report: IngestReport;
}

/** The three inputs as text: kb.txt, movies.jsonl (plots) and the TMDB CSV; the last two optional. */
export interface RawTexts {
  kb: string;
  wikimovies?: string;
  tmdb?: string;
}

/** Parses and builds the typed graph, reporting every rejected line under the file's data-set name. */
export function ingestTexts(texts: RawTexts, onRejection?: (r: Rejection) => void): IngestResult {
  const log = new IngestLog(onRejection);
  const triples = parseKbTriples(splitLines(texts.kb), DATA_FILES.kb, log);
  const wikiMovies = texts.wikimovies !== undefined ? parseWikiMovies(splitLines(texts.wikimovies), DATA_FILES.wikimovies, log) : [];
  const tmdb = texts.tmdb !== undefined ? parseTmdb(texts.tmdb, DATA_FILES.tmdb, log) : [];
  const data = buildGraphData({ triples, wikiMovies, tmdb, files: { kb: DATA_FILES.kb, wikimovies: DATA_FILES.wikimovies, tmdb: DATA_FILES.tmdb } }, log);
  return { data, report: log.report(data.names.length, data.edgeType.length) };
}

export function ingestRawData(files: DataFiles, onRejection?: (r: Rejection) => void): IngestResult {
  return ingestTexts(
    {
      kb: readText(files.paths.kb!),
      wikimovies: files.paths.wikimovies ? readText(files.paths.wikimovies) : undefined,
      tmdb: files.paths.tmdb ? readText(files.paths.tmdb) : undefined,
    },
    onRejection,
  );
}
