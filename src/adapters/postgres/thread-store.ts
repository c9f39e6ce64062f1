import pg from "pg";
import { AppError } from "../../errors";
import { checkThreadInput, THREAD_STATUSES, type ThreadRecord, type ThreadStatus, type ThreadStore } from "../../threads/store";
import { redact } from "../checkpoint/postgres";

const TABLE = "graph_threads";

interface Row {
  thread_id: string;
  created_at: string;
  updated_at: string;
  metadata: Record<string, unknown>;
  status: ThreadStatus;
  last_run_id: string | null;
}

const record = (r: Row): ThreadRecord => ({ threadId: r.thread_id, createdAt: r.created_at, updatedAt: r.updated_at, metadata: r.metadata, status: r.status, ...(r.last_run_id ? { lastRunId: r.last_run_id } : {}) });

/**
 * Thread records in PostgreSQL, beside the checkpointer's tables, so every instance of the service
 * lists, searches and claims the same threads. Claiming a thread for a run is one conditional UPDATE,
 * so two instances cannot both run a turn on it; a busy mark older than any run can last (an instance
 * that died mid-run) may be claimed again. Parameterized SQL only; the URL's password is never
 * shown.
 */
export class PostgresThreadStore implements ThreadStore {
  readonly describe: string;

  private constructor(
    private readonly pool: pg.Pool,
    where: string,
    private readonly staleMs: number,
  ) {
    this.describe = `postgres ${where}`;
  }

  /**
   * `staleMs`: how long a thread may stay busy before another claim may take it. No run lasts longer
   * than the deadline cap, so a busy mark older than that was left by an instance that died mid-run.
   */
  static async open(url: string, staleMs: number): Promise<PostgresThreadStore> {
    const where = redact(url);
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    try {
      await pool.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (
        thread_id text PRIMARY KEY,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        status text NOT NULL CHECK (status IN (${THREAD_STATUSES.map((s) => `'${s}'`).join(", ")})),
        last_run_id text
      )`);
    } catch (e) {
      await pool.end().catch(() => {});
      throw new AppError("backend_unavailable", `PostgreSQL thread store at ${where}: ${(e as Error).message.replaceAll(url, where)}`);
    }
    return new PostgresThreadStore(pool, where, staleMs);
  }

  async get(id: string): Promise<ThreadRecord | undefined> {
    const r = await this.pool.query<Row>(`SELECT * FROM ${TABLE} WHERE thread_id = $1`, [id]);
    return r.rows[0] ? record(r.rows[0]) : undefined;
  }

  async search(filter: { status?: ThreadStatus; metadata?: Record<string, unknown> }, limit: number, offset: number): Promise<ThreadRecord[]> {
    const r = await this.pool.query<Row>(
      `SELECT * FROM ${TABLE} WHERE ($1::text IS NULL OR status = $1) AND metadata @> $2::jsonb ORDER BY updated_at DESC, thread_id ASC LIMIT $3 OFFSET $4`,
      [filter.status ?? null, JSON.stringify(filter.metadata ?? {}), Math.min(limit, 1_000_000), offset],
    );
    return r.rows.map(record);
  }

  async create(id: string, metadata: Record<string, unknown>, now: string): Promise<ThreadRecord | undefined> {
    checkThreadInput(id, metadata);
    const r = await this.pool.query<Row>(`INSERT INTO ${TABLE} (thread_id, created_at, updated_at, metadata, status) VALUES ($1, $2, $2, $3::jsonb, 'idle') ON CONFLICT (thread_id) DO NOTHING RETURNING *`, [id, now, JSON.stringify(metadata)]);
    return r.rows[0] ? record(r.rows[0]) : undefined;
  }

  async update(id: string, change: Partial<Pick<ThreadRecord, "status" | "metadata" | "lastRunId">>, now: string): Promise<ThreadRecord | undefined> {
    if (change.metadata) checkThreadInput(id, change.metadata);
    const r = await this.pool.query<Row>(
      `UPDATE ${TABLE} SET updated_at = $2, status = COALESCE($3, status), metadata = COALESCE($4::jsonb, metadata), last_run_id = COALESCE($5, last_run_id) WHERE thread_id = $1 RETURNING *`,
      [id, now, change.status ?? null, change.metadata ? JSON.stringify(change.metadata) : null, change.lastRunId ?? null],
    );
    return r.rows[0] ? record(r.rows[0]) : undefined;
  }

  async claim(id: string, now: string): Promise<"claimed" | "busy" | "missing"> {
    const staleBefore = new Date(Date.parse(now) - this.staleMs).toISOString();
    const r = await this.pool.query(`UPDATE ${TABLE} SET status = 'busy', updated_at = $2 WHERE thread_id = $1 AND (status <> 'busy' OR updated_at < $3)`, [id, now, staleBefore]);
    if (r.rowCount === 1) return "claimed";
    return (await this.get(id)) ? "busy" : "missing";
  }

  async delete(id: string): Promise<boolean> {
    const r = await this.pool.query(`DELETE FROM ${TABLE} WHERE thread_id = $1`, [id]);
    return r.rowCount === 1;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
