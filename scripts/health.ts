/**
 * `npm run health`: the code-health report (decision points, duplicates) with the size of the
 * understanding's declarative parts: how many rules read a clause into plan parts, and how many
 * entries each lexicon file holds. Flags as in scripts/code-health.ts (--json, --max N, --dirs).
 */
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { runHealthCli, type HealthExtra } from "./code-health";
import { RULES, WRAPPERS } from "../src/question/rules";

const LEXICON = resolve(import.meta.dirname, "../src/question/lexicon");

/** Entries of one exported word list: items of an array or set, keys of a map or record. */
function entries(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.length;
  if (value instanceof Set || value instanceof Map) return value.size;
  if (value && typeof value === "object") return Object.keys(value).length;
  return undefined;
}

const rules: HealthExtra = {
  title: "plan rules",
  lines: async () => [
    `${RULES.length} rules build plan parts, ${WRAPPERS.length} wrappers add to them (${RULES.length + WRAPPERS.length} in all)`,
    ...[...RULES, ...WRAPPERS].map((r) => `  ${r.id.padEnd(32)} ${r.reads}`),
  ],
};

const lexicon: HealthExtra = {
  title: "lexicon (src/question/lexicon)",
  lines: async () => {
    const out: string[] = [];
    let total = 0;
    for (const file of readdirSync(LEXICON).filter((f) => f.endsWith(".ts")).sort()) {
      const mod = (await import(pathToFileURL(join(LEXICON, file)).href)) as Record<string, unknown>;
      const lists = Object.entries(mod).map(([name, v]) => [name, entries(v)] as const).filter((x): x is readonly [string, number] => x[1] !== undefined);
      const n = lists.reduce((a, [, k]) => a + k, 0);
      total += n;
      out.push(`  ${file.padEnd(16)} ${String(n).padStart(5)} entries in ${lists.length} lists`);
    }
    return [`${total} entries`, ...out];
  },
};

runHealthCli([rules, lexicon]).catch((e: unknown) => {
  process.stderr.write(`health failed: ${(e as Error)?.message ?? String(e)}\n`);
  process.exitCode = 1;
});
