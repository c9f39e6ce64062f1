import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { toldPlotQuery } from "../agents/planners/told-plot-query";
import { TOOLS } from "../tools/index";
import { runTool } from "../tools/tool";
import { findPeriods } from "../src/question/stages/periods";
const E = process.env;
const split = E.SPLIT ?? "validation";
const cache = `/tmp/fuse-${split}-${E.EMBEDDER}.json`;
type Row = { gold: string[]; bm: string[]; sem: string[]; periods: { from: number; to: number }[] };
let rows: Row[];
if (existsSync(cache)) rows = JSON.parse(readFileSync(cache, "utf8"));
else {
  const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
  const raw = gunzipSync(readFileSync(`${loadConfig().dataDir}/open-requests/tomt-movies-${split}.jsonl.gz`)).toString().trim().split("\n").map((l) => JSON.parse(l)).slice(0, 800);
  rows = [];
  for (const r of raw) {
    const text = `${r.title.replace(/\[(?:tomt|movie|film)\]\??/gi, " ")}\n${r.text}`.slice(0, 2000);
    const { story, keywords } = toldPlotQuery(text, kb);
    const bm = (await kb.text.searchStories(keywords, { limit: 100 })).map((h) => h.id);
    const sem = (await runTool(TOOLS.semantic_search, { query: story.slice(0, 2000), k: 50, threshold: 0, overviews: true }, { kb, step: 1 })).evidence.filter((e) => e.focusType === "Movie").sort((a, b) => b.score - a.score).map((e) => e.focus);
    rows.push({ gold: r.answer.map((a: any) => a.title), bm, sem: [...new Set(sem)], periods: findPeriods(text).filter((p) => !p.negated && p.to - p.from < 30).map((p) => ({ from: p.from, to: p.to })) });
  }
  writeFileSync(cache, JSON.stringify(rows));
  process.exit(0);
}
for (const [k, wb, ws] of [[10, 1, 0], [10, 0, 1], [10, 1, 0.25], [10, 1, 0.5], [10, 1, 1], [30, 1, 1], [60, 1, 1], [10, 1, 1.5], [30, 1, 1.5], [60, 1, 0.7]] as const) {
  let h5 = 0;
  for (const r of rows) {
    const s = new Map<string, number>();
    r.bm.forEach((f, i) => s.set(f, (s.get(f) ?? 0) + wb / (k + i + 1)));
    r.sem.forEach((f, i) => s.set(f, (s.get(f) ?? 0) + ws / (k + i + 1)));
    const top = [...s].sort((a, b) => b[1] - a[1]).slice(0, 5).map((x) => x[0]);
    if (top.some((f) => r.gold.includes(f))) h5++;
  }
  console.log(split, E.EMBEDDER, { k, wb, ws }, (h5 / rows.length).toFixed(3));
}
process.exit(0);
