import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { collectMovieFacts } from "../src/kb/documents";
import { readArtifacts, snapshotKey, snapshotPathFor } from "../src/kb/load";
import { dataContentHash, locateDataFiles } from "../src/kb/data-files";
const config = loadConfig();
const files = locateDataFiles(config.dataDir!);
const key = snapshotKey(dataContentHash(files), config);
const a = readArtifacts(snapshotPathFor(config, key), key);
const facts = new Map(collectMovieFacts(a.data).map((f) => [f.title, f]));
const kw = new Map((a.data.tmdbFacts ?? []).map((t) => [t.movie, t]));
const rows = gunzipSync(readFileSync(`${config.dataDir}/open-requests/tomt-movies-train.jsonl.gz`)).toString().trim().split("\n").map((l) => JSON.parse(l));
for (const r of rows.slice(Number(process.env.FROM ?? 0), Number(process.env.FROM ?? 0) + 6)) {
  const t = r.answer[0].title; const f = facts.get(t)!;
  console.log("=== REQUEST:", (r.title + " | " + r.text).slice(0, 600).replace(/\n/g, " "));
  console.log("--- GOLD:", t, f.years, f.genres, f.tags.slice(0, 8), "\n   plot:", a.data.plots[f.node], "\n   overview:", a.data.overviews[f.node]?.slice(0, 300), "\n   kw:", kw.get(t)?.keywords.join(", "));
}
