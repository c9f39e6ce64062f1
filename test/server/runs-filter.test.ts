import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Strategy } from "../../agents/research/types";
import type { RunStatus } from "../../src/runs/store";
import { fixtureKb } from "../helpers/fixture-kb";
import { startTestServer, type TestServer } from "../helpers/api-server";

/**
 * GET /v1/runs with strategy, status and q: the filter applies before paging, so a cursor walks the
 * matching runs and nextCursor appears only while more of them exist. The runs are seeded straight
 * into the store (failed and cancelled runs are hard to provoke through the API).
 */

// Oldest first. The oldest run matches none of the filters below, so a page that holds every match
// must still end without a cursor even though older runs exist.
const SEED: { id: string; strategy: Strategy; status: RunStatus; question: string }[] = [
  { id: "r0", strategy: "fulltext", status: "failed", question: "an old unrelated question" },
  { id: "r1", strategy: "heuristic", status: "completed", question: "who directed Starfall" },
  { id: "r2", strategy: "simple", status: "failed", question: "who wrote Starfall" },
  { id: "r3", strategy: "heuristic", status: "cancelled", question: "when was Paper Moons released" },
  { id: "r4", strategy: "llm", status: "completed", question: "who directed Paper Moons" },
  { id: "r5", strategy: "heuristic", status: "completed", question: "Who DIRECTED The Quiet Harbor?" },
  { id: "r6", strategy: "simple", status: "completed", question: "which films share actors with Paper Moons" },
  { id: "r7", strategy: "heuristic", status: "running", question: "who directed Midnight Ledger" },
];

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(await fixtureKb());
  for (const s of SEED) {
    await srv.store.create({ runId: s.id, request: { question: s.question, strategy: s.strategy, via: "research" } });
    if (s.status !== "running") await srv.store.finish(s.id, { status: s.status, ...(s.status === "failed" ? { error: { code: "model_error", message: "x" } } : {}) });
  }
});
afterAll(async () => {
  await srv.close();
});

type Page = { runs: { runId: string }[]; nextCursor?: number };
async function page(query: string): Promise<Page> {
  const res = await srv.get(`/v1/runs?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}
const ids = (p: Page) => p.runs.map((r) => r.runId);

describe("GET /v1/runs filters", () => {
  it("filters by strategy", async () => {
    expect(ids(await page("strategy=heuristic"))).toEqual(["r7", "r5", "r3", "r1"]);
    expect(ids(await page("strategy=tog"))).toEqual([]);
  });

  it("filters by status", async () => {
    const p = await page("status=completed");
    expect(ids(p)).toEqual(["r6", "r5", "r4", "r1"]);
    expect(p.nextCursor).toBeUndefined();
    expect(ids(await page("status=running"))).toEqual(["r7"]);
  });

  it("filters by q: a case-insensitive, trimmed substring of the question", async () => {
    expect(ids(await page(`q=${encodeURIComponent("  DIRECTED ")}`))).toEqual(["r7", "r5", "r4", "r1"]);
    expect(ids(await page("q=paper%20moons"))).toEqual(["r6", "r4", "r3"]);
    // An empty q (a cleared search box) matches everything.
    expect(ids(await page("q=%20%20&limit=100"))).toHaveLength(SEED.length);
  });

  it("combines filters", async () => {
    expect(ids(await page("strategy=heuristic&status=completed"))).toEqual(["r5", "r1"]);
    expect(ids(await page("strategy=heuristic&status=completed&q=starfall"))).toEqual(["r1"]);
    expect(ids(await page("strategy=simple&status=cancelled"))).toEqual([]);
  });

  it("pages through the matching runs only, with a cursor until the last match", async () => {
    const first = await page("strategy=heuristic&limit=3");
    expect(ids(first)).toEqual(["r7", "r5", "r3"]);
    expect(first.nextCursor).toBeDefined();
    const second = await page(`strategy=heuristic&limit=3&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(["r1"]);
    expect(second.nextCursor).toBeUndefined();
    // Exactly a page of matches, and older runs that do not match: no cursor.
    const exact = await page("status=completed&limit=4");
    expect(ids(exact)).toHaveLength(4);
    expect(exact.nextCursor).toBeUndefined();
    // Through q as well, one run a page.
    const seen: string[] = [];
    let cursor: number | undefined;
    do {
      const p = await page(`q=directed&limit=1${cursor !== undefined ? `&cursor=${cursor}` : ""}`);
      seen.push(...ids(p));
      cursor = p.nextCursor;
    } while (cursor !== undefined);
    expect(seen).toEqual(["r7", "r5", "r4", "r1"]);
  });

  it("rejects a bad status or strategy with the allowed values, and an over-long q", async () => {
    const bad = await srv.get("/v1/runs?status=done");
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; message: string; details: { field: string; message: string }[] } };
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.message).toMatch(/status: expected one of running, completed, failed, cancelled, interrupted \(got "done"\)/);
    expect(body.error.details).toEqual([{ field: "status", message: expect.stringContaining("running, completed") }]);
    const strategy = (await (await srv.get("/v1/runs?strategy=fast")).json()) as { error: { message: string } };
    expect(strategy.error.message).toMatch(/strategy: expected one of auto, llm, agent, heuristic, .*simple \(got "fast"\)/);
    const long = await srv.get(`/v1/runs?q=${"x".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { message: string } }).error.message).toMatch(/q is over 200 characters/);
    expect((await srv.get(`/v1/runs?q=${"x".repeat(200)}`)).status).toBe(200);
  });

  it("documents the filters in the OpenAPI document", async () => {
    const doc = (await (await srv.get("/v1/openapi.json")).json()) as { paths: Record<string, { get: { parameters: { name: string; schema: Record<string, unknown> }[] } }> };
    const params = Object.fromEntries(doc.paths["/v1/runs"]!.get.parameters.map((p) => [p.name, p.schema]));
    expect(Object.keys(params)).toEqual(["limit", "cursor", "strategy", "status", "q"]);
    expect(params.status).toMatchObject({ enum: ["running", "completed", "failed", "cancelled", "interrupted"] });
    expect(params.strategy).toMatchObject({ enum: expect.arrayContaining(["heuristic", "simple"]) });
    expect(params.q).toMatchObject({ type: "string", maxLength: 200 });
  });
});
