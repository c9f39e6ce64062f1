import { join } from "node:path";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadConfig } from "../config";
import { loadKnowledgeBase } from "../kb/load";
import { createChatModel, modelProvider } from "../llm/factory";
import { createMcpServer } from "../mcp/server";
import { FileRunStore } from "../runs/store";
import { Drain } from "../server/drain";
import { InProcessExecutor } from "../server/executor";
import { RunGate } from "../server/run-gate";
import { createTracing } from "../tracing/factory";
import { createLogger } from "../util/logger";
import { runMain } from "./entry";

/**
 * `npm run mcp`: the MCP server over stdio, for desktop MCP clients. stdout carries the protocol
 * alone; the knowledge base's loading lines and the logs go to stderr. Research runs on this thread.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.env.LOG_LEVEL);
  const kb = await loadKnowledgeBase(config, { log: (line) => process.stderr.write(`${line}\n`) });
  const model = createChatModel(config);
  const tracing = createTracing(config);
  // Its own folder: the HTTP service owns RUNS_DIR (its start marks the runs there still "running" as interrupted).
  const runsDir = join(config.runsDir, "mcp-stdio");
  const store = new FileRunStore(runsDir, config.env.RUNS_RETENTION, config.env.RUNS_FSYNC === "on");
  const executor = new InProcessExecutor({ kb, model, caps: config.caps, tracing });
  const drain = new Drain();
  const gate = new RunGate(config.env.MAX_CONCURRENT_RUNS, config.env.MAX_QUEUED_RUNS, config.env.QUEUE_TIMEOUT_MS);
  const service = { executor, store, gate, caps: config.caps, hasModel: model !== undefined, drain };
  const server = createMcpServer({ service, kb, log, callDrain: drain });
  await server.connect(new StdioServerTransport());
  log.info("mcp server ready on stdio", { nodes: kb.info.stats.nodes, embedder: kb.info.embedder, modelProvider: modelProvider(model), runsDir });

  // The client closing stdin means it is gone: its calls are cancelled (recorded so). A signal lets
  // the calls in flight finish, up to DRAIN_TIMEOUT_MS, then interrupts them. A second signal is at once.
  let stopping: Promise<void> | undefined;
  const stop = (why: string, deadlineMs: number) => {
    if (stopping) {
      void drain.drain(0);
      return;
    }
    log.info("stopping", { why, deadlineMs, ...drain.stats() });
    stopping = (deadlineMs > 0 ? drain.drain(deadlineMs).then(() => undefined) : Promise.resolve())
      .then(() => server.close())
      .then(() => runsSettled(drain, 5_000))
      .then(() => store.flush())
      .then(() => executor.close())
      .then(() => kb.close())
      .then(() => tracing.shutdown())
      .then(() => (model as { close?: () => Promise<void> } | undefined)?.close?.())
      .catch((e: unknown) => log.error("shutdown failed", { error: String(e) }))
      .finally(() => process.exit(0));
  };
  process.stdin.on("end", () => stop("stdin closed", 0));
  process.on("SIGINT", () => stop("SIGINT", config.env.DRAIN_TIMEOUT_MS));
  process.on("SIGTERM", () => stop("SIGTERM", config.env.DRAIN_TIMEOUT_MS));
}

/** Waits (up to `ms`) until the runs stopped by a close have recorded how they ended. */
async function runsSettled(drain: Drain, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (drain.stats().runningRuns > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

runMain("mcp failed", main);
