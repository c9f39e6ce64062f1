import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { toldPlotQuery } from "../agents/planners/told-plot-query";
import { indexTerms } from "../src/kb/text-fields";
const E = process.env;
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
const rows = gunzipSync(readFileSync(`${loadConfig().dataDir}/open-requests/tomt-movies-${E.SPLIT ?? "validation"}.jsonl.gz`)).toString().trim().split("\n").map((l) => JSON.parse(l)).slice(0, 600);
const FB = Number(E.FB ?? 10), NT = Number(E.NT ?? 10), W = Number(E.W ?? 0.3);
let h0 = 0, h1 = 0;
for (const r of rows) {
  const text = `${r.title.replace(/\[(?:tomt|movie|film)\]\??/gi, " ")}\n${r.text}`.slice(0, 2000);
  const q = toldPlotQuery(text, kb).keywords;
  const first = await kb.text.searchStories(q, { limit: 50 });
  const gold = (ids: string[]) => ids.slice(0, 5).some((id) => r.answer.some((a: any) => a.title === id));
  if (gold(first.map((h) => h.id))) h0++;
  const qt = new Set(indexTerms(q));
  const nodes = await kb.graph.getNodes(first.slice(0, FB).map((h) => h.id));
  const count = new Map<string, number>();
  nodes.forEach((n, i) => { for (const t of new Set(indexTerms(`${n?.plot ?? ""} ${n?.overview ?? ""} ${(kb.catalog.tmdb(n!.id)?.keywords ?? []).join(" ")}`))) if (!qt.has(t) && kb.words.share(t) < 0.05) count.set(t, (count.get(t) ?? 0) + 1 / (i + 1)); });
  const exp = [...count].sort((a, b) => b[1] - a[1]).slice(0, NT).map(([t]) => t);
  const weights: Record<string, number> = Object.fromEntries(exp.map((t) => [t, W]));
  const second = await kb.text.searchStories(`${q} ${exp.join(" ")}`, { limit: 5, termWeights: weights });
  if (gold(second.map((h) => h.id))) h1++;
}
console.log(E.SPLIT ?? "validation", { FB, NT, W }, (h0 / rows.length).toFixed(3), "→", (h1 / rows.length).toFixed(3));
process.exit(0);
