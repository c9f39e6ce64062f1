import { loadConfig } from "./config";
import { loadKnowledgeBase } from "./kb/load";
import { createChatModel, modelProvider } from "./llm/factory";
import { FileRunStore } from "./runs/store";
import { createApp } from "./server/app";
import { availableParallelism } from "node:os";
import { InProcessExecutor } from "./server/executor";
import { WorkerPoolExecutor } from "./server/worker-pool";
import { appOptionsFrom, listen } from "./server/start";
import { createLogger } from "./util/logger";
import { runningBuild } from "./kb/model-vectors";
import { createTracing } from "./tracing/factory";
import { runMain } from "./cli/entry";
import { openCheckpointer, openThreadStore } from "./threads/checkpointer";
import { FileThreadStore } from "./threads/store";
import { once } from "./util/once";

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.env.LOG_LEVEL);
  const kb = await loadKnowledgeBase(config, { log: (line) => process.stderr.write(`${line}\n`) });
  const { stats, source, loadMs } = kb.info;
  log.info("knowledge base ready", { source, loadMs, nodes: stats.nodes, edges: stats.edges, nodesByType: stats.nodesByType, edgesByType: stats.edgesByType, embedder: kb.info.embedder });
  const model = createChatModel(config);
  // OpenTelemetry spans when an OTLP endpoint is configured (each research worker exports its own).
  const tracing = createTracing(config);
  const store = new FileRunStore(config.runsDir, config.env.RUNS_RETENTION, config.env.RUNS_FSYNC === "on");
  const { interrupted, corrupt, tempFiles } = store.recovered;
  log.info("runs store ready", { dir: config.runsDir, runs: store.size(), markedInterrupted: interrupted, setAsideCorrupt: corrupt, removedTempFiles: tempFiles });
  // Research runs on worker threads (one per core by default) so HTTP stays responsive under load.
  const workers = config.env.WORKERS ?? availableParallelism();
  // The workers load in the background: the service listens (and answers health) at once, and a run waits for the first ready worker.
  // Conversations: thread records beside the runs, their state in the checkpointer (opened on first use; workers open their own connection).
  const checkpointer = once(() => openCheckpointer(config));
  const openSaver = async () => (await checkpointer()).saver;
  const threadRecords = await openThreadStore(config);
  const recovered = threadRecords instanceof FileThreadStore ? { markedInterrupted: threadRecords.recovered.interrupted, unreadable: threadRecords.recovered.unreadable } : {};
  log.info("threads store ready", { store: threadRecords.describe, checkpointer: config.env.CHECKPOINTER, ...recovered });
  const executor = workers > 0 ? WorkerPoolExecutor.starting(workers, log, kb) : new InProcessExecutor({ kb, model, caps: config.caps, tracing, checkpointer: openSaver });
  const { app, drain } = createApp({ kb, store, executor, modelProvider: modelProvider(model), hasModel: model !== undefined, evalDir: config.evalDir, options: appOptionsFrom(config), log, vectorBuild: () => runningBuild(config), threads: { records: threadRecords, openSaver } });
  const server = await listen(app, config.env.PORT, config.env.HOST);
  log.info("listening", { url: server.url, executor: executor.kind, apiKeys: config.apiKeys.length > 0 });

  // Graceful drain: stop taking requests (503 with Retry-After), let those in flight finish up to
  // DRAIN_TIMEOUT_MS, interrupt the runs left (recorded as interrupted), close the stores, exit 0.
  // A second signal skips the wait.
  let stopping: Promise<void> | undefined;
  const stop = (signal: string) => {
    if (stopping) {
      log.warn("second signal: interrupting the runs in flight now", { signal });
      void drain.drain(0);
      return;
    }
    log.info("draining", { signal, deadlineMs: config.env.DRAIN_TIMEOUT_MS, ...drain.stats() });
    // The listener stays open while draining: a new request gets 503 with Retry-After and Connection:
    // close (closing the listener now would also drop idle keep-alive connections, and a client
    // sending on one just then would see a reset); it closes once the runs in flight are done.
    stopping = drain
      .drain(config.env.DRAIN_TIMEOUT_MS)
      .then((outcome) => log.info("drained", { ...outcome }))
      .then(() => server.close())
      .then(() => store.flush())
      .then(() => executor.close())
      .then(() => kb.close())
      .then(() => (checkpointer.opened() ? checkpointer().then((c) => c.close()) : undefined))
      .then(() => threadRecords.close())
      .then(() => tracing.shutdown())
      .then(() => log.info("stopped", {}))
      .catch((e: unknown) => log.error("shutdown failed", { error: String(e) }))
      .finally(() => process.exit(0));
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

runMain("fatal", main);
