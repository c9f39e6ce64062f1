import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { runResearch } from "../agents/research/run";
const config = loadConfig();
const kb = await loadKnowledgeBase(config, { log: () => {} });
const rows = gunzipSync(readFileSync(`${config.dataDir}/open-requests/tomt-movies-validation.jsonl.gz`)).toString().trim().split("\n").map((l) => JSON.parse(l)).slice(0, 150);
const q = (r: any) => `${r.title}\n${r.text}`.slice(0, 2000);
for (const r of rows.slice(0, 10)) await runResearch(q(r), { kb }, { strategy: "heuristic" });
const t0 = performance.now();
const ms: number[] = [];
for (const r of rows) { const x = await runResearch(q(r), { kb }, { strategy: "heuristic" }); ms.push(x.timings.nonModelMs); }
ms.sort((a, b) => a - b);
console.log("ms/question", ((performance.now() - t0) / rows.length).toFixed(1), "p50", ms[Math.floor(ms.length / 2)]!.toFixed(1), "p95", ms[Math.floor(ms.length * 0.95)]!.toFixed(1));
process.exit(0);
