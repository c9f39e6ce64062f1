import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { createMcpServer } from "../../src/mcp/server";
import { FileRunStore } from "../../src/runs/store";
import { Drain } from "../../src/server/drain";
import { InProcessExecutor, type ResearchExecutor } from "../../src/server/executor";
import { RunGate } from "../../src/server/run-gate";
import { createLogger } from "../../src/util/logger";
import { fixtureKb } from "../helpers/fixture-kb";
import { GatedExecutor, TEST_OPTIONS, waitFor } from "../helpers/api-server";

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await fixtureKb();
});
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The MCP server object as stdio serves it (tool calls counted on its drain), linked to a client in memory. */
async function connected(o: { executor?: ResearchExecutor; kb?: KnowledgeBase } = {}) {
  const store = new FileRunStore(mkdtempSync(join(tmpdir(), "mg-mcp-runs-")), 50);
  const drain = new Drain();
  const service = { executor: o.executor ?? new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }), store, gate: new RunGate(4, 8, 5000), caps: TEST_OPTIONS.caps, hasModel: false, drain };
  const server = createMcpServer({ service, kb: o.kb ?? kb, log: createLogger("silent"), callDrain: drain });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(clientSide);
  closers.push(async () => {
    await client.close();
    await server.close();
  });
  return { client, store, drain };
}

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

describe("the MCP server object (in-memory transport, as over stdio)", () => {
  it("research answers, with one progress notification per step, and stores the run via mcp", async () => {
    const { client, store } = await connected();
    const messages: string[] = [];
    const res = (await client.callTool({ name: "research", arguments: { question: "who wrote Starfall", strategy: "heuristic" } }, undefined, { onprogress: (p) => messages.push(p.message ?? "") })) as CallToolResult;
    const out = res.structuredContent as { answers: { name: string }[]; runId: string };
    expect(out.answers.map((a) => a.name).sort()).toEqual(["Ada Marlowe", "Ben Okafor"]);
    expect(textOf(res)).toMatch(/^\[1\] /m);
    const run = store.get(out.runId)!;
    expect(run).toMatchObject({ status: "completed", request: { via: "mcp", strategy: "heuristic" } });
    expect(messages).toEqual(run.result!.trace.map((s) => `${s.node}: ${s.decision}`));
  });

  it("takes the conversation so far: a follow-up is read against it", async () => {
    const { client, store } = await connected();
    const res = (await client.callTool({ name: "research", arguments: { question: "who starred in it?", history: [{ question: "who directed Paper Moons", answer: "Paper Moons (2010) was directed by Lena Marlowe [1]." }] } })) as CallToolResult;
    expect(res.isError).toBeFalsy();
    const out = res.structuredContent as { runId: string; answers: { name: string }[] };
    expect(out.answers.map((a) => a.name).sort()).toEqual(["Rita Vale", "Tom Harker"]);
    expect(store.get(out.runId)!.request.history).toEqual([{ question: "who directed Paper Moons", answer: "Paper Moons (2010) was directed by Lena Marlowe [1]." }]);
  });

  it("honours the client's cancellation: the run stops and is stored as cancelled", async () => {
    const gated = new GatedExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }));
    const { client, store } = await connected({ executor: gated });
    const abort = new AbortController();
    const call = client.callTool({ name: "research", arguments: { question: "who directed Starfall" } }, undefined, { signal: abort.signal });
    await waitFor(() => gated.started.length === 1);
    abort.abort();
    await expect(call).rejects.toThrow();
    await waitFor(() => store.list(1).runs[0]?.status === "cancelled");
    expect(gated.cancelled).toEqual(["who directed Starfall"]);
  });

  it("a drain waits for the call in flight and refuses new ones", async () => {
    const gated = new GatedExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }));
    const { client, drain } = await connected({ executor: gated });
    const call = client.callTool({ name: "research", arguments: { question: "who directed Starfall" } });
    await waitFor(() => gated.started.length === 1);
    const drained = drain.drain(5000);
    const refused = (await client.callTool({ name: "lookup_entity", arguments: { mention: "Starfall" } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/shutting down/);
    gated.releaseAll();
    const res = (await call) as CallToolResult;
    expect((res.structuredContent as { answers: { name: string }[] }).answers[0]!.name).toBe("Ada Marlowe");
    expect(await drained).toMatchObject({ interruptedRuns: 0, finishedRequests: 1 });
  });

  it("a graph tool call has a deadline: a stuck graph answers a tool error after 5 s", async () => {
    // A graph whose neighbour lookups never return.
    const stuck = { ...kb, graph: new Proxy(kb.graph, { get: (g, k) => (k === "neighbors" ? () => new Promise(() => {}) : Reflect.get(g, k)) }) } as KnowledgeBase;
    const { client } = await connected({ kb: stuck });
    const t0 = performance.now();
    const res = (await client.callTool({ name: "neighbors", arguments: { entity: "Tom Harker" } })) as CallToolResult;
    expect(res.isError).toBe(true);
    expect(textOf(res)).toBe("neighbors: no result within 5000 ms; ask with a lower limit or fewer constraints");
    expect(performance.now() - t0).toBeGreaterThanOrEqual(4900);
  });
});
