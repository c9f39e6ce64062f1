// `npm start`: runs the compiled service (dist/main.mjs), building it first when it is missing or
// older than any source file, so a fresh clone and an edited checkout both start the current code.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { DIST, ROOT, buildService } from "./build.mjs";

const SOURCES = ["src", "agents", "tools", "prompts"];

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const stamp = join(DIST, "BUILT");
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((d) => newestSource(join(ROOT, d))), statSync(join(ROOT, "package.json")).mtimeMs);
if (builtAt < sourcesAt) {
  const ms = await buildService();
  process.stderr.write(`built dist/ in ${ms} ms\n`);
}
await import(join(DIST, "main.mjs"));
