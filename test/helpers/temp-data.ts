import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { KB_TRIPLES, TMDB_CSV, WIKIMOVIES_JSONL } from "../fixtures/movie-world";

/** A data directory laid out like the real one, holding the fixture world; plus an empty cache dir. */
export function tempDataDir(kb = KB_TRIPLES): { dataDir: string; cacheDir: string } {
  const root = mkdtempSync(join(tmpdir(), "mg-test-"));
  const dataDir = join(root, "data");
  mkdirSync(join(dataDir, "metaqa"), { recursive: true });
  mkdirSync(join(dataDir, "wikimovies"));
  mkdirSync(join(dataDir, "tmdb"));
  writeFileSync(join(dataDir, "metaqa", "kb.txt"), `${kb}\n`);
  writeFileSync(join(dataDir, "wikimovies", "movies.jsonl.gz"), gzipSync(`${WIKIMOVIES_JSONL}\n`));
  writeFileSync(join(dataDir, "tmdb", "tmdb_5000_movies.csv.gz"), gzipSync(`${TMDB_CSV}\n`));
  return { dataDir, cacheDir: join(root, "cache") };
}
