/**
 * Eyeball check of the conversational dev set: `npx tsx eval/conv/check-cli.ts [--file first|new] [--data DIR] [--quiet]`.
 * Prints every turn with its computed gold in short form, then counts per follow-up category, per turn
 * position and per expectation, and exits non-zero when a turn's gold cannot be computed or is empty.
 * `--file new` checks the second file (conversations-new.jsonl, dataset conv-new), and also that none of
 * its ids is in the first file and that none of its conversations repeats one word for word.
 */
import { checkArgs } from "../real/check-args";
import { loadRawKb } from "../real/raw-kb";
import { CONV_CATEGORIES, CONVERSATIONS_NEW_PATH, CONVERSATIONS_PATH, evaluateConversation, overlapProblems, readConvLines, type ConvTurnItem } from "./gold";

const { dataDir, quiet } = checkArgs();
const fileAt = process.argv.indexOf("--file");
const file = fileAt >= 0 ? process.argv[fileAt + 1] : "first";
if (file !== "first" && file !== "new") {
  console.error(`--file takes first or new, got ${JSON.stringify(file)}`);
  process.exit(2);
}

const kb = loadRawKb(dataDir);
const lines = readConvLines(file === "new" ? CONVERSATIONS_NEW_PATH : CONVERSATIONS_PATH);
const problems: string[] = file === "new" ? overlapProblems(readConvLines(CONVERSATIONS_PATH), lines) : overlapProblems([], lines);
const turns: ConvTurnItem[] = [];
const count = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
const short = (xs: string[]) => (xs.length <= 3 ? xs.join(" | ") : `${xs.slice(0, 3).join(" | ")} … (+${xs.length - 3})`);

for (const line of lines) {
  try {
    const { item } = evaluateConversation(line, kb);
    turns.push(...item.turns);
    if (!quiet) {
      console.log(`${item.id} (${item.group})`);
      for (const t of item.turns) {
        const expect = t.expect.kind === "lacks" ? `lacks ${t.expect.fact}` : t.expect.kind === "verdict" ? `verdict ${t.expect.verdict}` : t.expect.kind;
        console.log(`  ${t.turn} ${t.category.padEnd(12)} ${t.kind.padEnd(8)} ${JSON.stringify(t.question)}\n${"".padEnd(26)}→ ${expect}; answers[${t.answers.length}]: ${short(t.answers)}`);
      }
    }
  } catch (e) {
    problems.push((e as Error).message);
  }
  for (const d of line.dropped ?? []) if (!quiet) console.log(`  dropped ${d.qid} ${JSON.stringify(d.question)}: ${d.reason}`);
}

const groups = new Set(lines.map((l) => l.group));
const dropped = lines.reduce((n, l) => n + (l.dropped?.length ?? 0), 0);
console.log(`\n${file === "new" ? "conversations-new.jsonl" : "conversations.jsonl"}: ${lines.length} conversations (${groups.size} base conversations), ${turns.length} turns kept, ${dropped} turns dropped`);
const byCategory = count(turns.map((t) => t.category));
console.log("per category:");
for (const c of CONV_CATEGORIES) console.log(`  ${c.padEnd(13)} ${byCategory.get(c) ?? 0}`);
console.log("per turn position:");
for (const [p, n] of [...count(turns.map((t) => String(t.turn)))].sort()) console.log(`  ${p.padEnd(13)} ${n}`);
console.log("per expectation:");
for (const [k, n] of count(turns.map((t) => (t.expect.kind === "lacks" ? `lacks (${t.expect.fact})` : t.expect.kind)))) console.log(`  ${k.padEnd(22)} ${n}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`\nevery turn's gold computes from the raw data; every non-lacks turn has answers; no conversation repeats another word for word${file === "new" ? " and no id is in the first file" : ""}`);
