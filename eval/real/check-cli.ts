/**
 * Eyeball check of the real-question dev set: `npx tsx eval/real/check-cli.ts [--data DIR] [--quiet]`.
 * Prints counts per kind and per source, then every item's computed gold in short form (the first
 * three answers), and exits non-zero when any item names a non-KB entity or has a gold that cannot be
 * computed or is empty.
 */
import { checkArgs } from "./check-args";
import { namedEntities, type GoldResult } from "./gold-spec";
import { QUESTIONS_PATH, REAL_KINDS, evaluateLine, readRealLines } from "./load";
import { loadRawKb } from "./raw-kb";

const { dataDir, quiet } = checkArgs();

const kb = loadRawKb(dataDir);
const lines = readRealLines(QUESTIONS_PATH);
const problems: string[] = [];
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
    const { result } = evaluateLine(line, kb);
    shown.push(`${line.id.padEnd(16)} ${line.kind.padEnd(8)} ${JSON.stringify(line.question)}\n${"".padEnd(26)}→ ${describe(result)}`);
  } catch (e) {
    problems.push((e as Error).message);
  }
}

if (!quiet) for (const s of shown) console.log(s);
console.log(`\n${lines.length} items`);
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
