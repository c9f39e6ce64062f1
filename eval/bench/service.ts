import { existsSync } from "node:fs";
import type { Config } from "../../src/config";
import { loadKnowledgeBase, readArtifacts, snapshotKey, snapshotPathFor } from "../../src/kb/load";
import { dataContentHash, locateDataFiles } from "../../src/kb/data-files";
import { readModelVectors } from "../../src/kb/model-vectors";
import { collectMovieFacts, semanticDocument } from "../../src/kb/documents";
import { openModelEmbedder } from "../../src/kb/embedders";
import { percentile, round } from "../../src/util/stats";
import { stableSample } from "../../src/util/random";
import { readMetaqa, stripBrackets } from "../datasets/metaqa";
import { load, startServer, type Server } from "./api";

const SEED = 20261125;
const OPEN = { RATE_LIMIT_PER_MINUTE: "0", MAX_CONCURRENT_RUNS: "64", MAX_QUEUED_RUNS: "4096", EMBEDDER: "corpus" };

async function workersReady(s: Server, n: number): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    const h = (await (await fetch(`${s.url}/v1/health`)).json()) as { workersReady?: number };
    if ((h.workersReady ?? n) >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${n} workers did not load`);
}

/** Start to healthy, compiled as `npm start` runs it, from an existing snapshot: the median of three starts. */
async function startToHealthy(): Promise<Record<string, unknown>> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await startServer({ ...OPEN }, [], { compiled: true });
    runs.push(s.startMs);
    await s.stop();
  }
  return { runsMs: runs, medianMs: round(percentile(runs, 50), 0), target: "≤ 3000 ms" };
}

/** RSS of the whole process (main thread and workers) with n workers, once loaded and after a fixed load. */
async function rssWith(workers: number, bodies: unknown[]): Promise<{ workers: number; afterLoadMiB: number; afterRunsMiB: number }> {
  const s = await startServer({ ...OPEN, WORKERS: String(workers) }, [], { compiled: true });
  try {
    await workersReady(s, workers);
    const loaded = s.rssMiB();
    await load(s.url, "/v1/research", bodies, 4, 5);
    await new Promise((r) => setTimeout(r, 1000));
    return { workers, afterLoadMiB: loaded, afterRunsMiB: s.rssMiB() };
  } finally {
    await s.stop();
  }
}

/** 8 concurrent clients for `seconds` at full KB, default workers. */
async function throughput(bodies: unknown[], seconds: number): Promise<Record<string, unknown>> {
  const s = await startServer({ ...OPEN }, [], { compiled: true });
  try {
    await workersReady(s, 2);
    await load(s.url, "/v1/research", bodies, 8, 3);
    const r = await load(s.url, "/v1/research", bodies, 8, seconds);
    return { ...r, rssMiB: s.rssMiB() };
  } finally {
    await s.stop();
  }
}

/** SIGTERM under 8 concurrent clients: every request answered or refused cleanly, none reset, exit 0. */
async function drain(bodies: unknown[]): Promise<Record<string, unknown>> {
  const s = await startServer({ ...OPEN, DRAIN_TIMEOUT_MS: "20000" }, [], { compiled: true });
  await workersReady(s, 2);
  const statuses: Record<string, number> = {};
  let resets = 0;
  let sending = true;
  let i = 0;
  const client = async () => {
    while (sending) {
      try {
        const r = await fetch(`${s.url}/v1/research`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(bodies[i++ % bodies.length]) });
        await r.arrayBuffer();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        // A client that honours 503 with Retry-After goes elsewhere (here: stops) rather than hammering a draining instance.
        if (r.status === 503 && r.headers.get("retry-after")) break;
      } catch (e) {
        const code = (e as { cause?: { code?: string } }).cause?.code;
        // After the listener closes a new connection is refused: that is the client's cue to go elsewhere.
        if (code === "ECONNREFUSED") break;
        resets++;
      }
    }
  };
  const clients = Array.from({ length: 8 }, client);
  await new Promise((r) => setTimeout(r, 2000));
  const exit = new Promise<number | null>((resolve) => s.child.once("exit", (code) => resolve(code)));
  const signalled = performance.now();
  s.child.kill("SIGTERM");
  const code = await exit;
  const drainMs = Math.round(performance.now() - signalled);
  sending = false;
  await Promise.all(clients);
  return { clients: 8, statuses, connectionResets: resets, exitCode: code, drainMs, holds: resets === 0 && code === 0 && (statuses["503"] ?? 0) <= 8 };
}

/** The model encoder's rate on a sample of the films' documents, and the time all of them would take. */
async function vectorBuild(config: Config): Promise<Record<string, unknown>> {
  if (!existsSync(config.localEmbedModel)) return { skipped: `${config.localEmbedModel} is absent (npm run models:fetch)` };
  const model = await openModelEmbedder({ ...config, embedder: "local" });
  if (!model) return { skipped: "no model embedder" };
  try {
    const films = await filmDocuments(config);
    const built = readModelVectors(config, { what: "movies", ...films }, model) !== undefined;
    const sample = films.texts.slice(0, 500);
    const t0 = performance.now();
    for (let i = 0; i < sample.length; i += 100) await model.embed(sample.slice(i, i + 100), { kind: "document" });
    const seconds = (performance.now() - t0) / 1000;
    const rate = sample.length / seconds;
    return { embedder: model.id, sample: sample.length, seconds: round(seconds, 1), docsPerSecond: round(rate, 1), films: films.texts.length, projectedMinutes: round(films.texts.length / rate / 60, 1), alreadyBuilt: built };
  } finally {
    await (model as { close?: () => Promise<void> }).close?.();
  }
}

/** The films' documents as the model embedder reads them, from the current snapshot. */
async function filmDocuments(config: Config): Promise<{ ids: string[]; texts: string[] }> {
  await loadKnowledgeBase({ ...config, embedder: "corpus" }, { log: () => {} }).then((kb) => kb.close());
  const key = snapshotKey(dataContentHash(locateDataFiles(config.dataDir)), config);
  const a = readArtifacts(snapshotPathFor(config, key), key);
  const facts = collectMovieFacts(a.data);
  return { ids: facts.map((f) => a.data.names[f.node]!), texts: facts.map((f) => semanticDocument(f, a.data.plots[f.node]!)) };
}

/** `npm run bench -- service`: start, memory by workers, throughput, drain, and the model vector build. */
export async function benchService(config: Config, options: { seconds?: number } = {}): Promise<Record<string, unknown>> {
  const questions = stableSample(readMetaqa(config.dataDir!, 1, "dev"), 400, SEED, (q) => q.id).map((q) => stripBrackets(q.raw));
  const bodies = questions.map((question) => ({ question, strategy: "heuristic", includeTrace: false }));
  const start = await startToHealthy();
  const rss = [];
  for (const w of [1, 2, 4]) rss.push(await rssWith(w, bodies));
  return {
    startToHealthy: start,
    rss: { byWorkers: rss, targets: "≤ 700 MiB with two workers after load; each further worker ≤ 60 MiB", perFurtherWorkerMiB: round(((rss[2]!.afterLoadMiB ?? 0) - (rss[1]!.afterLoadMiB ?? 0)) / 2, 0) },
    throughput: await throughput(bodies, options.seconds ?? 20),
    drain: await drain(bodies),
    vectorBuild: await vectorBuild(config),
  };
}
