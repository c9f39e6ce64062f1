import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyCheckpoint, MemorySaver, type BaseCheckpointSaver, type CheckpointMetadata } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { validate } from "@langchain/langgraph-checkpoint-validation";
import { runResearch, threadGraph, turnsOf } from "../../agents/research/run";
import type { ResearchStateValue } from "../../agents/research/state";
import { openPostgresCheckpointer, redact } from "../../src/adapters/checkpoint/postgres";
import { openSqliteCheckpointer } from "../../src/adapters/checkpoint/sqlite";
import type { Checkpointer } from "../../src/threads/checkpointer";
import { fixtureKb } from "../helpers/fixture-kb";
import { uniqueName } from "./fixture-world";

/**
 * One behavioural suite for every checkpointer the service can use: the SQLite saver (on temp files),
 * MemorySaver, and the PostgreSQL saver when POSTGRES_URL is set
 * (`npm run postgres -- start`, then `POSTGRES_URL=postgresql://graph:PASSWORD@127.0.0.1:5432/graph npm run test:integration -- test/contracts/checkpointer.contract.test.ts`).
 *
 * Each runs LangGraph's own saver validation suite (@langchain/langgraph-checkpoint-validation: put,
 * putWrites, getTuple latest and by id with pending writes, list with every combination of thread,
 * namespace, limit, before and metadata filter, deleteThread), then what it leaves out (the order
 * list returns, one thread never seeing another's checkpoints), then the research graph itself run
 * as a thread of two turns, a question and a follow-up, on that saver. The validation suite names
 * the savers as its skip list knows them, so its two documented gaps (MemorySaver and the SQLite
 * saver keep whole channel values, not deltas) show as skipped with their reason.
 */

// The validation suite is written for Jest-style globals; this project's vitest runs without them.
Object.assign(globalThis, { describe, it, expect, beforeAll, afterAll, beforeEach, afterEach });

interface Subject {
  /** What the suites are titled (a URL without its password). */
  title: string;
  /** The saver's package name, as the validation suite's skip list knows it. */
  validationName: string;
  /** A saver over storage no other instance sees (the validation suite needs that). */
  isolated(): Promise<{ saver: BaseCheckpointSaver; close(): Promise<void> }>;
  /** How the service opens this saver (the adapter), over one store that every open of it shares. */
  store(): { open(): Promise<Checkpointer> };
}

const tempDir = mkdtempSync(join(tmpdir(), "mg-checkpointer-contract-"));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));
let files = 0;

const sqlite: Subject = {
  title: "sqlite saver (temp files)",
  validationName: "@langchain/langgraph-checkpoint-sqlite",
  isolated: async () => openSqliteCheckpointer(join(tempDir, `isolated-${files++}.sqlite`)),
  store: () => {
    const file = join(tempDir, `service-${files++}`, "checkpoints.sqlite");
    return { open: () => openSqliteCheckpointer(file) };
  },
};

const memory: Subject = {
  title: "MemorySaver",
  validationName: "MemorySaver",
  isolated: async () => ({ saver: new MemorySaver(), close: async () => {} }),
  store: () => {
    const saver = new MemorySaver();
    return { open: async () => ({ saver, describe: "memory", close: async () => {} }) };
  },
};

const postgresUrl = process.env.POSTGRES_URL;

/** Each isolated saver gets a schema of its own, dropped when it closes; the service's saver is the adapter's (schema public, thread ids of this run only). */
const postgres = (url: string): Subject => ({
  title: `postgres saver at ${redact(url)}`,
  validationName: "@langchain/langgraph-checkpoint-postgres",
  isolated: async () => {
    const schema = uniqueName("checkpoint_contract_");
    const saver = PostgresSaver.fromConnString(url, { schema });
    await saver.setup();
    const pool = (saver as unknown as { pool: { query(sql: string): Promise<unknown> } }).pool;
    return {
      saver,
      close: async () => {
        try {
          await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          await saver.end();
        }
      },
    };
  },
  store: () => ({ open: () => openPostgresCheckpointer(url) }),
});

const subjects: Subject[] = [sqlite, memory];
if (postgresUrl) subjects.push(postgres(postgresUrl));
else if (process.env.REQUIRE_POSTGRES === "1") {
  // CI starts a server and sets REQUIRE_POSTGRES=1: a missing address is then a failure, not a skip.
  describe("postgres saver (REQUIRE_POSTGRES=1)", () => {
    it("has a live PostgreSQL to run against", () => {
      throw new Error("REQUIRE_POSTGRES=1 but POSTGRES_URL is not set; start a server with npm run postgres -- start and set POSTGRES_URL to the URL it prints (with the password)");
    });
  });
} else {
  process.stderr.write("[checkpointer contract] postgres saver skipped: POSTGRES_URL is not set (npm run postgres -- start prints it)\n");
  describe.skip("postgres saver (skipped: set POSTGRES_URL; npm run postgres -- start prints it)", () => {
    it("runs the saver validation suite, the ordering and isolation checks and two research turns against a live PostgreSQL", () => {});
  });
}

const config = (thread: string, checkpoint_id?: string) => ({ configurable: { thread_id: thread, checkpoint_ns: "", ...(checkpoint_id ? { checkpoint_id } : {}) } });
const metadata = (step: number): CheckpointMetadata => ({ source: "loop", step, parents: {} });
/** Checkpoint ids sort as their order of writing, as LangGraph's uuid6 ids do. */
const checkpointId = (i: number) => `00000000-0000-6000-8000-${String(i).padStart(12, "0")}`;

/** Writes `n` checkpoints to a thread, each the child of the one before, and returns their ids oldest first. */
async function writeChain(saver: BaseCheckpointSaver, thread: string, n: number, firstIndex = 1): Promise<string[]> {
  const ids: string[] = [];
  let parent: string | undefined;
  for (let i = 0; i < n; i++) {
    const id = checkpointId(firstIndex + i);
    const checkpoint = { ...emptyCheckpoint(), id, ts: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), channel_values: { turn: i }, channel_versions: { turn: i + 1 } };
    await saver.put(config(thread, parent), checkpoint, metadata(i), { turn: i + 1 });
    ids.push(id);
    parent = id;
  }
  return ids;
}

async function listIds(saver: BaseCheckpointSaver, thread: string, options?: Parameters<BaseCheckpointSaver["list"]>[1]): Promise<string[]> {
  const ids: string[] = [];
  for await (const t of saver.list(config(thread), options)) ids.push(t.checkpoint.id);
  return ids;
}

for (const subject of subjects) {
  describe(subject.title, () => {
    const open = new Map<BaseCheckpointSaver, () => Promise<void>>();
    describe("LangGraph's saver validation suite", () => {
      validate({
        checkpointerName: subject.validationName,
        createCheckpointer: async () => {
          const { saver, close } = await subject.isolated();
          open.set(saver, close);
          return saver;
        },
        destroyCheckpointer: async (saver) => {
          await open.get(saver)?.();
          open.delete(saver);
        },
      });
    });

    describe("what the validation suite leaves out", () => {
      let saver: BaseCheckpointSaver;
      let close: () => Promise<void>;
      beforeAll(async () => {
        ({ saver, close } = await subject.isolated());
      });
      afterAll(async () => close());

      it("lists a thread's checkpoints newest first; limit keeps the newest, before pages to older ones", async () => {
        const ids = await writeChain(saver, "order", 4);
        const newestFirst = [...ids].reverse();
        expect(await listIds(saver, "order")).toEqual(newestFirst);
        expect(await listIds(saver, "order", { limit: 2 })).toEqual(newestFirst.slice(0, 2));
        expect(await listIds(saver, "order", { before: config("order", ids[2]), limit: 1 })).toEqual([ids[1]]);
        expect(await listIds(saver, "order", { before: config("order", ids[2]) })).toEqual([ids[1], ids[0]]);
        expect(await listIds(saver, "order", { filter: { step: 2 } })).toEqual([ids[2]]);
        expect((await saver.getTuple(config("order")))?.checkpoint.id).toBe(ids[3]);
        expect((await saver.getTuple(config("order", ids[1])))?.parentConfig?.configurable?.checkpoint_id).toBe(ids[0]);
      });

      it("keeps threads apart: reads, pending writes and deletion of one never reach another", async () => {
        const a = await writeChain(saver, "isolation-a", 2, 100);
        const b = await writeChain(saver, "isolation-b", 3, 200);
        await saver.putWrites(config("isolation-a", a[1]), [["turn", 99]], "task-a");
        expect(await listIds(saver, "isolation-a")).toEqual([...a].reverse());
        expect(await listIds(saver, "isolation-b")).toEqual([...b].reverse());
        expect(await saver.getTuple(config("isolation-b", a[1]))).toBeUndefined();
        expect((await saver.getTuple(config("isolation-a")))?.pendingWrites).toEqual([["task-a", "turn", 99]]);
        expect((await saver.getTuple(config("isolation-b")))?.pendingWrites ?? []).toEqual([]);
        await saver.deleteThread("isolation-a");
        expect(await listIds(saver, "isolation-a")).toEqual([]);
        expect(await listIds(saver, "isolation-b")).toEqual([...b].reverse());
      });
    });

    describe("the research graph as a thread of two turns", () => {
      it("answers a follow-up from the thread's first turn, and the thread's state holds both turns", async () => {
        const kb = await fixtureKb();
        const { open: openSaver } = subject.store();
        const thread = uniqueName("contract-thread-");
        const first = await openSaver();
        try {
          const deps = { kb, checkpointer: async () => first.saver };
          const asked = await runResearch("who directed Paper Moons", deps, { strategy: "heuristic", thread: { id: thread } });
          expect(asked.answers.map((a) => a.name)).toEqual(["Lena Marlowe"]);
          expect(asked.followUp).toBeUndefined();

          const followUp = await runResearch("who starred in it?", deps, { strategy: "heuristic", thread: { id: thread } });
          expect(followUp.followUp).toMatchObject({ kind: "anaphor", resolved: "Who starred in Paper Moons?", referents: [{ name: "Paper Moons", type: "Movie", turn: 0 }] });
          expect(followUp.answers.map((a) => a.name).sort()).toEqual(["Rita Vale", "Tom Harker"]);

          const turns = turnsOf((await threadGraph(first.saver).getState(config(thread))).values as Partial<ResearchStateValue>);
          expect(turns.map((t) => ({ question: t.question, answers: t.answers, resolved: t.resolved }))).toEqual([
            { question: "who directed Paper Moons", answers: ["Lena Marlowe"], resolved: undefined },
            { question: "who starred in it?", answers: expect.arrayContaining(["Rita Vale", "Tom Harker"]), resolved: "Who starred in Paper Moons?" },
          ]);

          if (subject !== memory) {
            // A saver opened afresh on the same store (a restarted service, another instance) sees both turns.
            const second = await openSaver();
            try {
              const again = turnsOf((await threadGraph(second.saver).getState(config(thread))).values as Partial<ResearchStateValue>);
              expect(again.map((t) => t.question)).toEqual(["who directed Paper Moons", "who starred in it?"]);
            } finally {
              await second.close();
            }
          }
          await first.saver.deleteThread(thread);
          expect(turnsOf((await threadGraph(first.saver).getState(config(thread))).values as Partial<ResearchStateValue>)).toEqual([]);
        } finally {
          await first.close();
        }
      });
    });
  });
}

if (postgresUrl) {
  describe("postgres adapter", () => {
    it("refuses a wrong password with the server's address and never the password", async () => {
      const url = new URL(postgresUrl);
      url.password = "not-the-password-x9";
      const error = await openPostgresCheckpointer(url.toString()).then(
        () => undefined,
        (e: unknown) => e as Error & { code?: string },
      );
      expect(error?.code).toBe("backend_unavailable");
      expect(error?.message).toContain(`${url.hostname}:${url.port}`);
      expect(error?.message).not.toContain("not-the-password-x9");
      expect(error?.message).toMatch(/password authentication failed/);
    });
  });
}
