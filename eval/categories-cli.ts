import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config";
import { InvalidInputError } from "../src/errors";
import { loadKnowledgeBase } from "../src/kb/load";
import { generateCategorySet } from "./categories";
import { runMain } from "../src/cli/entry";

/** `npm run eval:categories -- --out FILE [--seed S] [--per-template N]`: writes the generated set as jsonl. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string" }, seed: { type: "string", default: "1" }, "per-template": { type: "string", default: "15" } } });
  if (!values.out) throw new InvalidInputError("--out FILE is required (keep it outside the project: it is derived from the data)");
  const seed = Number(values.seed);
  const per = Number(values["per-template"]);
  if (!Number.isInteger(seed) || !Number.isInteger(per) || per < 1) throw new InvalidInputError("--seed and --per-template must be integers (per-template ≥ 1)");
  const kb = await loadKnowledgeBase(loadConfig());
  const qs = generateCategorySet(kb, { seed, perTemplate: per });
  writeFileSync(values.out, `${qs.map((q) => JSON.stringify(q)).join("\n")}\n`);
  const counts = qs.reduce<Record<string, number>>((m, q) => ({ ...m, [q.category]: (m[q.category] ?? 0) + 1 }), {});
  process.stdout.write(`wrote ${qs.length} questions to ${values.out}: ${Object.entries(counts).map(([c, n]) => `${c} ${n}`).join(", ")}\n`);
}

runMain("eval categories failed", main);
