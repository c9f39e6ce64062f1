import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { searchSummed } from "../tools/full-text";
const config = loadConfig();
const kb = await loadKnowledgeBase(config, { log: () => {} });
const rows = gunzipSync(readFileSync(`${config.dataDir}/open-requests/tomt-movies-train.jsonl.gz`)).toString().trim().split("\n").map((l) => JSON.parse(l));
const N = Number(process.env.N ?? 300);
let h5 = 0, h10 = 0, mrr = 0, n = 0;
const t0 = performance.now();
for (const r of rows.slice(0, N)) {
  const gold = new Set(r.answer.map((a: any) => a.title));
  const q = `${r.title.replace(/\[[^\]]*\]/g, " ")} ${r.text}`.slice(0, 2000);
  const hits = await searchSummed(kb, q, { limit: 20, types: ["Movie"], fields: ["plot", "overview", "tags", "name"] });
  const rank = hits.findIndex((h) => gold.has(h.id));
  n++; if (rank >= 0 && rank < 5) h5++; if (rank >= 0 && rank < 10) h10++; if (rank >= 0) mrr += 1 / (rank + 1);
}
console.log({ n, h5: h5 / n, h10: h10 / n, mrr: mrr / n, ms: (performance.now() - t0) / n });
process.exit(0);
