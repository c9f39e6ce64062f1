import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { InProcessExecutor } from "../../src/server/executor";
import { findMovies } from "../../tools/find-movies";
import { runTool } from "../../tools/tool";
import { fixtureKb } from "../helpers/fixture-kb";
import { GatedExecutor, TEST_OPTIONS, startTestServer, waitFor, type TestServer } from "../helpers/api-server";

let kb: KnowledgeBase;
let srv: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  kb = await fixtureKb();
  srv = await startTestServer(kb);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await srv.close();
});

/** An official MCP client connected to the server's /mcp over Streamable HTTP. */
async function connect(server: TestServer = srv, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

describe("MCP over Streamable HTTP at /mcp (real server on 127.0.0.1)", () => {
  it("lists research, lookup_entity, neighbors and find_movies with input and output schemas, all read-only", async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: "movie-graph-research", version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["find_movies", "lookup_entity", "neighbors", "research"]);
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint).toBe(true);
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema?.type).toBe("object");
      expect(t.description).toBeTruthy();
    }
    const research = tools.find((t) => t.name === "research")!;
    expect(research.inputSchema.required).toEqual(["question"]);
    const props = research.inputSchema.properties as Record<string, any>;
    expect(props.question).toMatchObject({ type: "string", maxLength: 2000 });
    // No chat model on this server: the llm strategy is not offered.
    expect(props.strategy.enum).toContain("heuristic");
    expect(props.strategy.enum).not.toContain("llm");
    expect(props.budget.properties.maxSteps.maximum).toBe(TEST_OPTIONS.caps.maxSteps);
    expect(Object.keys(research.outputSchema!.properties!)).toEqual(expect.arrayContaining(["answer", "answers", "citations", "runId", "strategy", "truncated"]));
    const nb = tools.find((t) => t.name === "neighbors")!;
    expect(Object.keys(nb.inputSchema.properties!)).toEqual(expect.arrayContaining(["entity", "edge", "direction", "limit"]));
    const fm = tools.find((t) => t.name === "find_movies")!;
    expect(Object.keys(fm.inputSchema.properties!)).toEqual(expect.arrayContaining(["people", "concepts", "years", "rankBy", "limit"]));
  });

  it("research answers with footnoted citations, no evidence ids, a progress notification per step, and a run stored via mcp", async () => {
    const client = await connect();
    const progress: { progress: number; message?: string }[] = [];
    const res = (await client.callTool({ name: "research", arguments: { question: "who directed Paper Moons", strategy: "heuristic" } }, undefined, { onprogress: (p) => progress.push(p) })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    const text = textOf(res);
    expect(text).toContain("Paper Moons (2010) was directed by Lena Marlowe [1].");
    expect(text).toMatch(/^\[1\] Lena Marlowe directed Paper Moons \(knowledge graph triple via neighbors\)$/m);
    expect(text).not.toMatch(/ev_[0-9a-f]/);
    const out = res.structuredContent as { answer: string; answers: { name: string }[]; citations: { n: number; text: string; source: string }[]; runId: string; strategy: string; truncated: boolean };
    expect(out).toMatchObject({ answers: [{ name: "Lena Marlowe" }], citations: [{ n: 1, text: "Lena Marlowe directed Paper Moons" }], strategy: "heuristic", truncated: false });
    expect(JSON.stringify(out)).not.toMatch(/ev_[0-9a-f]/);

    const stored = (await (await srv.get(`/v1/runs/${out.runId}`)).json()) as { status: string; request: { via: string }; result: { trace: { node: string; decision: string }[] } };
    expect(stored).toMatchObject({ status: "completed", request: { via: "mcp" } });
    // One notification per trace step, in order, each saying the step's node and decision.
    expect(progress.map((p) => p.message)).toEqual(stored.result.trace.map((s) => `${s.node}: ${s.decision}`));
    expect(progress.map((p) => p.progress)).toEqual(stored.result.trace.map((_, i) => i + 1));
  });

  it("lookup_entity and neighbors return what GET /v1/entities and /v1/entities/{id}/neighbors return", async () => {
    const client = await connect();
    const linked = (await client.callTool({ name: "lookup_entity", arguments: { mention: "celine dupre", limit: 3 } })) as CallToolResult;
    const http = (await (await srv.get("/v1/entities?q=celine%20dupre&limit=3")).json()) as { entities: { id: string; type: string; score: number }[] };
    const items = (linked.structuredContent as { items: { entity: string; type: string; score: number }[] }).items;
    expect(items.map((i) => [i.entity, i.type, i.score])).toEqual(http.entities.map((e) => [e.id, e.type, e.score]));
    expect(textOf(linked)).toMatch(/^1\. Céline Dupré \(Person/);

    const nb = (await client.callTool({ name: "neighbors", arguments: { entity: "Tom Harker", edge: "ACTED_IN", direction: "out", limit: 2 } })) as CallToolResult;
    const httpNb = (await (await srv.get(`/v1/entities/${encodeURIComponent("Tom Harker")}/neighbors?relation=ACTED_IN&direction=out&limit=2`)).json()) as { neighbors: { id: string }[]; total: number; truncated: boolean };
    const nbOut = nb.structuredContent as { items: { entity: string; details: { edge: string } }[]; notes: string[] };
    expect(nbOut.items.map((i) => i.entity)).toEqual(httpNb.neighbors.map((n) => n.id));
    expect(nbOut.items.every((i) => i.details.edge === "ACTED_IN")).toBe(true);
    // The HTTP route says truncated with the total; the tool says it in a note.
    expect(httpNb.truncated).toBe(true);
    expect(nbOut.notes.join(" ")).toContain(`showing 2 of ${httpNb.total}`);
  });

  it("find_movies takes the tool's own input and returns the tool's own results", async () => {
    const client = await connect();
    const args = { people: [{ name: "Tom Harker", role: "ACTED_IN" }], limit: 10 };
    const res = (await client.callTool({ name: "find_movies", arguments: args })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    const direct = await runTool(findMovies, args, { kb, step: 0 });
    const out = res.structuredContent as { items: { entity: string; text: string }[]; total: number; truncated: boolean };
    expect(out.items.map((i) => i.text)).toEqual(direct.evidence.map((e) => e.text));
    expect(out.items.map((i) => i.entity)).toEqual(expect.arrayContaining(["Starfall", "The Quiet Harbor", "Midnight Ledger", "Paper Moons"]));
    expect(out.truncated).toBe(false);
  });

  it("bad input is a tool error that says what to fix, never a stack", async () => {
    const client = await connect();
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["research", { question: "   " }, /question must not be empty/],
      ["research", { question: "x".repeat(2001) }, /question is 2001 characters; the limit is 2000: shorten it by 1 character/],
      ["research", { question: "who directed Starfall", strategy: "llm" }, /strategy/],
      ["research", { question: "who directed Starfall", budget: { maxSteps: 99 } }, /budget\.maxSteps may be at most 8/],
      ["research", { question: "who directed Starfall", colour: "blue" }, /colour/],
      ["lookup_entity", { mention: "" }, /mention must not be empty/],
      ["neighbors", { entity: "Zzyzx Qwerty" }, /^neighbors: unknown entity "Zzyzx Qwerty"/],
      ["neighbors", {}, /give entity or entities/],
      ["find_movies", {}, /give at least one constraint/],
      ["no_such_tool", {}, /no_such_tool not found/],
    ];
    for (const [name, args, message] of cases) {
      const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = textOf(res);
      expect(res.isError, `${name} ${JSON.stringify(args)}: ${text}`).toBe(true);
      expect(text).toMatch(message);
      expect(text).not.toMatch(/\n\s+at /);
    }
  });

  it("a close misspelling resolves, and a note says to what", async () => {
    const client = await connect();
    const res = (await client.callTool({ name: "neighbors", arguments: { entity: "Tom Harkre", edge: "ACTED_IN" } })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    expect(textOf(res)).toMatch(/^note: neighbors: "Tom Harkre" resolved to "Tom Harker"$/m);
  });

  it("answers only POST: other methods get 405 with Allow, in the API's error shape", async () => {
    for (const method of ["GET", "DELETE", "PUT"]) {
      const res = await fetch(`${srv.url}/mcp`, { method, headers: { accept: "application/json, text/event-stream" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
    }
  });

  it("refuses a browser origin that is not loopback when no API keys are set (DNS rebinding)", async () => {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const evil = await srv.post("/mcp", init, { ...headers, origin: "http://attacker.example:8787" });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { code: string } }).error.code).toBe("forbidden_origin");
    const local = await srv.post("/mcp", init, { ...headers, origin: "http://127.0.0.1:8787" });
    expect(local.status).toBe(200);
    await local.body?.cancel();
  });

  it("a client that goes away cancels its research run, which is stored as cancelled", async () => {
    const gated = new GatedExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }));
    const server = await startTestServer(kb, { executor: gated });
    try {
      const client = new Client({ name: "mcp-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
      const call = client.callTool({ name: "research", arguments: { question: "who wrote Starfall" } }).catch((e: unknown) => e);
      await waitFor(() => gated.started.length === 1);
      await client.close();
      await call;
      await waitFor(() => gated.cancelled.length === 1);
      await waitFor(() => server.store.list(10).runs[0]?.status === "cancelled");
      expect(server.store.list(10).runs[0]).toMatchObject({ status: "cancelled", request: { question: "who wrote Starfall", via: "mcp" } });
    } finally {
      await server.close();
    }
  });
});

describe("MCP at /mcp with API keys", () => {
  let keyed: TestServer;
  beforeAll(async () => {
    keyed = await startTestServer(kb, { options: { apiKeys: ["mcp-key-1"] } });
  });
  afterAll(async () => {
    await keyed.close();
  });

  it("needs the key like every other route: 401 without it, tools with it", async () => {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } };
    const res = await keyed.post("/mcp", init, { accept: "application/json, text/event-stream" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    await expect(connect(keyed)).rejects.toThrow();
    await expect(connect(keyed, { authorization: "Bearer wrong" })).rejects.toThrow();

    const client = await connect(keyed, { authorization: "Bearer mcp-key-1" });
    const res2 = (await client.callTool({ name: "lookup_entity", arguments: { mention: "Starfall", limit: 1 } })) as CallToolResult;
    expect((res2.structuredContent as { items: { entity: string }[] }).items[0]!.entity).toBe("Starfall");
    const viaHeader = await connect(keyed, { "x-api-key": "mcp-key-1" });
    expect((await viaHeader.listTools()).tools).toHaveLength(4);
  });
});
