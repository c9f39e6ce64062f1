import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { InvalidInputError } from "../errors";
import { DEFAULT_MODELS, MODELS } from "../models/catalog";
import { fetchModel } from "../models/fetch";
import { loadKnowledgeBase } from "../kb/load";
import { runMain } from "./entry";

/**
 * `npm run models:fetch [-- --only chat|embed|gemma|qwen] [-- --no-vectors]`: installs the local chat
 * model and the sentence encoder under CACHE_DIR/models (see src/models/catalog.ts for what, from
 * where, and the pinned checksums). Idempotent: a model already there with the right checksum is left
 * alone. Then, when the encoder is installed and EMBEDDER picks it, it builds the films' vectors with
 * it (a progress bar with the time left; resumable), so no service or eval waits for them later.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: "string" }, "no-vectors": { type: "boolean", default: false } } });
  const names = values.only === undefined ? [...DEFAULT_MODELS] : [values.only];
  if (!names.every((n): n is keyof typeof MODELS => n in MODELS)) throw new InvalidInputError(`--only takes one of ${Object.keys(MODELS).join(", ")}, not ${JSON.stringify(values.only)}`);
  const config = loadConfig();
  const modelsDir = join(config.cacheDir, "models");
  const log = (line: string) => process.stderr.write(`${line}\n`);
  for (const spec of names.map((n) => MODELS[n])) {
    const started = performance.now();
    log(`${spec.role}: ${spec.title} (${spec.licence})`);
    const r = await fetchModel(spec, { modelsDir, log });
    process.stdout.write(`${spec.role}\t${r.status}\t${r.path}\t${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  if (values["no-vectors"] || !names.includes("embed")) return;
  await buildVectors(loadConfig(), log);
}

/** Builds the model embedder's vectors (what `npm run ingest -- --vectors` does). */
async function buildVectors(config: ReturnType<typeof loadConfig>, log: (line: string) => void): Promise<void> {
  if (config.embedder === "corpus") return void log("EMBEDDER picks the offline embedder: no model vectors to build");
  const started = performance.now();
  const kb = await loadKnowledgeBase(config, { vectors: "build", log });
  await kb.close();
  process.stdout.write(`vectors\t${kb.info.embedder.vectors}\t${kb.info.embedder.serving}\t${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

runMain("models:fetch", main);
