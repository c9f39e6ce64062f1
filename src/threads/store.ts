import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { InvalidInputError } from "../errors";

export const THREAD_STATUSES = ["idle", "busy", "interrupted", "error"] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** A conversation's record: its id, when it was made and last used, the client's metadata, and whether a run is going. */
export interface ThreadRecord {
  threadId: string;
  createdAt: string;
  updatedAt: string;
  metadata: Record<string, unknown>;
  status: ThreadStatus;
  /** The run now going or last run in it. */
  lastRunId?: string;
}

const ThreadFile = z.object({
  threadId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  status: z.enum(THREAD_STATUSES),
  lastRunId: z.string().optional(),
});

/** A thread id: what a client may choose (a UUID or any short slug). */
export const THREAD_ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_METADATA_BYTES = 16 * 1024;

/** Where thread records live: files on one machine, or a table every instance of the service shares. */
export interface ThreadStore {
  readonly describe: string;
  get(id: string): Promise<ThreadRecord | undefined>;
  /** Newest first, narrowed by status and by metadata entries that must all match. */
  search(filter: { status?: ThreadStatus; metadata?: Record<string, unknown> }, limit: number, offset: number): Promise<ThreadRecord[]>;
  /** A new record, or undefined when the id is taken. */
  create(id: string, metadata: Record<string, unknown>, now: string): Promise<ThreadRecord | undefined>;
  update(id: string, change: Partial<Pick<ThreadRecord, "status" | "metadata" | "lastRunId">>, now: string): Promise<ThreadRecord | undefined>;
  /** Marks a thread busy unless it already is, in one step (two requests, or two instances, cannot both claim it). */
  claim(id: string, now: string): Promise<"claimed" | "busy" | "missing">;
  delete(id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** A thread id and its metadata, checked before any store sees them. */
export function checkThreadInput(id: string, metadata: Record<string, unknown> | undefined): void {
  if (!THREAD_ID.test(id)) throw new InvalidInputError("thread_id: letters, digits, '-' and '_' only, at most 100", { field: "thread_id" });
  if (metadata && Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) throw new InvalidInputError(`metadata: at most ${MAX_METADATA_BYTES} bytes as JSON`, { field: "metadata" });
}

/**
 * Thread records, one JSON file each under `dir` (written whole to a temp file, then renamed), read
 * into memory at start. The conversation's state itself lives in the checkpointer; this is what the
 * Agent Protocol lists and searches. A thread left `busy` by a crash is `interrupted` after restart.
 */
export class FileThreadStore implements ThreadStore {
  readonly describe: string;
  private readonly records = new Map<string, ThreadRecord>();
  readonly recovered = { interrupted: 0, unreadable: [] as string[] };

  constructor(private readonly dir: string) {
    this.describe = `files ${dir}`;
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(dir)) {
      if (!f.endsWith(".json")) continue;
      try {
        const r = ThreadFile.parse(JSON.parse(readFileSync(join(dir, f), "utf8")));
        if (r.status === "busy") {
          r.status = "interrupted";
          this.recovered.interrupted++;
          this.write(r);
        }
        this.records.set(r.threadId, r);
      } catch {
        this.recovered.unreadable.push(f);
      }
    }
  }

  async get(id: string): Promise<ThreadRecord | undefined> {
    return this.records.get(id);
  }

  async search(filter: { status?: ThreadStatus; metadata?: Record<string, unknown> }, limit: number, offset: number): Promise<ThreadRecord[]> {
    const match = (r: ThreadRecord) => (!filter.status || r.status === filter.status) && Object.entries(filter.metadata ?? {}).every(([k, v]) => JSON.stringify(r.metadata[k]) === JSON.stringify(v));
    return [...this.records.values()].filter(match).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.threadId.localeCompare(b.threadId)).slice(offset, offset + limit);
  }

  async create(id: string, metadata: Record<string, unknown>, now: string): Promise<ThreadRecord | undefined> {
    checkThreadInput(id, metadata);
    if (this.records.has(id)) return undefined;
    const r: ThreadRecord = { threadId: id, createdAt: now, updatedAt: now, metadata, status: "idle" };
    this.write(r);
    this.records.set(id, r);
    return r;
  }

  async claim(id: string, now: string): Promise<"claimed" | "busy" | "missing"> {
    const r = this.records.get(id);
    if (!r) return "missing";
    if (r.status === "busy") return "busy";
    await this.update(id, { status: "busy" }, now);
    return "claimed";
  }


  async update(id: string, change: Partial<Pick<ThreadRecord, "status" | "metadata" | "lastRunId">>, now: string): Promise<ThreadRecord | undefined> {
    const r = this.records.get(id);
    if (!r) return undefined;
    if (change.metadata) checkThreadInput(id, change.metadata);
    const next = { ...r, ...change, updatedAt: now };
    this.write(next);
    this.records.set(id, next);
    return next;
  }

  async close(): Promise<void> {}

  async delete(id: string): Promise<boolean> {
    if (!this.records.delete(id)) return false;
    rmSync(join(this.dir, `${id}.json`), { force: true });
    return true;
  }

  private write(r: ThreadRecord): void {
    const path = join(this.dir, `${r.threadId}.json`);
    const tmp = `${path}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(r));
    renameSync(tmp, path);
  }
}
