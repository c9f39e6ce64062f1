import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { fixtureKb } from "../helpers/fixture-kb";
import { startTestServer, type TestServer } from "../helpers/api-server";

type Doc = { security?: unknown; components: { securitySchemes?: unknown; schemas: Record<string, any> }; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

/** The OpenAPI document says what this server does, as it is configured (schemathesis checks the rest in CI). */
describe("the OpenAPI document of a running service", () => {
  let kb: KnowledgeBase;
  let open: TestServer;
  let keyed: TestServer;
  beforeAll(async () => {
    kb = await fixtureKb();
    open = await startTestServer(kb);
    keyed = await startTestServer(kb, { options: { apiKeys: ["k-123"] } });
  });
  afterAll(async () => {
    await open.close();
    await keyed.close();
  });

  it("declares security and 401 only when API keys are set", async () => {
    const free = (await (await open.get("/v1/openapi.json")).json()) as Doc;
    expect(free.security).toBeUndefined();
    expect(free.components.securitySchemes).toBeUndefined();
    expect(Object.keys(free.paths["/v1/research"]!.post!.responses)).not.toContain("401");
    const locked = (await (await keyed.get("/v1/openapi.json")).json()) as Doc;
    expect(locked.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(Object.keys(locked.paths["/v1/research"]!.post!.responses)).toEqual(expect.arrayContaining(["400", "401", "405", "413", "415", "429", "500", "503"]));
  });

  it("caps the budget at the configured caps, offers only the strategies and models it runs, and counts characters", async () => {
    const doc = (await (await open.get("/v1/openapi.json")).json()) as Doc;
    const request = doc.components.schemas.ResearchRequest;
    expect(request.properties.budget.properties.maxSteps.maximum).toBeGreaterThan(0);
    expect(request.properties.strategy.enum).not.toContain("llm");
    expect(request.properties.question.maxLength).toBe(2000);
    expect(doc.components.schemas.ChatCompletionRequest.properties.model.enum).toContain("graphrag-heuristic");
    // 1,500 emoji are 1,500 characters, within the limit (3,000 UTF-16 units).
    const r = await open.post("/v1/research", { question: `${"🎬".repeat(1500)} who directed Starfall?` });
    expect(r.status).toBe(200);
    const tooLong = await open.post("/v1/research", { question: "🎬".repeat(2001) });
    expect(tooLong.status).toBe(400);
  });

  it("answers a method a path does not serve with 405 and Allow", async () => {
    const r = await fetch(`${open.url}/v1/research`, { method: "GET" });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    const health = await fetch(`${open.url}/v1/health`, { method: "DELETE" });
    expect(health.status).toBe(405);
    expect(health.headers.get("allow")).toBe("GET, HEAD");
    expect((await fetch(`${open.url}/v1/nowhere`)).status).toBe(404);
    expect((await fetch(`${open.url}/v1/health`, { method: "HEAD" })).status).toBe(200);
  });

  it("checks a stream's budget before the stream starts: a 400 in JSON, not an error event", async () => {
    const r = await open.post("/v1/research/stream", { question: "who directed Starfall", budget: { maxSteps: 10_000 } });
    expect(r.status).toBe(400);
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
  });
});
