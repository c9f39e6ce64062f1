// Known-item retrieval experiments (scratch, not committed).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
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
const tok = (s: string) => foldText(s).split(" ").filter((t) => t && !STOP_WORDS.has(t) && !/^\d+$/.test(t)).map(stem);
type Doc = { id: string; tf: Map<string, number>; len: number; votes: number; year: number; deg: number };
const docs: Doc[] = [];
const df = new Map<string, number>();
for (const f of facts) {
  const t = kw.get(f.title);
  const text = [f.title, data.plots[f.node], data.overviews[f.node], t?.keywords.join(" ") ?? "", t?.keywords.join(" ") ?? "", f.tags.join(" "), f.genres.join(" ")].join(" ");
  const tf = new Map<string, number>(); const toks = tok(text);
  for (const x of toks) tf.set(x, (tf.get(x) ?? 0) + 1);
  for (const x of tf.keys()) df.set(x, (df.get(x) ?? 0) + 1);
  docs.push({ id: f.title, tf, len: toks.length, votes: t?.voteCount ?? 0, year: Number(f.years[0] ?? 0), deg: f.actors.length + f.tags.length + f.directors.length + f.writers.length });
}
const N = docs.length; const avg = docs.reduce((s, d) => s + d.len, 0) / N;
const post = new Map<string, number[]>();
docs.forEach((d, i) => { for (const t of d.tf.keys()) { let p = post.get(t); if (!p) post.set(t, p = []); p.push(i); } });
const read = (f: string) => gunzipSync(readFileSync(`${config.dataDir}/open-requests/${f}`)).toString().trim().split("\n").map((l) => JSON.parse(l));
const train = read("tomt-movies-train.jsonl.gz"), val = read("tomt-movies-validation.jsonl.gz");
const qtext = (r: any) => `${r.title.replace(/\[[^\]]*\]/g, " ")} ${r.text}`;
const idOf = new Map(docs.map((d, i) => [d.id, i]));
// Learned term usefulness from training pairs: P(term in gold doc | term in request), smoothed toward its doc-frequency rate.
const LEARN = train.slice(0, 2500);
const inReq = new Map<string, number>(), inGold = new Map<string, number>();
for (const r of LEARN) {
  const g = r.answer.map((x: any) => idOf.get(x.title)).filter((x: any) => x !== undefined).map((i: number) => docs[i]!);
  for (const t of new Set(tok(qtext(r)))) { inReq.set(t, (inReq.get(t) ?? 0) + 1); if (g.some((d: Doc) => d.tf.has(t))) inGold.set(t, (inGold.get(t) ?? 0) + 1); }
}
const useful = (t: string) => { const n = inReq.get(t) ?? 0, k = inGold.get(t) ?? 0; const prior = (df.get(t) ?? 0) / N; const A = Number(process.env.A ?? 5); return (k + A * Math.max(prior, 0.01)) / (n + A) / Math.max(prior, 0.001); };
const k1 = 1.2, b = Number(process.env.B ?? 0.5), FAME = Number(process.env.FAME ?? 0.8), USE = Number(process.env.USE ?? 0);
function run(rows: any[], label: string) {
  let h5 = 0, h10 = 0, mrr = 0, n = 0;
  for (const r of rows) {
    const gold = new Set(r.answer.map((x: any) => x.title));
    const qt = new Map<string, number>(); for (const x of tok(qtext(r))) qt.set(x, (qt.get(x) ?? 0) + 1);
    const score = new Float64Array(N);
    for (const [t, qf] of qt) {
      const p = post.get(t); if (!p) continue;
      let idf = Math.log(1 + (N - p.length + 0.5) / (p.length + 0.5));
      if (USE) idf *= Math.pow(Math.min(useful(t), 20), USE);
      for (const i of p) { const d = docs[i]!; const tf = d.tf.get(t)!; score[i] += idf * (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * d.len / avg)) * Math.min(qf, 2); }
    }
    if (FAME) for (let i = 0; i < N; i++) if (score[i]! > 0) score[i] += FAME * Math.log1p(docs[i]!.votes || Math.exp(2.25 * Math.log1p(docs[i]!.deg)) - 1);
    const order = [...score.keys()].sort((x, y) => score[y]! - score[x]!).slice(0, 10);
    const rank = order.findIndex((i) => gold.has(docs[i]!.id));
    n++; if (rank >= 0 && rank < 5) h5++; if (rank >= 0 && rank < 10) h10++; if (rank >= 0) mrr += 1 / (rank + 1);
  }
  console.log(label, JSON.stringify({ n, h5: +(h5 / n).toFixed(3), h10: +(h10 / n).toFixed(3), mrr: +(mrr / n).toFixed(3) }));
}
run(train.slice(2500), "train-heldout");
run(val, "validation");
