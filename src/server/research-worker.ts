import { parentPort, workerData } from "node:worker_threads";
import { kbFromShared } from "../kb/shared/parts";
import { remotePorts } from "./kb-rpc";
import type { WorkerBoot } from "./worker-protocol";
import { runResearch, type ResearchOptions } from "../../agents/research/run";
import { loadConfig } from "../config";
import { isAppError } from "../errors";
import { NO_TRACING } from "../ports/tracing";
import { once } from "../util/once";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

/**
 * A research worker thread: reads the knowledge base the main thread shares, then runs the
 * questions it is sent, streaming trace steps back and honouring aborts. What only some
 * configurations need (a chat model, tracing, a Neo4j graph, loading a knowledge base of its own) is
 * imported only then, so a worker holds little beyond the runs in flight.
 */
const port = parentPort!;
const send = (m: WorkerReply) => port.postMessage(m);

const config = loadConfig();
// The knowledge base the main thread shares (one copy in memory for every worker), its searches
// answered by the main thread; without shared parts (another graph store), a copy of its own.
const given = workerData as WorkerBoot | undefined;
const kb = given?.shared ? kbFromShared(given.shared, remotePorts(port, given.remote), given.info) : await (await import("../kb/load")).loadKnowledgeBase(config, { log: () => {} });
if (given?.shared && config.env.GRAPH_STORE === "neo4j") await (await import("../kb/backends")).connectWorkerGraph(kb, config);
const tracedOn = Boolean(config.env.OTEL_EXPORTER_OTLP_ENDPOINT || config.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
const deps = {
  kb,
  model: config.chatModel === "none" ? undefined : (await import("../llm/factory")).createChatModel(config),
  caps: config.caps,
  tracing: tracedOn ? (await import("../tracing/factory")).createTracing(config) : NO_TRACING,
  // A thread's turns checkpoint here; this worker's own connection, opened on its first thread run.
  checkpointer: once(async () => (await (await import("../threads/checkpointer")).openCheckpointer(config)).saver),
};
const running = new Map<number, AbortController>();

port.on("message", (m: WorkerRequest | { type: "kb-reply" }) => {
  if (m.type === "kb-reply") return; // answered by the remote ports' own listener
  if (m.type === "close") {
    void deps.tracing.shutdown().finally(() => process.exit(0));
    return;
  }
  if (m.type === "abort") {
    running.get(m.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(m.id, controller);
  const options: ResearchOptions = { ...m.options, signal: controller.signal, ...(m.wantSteps ? { onStep: (step) => send({ type: "step", id: m.id, step }) } : {}) };
  runResearch(m.question, deps, options)
    .then((result) => send({ type: "result", id: m.id, result }))
    .catch((e: unknown) => {
      const err = e as Error;
      send({ type: "error", id: m.id, error: { name: err?.name ?? "Error", message: isAppError(e) ? e.message : String(err?.message ?? e), ...(isAppError(e) ? { code: e.code, details: e.details } : {}), aborted: controller.signal.aborted } });
    })
    .finally(() => running.delete(m.id));
});

send({ type: "ready" });
