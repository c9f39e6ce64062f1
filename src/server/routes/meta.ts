import { Hono } from "hono";
import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { RunStore } from "../../runs/store";
import { VERSION } from "../../version";
import type { AppEnv } from "../env";
import type { ResearchExecutor } from "../executor";
import type { RunGate } from "../run-gate";
import type { BuildProgress } from "../../kb/model-vectors";

/** GET /v1/health and GET /v1/openapi.json: open (no key needed). */
export function metaRoutes(deps: { kb: KnowledgeBase; store: RunStore; gate: RunGate; executor: ResearchExecutor; modelProvider: string; openapi: Record<string, unknown>; vectorBuild?: () => BuildProgress | undefined }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const openapi = deps.openapi;
  app.get("/v1/health", (c) => {
    const { info } = deps.kb;
    return c.json({
      status: "ok",
      version: VERSION,
      stores: { ...info.stores, runs: deps.store.kind },
      // Which embedder serves; when a model's vectors are missing, what to run, and a build's progress if another process runs one.
      embedder: { ...info.embedder, ...(deps.vectorBuild?.() ? { building: deps.vectorBuild() } : {}) },
      modelProvider: deps.modelProvider,
      counts: { nodes: info.stats.nodes, edges: info.stats.edges, nodesByType: info.stats.nodesByType, edgesByType: info.stats.edgesByType },
      knowledgeBase: { source: info.source, loadMs: info.loadMs, dataHash: info.dataHash.slice(0, 16) },
      runs: { stored: deps.store.size(), ...deps.gate.stats() },
      executor: deps.executor.kind,
      ...(deps.executor.readyCount ? { workersReady: deps.executor.readyCount() } : {}),
      memory: { rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20) },
    });
  });
  app.get("/v1/openapi.json", (c) => c.json(openapi));
  return app;
}
