import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemorySaver } from "@langchain/langgraph";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { FileRunStore } from "../../src/runs/store";
import { createApp } from "../../src/server/app";
import { InProcessExecutor } from "../../src/server/executor";
import { FileThreadStore } from "../../src/threads/store";
import { stableSample } from "../../src/util/random";
import { readConvLines } from "../../eval/conv/gold";
import { expected, limitTexts, readNoisyFixture, transformedTexts, type NoisyText } from "../../eval/robustness/noisy";
import { readInspiredSeekerTexts, readTomtRequests, type RequestText } from "../../eval/robustness/open-requests";
import { NEW_QUESTIONS_PATH, readRealLines } from "../../eval/real/load";
import { TEST_OPTIONS } from "../helpers/api-server";
import { hasRealData, realConfig, realKb } from "../helpers/real-kb";
import { report, type Failure } from "../helpers/robustness";

/**
 * No request can crash a run, at any door: the noisy corpus through every door that takes a question
 * (research, its stream, OpenAI chat, Ollama chat and generate, MCP's research tool, an Agent Protocol
 * run), a seeded sample of the dev sets through research, conversations through OpenAI chat, and the
 * noisy corpus through `ask --input`. Each answer is a 200 with a reply, or a 4xx that says what to
 * fix for a text over the limits; never a 5xx.
 */

const SEED = 27;
const LONG = 240_000;
const REFUSAL = /the limit is 2000: shorten it by \d+ characters?|must not be empty|needs a user message with text/;

type App = ReturnType<typeof createApp>["app"];
let kb: KnowledgeBase;
let app: App;
let mcp: Client;
let noisy: NoisyText[];
/** Real questions made noisy (noisy.ts's transforms): through research only, the doors share its code past the body. */
let transformed: NoisyText[];
const dir = mkdtempSync(join(tmpdir(), "mg-robust-doors-"));

const post = (path: string, body: unknown) => app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  if (!hasRealData) return;
  kb = await realKb();
  const saver = new MemorySaver();
  const executor = new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps, checkpointer: async () => saver });
  ({ app } = createApp({
    kb,
    store: new FileRunStore(join(dir, "runs"), 50),
    executor,
    modelProvider: "none",
    hasModel: false,
    evalDir: join(dir, "no-evals"),
    // The service's own body limit (64 KiB), not the smaller one other tests use.
    options: { ...TEST_OPTIONS, bodyLimitBytes: 64 * 1024 },
    threads: { records: new FileThreadStore(join(dir, "threads")), openSaver: async () => saver },
  }));
  mcp = new Client({ name: "robustness", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: (url, init) => Promise.resolve(app.request(String(url), init)) }));
  const real = readRealLines().map((l) => ({ id: l.id, source: "real", text: l.question }));
  noisy = [...readNoisyFixture(), ...limitTexts(real[0]!.text)];
  transformed = transformedTexts(real, 4, SEED);
});
afterAll(async () => {
  await mcp?.close();
});

/** One door's verdict on a text: undefined when it did what it must, else what went wrong. */
type Door = (t: RequestText) => Promise<string | undefined>;

/** A 200 with a reply for a text within the limits, a 4xx saying what to fix for one over them; `refused` reads a 200 that declines (Ollama's load). */
async function judged(res: Response, t: RequestText, reply: (body: any) => string | undefined, refused?: (body: any) => boolean): Promise<string | undefined> {
  const raw = await res.text();
  if (res.status >= 500) return `HTTP ${res.status}: ${raw.slice(0, 300)}`;
  let body: any;
  try {
    body = JSON.parse(raw);
  } catch {
    body = raw;
  }
  if (expected(t.text) === "refuse") {
    if (res.status === 200 && refused?.(body)) return undefined;
    const message = typeof body === "object" ? (typeof body.error === "string" ? body.error : body.error?.message) : raw;
    return res.status === 400 && REFUSAL.test(String(message)) ? undefined : `expected a 400 saying what to fix, got ${res.status}: ${raw.slice(0, 300)}`;
  }
  if (res.status !== 200) return `HTTP ${res.status}: ${raw.slice(0, 300)}`;
  return reply(body)?.trim() ? undefined : `a 200 without a reply: ${raw.slice(0, 300)}`;
}

const DOORS: Record<string, Door> = {
  "POST /v1/research": async (t) => judged(await post("/v1/research", { question: t.text, includeTrace: false }), t, (b) => (b.plan?.rules?.includes("fallback.told-plot") ? "" : b.answer)),
  "POST /v1/research/stream": async (t) =>
    judged(await post("/v1/research/stream", { question: t.text, includeTrace: false }), t, (b: string) => (/^event: answer$/m.test(b) && !/^event: error$/m.test(b) ? "answer" : undefined)),
  "POST /v1/chat/completions": async (t) => judged(await post("/v1/chat/completions", { model: "graphrag-auto", messages: [{ role: "user", content: t.text }] }), t, (b) => b.choices?.[0]?.message?.content),
  "POST /api/chat": async (t) =>
    judged(await post("/api/chat", { model: "graphrag-auto", messages: [{ role: "user", content: t.text }], stream: false }), t, (b) => b.message?.content, (b) => b.done_reason === "load"),
  "POST /api/generate": async (t) => judged(await post("/api/generate", { model: "graphrag-auto", prompt: t.text, stream: false }), t, (b) => b.response, (b) => b.done_reason === "load"),
  "MCP research": async (t) => {
    const r = (await mcp.callTool({ name: "research", arguments: { question: t.text } })) as CallToolResult;
    const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
    if (expected(t.text) === "refuse") return r.isError && REFUSAL.test(text) ? undefined : `expected a tool error saying what to fix, got: ${text.slice(0, 300)}`;
    return !r.isError && text.trim() ? undefined : `tool error or no reply: ${text.slice(0, 300)}`;
  },
  "Agent Protocol run": async (t) => {
    const thread = (await (await post("/threads", {})).json()) as { thread_id: string };
    return judged(await post(`/threads/${thread.thread_id}/runs/wait`, { assistant_id: "research", input: { question: t.text } }), t, (b) => b.answer);
  },
};

async function throughDoor(name: string, texts: readonly RequestText[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const t of texts) {
    let problem: string | undefined;
    try {
      problem = await DOORS[name]!(t);
    } catch (e) {
      problem = `the client failed: ${(e as Error).message}`;
    }
    if (problem) failures.push({ id: `${name} ${t.id}`, text: t.text.slice(0, 80), problem });
  }
  return failures;
}

describe.skipIf(!hasRealData)("every door answers noisy text with a 200 or a 4xx that says what to fix, never a 5xx (real KB)", () => {
  for (const name of Object.keys(DOORS)) {
    it(
      `${name}: the noisy corpus and texts at the limit`,
      async () => {
        const failures = await throughDoor(name, noisy);
        expect(failures, report(failures)).toEqual([]);
      },
      LONG,
    );
  }

  it(
    "POST /v1/research: real questions made noisy, and a seeded sample of the dev sets and open requests",
    async () => {
      const dir = realConfig.dataDir!;
      const pool: RequestText[] = [
        ...transformed,
        ...stableSample(readRealLines().map((l) => ({ id: l.id, source: "real", text: l.question })), 60, SEED, (t) => t.id),
        ...stableSample(readRealLines(NEW_QUESTIONS_PATH).map((l) => ({ id: l.id, source: "real-new", text: l.question })), 40, SEED, (t) => t.id),
        ...stableSample(readTomtRequests(dir, "validation"), 40, SEED, (t) => t.id),
        ...stableSample(readInspiredSeekerTexts(dir), 60, SEED, (t) => t.id),
      ];
      const failures = await throughDoor("POST /v1/research", pool);
      expect(failures, report(failures)).toEqual([]);
    },
    LONG,
  );

  it(
    "POST /v1/chat/completions: conversations, each turn sent with the turns and replies before it as messages",
    async () => {
      const failures: Failure[] = [];
      for (const c of stableSample(readConvLines(), 10, SEED, (x) => x.id)) {
        const messages: { role: string; content: string }[] = [];
        for (const [i, turn] of c.turns.entries()) {
          messages.push({ role: "user", content: turn.question });
          const res = await post("/v1/chat/completions", { model: "graphrag-auto", messages });
          const body = (await res.json()) as { choices?: { message: { content: string } }[] };
          const reply = body.choices?.[0]?.message.content ?? "";
          if (res.status !== 200 || !reply.trim()) failures.push({ id: `${c.id}#${i}`, text: turn.question, problem: `HTTP ${res.status}: ${JSON.stringify(body).slice(0, 300)}` });
          messages.push({ role: "assistant", content: reply });
        }
      }
      expect(failures, report(failures)).toEqual([]);
    },
    LONG,
  );
});

describe.skipIf(!hasRealData)("ask --input on noisy text (the CLI in its own process)", () => {
  it(
    "writes an answer or an error line for every question in order, refused ones in the middle included, and exits 1 saying how many failed",
    () => {
      const input = join(dir, "noisy.jsonl");
      const out = join(dir, "answers.jsonl");
      // The refused texts (blank, over the limit) sit among the others, not at the end.
      const picked = stableSample(noisy.filter((t) => t.source !== "limit"), 40, SEED, (t) => t.id);
      const texts = [...picked.slice(0, 20), ...noisy.filter((t) => t.source === "limit"), ...picked.slice(20)];
      writeFileSync(input, texts.map((t) => JSON.stringify({ id: t.id, question: t.text })).join("\n"));
      const run = spawnSync(process.execPath, ["--import", "tsx", join(PROJECT_ROOT, "src/cli/ask.ts"), "--input", input, "--out", out], { cwd: PROJECT_ROOT, env: process.env, encoding: "utf8", timeout: 200_000 });
      const refused = texts.filter((t) => expected(t.text) === "refuse");
      expect(refused.length).toBeGreaterThanOrEqual(3);
      expect(run.status, run.stderr.slice(-2000)).toBe(1);
      expect(run.stderr).toContain(`answered ${texts.length - refused.length} of ${texts.length} questions; ${refused.length} failed (invalid_input ${refused.length}): see their error lines in ${out}`);
      const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; answer?: string; error?: { code: string; message: string } });
      expect(lines.map((l) => l.id)).toEqual(texts.map((t) => t.id));
      for (const [i, t] of texts.entries()) {
        if (expected(t.text) === "refuse") expect(lines[i]!.error, t.id).toMatchObject({ code: "invalid_input", message: expect.stringMatching(REFUSAL) });
        else expect(lines[i]!.answer?.trim(), t.id).toBeTruthy();
      }
    },
    LONG,
  );
});
