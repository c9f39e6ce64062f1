/**
 * Films a request rules out, and whether the answers still hold them:
 * `npm run eval:ruled-out -- RESULTS.jsonl [...]` on the rows an `npm run eval -- --out DIR` run wrote (DIR/results.jsonl).
 * A request rules a film out when it says "it's not X", "it isn't X", "not the movie X", "X isn't it" or "other than X" with
 * X capitalised; the pattern is this script's own, apart from the reading it checks. Per dataset: the requests that rule
 * a title out, how many of their top five answers still hold one (an answer whose title is one said), and
 * their hit@5.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { isRuledOut, ruledOutSaid } from "./ruled-out";

const Row = z.object({ dataset: z.string(), question: z.string(), answers: z.array(z.object({ name: z.string() })), metrics: z.object({ ranking: z.object({ hit5: z.number() }).optional() }).passthrough() }).passthrough();

const files = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (!files.length) {
  console.error("usage: npm run eval:ruled-out -- RESULTS.jsonl [...] (the results.jsonl an `npm run eval -- --out DIR` run wrote)");
  process.exit(2);
}
const tally = new Map<string, { requests: number; stillHeld: number; hits: number }>();
for (const file of files) {
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .forEach((line, i) => {
      const parsed = Row.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${i + 1}: not an eval result row (${parsed.error.issues[0]?.message})`);
      const row = parsed.data;
      const said = ruledOutSaid(row.question);
      if (!said.length || !row.metrics.ranking) return;
      const key = `${file} ${row.dataset}`;
      const t = tally.get(key) ?? { requests: 0, stillHeld: 0, hits: 0 };
      t.requests++;
      if (row.answers.slice(0, 5).some((a) => isRuledOut(a.name, said))) t.stillHeld++;
      t.hits += row.metrics.ranking.hit5;
      tally.set(key, t);
    });
}
for (const [dataset, t] of [...tally].sort(([a], [b]) => (a < b ? -1 : 1))) {
  console.log(`${dataset}: ${t.requests} requests rule a title out; a ruled-out film in the top 5 of ${t.stillHeld}; hit@5 ${(t.hits / t.requests).toFixed(3)}`);
}
