/**
 * Eyeball check of the real-question dev sets:
 * `npx tsx eval/real/check-cli.ts [--file base|new|third|check|fresh] [--data DIR] [--quiet]`.
 * `--file base` (the default) checks questions.jsonl (dataset "real"); `--file new` checks
 * questions-new.jsonl (dataset "real-new") and also that none of its ids, nor any of its questions
 * (case-folded), repeats one of questions.jsonl; `--file third` checks questions-third.jsonl
 * (dataset "real-third") and that none of its ids or questions repeats either earlier file; `--file check`
 * checks questions-check.jsonl (dataset "real-check") and that none of its ids or questions repeats any
 * earlier file; `--file fresh` checks questions-fresh.jsonl (dataset "real-fresh") and that none of its ids
 * or questions repeats any earlier file (questions, new, third, check).
 * Prints every item's computed gold in short form (the first three answers), then counts per kind and
 * per source, and exits non-zero when any item names a non-KB entity or has a gold that cannot be
 * computed or is empty.
 */
import { basename } from "node:path";
import { checkArgs } from "./check-args";
import { namedEntities, type GoldResult } from "./gold-spec";
import { REAL_DATASETS, REAL_KINDS, REAL_SET_PATHS, evaluateLine, readRealLines, type RealDatasetName } from "./load";
import { loadRawKb } from "./raw-kb";

const { dataDir, quiet } = checkArgs();
const fileAt = process.argv.indexOf("--file");
const fileArg = fileAt >= 0 ? process.argv[fileAt + 1] : "base";
const FILES: Record<string, RealDatasetName> = { base: "real", new: "real-new", third: "real-third", check: "real-check", fresh: "real-fresh" };
const dataset = FILES[fileArg ?? ""];
if (dataset === undefined) {
  console.error(`--file must be "base" (questions.jsonl), "new" (questions-new.jsonl), "third" (questions-third.jsonl), "check" (questions-check.jsonl) or "fresh" (questions-fresh.jsonl), got ${JSON.stringify(fileArg)}`);
  process.exit(2);
}
const path = REAL_SET_PATHS[dataset];

const kb = loadRawKb(dataDir);
const lines = readRealLines(path);
const problems: string[] = [];
// A later file must not repeat an item of an earlier one (by id, or by its question case-folded).
const earlier = REAL_DATASETS.slice(0, REAL_DATASETS.indexOf(dataset));
for (const name of earlier) {
  const file = basename(REAL_SET_PATHS[name]);
  const before = readRealLines(REAL_SET_PATHS[name]);
  const ids = new Set(before.map((l) => l.id));
  const texts = new Set(before.map((l) => l.question.trim().toLowerCase()));
  for (const l of lines) {
    if (ids.has(l.id)) problems.push(`${l.id}: id already used in ${file}`);
    if (texts.has(l.question.trim().toLowerCase())) problems.push(`${l.id}: question repeats one of ${file}: ${JSON.stringify(l.question)}`);
  }
}
const byKind = new Map<string, number>();
const bySource = new Map<string, number>();
const shown: string[] = [];

const short = (xs: string[]) => (xs.length <= 3 ? xs.join(" | ") : `${xs.slice(0, 3).join(" | ")} … (+${xs.length - 3})`);
function describe(r: GoldResult): string {
  switch (r.form) {
    case "answers":
      return `answers[${r.answers.length}]: ${short(r.answers)}`;
    case "count":
      return `count ${r.count}: ${short(r.members)}`;
    case "verdict":
      return `verdict ${r.verdict} — ${r.why}`;
    case "winner":
      return `winner ${short(r.answers)} — ${r.why}`;
    case "lacks":
      return `lacks ${r.fact}; partial[${r.partial.length}]: ${short(r.partial)}`;
    case "reply":
      return "reply (no answer)";
  }
}

for (const line of lines) {
  byKind.set(line.kind, (byKind.get(line.kind) ?? 0) + 1);
  bySource.set(line.source, (bySource.get(line.source) ?? 0) + 1);
  const missing = namedEntities(line.gold).filter((e) => !kb.isEntity(e));
  if (missing.length > 0) {
    problems.push(`${line.id}: not KB entities: ${missing.map((m) => JSON.stringify(m)).join(", ")}`);
    continue;
  }
  try {
    const { result } = evaluateLine(line, kb, dataset);
    shown.push(`${line.id.padEnd(16)} ${line.kind.padEnd(8)} ${JSON.stringify(line.question)}\n${"".padEnd(26)}→ ${describe(result)}`);
  } catch (e) {
    problems.push((e as Error).message);
  }
}

if (!quiet) for (const s of shown) console.log(s);
console.log(`\n${basename(path)}: ${lines.length} items (dataset "${dataset}")`);
console.log("per kind:");
for (const k of REAL_KINDS) console.log(`  ${k.padEnd(10)} ${byKind.get(k) ?? 0}`);
console.log("per source:");
for (const [s, n] of [...bySource].sort((a, b) => b[1] - a[1])) console.log(`  ${s.padEnd(28)} ${n}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log("\nall items name KB entities and have a non-empty gold");
