import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { toldPlotQuery } from "../agents/planners/told-plot-query";
const E = process.env;
const config = loadConfig();
const kb = await loadKnowledgeBase(config, { log: () => {} });
const rows = gunzipSync(readFileSync(`${config.dataDir}/open-requests/tomt-movies-validation.jsonl.gz`)).toString().trim().split("\n").map((l) => JSON.parse(l));
let h5 = 0, n = 0; const t0 = performance.now();
for (const r of rows) {
  const gold = new Set(r.answer.map((x: any) => x.title));
  const text = `${r.title.replace(/\[[^\]]*\]/g, " ")}\n${r.text}`.slice(0, 2000);
  const q = E.RAW ? text : toldPlotQuery(text, kb).keywords;
  const fields = (E.FIELDS ?? "plot,overview,tags").split(",") as any;
  const hits = await kb.text.search(q, { types: ["Movie"], limit: 10, fields, coordination: Number(E.C ?? 0.5) });
  const rank = hits.findIndex((h) => gold.has(h.id));
  n++; if (rank >= 0 && rank < 5) h5++;
}
console.log(JSON.stringify({ E: { RAW: E.RAW, FIELDS: E.FIELDS, C: E.C }, h5: (h5 / n).toFixed(3), ms: ((performance.now() - t0) / n).toFixed(1) }));
process.exit(0);
