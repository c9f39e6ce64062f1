import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DataMissingError } from "../errors";
import { sha256Hex } from "../util/hash";

/** The files the knowledge base is built from, relative to the data directory. */
export const DATA_FILES = {
  kb: "metaqa/kb.txt",
  wikimovies: "wikimovies/movies.jsonl.gz",
  tmdb: "tmdb/tmdb_5000_movies.csv.gz",
} as const;
export type DataFileKey = keyof typeof DATA_FILES;

const WHERE_FROM = [
  "MetaQA (kb.txt and the 1/2/3-hop questions): https://github.com/yuyuz/MetaQA",
  "WikiMovies (plots, movies.jsonl.gz): https://research.facebook.com/downloads/babi/ (Miller et al. 2016, arXiv:1606.03126)",
  "TMDB 5000 overviews (optional): https://www.kaggle.com/datasets/tmdb/tmdb-movie-metadata",
].join("\n  ");

export function missingDataMessage(dir: string | undefined): string {
  return [
    dir ? `No knowledge base data found in ${dir} (looked for ${DATA_FILES.kb}).` : "No data directory is configured and ../shared/data does not exist.",
    "Set DATA_DIR to a directory laid out like this:",
    `  ${DATA_FILES.kb}    MetaQA triples, subject|relation|object`,
    `  ${DATA_FILES.wikimovies}    WikiMovies films with plots (optional)`,
    `  ${DATA_FILES.tmdb}    TMDB 5000 movies (optional)`,
    `  metaqa/{1,2,3}-hop/vanilla/qa_{dev,test}.txt    questions, for npm run eval`,
    "Where the data comes from:",
    `  ${WHERE_FROM}`,
  ].join("\n");
}

export interface DataFiles {
  dir: string;
  paths: Record<DataFileKey, string | undefined>;
}

/** Resolves the data files, failing with a message that says what to set when the KB is absent. */
export function locateDataFiles(dir: string | undefined): DataFiles {
  if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) throw new DataMissingError(missingDataMessage(dir));
  const abs = resolve(dir);
  const paths = Object.fromEntries(
    (Object.keys(DATA_FILES) as DataFileKey[]).map((k) => {
      const p = join(abs, DATA_FILES[k]);
      return [k, existsSync(p) ? p : undefined];
    }),
  ) as Record<DataFileKey, string | undefined>;
  if (!paths.kb) throw new DataMissingError(missingDataMessage(abs));
  return { dir: abs, paths };
}

/** Hash of the data files' bytes: the snapshot key, so a changed file means a rebuild. */
export function dataContentHash(files: DataFiles): string {
  const parts = (Object.keys(DATA_FILES) as DataFileKey[]).map((k) => {
    const p = files.paths[k];
    return `${k}:${p ? sha256Hex(readFileSync(p)) : "absent"}`;
  });
  return sha256Hex(parts.join("\n"));
}
