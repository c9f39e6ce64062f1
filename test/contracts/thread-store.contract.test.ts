import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresThreadStore } from "../../src/adapters/postgres/thread-store";
import { FileThreadStore, type ThreadStore } from "../../src/threads/store";

/**
 * The thread-record stores behave alike: files on one machine, PostgreSQL shared by every instance
 * (when POSTGRES_URL is set; CI sets it and REQUIRE_POSTGRES=1). Ids are unique per run, so a shared
 * database is left as it was found.
 */
const T0 = "2026-11-25T10:00:00.000Z";
const at = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();

interface Subject {
  title: string;
  open: () => Promise<ThreadStore>;
  /** Whether a busy mark older than the stale limit (60 s here) may be claimed again. */
  reclaimsStale: boolean;
}

const subjects: Subject[] = [{ title: "file thread store", open: async () => new FileThreadStore(mkdtempSync(join(tmpdir(), "mg-threads-"))), reclaimsStale: false }];
const url = process.env.POSTGRES_URL;
if (url) subjects.push({ title: "postgres thread store", open: () => PostgresThreadStore.open(url, 60_000), reclaimsStale: true });
else if (process.env.REQUIRE_POSTGRES === "1") {
  describe("postgres thread store (REQUIRE_POSTGRES=1)", () => {
    it("has a server to run against", () => {
      throw new Error("REQUIRE_POSTGRES=1 but POSTGRES_URL is not set; start a server with npm run postgres -- start and set POSTGRES_URL to the URL it prints (with the password)");
    });
  });
}

for (const subject of subjects) {
  describe(subject.title, () => {
    const run = randomUUID().slice(0, 8);
    const id = (name: string) => `t-${run}-${name}`;
    let store: ThreadStore;
    const made: string[] = [];
    const create = async (name: string, metadata: Record<string, unknown>, s: number) => {
      made.push(id(name));
      return store.create(id(name), metadata, at(s));
    };
    afterAll(async () => {
      for (const t of made) await store.delete(t);
      await store.close();
    });

    it("creates a thread once; a taken id gives nothing", async () => {
      store = await subject.open();
      expect(await create("a", { user: "ana", run }, 0)).toEqual({ threadId: id("a"), createdAt: at(0), updatedAt: at(0), metadata: { user: "ana", run }, status: "idle" });
      expect(await create("a", {}, 1)).toBeUndefined();
      expect(await store.get(id("a"))).toMatchObject({ metadata: { user: "ana", run } });
      expect(await store.get(id("nope"))).toBeUndefined();
    });

    it("refuses an id or metadata it cannot keep, saying what to fix", async () => {
      await expect(store.create("has space", {}, at(0))).rejects.toThrow(/thread_id: letters, digits/);
      await expect(store.create(id("big"), { blob: "x".repeat(20_000) }, at(0))).rejects.toThrow(/metadata: at most/);
    });

    it("updates status, metadata and the last run", async () => {
      const r = await store.update(id("a"), { metadata: { user: "ana", run, mood: "curious" }, lastRunId: "run-1" }, at(5));
      expect(r).toMatchObject({ updatedAt: at(5), status: "idle", lastRunId: "run-1", metadata: { mood: "curious" } });
      expect(await store.update(id("nope"), { status: "idle" }, at(5))).toBeUndefined();
    });

    it("searches newest first, by status and by metadata, with limit and offset", async () => {
      await create("b", { user: "bo", run }, 10);
      await create("c", { user: "ana", run }, 20);
      await store.update(id("c"), { status: "error" }, at(21));
      const mine = await store.search({ metadata: { run } }, 10, 0);
      expect(mine.map((t) => t.threadId)).toEqual([id("c"), id("b"), id("a")]);
      expect((await store.search({ metadata: { run, user: "ana" } }, 10, 0)).map((t) => t.threadId)).toEqual([id("c"), id("a")]);
      expect((await store.search({ metadata: { run }, status: "error" }, 10, 0)).map((t) => t.threadId)).toEqual([id("c")]);
      expect((await store.search({ metadata: { run } }, 1, 1)).map((t) => t.threadId)).toEqual([id("b")]);
    });

    it("lets one of two claims at once start a run; a missing thread is said so", async () => {
      const claims = await Promise.all([store.claim(id("b"), at(30)), store.claim(id("b"), at(30))]);
      expect(claims.sort()).toEqual(["busy", "claimed"]);
      expect((await store.get(id("b")))!.status).toBe("busy");
      expect(await store.claim(id("nope"), at(30))).toBe("missing");
      await store.update(id("b"), { status: "idle" }, at(31));
      expect(await store.claim(id("b"), at(32))).toBe("claimed");
    });

    it(subject.reclaimsStale ? "takes back a busy mark older than any run can last" : "keeps a busy mark (a restart marks it interrupted instead)", async () => {
      expect(await store.claim(id("b"), at(100))).toBe(subject.reclaimsStale ? "claimed" : "busy");
    });

    it("deletes a thread", async () => {
      expect(await store.delete(id("c"))).toBe(true);
      expect(await store.get(id("c"))).toBeUndefined();
      expect(await store.delete(id("c"))).toBe(false);
    });
  });
}
