import { Hono } from "hono";
import type { KnowledgeBase } from "../kb/knowledge-base";
import { VERSION } from "../version";

export interface AppDeps {
  kb: KnowledgeBase;
  modelProvider: string;
}

/** The HTTP API. Thin: validation and shaping here, the work in the agent and the ports. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.get("/v1/health", (c) => {
    const { info } = deps.kb;
    return c.json({
      status: "ok",
      version: VERSION,
      stores: info.stores,
      modelProvider: deps.modelProvider,
      counts: { nodes: info.stats.nodes, edges: info.stats.edges, nodesByType: info.stats.nodesByType, edgesByType: info.stats.edgesByType },
      knowledgeBase: { source: info.source, loadMs: info.loadMs, dataHash: info.dataHash.slice(0, 16) },
    });
  });
  return app;
}
