import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { toldPlotQuery } from "../agents/planners/told-plot-query";
const E = process.env;
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
const rows = gunzipSync(readFileSync(`${loadConfig().dataDir}/open-requests/tomt-movies-${E.SPLIT ?? "validation"}.jsonl.gz`)).toString().trim().split("\n").map((l) => JSON.parse(l)).slice(0, 800);
for (const cut of [500, 1000, 3000]) {
  let h5 = 0;
  for (const r of rows) {
    const text = `${r.title.replace(/\[(?:tomt|movie|film)\]\??/gi, " ")}\n${r.text}`.slice(0, 2000);
    const hits = await kb.text.searchStories(toldPlotQuery(text, kb).keywords.slice(0, cut), { limit: 5 });
    if (hits.some((h) => r.answer.some((a: any) => a.title === h.id))) h5++;
  }
  console.log(cut, (h5 / rows.length).toFixed(3));
}
process.exit(0);
