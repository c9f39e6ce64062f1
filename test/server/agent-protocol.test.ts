import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemorySaver } from "@langchain/langgraph";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import type { TraceStep } from "../../agents/research/types";
import { AppError } from "../../src/errors";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { FileRunStore } from "../../src/runs/store";
import { createApp, type AppOptions } from "../../src/server/app";
import { InProcessExecutor, type ResearchExecutor } from "../../src/server/executor";
import { listen, type RunningServer } from "../../src/server/start";
import { FileThreadStore } from "../../src/threads/store";
import { GatedExecutor, TEST_OPTIONS } from "../helpers/api-server";
import { fixtureKb } from "../helpers/fixture-kb";

/** A real server over the fixture world with threads: records in a temp folder, state in one MemorySaver shared with the executor. */
async function serve(kb: KnowledgeBase, o: { executor?: (inner: ResearchExecutor) => ResearchExecutor; options?: Partial<AppOptions> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "mg-agent-protocol-"));
  const saver = new MemorySaver();
  const inner = new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps, checkpointer: async () => saver });
  const executor = o.executor ? o.executor(inner) : inner;
  const { app } = createApp({
    kb,
    store: new FileRunStore(join(dir, "runs"), 50),
    executor,
    modelProvider: "none",
    hasModel: false,
    evalDir: join(dir, "no-evals"),
    options: { ...TEST_OPTIONS, ...o.options },
    threads: { records: new FileThreadStore(join(dir, "threads")), openSaver: async () => saver },
  });
  const server: RunningServer = await listen(app, 0, "127.0.0.1");
  return { ...server, saver, executor };
}

/** The SDK's HTTP error: its status and our error body. */
async function failure(p: Promise<unknown>): Promise<{ status: number; error: { code: string; message: string; requestId?: string; details?: unknown } }> {
  const e = (await p.then(
    () => undefined,
    (x: unknown) => x,
  )) as { status?: number; text?: string } | undefined;
  expect(e, "the call should have failed").toBeDefined();
  return { status: e!.status!, error: (JSON.parse(e!.text!) as { error: { code: string; message: string } }).error };
}

type Values = { question?: string; resolved?: string; answer?: string; answers: { name: string }[]; citations: { id: string; text: string }[]; turns: { question: string; answer: string }[] };
const ASK = "who directed Paper Moons";
const ANSWER = /^Paper Moons \(2010\) was directed by Lena Marlowe \[1\]/;

let kb: KnowledgeBase;
let srv: Awaited<ReturnType<typeof serve>>;
let client: Client;
beforeAll(async () => {
  kb = await fixtureKb();
  srv = await serve(kb);
  client = new Client({ apiUrl: srv.url, apiKey: null, callerOptions: { maxRetries: 0 } });
});
afterAll(async () => {
  await srv.close();
});

describe("the Agent Protocol with LangGraph's SDK", () => {
  it("lists one assistant per strategy, research (auto) first, and gets one by id", async () => {
    const list = await client.assistants.search({ limit: 100 });
    expect(list.map((a) => a.assistant_id)).toEqual(["research", "heuristic", "deep", "tog", "depth", "breadth", "fulltext", "simple"]); // no llm without a model
    expect(new Set(list.map((a) => a.graph_id))).toEqual(new Set(["research"]));
    expect(list[0]).toMatchObject({ config: { configurable: { strategy: "auto" } }, metadata: { strategy: "auto" }, version: 1 });
    expect((await client.assistants.search({ metadata: { strategy: "tog" } })).map((a) => a.assistant_id)).toEqual(["tog"]);
    expect(await client.assistants.get("simple")).toMatchObject({ assistant_id: "simple", graph_id: "research", description: expect.stringMatching(/SimpleRAG/) });
    const llm = await failure(client.assistants.get("llm"));
    expect(llm.status).toBe(404);
    expect(llm.error.message).toMatch(/unknown assistant "llm" \(llm needs a chat model.*CHAT_MODEL\); available: research, heuristic/);
  });

  it("answers a question in a thread, then a follow-up about the same film; the state holds both turns and the history is newest first", async () => {
    const thread = await client.threads.create({ metadata: { user: "ada" } });
    expect(thread).toMatchObject({ status: "idle", metadata: { user: "ada" }, values: { answers: [], turns: [] } });
    let runId = "";
    const first = (await client.runs.wait(thread.thread_id, "research", { input: { question: ASK }, onRunCreated: (m) => void (runId = m.run_id) })) as Values;
    expect(first.answer).toMatch(ANSWER);
    expect(first.answers[0]!.name).toBe("Lena Marlowe");
    expect(first.citations[0]!.text).toMatch(/Lena Marlowe/);
    // run_id is the stored run's id.
    const stored = (await (await fetch(`${srv.url}/v1/runs/${runId}`)).json()) as { request: { via: string; threadId: string } };
    expect(stored.request).toMatchObject({ via: "thread", threadId: thread.thread_id });

    const next = (await client.runs.wait(thread.thread_id, "research", { input: { question: "and when did it come out?" } })) as Values;
    expect(next.answer).toMatch(/^Paper Moons \(2010\) was released in 2010 \[1\]/);
    expect(next.answers.map((a) => a.name)).toEqual(["2010"]);
    expect(next).toMatchObject({ question: "and when did it come out?", resolved: expect.stringMatching(/Paper Moons/) });

    const state = await client.threads.getState<Values>(thread.thread_id);
    expect(state.values.turns.map((t) => t.question)).toEqual([ASK, "and when did it come out?"]);
    expect(state.values.turns[0]!.answer).toMatch(ANSWER);
    expect(state.next).toEqual([]);
    expect(state.checkpoint).toMatchObject({ thread_id: thread.thread_id, checkpoint_id: expect.any(String) });
    expect((await client.threads.get(thread.thread_id)).status).toBe("idle");

    const history = await client.threads.getHistory<Values>(thread.thread_id, { limit: 5 });
    expect(history).toHaveLength(5);
    expect(history[0]!.checkpoint.checkpoint_id).toBe(state.checkpoint.checkpoint_id);
    for (let i = 1; i < history.length; i++) {
      expect(history[i - 1]!.parent_checkpoint?.checkpoint_id).toBe(history[i]!.checkpoint.checkpoint_id);
      expect(history[i - 1]!.created_at! >= history[i]!.created_at!).toBe(true);
    }
    const older = await client.threads.getHistory(thread.thread_id, { limit: 2, before: { configurable: { checkpoint_id: history[1]!.checkpoint.checkpoint_id } } });
    expect(older.map((s) => s.checkpoint.checkpoint_id)).toEqual([history[2]!.checkpoint.checkpoint_id, history[3]!.checkpoint.checkpoint_id]);
    expect((await client.threads.getState(thread.thread_id, history[2]!.checkpoint.checkpoint_id!)).checkpoint.checkpoint_id).toBe(history[2]!.checkpoint.checkpoint_id);

    expect((await client.threads.search({ metadata: { user: "ada" } })).map((t) => t.thread_id)).toEqual([thread.thread_id]);
  });

  it("streams metadata, the values with the question, one updates and one custom event per step, then the final values", async () => {
    const thread = await client.threads.create();
    const events: { event: string; data: any }[] = [];
    for await (const part of client.runs.stream(thread.thread_id, "heuristic", { input: { question: ASK }, streamMode: ["values", "updates", "custom"] })) events.push(part as { event: string; data: any });

    expect(events[0]).toEqual({ event: "metadata", data: { run_id: expect.any(String), thread_id: thread.thread_id }, id: "0" });
    expect(events[1]).toMatchObject({ event: "values", data: { question: ASK, answers: [], citations: [], turns: [] } });
    const custom = events.filter((e) => e.event === "custom").map((e) => e.data as TraceStep);
    const updates = events.filter((e) => e.event === "updates").map((e) => e.data as Record<string, { index: number; decision: string }>);
    const stored = (await (await fetch(`${srv.url}/v1/runs/${events[0]!.data.run_id}`)).json()) as { result: { trace: TraceStep[] } };
    expect(custom.map((s) => s.node)).toEqual(stored.result.trace.map((s) => s.node));
    expect(custom[0]).toMatchObject({ index: 0, node: "router", decision: expect.any(String), notes: expect.any(Array), evidenceIds: [] });
    expect(custom.some((s) => s.tool)).toBe(true);
    expect(updates.map((u) => Object.keys(u)[0])).toEqual(custom.map((s) => s.node));
    expect(updates[0]!.router).toMatchObject({ index: 0, decision: custom[0]!.decision });
    const last = events.at(-1)!;
    expect(last.event).toBe("values");
    expect(last.data.answer).toMatch(ANSWER);
    expect(last.data.turns).toHaveLength(1);

    // Without stream modes: values only, as in LangGraph.
    const plain: string[] = [];
    for await (const part of client.runs.stream(thread.thread_id, "research", { input: { question: "and when did it come out?" } })) plain.push(part.event);
    expect(plain).toEqual(["metadata", "values", "values"]);
  });

  it("runs in the background: create answers at once with the run going, join waits for the values, get and list show it done", async () => {
    const thread = await client.threads.create();
    const run = await client.runs.create(thread.thread_id, "research", { input: { question: ASK }, metadata: { from: "test" } });
    expect(run).toMatchObject({ thread_id: thread.thread_id, assistant_id: "research", status: "running", metadata: { from: "test" }, multitask_strategy: "reject" });
    const values = (await client.runs.join(thread.thread_id, run.run_id)) as Values;
    expect(values.answer).toMatch(ANSWER);
    expect(await client.runs.get(thread.thread_id, run.run_id)).toMatchObject({ run_id: run.run_id, status: "success" });
    expect((await client.runs.list(thread.thread_id)).map((r) => r.run_id)).toEqual([run.run_id]);
    expect((await failure(client.runs.get(thread.thread_id, "no-such-run"))).status).toBe(404);
  });

  it("resumes a thread's interrupted run when the input is null or a resume command", async () => {
    for (const resume of [{ input: null }, { command: { resume: true } }]) {
      const thread = await client.threads.create();
      // A run cut short after its first step (as a shutdown or a cancel would): its last checkpoint has nodes still to run.
      const stop = new AbortController();
      await expect(runResearch(ASK, { kb, checkpointer: async () => srv.saver }, { thread: { id: thread.thread_id }, signal: stop.signal, onStep: () => stop.abort() })).rejects.toThrow();
      expect((await client.threads.getState(thread.thread_id)).next.length).toBeGreaterThan(0);
      const values = (await client.runs.wait(thread.thread_id, "research", resume)) as Values;
      expect(values.answer).toMatch(ANSWER);
      expect(values.turns).toHaveLength(1);
      expect((await client.threads.getState(thread.thread_id)).next).toEqual([]);
    }
    // Nothing to resume: 400.
    const idle = await client.threads.create();
    const nothing = await failure(client.runs.wait(idle.thread_id, "research", { input: null }));
    expect(nothing).toMatchObject({ status: 400, error: { code: "invalid_input", message: expect.stringMatching(/no interrupted run to resume/) } });
  });

  it("refuses a second run on a busy thread with 409, cancels a run, and rejects other multitask strategies", async () => {
    const gated = await serve(kb, { executor: (inner) => new GatedExecutor(inner) });
    const c = new Client({ apiUrl: gated.url, apiKey: null, callerOptions: { maxRetries: 0 } });
    try {
      const thread = await c.threads.create();
      const run = await c.runs.create(thread.thread_id, "research", { input: { question: ASK } });
      expect((await c.threads.get(thread.thread_id)).status).toBe("busy");
      const busy = await failure(c.runs.wait(thread.thread_id, "research", { input: { question: "who directed Starfall" } }));
      expect(busy.status).toBe(409);
      expect(busy.error).toMatchObject({ code: "conflict", message: expect.stringMatching(/already has a run going.*multitask_strategy "reject"/), details: { runId: run.run_id }, requestId: expect.any(String) });
      const enqueue = await failure(c.runs.create(thread.thread_id, "research", { input: { question: ASK }, multitaskStrategy: "enqueue" }));
      expect(enqueue.status).toBe(400);
      expect(enqueue.error.message).toMatch(/multitask_strategy "enqueue" is not supported: this server rejects/);

      await c.runs.cancel(thread.thread_id, run.run_id, true);
      expect((await c.runs.get(thread.thread_id, run.run_id)).status).toBe("interrupted");
      expect((await c.threads.get(thread.thread_id)).status).toBe("interrupted");
      expect((await failure(c.runs.cancel(thread.thread_id, run.run_id))).status).toBe(409);

      // The thread takes a new run once the first has ended; a stream can join it while it goes.
      const again = await c.runs.create(thread.thread_id, "research", { input: { question: ASK } });
      const joined = c.runs.joinStream(thread.thread_id, again.run_id, { streamMode: ["custom", "values"] })[Symbol.asyncIterator]();
      const events = [(await joined.next()).value as { event: string; data: any }]; // the stream follows the run once it has sent metadata
      expect((gated.executor as GatedExecutor).started).toHaveLength(2);
      (gated.executor as GatedExecutor).releaseAll();
      expect(((await c.runs.join(thread.thread_id, again.run_id)) as Values).answer).toMatch(ANSWER);
      for (let r = await joined.next(); !r.done; r = await joined.next()) events.push(r.value as { event: string; data: any });
      expect(events[0]).toMatchObject({ event: "metadata", data: { run_id: again.run_id } });
      expect(events.filter((e) => e.event === "custom").map((e) => e.data.node)).toEqual(["router", "prime", "plan", "act", "judge", "organize", "answer", "validate"]);
      expect(events.at(-1)).toMatchObject({ event: "values", data: { answer: expect.stringMatching(ANSWER) } });
    } finally {
      (gated.executor as GatedExecutor).releaseAll();
      await gated.close();
    }
  });

  it("reports a run that fails after it started: an error event ends the stream, wait and join answer the error's status, the run's status is error", async () => {
    const failing = await serve(kb, { executor: (inner) => ({ kind: "failing", run: (q, o) => (q === "boom" ? Promise.reject(new AppError("model_error", "the chat model failed")) : inner.run(q, o)), close: async () => {} }) });
    const c = new Client({ apiUrl: failing.url, apiKey: null, callerOptions: { maxRetries: 0 } });
    try {
      const thread = await c.threads.create();
      const events: { event: string; data: any }[] = [];
      for await (const part of c.runs.stream(thread.thread_id, "research", { input: { question: "boom" }, streamMode: ["updates"] })) events.push(part as { event: string; data: any });
      expect(events.map((e) => e.event)).toEqual(["metadata", "error"]);
      expect(events[1]!.data).toEqual({ error: "model_error", message: "the chat model failed" });
      expect(await c.runs.get(thread.thread_id, events[0]!.data.run_id)).toMatchObject({ status: "error" });
      expect(await failure(c.runs.wait(thread.thread_id, "research", { input: { question: "boom" } }))).toMatchObject({ status: 502, error: { code: "model_error" } });
      const run = await c.runs.create(thread.thread_id, "research", { input: { question: "boom" } });
      expect((await failure(c.runs.join(thread.thread_id, run.run_id))).status).toBe(502);
      expect((await c.threads.get(thread.thread_id)).status).toBe("error");
    } finally {
      await failing.close();
    }
  });

  it("updates a thread's metadata (merged; null removes a key) and finds it by metadata", async () => {
    const thread = await client.threads.create({ metadata: { user: "ana", topic: "westerns" } });
    const updated = await client.threads.update(thread.thread_id, { metadata: { topic: null, mood: "curious" } });
    expect(updated.metadata).toMatchObject({ user: "ana", mood: "curious" });
    expect(updated.metadata).not.toHaveProperty("topic");
    const found = await client.threads.search({ metadata: { mood: "curious" } });
    expect(found.map((t) => t.thread_id)).toContain(thread.thread_id);
  });

  it("answers 404 for an unknown thread or assistant, 400 for a bad thread id and 409 for a taken one, in the API's error shape", async () => {
    const thread = await client.threads.create();
    const noThread = await failure(client.threads.get("no-such-thread"));
    expect(noThread).toMatchObject({ status: 404, error: { code: "not_found", message: "no thread no-such-thread", requestId: expect.any(String) } });
    expect((await failure(client.runs.wait("no-such-thread", "research", { input: { question: ASK } }))).status).toBe(404);
    expect((await failure(client.threads.getState("no-such-thread"))).status).toBe(404);
    const noAssistant = await failure(client.runs.wait(thread.thread_id, "gpt-4o", { input: { question: ASK } }));
    expect(noAssistant).toMatchObject({ status: 404, error: { message: 'unknown assistant "gpt-4o"; available: research, heuristic, deep, tog, depth, breadth, fulltext, simple' } });
    expect((await failure(client.threads.create({ threadId: "not a slug!" }))).error).toMatchObject({ code: "invalid_input", message: expect.stringMatching(/^thread_id: letters, digits/) });
    expect((await failure(client.threads.create({ threadId: thread.thread_id }))).status).toBe(409);
    expect((await client.threads.create({ threadId: thread.thread_id, ifExists: "do_nothing" })).thread_id).toBe(thread.thread_id);
    await client.threads.delete(thread.thread_id);
    expect((await failure(client.threads.get(thread.thread_id))).status).toBe(404);
  });

  it("checks run bodies: the budget against the caps, unknown fields; the SDK's other fields are accepted and named", async () => {
    const thread = await client.threads.create();
    const overCap = await failure(client.runs.wait(thread.thread_id, "research", { input: { question: ASK }, config: { configurable: { budget: { maxSteps: 99 } } } }));
    expect(overCap).toMatchObject({ status: 400, error: { message: "budget.maxSteps is 99, above the configured cap of 8" } });
    expect((await failure(client.runs.wait(thread.thread_id, "research", { input: { question: ASK, budget: { maxSteps: 0 } } as never }))).status).toBe(400);
    expect((await failure(client.runs.wait(thread.thread_id, "research", { input: { question: "   " } }))).error.message).toMatch(/input.question: question must not be empty/);
    expect((await client.threads.get(thread.thread_id)).status).toBe("idle"); // refused before the thread was touched

    const post = (body: unknown) => fetch(`${srv.url}/threads/${thread.thread_id}/runs/wait`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const typo = await post({ assistant_id: "research", imput: { question: ASK } });
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as { error: { message: string } }).error.message).toMatch(/imput: did you mean input\?/);
    const extra = await post({ assistant_id: "research", input: { question: ASK, budget: { maxSteps: 4 } }, interrupt_before: ["act"], stream_subgraphs: false, durability: "async", on_disconnect: "cancel", metadata: {}, checkpoint: null });
    expect(extra.status).toBe(200);
    expect(extra.headers.get("x-graphrag-ignored-fields")).toBe("interrupt_before, durability");
    expect(((await extra.json()) as Values).answer).toMatch(ANSWER);
  });

  it("needs an API key when keys are set (the SDK sends x-api-key)", async () => {
    const keyed = await serve(kb, { options: { apiKeys: ["k-lg"] } });
    try {
      const none = await failure(new Client({ apiUrl: keyed.url, apiKey: null, callerOptions: { maxRetries: 0 } }).assistants.search());
      expect(none).toMatchObject({ status: 401, error: { code: "unauthorized" } });
      const withKey = new Client({ apiUrl: keyed.url, apiKey: "k-lg", callerOptions: { maxRetries: 0 } });
      const thread = await withKey.threads.create();
      expect(((await withKey.runs.wait(thread.thread_id, "research", { input: { question: ASK } })) as Values).answer).toMatch(ANSWER);
    } finally {
      await keyed.close();
    }
  });

  it("answers 405 with Allow for other methods on its paths, and leaves the documented paths' 405s alone", async () => {
    const put = await fetch(`${srv.url}/threads/abc/runs/wait`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("POST");
    const put2 = await fetch(`${srv.url}/threads/abc`, { method: "PUT" });
    expect(put2.headers.get("allow")).toBe("GET, PATCH, DELETE");
    const documented = await fetch(`${srv.url}/v1/runs`, { method: "POST" });
    expect(documented.status).toBe(405);
    expect(documented.headers.get("allow")).toBe("GET, HEAD");
  });
});
