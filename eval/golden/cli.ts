import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config";
import { DataMissingError, InvalidInputError } from "../../src/errors";
import { loadKnowledgeBase } from "../../src/kb/load";
import { runMain } from "../../src/cli/entry";
import { GOLDEN_SETS, diffGolden, diffLines, formatGolden, goldenPath, planRows, questionsOf, readGolden, type GoldenSet } from "./sets";

const USAGE = `usage: npm run eval:golden -- [--update] [--sets ${GOLDEN_SETS.join(",")}]
  compares every question's plan with eval/golden/<set>.jsonl and prints what changed;
  --update writes the current plans as the new golden files (review the diff first)`;

/** `npm run eval:golden`: the golden plans of the natural, probe, complex and real sets, checked or updated. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { update: { type: "boolean", default: false }, sets: { type: "string" }, help: { type: "boolean", default: false } } });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const sets = (values.sets ?? GOLDEN_SETS.join(",")).split(",").map((s) => s.trim());
  const bad = sets.filter((s) => !GOLDEN_SETS.includes(s as GoldenSet));
  if (bad.length) throw new InvalidInputError(`--sets: unknown ${bad.join(", ")}; choose from ${GOLDEN_SETS.join(", ")}\n${USAGE}`);
  const config = loadConfig();
  if (!config.dataDir) throw new DataMissingError("DATA_DIR is not set: the golden sets are generated from the data directory");
  const kb = await loadKnowledgeBase(config, { log: () => {} });
  let differences = 0;
  try {
    for (const set of sets as GoldenSet[]) {
      const questions = questionsOf(set, config.dataDir);
      const rows = await planRows(questions, kb);
      const diff = diffGolden(set, readGolden(set), rows);
      const text = new Map(questions.map((q) => [q.id, q.question]));
      process.stdout.write(`${diffLines(diff, (id) => text.get(id)).join("\n")}\n`);
      differences += diff.changed.length + diff.added.length + diff.removed.length;
      if (values.update) writeFileSync(goldenPath(set), formatGolden(rows));
    }
  } finally {
    await kb.close();
  }
  if (values.update) process.stdout.write(`golden plans written (${differences} differences taken in)\n`);
  else if (differences) {
    process.stdout.write(`${differences} plan(s) differ from the golden files; if the change is intended, run npm run eval:golden -- --update\n`);
    process.exitCode = 1;
  }
}

runMain("eval:golden", main);
