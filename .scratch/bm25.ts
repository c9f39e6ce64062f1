import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { collectMovieFacts } from "../src/kb/documents";
import { readArtifacts, snapshotKey, snapshotPathFor } from "../src/kb/load";
import { dataContentHash, locateDataFiles } from "../src/kb/data-files";
import { foldText, STOP_WORDS, stem } from "../src/util/text";
const config = loadConfig();
const files = locateDataFiles(config.dataDir!);
const key = snapshotKey(dataContentHash(files), config);
const a = readArtifacts(snapshotPathFor(config, key), key);
const data = a.data;
const facts = collectMovieFacts(data);
const kw = new Map((data.tmdbFacts ?? []).map((t) => [t.movie, t]));
const docs: { id: string; terms: Map<string, number>; len: number; votes: number; year: number }[] = [];
const df = new Map<string, number>();
const tok = (s: string) => foldText(s).split(" ").filter((t) => t && !STOP_WORDS.has(t)).map(stem);
for (const f of facts) {
  const t = kw.get(f.title);
  const text = [f.title, data.plots[f.node], data.overviews[f.node], t?.keywords.join(" ") ?? "", f.tags.join(" "), f.genres.join(" ")].join(" ");
  const terms = new Map<string, number>();
  const toks = tok(text);
  for (const x of toks) terms.set(x, (terms.get(x) ?? 0) + 1);
  for (const x of terms.keys()) df.set(x, (df.get(x) ?? 0) + 1);
  docs.push({ id: f.title, terms, len: toks.length, votes: t?.voteCount ?? 0, year: Number(f.years[0] ?? 0) });
}
const N = docs.length; const avg = docs.reduce((s, d) => s + d.len, 0) / N;
console.log("docs", N, "avglen", avg.toFixed(1), "with tmdb", docs.filter(d=>d.votes>0).length);
const post = new Map<string, number[]>();
docs.forEach((d, i) => { for (const t of d.terms.keys()) { let p = post.get(t); if (!p) post.set(t, p = []); p.push(i); } });
const rows = gunzipSync(readFileSync(`${config.dataDir}/open-requests/tomt-movies-train.jsonl.gz`)).toString().trim().split("\n").map((l) => JSON.parse(l));
const k1 = Number(process.env.K1 ?? 1.2), b = Number(process.env.B ?? 0.75), FAME = Number(process.env.FAME ?? 0);
let h5 = 0, h10 = 0, mrr = 0, n = 0, withTmdb = 0, h5t = 0;
for (const r of rows.slice(0, Number(process.env.N ?? 500))) {
  const gold = new Set(r.answer.map((x: any) => x.title));
  const q = `${r.title.replace(/\[[^\]]*\]/g, " ")} ${r.text}`;
  const qt = new Map<string, number>(); for (const x of tok(q)) qt.set(x, (qt.get(x) ?? 0) + 1);
  const score = new Float64Array(N);
  for (const [t, qf] of qt) {
    const p = post.get(t); if (!p) continue;
    const idf = Math.log(1 + (N - p.length + 0.5) / (p.length + 0.5));
    for (const i of p) { const d = docs[i]!; const tf = d.terms.get(t)!; score[i] += idf * (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * d.len / avg)) * Math.min(qf, 2); }
  }
  if (FAME) for (let i = 0; i < N; i++) if (score[i]! > 0) score[i] += FAME * Math.log1p(docs[i]!.votes);
  const order = [...score.keys()].sort((x, y) => score[y]! - score[x]!).slice(0, 10);
  const rank = order.findIndex((i) => gold.has(docs[i]!.id));
  const hasT = docs.find((d) => gold.has(d.id))?.votes ? 1 : 0; withTmdb += hasT;
  n++; if (rank >= 0 && rank < 5) { h5++; h5t += hasT; } if (rank >= 0 && rank < 10) h10++; if (rank >= 0) mrr += 1 / (rank + 1);
}
console.log(JSON.stringify({ n, h5: h5 / n, h10: h10 / n, mrr: mrr / n, goldWithTmdb: withTmdb / n, h5amongTmdb: h5t / withTmdb }));
