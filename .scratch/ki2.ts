// Known-item retrieval experiments v2 (scratch).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadConfig } from "../src/config";
import { collectMovieFacts } from "../src/kb/documents";
import { readArtifacts, snapshotKey, snapshotPathFor } from "../src/kb/load";
import { dataContentHash, locateDataFiles } from "../src/kb/data-files";
import { foldText, STOP_WORDS, stem } from "../src/util/text";
import { findPeriods } from "../src/question/stages/periods";
import { CorpusEmbedder } from "../src/adapters/embedded/corpus-embedder";
import { REQUEST_TALK_WORDS, GENERIC_WORDS } from "../src/question/lexicon/requests";
const E = process.env;
const config = loadConfig();
const files = locateDataFiles(config.dataDir!);
const key = snapshotKey(dataContentHash(files), config);
const a = readArtifacts(snapshotPathFor(config, key), key);
const data = a.data;
const facts = collectMovieFacts(data);
const kw = new Map((data.tmdbFacts ?? []).map((t) => [t.movie, t]));
const QUIET = new Set([...REQUEST_TALK_WORDS, ...(E.GEN ? GENERIC_WORDS : [])]);
const tok = (s: string, q = false) => foldText(s).split(" ").filter((t) => t && t.length > 1 && !STOP_WORDS.has(t) && !/^\d+$/.test(t) && !(q && E.QUIET && QUIET.has(t))).map(stem);
type Doc = { id: string; tf: Map<string, number>; len: number; votes: number; year: number; deg: number; genres: string[]; row: number };
const docs: Doc[] = [];
const df = new Map<string, number>();
const FW = { title: Number(E.WT ?? 1), plot: 1, overview: 1, kw: Number(E.WK ?? 1), tags: Number(E.WG ?? 1) };
facts.forEach((f, row) => {
  const t = kw.get(f.title);
  const tf = new Map<string, number>(); let len = 0;
  const add = (text: string, w: number) => { for (const x of tok(text)) { tf.set(x, (tf.get(x) ?? 0) + w); len += w; } };
  add(f.title, FW.title); add(data.plots[f.node] ?? "", FW.plot); add(data.overviews[f.node] ?? "", FW.overview); add(t?.keywords.join(" ") ?? "", FW.kw); add([...f.tags, ...f.genres].join(" "), FW.tags);
  for (const x of tf.keys()) df.set(x, (df.get(x) ?? 0) + 1);
  docs.push({ id: f.title, tf, len, votes: t?.voteCount ?? 0, year: Number(f.years[0] ?? 0), deg: f.actors.length + f.tags.length + f.directors.length + f.writers.length, genres: f.genres, row });
});
const N = docs.length; const avg = docs.reduce((s, d) => s + d.len, 0) / N;
const post = new Map<string, number[]>();
docs.forEach((d, i) => { for (const t of d.tf.keys()) { let p = post.get(t); if (!p) post.set(t, p = []); p.push(i); } });
const read = (f: string) => gunzipSync(readFileSync(`${config.dataDir}/open-requests/${f}`)).toString().trim().split("\n").map((l) => JSON.parse(l));
const rows = E.SPLIT === "train" ? read("tomt-movies-train.jsonl.gz").slice(0, 800) : read("tomt-movies-validation.jsonl.gz");
const emb = new CorpusEmbedder(a.embedderModel);
const k1 = Number(E.K1 ?? 1.2), b = Number(E.B ?? 0.5), FAME = Number(E.FAME ?? 0.8), TITLEW = Number(E.TW ?? 1), DEC = Number(E.DEC ?? 0), LSA = Number(E.LSA ?? 0);
let h5 = 0, h10 = 0, mrr = 0, n = 0;
for (const r of rows) {
  const gold = new Set(r.answer.map((x: any) => x.title));
  const title = r.title.replace(/\[[^\]]*\]/g, " ");
  const qt = new Map<string, number>();
  for (const x of tok(title, true)) qt.set(x, (qt.get(x) ?? 0) + TITLEW);
  for (const x of tok(r.text, true)) qt.set(x, (qt.get(x) ?? 0) + 1);
  const score = new Float64Array(N);
  for (const [t, qf] of qt) {
    const p = post.get(t); if (!p) continue;
    const idf = Math.log(1 + (N - p.length + 0.5) / (p.length + 0.5));
    for (const i of p) { const d = docs[i]!; const tf = d.tf.get(t)!; score[i] += idf * (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * d.len / avg)) * Math.min(qf, 3); }
  }
  const max = Math.max(...score) || 1;
  if (FAME) for (let i = 0; i < N; i++) if (score[i]! > 0) score[i] += FAME * Math.log1p(docs[i]!.votes || Math.exp(2.25 * Math.log1p(docs[i]!.deg)) - 1) * max / 20;
  if (DEC) {
    const periods = findPeriods(`${r.title} ${r.text}`).filter((p) => !p.negated && p.to - p.from < 30);
    if (periods.length) for (let i = 0; i < N; i++) if (score[i]! > 0 && periods.some((p) => docs[i]!.year >= p.from - 2 && docs[i]!.year <= p.to + 2)) score[i] += DEC * max;
  }
  if (LSA) {
    const qv = emb.embedSync(`${title} ${r.text}`);
    const top = [...score.keys()].sort((x, y) => score[y]! - score[x]!).slice(0, 300);
    for (const i of top) { let dot = 0; const off = docs[i]!.row * 192; for (let j = 0; j < 192; j++) dot += qv[j]! * a.movieVectors[off + j]!; score[i] += LSA * max * dot; }
  }
  const order = [...score.keys()].sort((x, y) => score[y]! - score[x]!).slice(0, 10);
  const rank = order.findIndex((i) => gold.has(docs[i]!.id));
  n++; if (rank >= 0 && rank < 5) h5++; if (rank >= 0 && rank < 10) h10++; if (rank >= 0) mrr += 1 / (rank + 1);
}
console.log(JSON.stringify({ env: Object.fromEntries(Object.entries(E).filter(([k]) => /^(K1|B|FAME|TW|DEC|LSA|QUIET|GEN|WT|WK|WG|SPLIT)$/.test(k))), n, h5: +(h5 / n).toFixed(3), h10: +(h10 / n).toFixed(3), mrr: +(mrr / n).toFixed(3) }));
