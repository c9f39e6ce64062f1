import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Config } from "../config";
import { EmbeddedVectorStore } from "../adapters/embedded/vector-store";
import type { Embedder } from "../ports/embedder";
import { sha256Hex } from "../util/hash";
import type { Progress } from "../util/progress";
import type { NodeType } from "./schema";
import { SnapshotCorruptError, readSnapshotFile, writeSnapshotFile } from "./snapshot-file";

/** One set of texts a model embedder turns into vectors: the movies, or the overview passages. */
export interface TextSet {
  what: string;
  ids: string[];
  texts: string[];
}

/** How far a vector build has come, written beside the vectors so another process can report it. */
export const BuildStatus = z.object({
  embedder: z.string(),
  what: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  /** Where this build started (a resumed build starts past the saved part). */
  from: z.number().int().nonnegative(),
  startedAt: z.string(),
  updatedAt: z.string(),
  pid: z.number().int(),
});
export type BuildStatus = z.infer<typeof BuildStatus>;

/** What /v1/health and eval say about a build another process runs: its progress and an estimate of the time left. */
export interface BuildProgress {
  embedder: string;
  what: string;
  done: number;
  total: number;
  etaSeconds: number | undefined;
}

const CHUNK = 500;
/** A partial build is saved this often, so an interrupted build resumes instead of starting over. */
const SAVE_EVERY = 2000;

const statusPath = (config: Pick<Config, "cacheDir">) => join(config.cacheDir, "vector-build.json");

function keyOf(embedder: Embedder, set: TextSet): string {
  return sha256Hex(`${embedder.id}|${sha256Hex(set.texts.join("\u0001"))}`);
}

function pathOf(config: Pick<Config, "cacheDir">, key: string): string {
  return join(config.cacheDir, `vectors-${key.slice(0, 24)}.snap`);
}

function store(embedder: Embedder, set: TextSet, matrix: Float32Array): EmbeddedVectorStore {
  const types: NodeType[] = set.ids.map(() => "Movie");
  return new EmbeddedVectorStore(embedder.dimension, { ids: set.ids, types, matrix });
}

/** The set's vectors by this embedder when they were built before (cached beside the snapshot), else undefined. */
export function readModelVectors(config: Pick<Config, "cacheDir">, set: TextSet, embedder: Embedder): EmbeddedVectorStore | undefined {
  const key = keyOf(embedder, set);
  try {
    const r = readSnapshotFile(pathOf(config, key));
    if ((r.meta as { key?: string }).key === key) return store(embedder, set, r.array("vectors", "f32"));
  } catch (e) {
    if (!(e instanceof SnapshotCorruptError)) throw e;
  }
  return undefined;
}

/**
 * Builds the set's vectors in batches with a progress bar and an estimate of the time left, saving
 * the work so far every few thousand texts (an interrupted build resumes there) and writing its
 * progress where another process (a running service) can read it. Returns the finished store.
 */
export async function buildModelVectors(config: Pick<Config, "cacheDir">, set: TextSet, embedder: Embedder, progress: Progress, log: (l: string) => void): Promise<EmbeddedVectorStore> {
  const ready = readModelVectors(config, set, embedder);
  if (ready) return ready;
  const key = keyOf(embedder, set);
  const path = pathOf(config, key);
  const partialPath = `${path}.partial`;
  const n = set.texts.length;
  const matrix = new Float32Array(n * embedder.dimension);
  let from = resumeFrom(partialPath, key, matrix);
  const resumedAt = from;
  log(`embedding ${n} ${set.what} with ${embedder.id}${from ? `, resuming at ${from}` : ""} (cached afterwards in ${path})`);
  const startedAt = new Date().toISOString();
  progress.start(`embed ${set.what} (${embedder.id})`, n);
  progress.tick(from);
  try {
    while (from < n) {
      const to = Math.min(n, from + CHUNK);
      const vs = await embedder.embed(set.texts.slice(from, to), { kind: "document" });
      vs.forEach((v, j) => matrix.set(v, (from + j) * embedder.dimension));
      from = to;
      progress.tick(from);
      writeStatus(config, { embedder: embedder.id, what: set.what, done: from, total: n, from: resumedAt, startedAt, updatedAt: new Date().toISOString(), pid: process.pid });
      if (from % SAVE_EVERY === 0 && from < n) writeSnapshotFile(partialPath, { key, done: from }, { vectors: { kind: "f32", value: matrix } });
    }
    progress.done();
    writeSnapshotFile(path, { key }, { vectors: { kind: "f32", value: matrix } });
    rmSync(partialPath, { force: true });
  } finally {
    rmSync(statusPath(config), { force: true });
  }
  return store(embedder, set, matrix);
}

function resumeFrom(partialPath: string, key: string, matrix: Float32Array): number {
  if (!existsSync(partialPath)) return 0;
  try {
    const r = readSnapshotFile(partialPath);
    const meta = r.meta as { key?: string; done?: number };
    const saved = r.array("vectors", "f32");
    if (meta.key !== key || saved.length !== matrix.length || typeof meta.done !== "number") return 0;
    matrix.set(saved);
    return meta.done;
  } catch {
    return 0;
  }
}

function writeStatus(config: Pick<Config, "cacheDir">, status: BuildStatus): void {
  const path = statusPath(config);
  writeFileSync(`${path}.tmp`, JSON.stringify(status));
  renameSync(`${path}.tmp`, path);
}

/** The vector build running in another process, if one is (its process alive and its progress fresh). */
export function runningBuild(config: Pick<Config, "cacheDir">): BuildProgress | undefined {
  let status: BuildStatus;
  try {
    status = BuildStatus.parse(JSON.parse(readFileSync(statusPath(config), "utf8")));
  } catch {
    return undefined;
  }
  if (!processAlive(status.pid)) return undefined;
  const elapsed = (Date.parse(status.updatedAt) - Date.parse(status.startedAt)) / 1000;
  const rate = elapsed > 0 ? (status.done - status.from) / elapsed : 0;
  return { embedder: status.embedder, what: status.what, done: status.done, total: status.total, etaSeconds: rate > 0 ? Math.round((status.total - status.done) / rate) : undefined };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
