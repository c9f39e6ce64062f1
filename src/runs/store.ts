import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { Budget, RunResult, Strategy } from "../../agents/research/types";
import { ConversationTurnSchema, type ConversationTurn } from "../conversation/turns";

export const RUN_STATUSES = ["running", "completed", "failed", "cancelled", "interrupted"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/** Which door a run came in by: the research API, its stream, OpenAI chat, Ollama chat, MCP, or a LangGraph thread. */
export const RUN_VIA = ["research", "stream", "chat", "ollama", "mcp", "thread"] as const;
export type RunVia = (typeof RUN_VIA)[number];

export interface StoredRun {
  runId: string;
  /** Creation order; the listing cursor. */
  seq: number;
  status: RunStatus;
  createdAt: string;
  finishedAt?: string;
  request: { question: string; strategy: Strategy; budget?: Partial<Budget>; via: RunVia; history?: ConversationTurn[]; threadId?: string };
  result?: RunResult;
  error?: { code: string; message: string };
}

/**
 * What a listing may be narrowed to. Applied before paging, so a cursor walks the matching runs only.
 * `q` is a case-insensitive substring of the question (the caller trims it; empty matches all).
 */
export interface RunFilter {
  strategy?: Strategy;
  status?: RunStatus;
  q?: string;
}

/** Whether a run passes a filter; shared so every RunStore narrows a listing the same way. */
export function runMatches(run: StoredRun, filter: RunFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.strategy !== undefined && run.request.strategy !== filter.strategy) return false;
  if (filter.status !== undefined && run.status !== filter.status) return false;
  if (filter.q && !run.request.question.toLowerCase().includes(filter.q.toLowerCase())) return false;
  return true;
}

/** Where runs are kept. The embedded default is a directory of JSON files; the interface allows others. */
export interface RunStore {
  readonly kind: string;
  /** Resolves once the record is on disk. */
  create(run: Omit<StoredRun, "seq" | "status" | "createdAt">): Promise<StoredRun>;
  finish(runId: string, update: Pick<StoredRun, "status"> & Partial<Pick<StoredRun, "result" | "error">>): Promise<StoredRun | undefined>;
  get(runId: string): StoredRun | undefined;
  /**
   * Newest first; `cursor` is the `seq` below which to continue. With a filter, only matching runs
   * are counted, and `nextCursor` is there only when more matching runs exist.
   */
  list(limit: number, cursor?: number, filter?: RunFilter): { runs: StoredRun[]; nextCursor?: number };
  size(): number;
}

const StoredRunFile = z.object({
  runId: z.string().min(1),
  seq: z.number().int().nonnegative(),
  status: z.enum(RUN_STATUSES),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  request: z.object({ question: z.string(), strategy: z.string(), budget: z.record(z.string(), z.number()).optional(), via: z.enum(RUN_VIA), history: z.array(ConversationTurnSchema).optional(), threadId: z.string().optional() }),
  result: z.unknown().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

const ID = /^[A-Za-z0-9_-]{1,80}$/;

/**
 * Runs as one JSON file each, written atomically (temp file, fsync, rename), so a kill -9 leaves
 * either the old or the new version of a record, never a torn one. Writes go through the libuv
 * thread pool (the event loop never waits on the disk) and are ordered per run; the API answers
 * only after a run's record is on disk. On open,
 * leftover temp files are removed, unreadable files are set aside (renamed *.corrupt, and reported),
 * and runs still marked running (the process died mid-run) become `interrupted`. The newest
 * `retention` runs are kept.
 */
export class FileRunStore implements RunStore {
  readonly kind = "file";
  private readonly index = new Map<string, StoredRun>();
  private nextSeq = 0;
  readonly recovered: { interrupted: number; corrupt: string[]; tempFiles: number } = { interrupted: 0, corrupt: [], tempFiles: 0 };

  constructor(
    readonly dir: string,
    readonly retention = 1000,
    /** fsync each record before the rename (power-loss durability); atomicity holds either way. */
    readonly fsync = true,
  ) {
    mkdirSync(dir, { recursive: true });
    const loaded: StoredRun[] = [];
    for (const f of readdirSync(dir)) {
      const path = join(dir, f);
      if (f.includes(".tmp-")) {
        rmSync(path, { force: true });
        this.recovered.tempFiles++;
        continue;
      }
      if (!f.endsWith(".json")) continue;
      try {
        const run = StoredRunFile.parse(JSON.parse(readFileSync(path, "utf8"))) as StoredRun;
        loaded.push(run);
        this.nextSeq = Math.max(this.nextSeq, run.seq + 1);
      } catch {
        renameSync(path, `${path}.corrupt`);
        this.recovered.corrupt.push(f);
      }
    }
    // Creation order: pruning takes the oldest from the front.
    for (const run of loaded.sort((a, b) => a.seq - b.seq)) this.index.set(run.runId, run);
    for (const run of this.index.values()) {
      if (run.status !== "running") continue;
      this.writeSync({ ...run, status: "interrupted", finishedAt: run.finishedAt ?? new Date().toISOString(), error: { code: "interrupted", message: "the service stopped while this run was in flight" } });
      this.recovered.interrupted++;
    }
  }

  async create(run: Omit<StoredRun, "seq" | "status" | "createdAt">): Promise<StoredRun> {
    if (!ID.test(run.runId)) throw new Error(`invalid run id ${run.runId}`);
    if (this.index.has(run.runId)) throw new Error(`run ${run.runId} already exists`);
    const stored: StoredRun = { ...run, seq: this.nextSeq++, status: "running", createdAt: new Date().toISOString() };
    await this.write(stored);
    await this.prune();
    return stored;
  }

  async finish(runId: string, update: Pick<StoredRun, "status"> & Partial<Pick<StoredRun, "result" | "error">>): Promise<StoredRun | undefined> {
    const run = this.index.get(runId);
    if (!run) return undefined;
    const done: StoredRun = { ...run, ...update, finishedAt: new Date().toISOString() };
    await this.write(done);
    return done;
  }

  /** Settles every pending write (for shutdown and tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.values()]);
  }

  get(runId: string): StoredRun | undefined {
    return this.index.get(runId);
  }

  list(limit: number, cursor?: number, filter?: RunFilter): { runs: StoredRun[]; nextCursor?: number } {
    const all = [...this.index.values()].filter((r) => (cursor === undefined || r.seq < cursor) && runMatches(r, filter)).sort((a, b) => b.seq - a.seq);
    const runs = all.slice(0, limit);
    return { runs, ...(all.length > limit ? { nextCursor: runs[runs.length - 1]!.seq } : {}) };
  }

  size(): number {
    return this.index.size;
  }

  private readonly pending = new Map<string, Promise<void>>();
  private writes = 0;

  /** Updates the index at once and the file in order behind any earlier write of the same run. */
  private write(run: StoredRun): Promise<void> {
    this.index.set(run.runId, run);
    const path = join(this.dir, `${run.runId}.json`);
    const tmp = `${path}.tmp-${process.pid}-${++this.writes}`;
    const previous = this.pending.get(run.runId) ?? Promise.resolve();
    const next = previous.then(async () => {
      const fh = await open(tmp, "w");
      try {
        await fh.writeFile(JSON.stringify(run));
        if (this.fsync) await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, path);
    });
    const tracked = next.finally(() => {
      if (this.pending.get(run.runId) === tracked) this.pending.delete(run.runId);
    });
    this.pending.set(run.runId, tracked);
    return tracked;
  }

  private writeSync(run: StoredRun): void {
    const path = join(this.dir, `${run.runId}.json`);
    const tmp = `${path}.tmp-${process.pid}-${++this.writes}`;
    const fd = openSync(tmp, "w");
    try {
      writeSync(fd, JSON.stringify(run));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
    this.index.set(run.runId, run);
  }

  private async prune(): Promise<void> {
    // The index keeps creation order (a Map iterates in insertion order), so the oldest come first.
    let excess = this.index.size - this.retention;
    for (const run of this.index.values()) {
      if (excess <= 0) break;
      if (run.status === "running") continue;
      excess--;
      this.index.delete(run.runId);
      await (this.pending.get(run.runId) ?? Promise.resolve());
      await unlink(join(this.dir, `${run.runId}.json`)).catch(() => {});
    }
  }
}
