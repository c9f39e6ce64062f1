import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import type { RunResult } from "../../agents/research/types";
import { loadConfig } from "../../src/config";
import { loadKnowledgeBase } from "../../src/kb/load";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { serverStatus, stopServer } from "../../src/neo4j-server/launcher";
import { serverSettings } from "../../src/neo4j-server/settings";
import type { GraphStore } from "../../src/ports/graph-store";

/**
 * A Neo4j server that goes away in the middle of a research run: the tool call that needed it fails
 * with a typed error the trace records, and the run still ends with an answer rather than a crash.
 * It stops the server the environment names (NEO4J_URI, NEO4J_BOLT_PORT, NEO4J_HOME_DIR), so it runs
 * only when NEO4J_DROP_TEST=1 says that may be done (CI runs it last, after the parity check).
 */
const enabled = process.env.NEO4J_DROP_TEST === "1" && !!process.env.NEO4J_URI;

describe.skipIf(!enabled)("Neo4j stopped during a research run, live", () => {
  let kb: KnowledgeBase;
  let r: RunResult;
  let graphCalls = 0;

  beforeAll(async () => {
    const config = loadConfig({ ...process.env, GRAPH_STORE: "neo4j", VECTOR_STORE: "embedded", EMBEDDER: "corpus" });
    kb = await loadKnowledgeBase(config, { log: () => {} });
    const settings = serverSettings(config);
    expect(serverStatus(settings).running).toBe(true);
    // The first graph read of the run stops the server, then goes ahead, as a request in flight would.
    const graph = kb.graph;
    let stopped = false;
    kb.graph = new Proxy(graph, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== "function") return value;
        return async (...args: unknown[]) => {
          graphCalls++;
          if (!stopped) {
            stopped = true;
            await stopServer(settings, { log: () => {} });
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as GraphStore;
    r = await runResearch("Who directed Casablanca?", { kb }, { strategy: "heuristic" });
  }, 180_000);

  afterAll(async () => {
    await kb?.close();
  });

  it("records the failed tool call as a backend_unavailable error in the trace", () => {
    expect(graphCalls).toBeGreaterThan(0);
    const failed = r.trace.filter((s) => s.node === "act" && s.error);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.error!.code).toBe("backend_unavailable");
    expect(failed[0]!.error!.message).toMatch(/neo4j/i);
    expect(failed[0]!.notes.join(" ")).toMatch(/failed/);
  });

  it("ends the run with an answer that says nothing was found, not a crash or a made-up name", () => {
    expect(r.answers).toEqual([]);
    expect(r.answer.length).toBeGreaterThan(0);
    expect(JSON.stringify(r.trace)).not.toMatch(/at .*\.ts:\d+/); // no stack trace in what users see
  });
});
