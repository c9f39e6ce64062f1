import { writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runMain } from "../../src/cli/entry";
import { loadConfig } from "../../src/config";
import { InvalidInputError } from "../../src/errors";
import { NATURAL_CATEGORIES } from "./types";
import { NATURAL_SEED, generateNaturalSet } from "./generate";
import { splitOf } from "./split";
import { loadWorld } from "./world";

/**
 * `npm run eval:natural -- --out FILE [--seed S]`: writes the natural set (both splits) as jsonl,
 * one item a line with its split, and prints how many items each intent has per split.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string" }, seed: { type: "string", default: String(NATURAL_SEED) } } });
  if (!values.out) throw new InvalidInputError("--out FILE is required (keep it outside the project: it holds gold answers derived from the data)");
  const out = resolve(values.out);
  if (!relative(process.cwd(), out).startsWith("..")) throw new InvalidInputError(`--out ${out} is inside the project; write the set outside it (e.g. /tmp/natural.jsonl)`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new InvalidInputError(`--seed must be an integer, got "${values.seed}"`);
  const config = loadConfig();
  if (!config.dataDir) throw new InvalidInputError("no data directory: set DATA_DIR");
  const items = generateNaturalSet(loadWorld(config.dataDir), seed).map((it) => ({ ...it, split: splitOf(it.id) }));
  writeFileSync(out, `${items.map((it) => JSON.stringify(it)).join("\n")}\n`);
  const rows = NATURAL_CATEGORIES.map((intent) => {
    const of = items.filter((it) => it.category === intent);
    const dev = of.filter((it) => it.split === "dev").length;
    return `${intent.padEnd(16)}${String(of.length).padStart(5)}${String(dev).padStart(6)}${String(of.length - dev).padStart(6)}`;
  });
  const dev = items.filter((it) => it.split === "dev").length;
  process.stdout.write(`${"intent".padEnd(16)}${"all".padStart(5)}${"dev".padStart(6)}${"test".padStart(6)}\n${rows.join("\n")}\n${"total".padEnd(16)}${String(items.length).padStart(5)}${String(dev).padStart(6)}${String(items.length - dev).padStart(6)}\nwrote ${out}\n`);
}

runMain("eval natural failed", main);
