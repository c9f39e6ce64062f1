import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ollama } from "ollama";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { InProcessExecutor } from "../../src/server/executor";
import { TEST_OPTIONS, startTestServer, type TestServer } from "../helpers/api-server";
import { fixtureKb } from "../helpers/fixture-kb";
import { RecordingExecutor } from "../helpers/recording-executor";

let kb: KnowledgeBase;
let srv: TestServer;
let keyed: TestServer;
let executor: RecordingExecutor;
let ollama: Ollama;
beforeAll(async () => {
  kb = await fixtureKb();
  executor = new RecordingExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }));
  srv = await startTestServer(kb, { executor });
  keyed = await startTestServer(kb, { options: { apiKeys: ["k-olla"] } });
  ollama = new Ollama({ host: srv.url });
});
afterAll(async () => {
  await srv.close();
  await keyed.close();
});

const ASK = { role: "user", content: "who directed Paper Moons" };
const ANSWER = /^Paper Moons \(2010\) was directed by Lena Marlowe \[1\]/;

/** A raw request's NDJSON lines, each parsed. */
async function ndjson(r: Response): Promise<Record<string, any>[]> {
  const text = await r.text();
  expect(text.endsWith("\n")).toBe(true);
  return text.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, any>);
}

describe("the Ollama API with the ollama client", () => {
  it("lists the strategies as tagged models, with version, ps and show", async () => {
    const names = (await ollama.list()).models.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(["graphrag-auto:latest", "graphrag-heuristic:latest", "graphrag-simple:latest"]));
    expect(names).not.toContain("graphrag-llm:latest"); // no chat model here
    expect((await ollama.list()).models[0]).toMatchObject({ model: "graphrag-auto:latest", size: 0, digest: expect.stringMatching(/^[0-9a-f]{64}$/), details: { family: "graphrag" } });
    expect((await ollama.version()).version).toMatch(/^\d+\.\d+\.\d+/);
    expect((await ollama.ps()).models).toEqual([]);
    const shown = await ollama.show({ model: "graphrag-auto" });
    expect(shown.capabilities).toEqual(["completion"]);
    expect(shown.modelfile).toMatch(/the auto strategy/);
  });

  it("chats without streaming: the reply with footnotes, done, and zero counts without a model", async () => {
    const r = await ollama.chat({ model: "graphrag-heuristic", messages: [ASK], stream: false });
    expect(r.message).toMatchObject({ role: "assistant", content: expect.stringMatching(ANSWER) });
    expect(r.message.content).toMatch(/\n\n\[1\] .*Lena Marlowe/);
    expect(r.message.content).not.toMatch(/ev_[0-9a-f]/);
    expect(r).toMatchObject({ done: true, done_reason: "stop", prompt_eval_count: 0, eval_count: 0, load_duration: 0 });
    expect(r.total_duration).toBeGreaterThan(0);
  });

  it("streams the same reply as pieces ending in the done object", async () => {
    const whole = (await ollama.chat({ model: "graphrag-heuristic:latest", messages: [ASK], stream: false })).message.content;
    let text = "";
    const parts = [];
    for await (const part of await ollama.chat({ model: "graphrag-heuristic:latest", messages: [ASK], stream: true })) {
      text += part.message.content;
      parts.push(part);
    }
    expect(text).toBe(whole);
    expect(parts.at(-1)).toMatchObject({ done: true, done_reason: "stop", eval_count: 0, model: "graphrag-heuristic:latest" });
    expect(parts.slice(0, -1).every((p) => !p.done)).toBe(true);
  });

  it("reads the transcript as the conversation: the earlier turns are the history", async () => {
    const first = await ollama.chat({ model: "graphrag-heuristic", messages: [ASK], stream: false });
    executor.runs.length = 0;
    const next = await ollama.chat({ model: "graphrag-heuristic", messages: [{ role: "system", content: "be brief" }, ASK, first.message, { role: "user", content: "what else did she direct?" }], stream: false });
    expect(executor.runs).toEqual([{ question: "what else did she direct?", history: [{ question: "who directed Paper Moons", answer: expect.stringMatching(/^Paper Moons \(2010\) was directed by Lena Marlowe \[1\]\.?$/) }] }]);
    const runId = (next as unknown as { graphrag: { runId: string } }).graphrag.runId;
    expect(((await (await srv.get(`/v1/runs/${runId}`)).json()) as { request: { via: string } }).request.via).toBe("ollama");
    // Answered as the follow-up it is: "she" is the director the first reply named.
    // "else" leaves out the film in context, her only one: said as nothing left.
    expect(next.message.content).toMatch(/^No film in the knowledge base fits \(Lena Marlowe directed\), leaving out Paper Moons \(2010\)/);
  });

  it("generates from a prompt, streamed and not", async () => {
    const r = await ollama.generate({ model: "graphrag-auto", prompt: "who directed Paper Moons", stream: false });
    expect(r.response).toMatch(ANSWER);
    expect(r.done).toBe(true);
    let text = "";
    for await (const part of await ollama.generate({ model: "graphrag-auto", prompt: "who directed Paper Moons", stream: true })) text += part.response;
    expect(text).toBe(r.response);
  });

  it("throws Ollama's error messages: an unknown model, a bad body", async () => {
    const unknown = await ollama.chat({ model: "llama3", messages: [ASK], stream: false }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ name: "ResponseError", status_code: 404 });
    expect((unknown as Error).message).toMatch(/^model "llama3" not found; available: graphrag-auto:latest/);
    const bad = await ollama.chat({ model: "graphrag-auto", messages: [{ role: "narrator", content: "hi" }] }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status_code: 400 });
    expect((bad as Error).message).toMatch(/messages\.0\.role: role must be one of system, user, assistant, tool \(got "narrator"\)/);
  });

  it("needs the API key when keys are set, sent as Ollama clients send headers", async () => {
    const anonymous = await new Ollama({ host: keyed.url }).list().catch((e: unknown) => e);
    expect(anonymous).toMatchObject({ status_code: 401 });
    expect((anonymous as Error).message).toMatch(/an API key is required/);
    expect((await new Ollama({ host: keyed.url, headers: { authorization: "Bearer k-olla" } }).list()).models.length).toBeGreaterThan(0);
  });
});

describe("the Ollama API over raw HTTP", () => {
  it("streams NDJSON by default, names ignored fields, and reads JSON sent without a content-type", async () => {
    const r = await fetch(`${srv.url}/api/chat`, { method: "POST", body: JSON.stringify({ model: "graphrag-heuristic", messages: [{ ...ASK, images: ["aGk="] }], options: { temperature: 0 }, keep_alive: "5m", top_k: 4 }) });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(r.headers.get("x-graphrag-ignored-fields")!.split(", ").sort()).toEqual(["keep_alive", "messages[].images", "options", "top_k"]);
    const lines = await ndjson(r);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((l) => l.message.content).join("")).toMatch(ANSWER);
    expect(lines.at(-1)).toMatchObject({ done: true, done_reason: "stop", prompt_eval_count: 0, prompt_eval_duration: 0, eval_count: 0, eval_duration: 0 });
    expect(lines.filter((l) => l.done)).toHaveLength(1);
  });

  it("names generate's system and context as ignored", async () => {
    const r = await srv.post("/api/generate", { model: "graphrag-auto", prompt: "who directed Paper Moons", system: "be brief", context: [1, 2, 3], stream: false });
    expect(r.headers.get("x-graphrag-ignored-fields")).toBe("system, context");
    expect(((await r.json()) as { response: string }).response).toMatch(ANSWER);
  });

  it("answers an empty request as a load, as Ollama does", async () => {
    const chat = await srv.post("/api/chat", { model: "graphrag-auto", messages: [] });
    expect(chat.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await chat.json()).toMatchObject({ model: "graphrag-auto", done: true, done_reason: "load", message: { role: "assistant", content: "" } });
    expect(await (await srv.post("/api/generate", { model: "graphrag-auto", keep_alive: 0 })).json()).toMatchObject({ done: true, done_reason: "unload", response: "" });
  });

  it("answers errors as { error } with a status: no text, a question too long, not JSON, the wrong method", async () => {
    const picture = await srv.post("/api/chat", { model: "graphrag-auto", messages: [{ role: "user", content: "", images: ["aGk="] }] });
    expect(picture.status).toBe(400);
    expect(await picture.json()).toEqual({ error: expect.stringMatching(/messages\.0: the user message has only images content/) });
    const system = await srv.post("/api/chat", { model: "graphrag-auto", messages: [{ role: "system", content: "hi" }] });
    expect(await system.json()).toEqual({ error: "messages: needs a user message with text" });
    const long = await srv.post("/api/generate", { model: "graphrag-auto", prompt: "🎬".repeat(2001) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toMatch(/prompt: the question is 2001 characters; the limit is 2000/);
    const notJson = await srv.post("/api/generate", "{model:");
    expect([notJson.status, await notJson.json()]).toEqual([400, { error: "the body is not valid JSON" }]);
    const get = await fetch(`${srv.url}/api/chat`);
    expect([get.status, get.headers.get("allow"), ((await get.json()) as { error: string }).error]).toEqual([405, "POST", "/api/chat answers POST, not GET"]);
    const big = await srv.post("/api/chat", { model: "graphrag-auto", messages: [{ role: "user", content: "x".repeat(20_000) }] });
    expect([big.status, typeof ((await big.json()) as { error: unknown }).error]).toEqual([413, "string"]);
  });

  it("is in the OpenAPI document: NDJSON and JSON replies, Ollama's errors, the models tagged or not", async () => {
    const doc = (await (await srv.get("/v1/openapi.json")).json()) as { paths: Record<string, any>; components: { schemas: Record<string, any> } };
    const chat = doc.paths["/api/chat"].post.responses;
    expect(Object.keys(chat["200"].content)).toEqual(["application/json", "application/x-ndjson"]);
    expect(chat["200"].headers).toHaveProperty("x-graphrag-ignored-fields");
    expect(chat["400"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/OllamaError" });
    expect(doc.components.schemas.OllamaChatRequest.properties.model.enum).toEqual(expect.arrayContaining(["graphrag-auto", "graphrag-auto:latest"]));
    for (const path of ["/api/generate", "/api/tags", "/api/version", "/api/show", "/api/ps", "/v1/models/{id}"]) expect(doc.paths).toHaveProperty([path]);
  });

  it("runs the README's curl example", async () => {
    const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Ollama clients"));
    const command = /```bash\n(curl [^\n]*\/api\/chat[^\n]*)\n/.exec(section)?.[1];
    expect(command).toBeDefined();
    const cmd = command!.replaceAll("localhost:8787", `127.0.0.1:${new URL(srv.url).port}`);
    const { stdout } = await promisify(execFile)("bash", ["-c", cmd], { encoding: "utf8" });
    const lines = stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { done: boolean; message: { content: string } });
    expect(lines.at(-1)!.done).toBe(true);
    expect(lines.map((l) => l.message.content).join("").length).toBeGreaterThan(0);
  });
});
