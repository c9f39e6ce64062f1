/**
 * Eyeball check of the known-item set: `npx tsx eval/known-item/check-cli.ts [--split dev|train] [--data DIR] [--quiet]`.
 * Prints counts per category, the requests cut to the question cap, examples per category with their
 * gold, and exits non-zero when a gold film is not a KB film with a release year within one.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { checkArgs } from "../real/check-args";
import { loadRawKb } from "../real/raw-kb";
import { KNOWN_ITEM_FILES, parseTomtLines, peopleNames, toKnownItems } from "./load";
import { KNOWN_ITEM_CATEGORIES } from "./request";

const { dataDir, quiet } = checkArgs();
const at = process.argv.indexOf("--split");
const split = at >= 0 ? process.argv[at + 1] : "dev";
if (split !== "dev" && split !== "train") {
  console.error(`--split must be dev (Reddit-TOMT validation) or train, got "${split}"`);
  process.exit(2);
}
const path = join(dataDir, "open-requests", KNOWN_ITEM_FILES[split]);
if (!existsSync(path)) {
  console.error(`no known-item data at ${path}`);
  process.exit(2);
}
const kb = loadRawKb(dataDir);
const rows = parseTomtLines(gunzipSync(readFileSync(path)).toString("utf8"), path);
const { items, cut, problems } = toKnownItems(rows, kb, peopleNames(kb));
const short = (s: string, n = 160) => JSON.stringify(s.length > n ? `${s.slice(0, n)}…` : s);

console.log(`${path}: ${rows.length} posts, ${items.length} requests, ${cut} cut to the question cap`);
console.log("per category:");
for (const c of KNOWN_ITEM_CATEGORIES) console.log(`  ${c.padEnd(16)} ${items.filter((i) => i.category === c).length}`);
const several = items.filter((i) => i.answers.length > 1);
console.log(`gold: ${items.reduce((n, i) => n + i.answers.length, 0)} KB films; ${several.length} requests with several same-titled KB films: ${several.map((i) => i.answers.join(" / ")).join("; ") || "none"}`);
if (!quiet) {
  for (const c of KNOWN_ITEM_CATEGORIES) {
    console.log(`\n${c}:`);
    for (const i of items.filter((x) => x.category === c).slice(0, 3)) console.log(`  ${i.id} → ${i.answers.join(" | ")}\n    ${short(i.question)}`);
  }
  console.log("\ncut to the cap (the request's last 120 characters):");
  for (const i of items.filter((x) => x.cut)) console.log(`  ${i.id} (${[...i.question].length} chars) …${short(i.question.slice(-120), 120)}`);
}
if (problems.length) {
  console.error(`\n${problems.length} gold film(s) not in the KB with a year within one:`);
  for (const p of problems) console.error(`  ${p.id}: "${p.title}" (${p.year})`);
  process.exit(1);
}
console.log("\nevery gold film is a KB film with a release year within one of the source's");
