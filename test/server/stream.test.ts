import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { InProcessExecutor } from "../../src/server/executor";
import { fixtureKb } from "../helpers/fixture-kb";
import { GatedExecutor, TEST_OPTIONS, startTestServer, waitFor, type TestServer } from "../helpers/api-server";

interface SseEvent {
  event?: string;
  data: string;
  id?: string;
}

/** Reads an SSE body into frames; comment lines (": keep-alive") are collected apart. */
async function readSse(res: Response, until?: (e: SseEvent) => boolean): Promise<{ events: SseEvent[]; comments: number }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  const events: SseEvent[] = [];
  let comments = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buf.indexOf("\n\n")) >= 0) {
      const frame = buf.slice(0, at);
      buf = buf.slice(at + 2);
      if (frame.startsWith(":")) {
        comments++;
        continue;
      }
      const e: SseEvent = { data: "" };
      for (const line of frame.split("\n")) {
        const [k, ...v] = line.split(": ");
        const val = v.join(": ");
        if (k === "event") e.event = val;
        else if (k === "data") e.data += val;
        else if (k === "id") e.id = val;
      }
      events.push(e);
      if (until?.(e)) {
        await reader.cancel();
        return { events, comments };
      }
    }
  }
  return { events, comments };
}

let kb: KnowledgeBase;
let srv: TestServer;
beforeAll(async () => {
  kb = await fixtureKb();
  srv = await startTestServer(kb);
});
afterAll(async () => {
  await srv.close();
});

describe("POST /v1/research/stream", () => {
  it("sends run, one step per trace step in order, then answer", async () => {
    const res = await srv.post("/v1/research/stream", { question: "who acted in the movies directed by the director of Midnight Ledger" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const { events } = await readSse(res);
    expect(events[0]!.event).toBe("run");
    const runId = (JSON.parse(events[0]!.data) as { runId: string }).runId;
    const steps = events.filter((e) => e.event === "step").map((e) => JSON.parse(e.data) as { index: number; node: string });
    expect(steps.map((s) => s.node)).toEqual(["router", "prime", "plan", "act", "judge", "organize", "answer", "validate"]);
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(events.at(-1)!.event).toBe("answer");
    const answer = JSON.parse(events.at(-1)!.data) as { runId: string; answers: { name: string }[]; trace: unknown[] };
    expect(answer.runId).toBe(runId);
    expect(answer.answers.map((a) => a.name).sort()).toEqual(["Lena Marlowe", "Tom Harker"]);
    expect(events.map((e) => Number(e.id))).toEqual(events.map((_, i) => i));
    expect(((await (await srv.get(`/v1/runs/${runId}`)).json()) as { status: string; request: { via: string } })).toMatchObject({ status: "completed", request: { via: "stream" } });
  });

  it("rejects bad input before streaming, as plain JSON", async () => {
    const res = await srv.post("/v1/research/stream", { question: "" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("sends keep-alive comments while a run is waiting, and cancels the run when the client disconnects", async () => {
    const gated = new GatedExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }));
    const s = await startTestServer(kb, { executor: gated, options: { keepAliveMs: 20 } });
    try {
      const controller = new AbortController();
      const res = await fetch(`${s.url}/v1/research/stream`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question: "who directed Starfall" }), signal: controller.signal });
      const reader = res.body!.getReader();
      let text = "";
      while (!/: keep-alive/.test(text) || !/"runId"/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
      const runId = /"runId":"([^"]+)"/.exec(text)![1]!;
      controller.abort(); // the client goes away mid-run
      await waitFor(() => gated.cancelled.length === 1);
      await waitFor(async () => ((await (await s.get(`/v1/runs/${runId}`)).json()) as { status: string }).status === "cancelled");
      const run = (await (await s.get(`/v1/runs/${runId}`)).json()) as { error: { message: string } };
      expect(run.error.message).toBe("the client went away");
      await waitFor(async () => ((await (await s.get("/v1/health")).json()) as { runs: { running: number } }).runs.running === 0); // the slot is free again
    } finally {
      await s.close();
    }
  });
});
