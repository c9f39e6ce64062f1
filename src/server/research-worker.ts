import { parentPort } from "node:worker_threads";
import { runResearch, type ResearchOptions } from "../../agents/research/run";
import { loadConfig } from "../config";
import { isAppError } from "../errors";
import { loadKnowledgeBase } from "../kb/load";
import { createChatModel } from "../llm/factory";
import { createTracing } from "../tracing/factory";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

/**
 * A research worker thread: loads the knowledge base from the snapshot the main thread prepared,
 * then runs the questions it is sent, streaming trace steps back and honouring aborts.
 */
const port = parentPort!;
const send = (m: WorkerReply) => port.postMessage(m);

const config = loadConfig();
const kb = await loadKnowledgeBase(config, { log: () => {} });
const deps = { kb, model: createChatModel(config), caps: config.caps, tracing: createTracing(config) };
const running = new Map<number, AbortController>();

port.on("message", (m: WorkerRequest) => {
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
