// Compiles the service to plain JavaScript (dist/), so `npm start` runs node on it instead of
// transpiling TypeScript at every start: the HTTP entry point and the research worker, each one
// ES module with the project's own code bundled and every package left to node_modules.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DIST = join(ROOT, "dist");
export const ENTRIES = { main: "src/main.ts", "research-worker": "src/server/research-worker.ts" };

/** Builds dist/main.mjs and dist/research-worker.mjs; returns the milliseconds it took. */
export async function buildService() {
  const started = performance.now();
  mkdirSync(DIST, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(ROOT, file)])),
    outdir: DIST,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // Code only some configurations use (a chat model, tracing, Neo4j) is its own chunk, loaded on first use.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
    jsx: "automatic",
    jsxImportSource: "hono/jsx",
  });
  writeFileSync(join(DIST, "BUILT"), new Date().toISOString());
  return Math.round(performance.now() - started);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ms = await buildService();
  process.stdout.write(`built dist/ in ${ms} ms\n`);
}
