import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import { inMemoryTracing, otlpTracing } from "../../src/adapters/otel/tracing";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { createTracing } from "../../src/tracing/factory";
import { loadConfig } from "../../src/config";
import { fixtureKb } from "../helpers/fixture-kb";
import { scriptedModel } from "../helpers/scripted-model";

describe("OpenTelemetry spans (GenAI semantic conventions)", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await fixtureKb();
  });

  it("are off by default: no endpoint, no tracing", () => {
    expect(createTracing(loadConfig({ EMBEDDER: "corpus" })).enabled).toBe(false);
    expect(createTracing(loadConfig({ EMBEDDER: "corpus", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" })).enabled).toBe(true);
  });

  it("trace a run as invoke_agent with execute_tool and retrieval children, and its usage", async () => {
    const { tracing, exporter } = inMemoryTracing();
    const r = await runResearch("the movie where a pilot crashes on a frozen moon", { kb, tracing }, { strategy: "heuristic" });
    const spans = exporter.getFinishedSpans();
    const agent = spans.find((s) => s.name === "invoke_agent research")!;
    expect(agent.attributes).toMatchObject({ "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "research", "gen_ai.conversation.id": r.runId, "gen_ai.usage.input_tokens": 0 });
    const tools = spans.filter((s) => s.attributes["gen_ai.operation.name"] === "execute_tool");
    expect(tools.length).toBe(r.trace.filter((s) => s.node === "act").length);
    expect(tools.every((t) => t.parentSpanContext?.spanId === agent.spanContext().spanId && t.spanContext().traceId === agent.spanContext().traceId)).toBe(true);
    const retrieval = spans.filter((s) => s.attributes["gen_ai.operation.name"] === "retrieval");
    expect(retrieval.length).toBeGreaterThan(0);
    expect(retrieval.every((s) => tools.some((t) => t.spanContext().spanId === s.parentSpanContext?.spanId))).toBe(true);
  });

  it("trace a model call as chat with the tokens it used", async () => {
    const { tracing, exporter } = inMemoryTracing();
    const model = scriptedModel([{ kind: "keep", entity1: "", entity2: "", relation: "none", role: "any", kind_of_film: "", year_from: 0, year_to: 0, metric: "none", highest: true, nth: 0, n: 0, exclude_entity2: false, fact: "none" }]);
    await runResearch("Who directed Starfall?", { kb, model, tracing }, { strategy: "llm" });
    const chat = exporter.getFinishedSpans().find((s) => s.attributes["gen_ai.operation.name"] === "chat")!;
    expect(chat.name).toMatch(/^chat /);
    expect(chat.attributes["gen_ai.usage.input_tokens"]).toBeGreaterThan(0);
  });

  describe("over OTLP/HTTP", () => {
    let collector: Server;
    let url: string;
    const received: { path: string; body: string }[] = [];
    beforeAll(async () => {
      collector = createServer((req, res) => {
        let body = "";
        req.on("data", (c) => (body += c));
        req.on("end", () => {
          received.push({ path: req.url ?? "", body });
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
        });
      });
      await new Promise<void>((r) => collector.listen(0, "127.0.0.1", () => r()));
      url = `http://127.0.0.1:${(collector.address() as { port: number }).port}/v1/traces`;
    });
    afterAll(() => collector.close());

    it("export the spans to a collector when the run ends", async () => {
      const tracing = otlpTracing(url, { name: "movie-graph-research", version: "test" });
      await runResearch("Who directed Starfall?", { kb, tracing }, { strategy: "heuristic" });
      await tracing.shutdown();
      expect(received.length).toBeGreaterThan(0);
      expect(received[0]!.path).toBe("/v1/traces");
      const text = received.map((r) => r.body).join("");
      expect(text).toContain("invoke_agent research");
      expect(text).toContain("execute_tool");
    });
  });
});
