import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../agents/research/types";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { replyChunks, replyWithFootnotes, withoutFootnotes } from "../../src/server/chat-clients";
import { InProcessExecutor } from "../../src/server/executor";
import { TEST_OPTIONS, startTestServer, type TestServer } from "../helpers/api-server";
import { fixtureKb } from "../helpers/fixture-kb";
import { RecordingExecutor } from "../helpers/recording-executor";

let kb: KnowledgeBase;
let srv: TestServer;
let executor: RecordingExecutor;
let client: OpenAI;
beforeAll(async () => {
  kb = await fixtureKb();
  executor = new RecordingExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }));
  srv = await startTestServer(kb, { executor });
  client = new OpenAI({ baseURL: `${srv.url}/v1`, apiKey: "unused", maxRetries: 0 });
});
afterAll(async () => {
  await srv.close();
});

const ASK = { role: "user" as const, content: "who directed Paper Moons" };
const ANSWER = /^Paper Moons \(2010\) was directed by Lena Marlowe \[1\]/;

describe("chat completions as a conversation, with the official openai client", () => {
  it("passes the earlier turns as history, so a follow-up needs no thread id", async () => {
    const first = await client.chat.completions.create({ model: "graphrag-heuristic", messages: [ASK] });
    const reply = first.choices[0]!.message.content!;
    executor.runs.length = 0;
    const next = await client.chat.completions.create({
      model: "graphrag-heuristic",
      messages: [{ role: "system", content: "be brief" }, ASK, { role: "assistant", content: reply }, { role: "user", content: "what else did she direct?" }],
    });
    expect(executor.runs).toEqual([{ question: "what else did she direct?", history: [{ question: "who directed Paper Moons", answer: withoutFootnotes(reply) }] }]);
    // The reply came back with its footnotes; the history holds the answer without them.
    expect(reply).toMatch(/\n\n\[1\] /);
    expect(executor.runs[0]!.history![0]!.answer).toMatch(/^Paper Moons \(2010\) was directed by Lena Marlowe \[1\]\.?$/);
    const stored = (await (await srv.get(`/v1/runs/${next.id.replace(/^chatcmpl-/, "")}`)).json()) as { request: { via: string; history: unknown[] } };
    expect(stored.request.via).toBe("chat");
    expect(stored.request.history).toHaveLength(1);
    // Answered as the follow-up it is: "she" is the director the first reply named.
    // "else" leaves out the film in context, her only one: said as nothing left.
    expect(next.choices[0]!.message.content).toMatch(/^No film in the knowledge base fits \(Lena Marlowe directed\), leaving out Paper Moons \(2010\)/);
  });

  it("accepts the standard request fields and names the ones it ignores in a header", async () => {
    const { data, response } = await client.chat.completions
      .create({
        model: "graphrag-heuristic",
        messages: [{ role: "developer", content: "cite sources" }, { role: "user", content: [{ type: "text", text: "who directed Paper Moons" }, { type: "image_url", image_url: { url: "https://example.com/poster.png" } }], name: "ada" }],
        temperature: 0.2,
        top_p: null,
        max_completion_tokens: 64,
        n: 1,
        seed: 7,
        response_format: { type: "json_object" },
        tools: [{ type: "function", function: { name: "lookup", parameters: { type: "object" } } }],
        tool_choice: "auto",
        reasoning_effort: "low",
        metadata: { team: "films" },
        store: false,
        user: "u-1",
        stream: false,
      })
      .withResponse();
    expect(data.choices[0]!.message.content).toMatch(ANSWER);
    const named = response.headers.get("x-graphrag-ignored-fields")!.split(", ").sort();
    // top_p was sent as null (not set), n: 1 is what the service does: neither is named.
    expect(named).toEqual(["max_completion_tokens", "messages[].content[].image_url", "messages[].name", "metadata", "reasoning_effort", "response_format", "seed", "store", "temperature", "tool_choice", "tools", "user"].sort());
  });

  it("says what of a long transcript the history leaves out: the turns before the newest 8, a further reply, a message after the question", async () => {
    const turns = Array.from({ length: 10 }, (_, i) => [{ role: "user" as const, content: `question ${i}` }, { role: "assistant" as const, content: `reply ${i}` }]).flat();
    executor.runs.length = 0;
    const { response } = await client.chat.completions
      .create({ model: "graphrag-heuristic", messages: [...turns, { role: "assistant", content: "a second reply" }, ASK, { role: "assistant", content: "an answer sent ahead" }] })
      .withResponse();
    expect(response.headers.get("x-graphrag-ignored-fields")!.split(", ").sort()).toEqual(["messages[after-the-last-user-question]", "messages[further-assistant-replies-to-one-question]", "messages[turns-before-the-newest-8]"]);
    expect(executor.runs[0]!.history!.map((t) => t.question)).toEqual(["question 2", "question 3", "question 4", "question 5", "question 6", "question 7", "question 8", "question 9"]);
  });

  it("sends no ignored-fields header when every field applies", async () => {
    const { response } = await client.chat.completions.create({ model: "graphrag-heuristic", messages: [ASK] }).withResponse();
    expect(response.headers.get("x-graphrag-ignored-fields")).toBeNull();
  });

  it("rejects an unknown field, naming it and the field it is closest to", async () => {
    const e = await client.chat.completions.create({ model: "graphrag-heuristic", messages: [ASK], temprature: 0.5 } as never).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OpenAI.BadRequestError);
    expect((e as Error).message).toMatch(/temprature: not an OpenAI chat-completions request field \(did you mean temperature\?\)/);
  });

  it("says only one choice is supported, and that a question must be text", async () => {
    const many = await client.chat.completions.create({ model: "graphrag-heuristic", messages: [ASK], n: 2 }).catch((x: unknown) => x);
    expect(many).toBeInstanceOf(OpenAI.BadRequestError);
    expect((many as Error).message).toMatch(/n: only n = 1 is supported/);
    const picture = await client.chat.completions
      .create({ model: "graphrag-heuristic", messages: [ASK, { role: "user", content: [{ type: "image_url", image_url: { url: "https://example.com/still.png" } }] }] })
      .catch((x: unknown) => x);
    expect(picture).toBeInstanceOf(OpenAI.BadRequestError);
    expect((picture as Error).message).toMatch(/messages\.1: the user message has only image_url content; this service answers questions in text/);
    const role = await client.chat.completions.create({ model: "graphrag-heuristic", messages: [{ role: "narrator", content: "x" }] } as never).catch((x: unknown) => x);
    expect((role as Error).message).toMatch(/role must be one of system, developer, user, assistant, tool, function \(got "narrator"\)/);
  });

  it("retrieves a model, and names the models when one is unknown", async () => {
    expect(await client.models.retrieve("graphrag-simple")).toMatchObject({ id: "graphrag-simple", object: "model", owned_by: "movie-graph-research" });
    const e = await client.models.retrieve("gpt-4o").catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OpenAI.NotFoundError);
    expect((e as Error).message).toMatch(/unknown model "gpt-4o"; available: graphrag-auto, .*graphrag-simple/);
    expect((await client.models.retrieve("graphrag-llm").catch((x: unknown) => x)) as Error).toBeInstanceOf(OpenAI.NotFoundError); // no chat model here
  });

  it("cites as numbered footnotes, never evidence ids, streamed or not", async () => {
    const whole = (await client.chat.completions.create({ model: "graphrag-heuristic", messages: [ASK] })).choices[0]!.message.content!;
    const cited = new Set([...whole.split("\n\n")[0]!.matchAll(/\[(\d+)\]/g)].map((m) => m[1]));
    const notes = whole.split("\n\n").at(-1)!.split("\n");
    expect(notes[0]).toMatch(/^\[1\] .*Lena Marlowe/);
    for (const n of cited) expect(notes.some((l) => l.startsWith(`[${n}] `))).toBe(true);
    expect(whole).not.toMatch(/ev_[0-9a-f]/);

    const { data: stream, response } = await client.chat.completions.create({ model: "graphrag-heuristic", messages: [ASK], stream: true, temperature: 1 }).withResponse();
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(response.headers.get("x-graphrag-ignored-fields")).toBe("temperature");
    let text = "";
    let chunks = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      chunks++;
    }
    expect(text).toBe(whole);
    expect(chunks).toBeGreaterThan(3);
  });
});

describe("the reply's footnotes", () => {
  const run = (answer: string, citations: string[]) =>
    ({ answer, citations, evidence: citations.map((id, i) => ({ id, text: `fact ${i + 1} ${"long ".repeat(i === 1 ? 100 : 0)}`.trim() })) }) as unknown as RunResult;

  it("numbers an evidence id left in the text and drops one not cited", () => {
    const text = replyWithFootnotes(run("Lena Marlowe [ev_00000000000000aa] directed it (ev_00000000000000ff).", ["ev_00000000000000aa", "ev_00000000000000bb"]));
    expect(text.split("\n")[0]).toBe("Lena Marlowe [1] directed it.");
    expect(text).not.toMatch(/ev_/);
    const notes = text.split("\n\n")[1]!.split("\n");
    expect(notes[0]).toBe("[1] fact 1");
    expect([...notes[1]!].length).toBeLessThanOrEqual(245); // a long passage is cut
    expect(notes[1]).toMatch(/^\[2\] fact 2 long .*…$/);
  });

  it("strips its own footnote block from an earlier reply, and chunks join back to the reply", () => {
    const reply = replyWithFootnotes(run("Yes [1].", ["ev_00000000000000aa"]));
    expect(withoutFootnotes(reply)).toBe("Yes [1].");
    expect(withoutFootnotes("No footnotes here.\n\n[a] not one")).toBe("No footnotes here.\n\n[a] not one");
    const long = `${"word ".repeat(50)}${"x".repeat(120)}\n\nend`;
    expect(replyChunks(long).join("")).toBe(long);
    expect(replyChunks(long).every((c) => c.length <= 121)).toBe(true);
  });
});
