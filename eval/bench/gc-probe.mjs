// Loaded with `node --expose-gc --import` by the api bench only: on SIGUSR2 the process collects
// garbage fully and appends its live heap to GC_PROBE_FILE, so memory growth is judged on what
// survives a collection rather than on resident memory, which swings with the collector's pace.
import { appendFileSync } from "node:fs";

const file = process.env.GC_PROBE_FILE;
if (file && typeof globalThis.gc === "function") {
  process.on("SIGUSR2", () => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ heapUsed: m.heapUsed, rss: m.rss, external: m.external })}\n`);
  });
}
