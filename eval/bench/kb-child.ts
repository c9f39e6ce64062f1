import { loadConfig } from "../../src/config";
import { loadKnowledgeBase } from "../../src/kb/load";
import { silentProgress } from "../../src/util/progress";

/**
 * Runs in a fresh process so timings and memory are those of a real start:
 * `ingest` rebuilds from the raw files, `load` opens the snapshot. Prints one JSON line.
 */
const mode = process.argv[2];
const config = loadConfig();
const t0 = performance.now();
const kb = await loadKnowledgeBase(config, { force: mode === "ingest", progress: silentProgress, log: () => {} });
const ms = performance.now() - t0;
global.gc?.();
const rss = process.memoryUsage().rss;
process.stdout.write(`${JSON.stringify({ mode, source: kb.info.source, ms: Math.round(ms), rssMiB: Math.round(rss / 2 ** 20), heapMiB: Math.round(process.memoryUsage().heapUsed / 2 ** 20) })}\n`);
