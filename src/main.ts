import { serve } from "@hono/node-server";
import { loadConfig } from "./config";
import { isAppError } from "./errors";
import { loadKnowledgeBase } from "./kb/load";
import { createApp } from "./server/app";
import { createLogger } from "./util/logger";

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.env.LOG_LEVEL);
  const kb = await loadKnowledgeBase(config, { log: (line) => process.stderr.write(`${line}\n`) });
  const { stats, source, loadMs } = kb.info;
  log.info("knowledge base ready", { source, loadMs, nodes: stats.nodes, edges: stats.edges, nodesByType: stats.nodesByType, edgesByType: stats.edgesByType });
  const app = createApp({ kb, modelProvider: config.env.GOOGLE_API_KEY ? "gemini" : "none" });
  const server = serve({ fetch: app.fetch, port: config.env.PORT, hostname: config.env.HOST }, (addr) => {
    log.info("listening", { url: `http://${config.env.HOST}:${addr.port}` });
  });
  const stop = () => {
    server.close();
    void kb.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e: unknown) => {
  // Known problems (no data, bad config) get their message alone; anything else is a bug.
  if (isAppError(e)) process.stderr.write(`\n${e.message}\n\n`);
  else process.stderr.write(`fatal: ${(e as Error)?.stack ?? String(e)}\n`);
  process.exit(1);
});
