import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { RunResultSchema, StoredRunSchema } from "../../src/server/schemas";
import { InProcessExecutor } from "../../src/server/executor";
import { fixtureKb } from "../helpers/fixture-kb";
import { GatedExecutor, TEST_OPTIONS, startTestServer, waitFor, type TestServer } from "../helpers/api-server";

let kb: KnowledgeBase;
let srv: TestServer;
beforeAll(async () => {
  kb = await fixtureKb();
  srv = await startTestServer(kb);
});
afterAll(async () => {
  await srv.close();
});

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[]; requestId?: string } };
async function expectError(res: Response, status: number, code: string, message?: RegExp): Promise<ErrorBody> {
  expect(res.status).toBe(status);
  expect(res.headers.get("x-request-id")).toBeTruthy();
  const text = await res.text();
  expect(text).not.toMatch(/\n\s+at /); // never a stack trace
  const body = JSON.parse(text) as ErrorBody;
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
  return body;
}

describe("HTTP API (real server on 127.0.0.1)", () => {
  it("GET /v1/health reports stores, counts by type, model provider and version", async () => {
    const res = await srv.get("/v1/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({ status: "ok", modelProvider: "none", stores: { graph: "embedded", text: "minisearch", vectors: "exact", runs: "file" }, counts: { nodes: kb.info.stats.nodes } });
    expect(body.counts.edgesByType.ACTED_IN).toBe(11);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("keeps a sane client request id", async () => {
    const res = await srv.get("/v1/health", { "x-request-id": "my-trace-123" });
    expect(res.headers.get("x-request-id")).toBe("my-trace-123");
  });

  it("GET /v1/openapi.json is generated from the request schemas", async () => {
    const doc = (await (await srv.get("/v1/openapi.json")).json()) as Record<string, any>;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/research", "/v1/research/stream", "/v1/runs", "/v1/runs/{id}", "/v1/entities", "/v1/entities/{id}/neighbors", "/v1/chat/completions", "/v1/health"]));
    expect(doc.components.schemas.ResearchRequest.properties.question).toMatchObject({ type: "string", maxLength: 2000 });
    expect(doc.components.schemas.ResearchRequest.additionalProperties).toBe(false);
  });

  it("POST /v1/research returns the run result, and stores it with its trace", async () => {
    const res = await srv.post("/v1/research", { question: "who directed Paper Moons", strategy: "heuristic" });
    expect(res.status).toBe(200);
    const result = RunResultSchema.parse(await res.json());
    expect(result.answers[0]!.name).toBe("Lena Marlowe");
    expect(result.trace!.map((s) => s.node)).toContain("act");
    const stored = StoredRunSchema.parse(await (await srv.get(`/v1/runs/${result.runId}`)).json());
    expect(stored).toMatchObject({ status: "completed", request: { question: "who directed Paper Moons", strategy: "heuristic", via: "research" } });
    expect(stored.result!.trace).toEqual(result.trace);
    const noTrace = (await (await srv.post("/v1/research", { question: "who directed Paper Moons", includeTrace: false })).json()) as Record<string, unknown>;
    expect(noTrace.trace).toBeUndefined();
  });

  it("lists runs newest first with a cursor", async () => {
    for (const q of ["who directed Starfall", "who wrote Starfall", "when was Starfall released"]) await srv.post("/v1/research", { question: q });
    const first = (await (await srv.get("/v1/runs?limit=2")).json()) as { runs: { seq: number; request: { question: string } }[]; nextCursor: number };
    expect(first.runs).toHaveLength(2);
    expect(first.runs[0]!.request.question).toBe("when was Starfall released");
    expect(first.runs[0]!.seq).toBeGreaterThan(first.runs[1]!.seq);
    const next = (await (await srv.get(`/v1/runs?limit=2&cursor=${first.nextCursor}`)).json()) as { runs: { seq: number }[] };
    expect(next.runs[0]!.seq).toBeLessThan(first.runs[1]!.seq);
  });

  it("explores the graph: entity linking and neighbours", async () => {
    const ents = (await (await srv.get("/v1/entities?q=celine%20dupre&limit=3")).json()) as { entities: { id: string }[] };
    expect(ents.entities[0]!.id).toBe("Céline Dupré");
    const nb = (await (await srv.get(`/v1/entities/${encodeURIComponent("Tom Harker")}/neighbors?relation=ACTED_IN&direction=out&limit=2`)).json()) as { neighbors: { id: string }[]; total: number; truncated: boolean };
    expect(nb.neighbors.map((n) => n.id)).toEqual(["Starfall", "The Quiet Harbor"]);
    expect(nb).toMatchObject({ total: 4, truncated: true });
    await expectError(await srv.get("/v1/entities/Tom%20Harkr/neighbors"), 404, "not_found", /closest: "Tom Harker"/);
    await expectError(await srv.get("/v1/entities?q=x&type=Planet"), 400, "invalid_input", /type/);
  });

  it("rejects bad input with field errors, and names caps", async () => {
    const b1 = await expectError(await srv.post("/v1/research", { question: "who", colour: "red", strategy: 7 }), 400, "invalid_input");
    expect(b1.error.details!.map((d) => d.field).sort()).toEqual(["colour", "strategy"]);
    await expectError(await srv.post("/v1/research", { question: "   " }), 400, "invalid_input", /question: question must not be empty/);
    await expectError(await srv.post("/v1/research", { question: "x".repeat(2001) }), 400, "invalid_input", /question is 2001 characters; the limit is 2000: shorten it by 1 character/);
    await expectError(await srv.post("/v1/research", { question: "who", budget: { maxSteps: 9 } }), 400, "invalid_input", /budget.maxSteps is 9, above the configured cap of 8/);
    await expectError(await srv.post("/v1/research", { question: "who", strategy: "llm" }), 400, "invalid_input", /needs a chat model/);
    await expectError(await srv.post("/v1/research", "{not json"), 400, "invalid_json");
    await expectError(await srv.post("/v1/research", "question=who", { "content-type": "application/x-www-form-urlencoded" }), 415, "unsupported_media_type");
    await expectError(await srv.post("/v1/research", { question: "q".repeat(1000), pad: "x".repeat(20_000) }), 413, "payload_too_large", /16384 bytes/);
    await expectError(await srv.get("/v1/runs/does-not-exist"), 404, "not_found", /no run with id/);
    await expectError(await srv.get("/v1/runs?limit=0"), 400, "invalid_input", /limit/);
    await expectError(await srv.get("/v1/nothing-here"), 404, "not_found", /no route GET/);
  });

  it("answers with truncated: true when the deadline passes", async () => {
    const r = (await (await srv.post("/v1/research", { question: "who acted in the movies directed by the director of Midnight Ledger", budget: { deadlineMs: 1 } })).json()) as { truncated: boolean; truncatedReason: string };
    expect(r).toMatchObject({ truncated: true, truncatedReason: "deadline of 1 ms reached" });
  });
});

describe("API keys, rate limits and the concurrency cap", () => {
  it("asks for a key when API_KEYS is set; health stays open", async () => {
    const s = await startTestServer(kb, { options: { apiKeys: ["k-one", "k-two"] } });
    try {
      const none = await expectError(await s.post("/v1/research", { question: "who directed Starfall" }), 401, "unauthorized", /an API key is required/);
      expect(none.error.message).not.toMatch(/k-one/);
      await expectError(await s.post("/v1/research", { question: "who directed Starfall" }, { authorization: "Bearer nope" }), 401, "unauthorized", /not valid/);
      expect((await s.post("/v1/research", { question: "who directed Starfall" }, { authorization: "Bearer k-two" })).status).toBe(200);
      expect((await s.post("/v1/research", { question: "who directed Starfall" }, { "x-api-key": "k-one" })).status).toBe(200);
      expect((await s.get("/v1/health")).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("rate-limits per key with 429 and Retry-After", async () => {
    const s = await startTestServer(kb, { options: { apiKeys: ["a", "b"], rateLimitPerMinute: 60, rateLimitBurst: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await s.get("/v1/runs", { "x-api-key": "a" })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await s.get("/v1/runs", { "x-api-key": "a" });
      await expectError(limited, 429, "rate_limited", /60 requests a minute/);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await s.get("/v1/runs", { "x-api-key": "b" })).status).toBe(200); // another key has its own bucket
    } finally {
      await s.close();
    }
  });

  it("queues past the concurrency cap, then answers 503 with Retry-After", async () => {
    const gated = new GatedExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }));
    const s = await startTestServer(kb, { executor: gated, options: { maxConcurrentRuns: 1, maxQueuedRuns: 1, queueTimeoutMs: 5000 } });
    try {
      const first = s.post("/v1/research", { question: "who directed Starfall" });
      await waitFor(() => gated.started.length === 1);
      const second = s.post("/v1/research", { question: "who wrote Starfall" }); // queued
      await waitFor(async () => ((await (await s.get("/v1/health")).json()) as { runs: { queued: number } }).runs.queued === 1);
      const third = await s.post("/v1/research", { question: "when was Starfall released" });
      await expectError(third, 503, "overloaded", /at capacity/);
      expect(third.headers.get("retry-after")).toBeTruthy();
      gated.releaseAll();
      expect((await first).status).toBe(200);
      await waitFor(() => gated.started.length === 2);
      gated.releaseAll();
      expect((await second).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
