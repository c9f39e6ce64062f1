import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { InvalidInputError } from "../errors";
import { DEFAULT_MODELS, MODELS } from "../models/catalog";
import { fetchModel } from "../models/fetch";
import { runMain } from "./entry";

/**
 * `npm run models:fetch [-- --only chat|embed|gemma|qwen]`: installs the local chat model and the sentence
 * encoder under CACHE_DIR/models (see src/models/catalog.ts for what, from where, and the pinned
 * checksums). Idempotent: a model already there with the right checksum is left alone.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: "string" } } });
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
}

runMain("models:fetch", main);
