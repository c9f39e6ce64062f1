import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { loadDataset } from "../eval/datasets/index";
import { understandQuestion } from "../src/question/understand";
import { accountWords } from "../src/question/stages/ledger";
import { readClause } from "../src/question/reading";
const config = loadConfig();
const kb = await loadKnowledgeBase(config, { log: () => {} });
const sets = (process.env.SETS ?? "real,natural,probe,complex,conv").split(",");
const { analyzeQuestion } = await import("../src/question/analyze");
const { calibratedLinker } = await import("../src/question/stages/calibrate");
const { aliasedLinker } = await import("../src/question/stages/aliases");
const { normalizeQuestion } = await import("../src/question/normalize");
let total = 0, withFacet = 0;
const facetCounts = new Map<string, number>();
for (const s of sets) {
  const qs = loadDataset(s, { split: (process.env.SPLIT as any) ?? "dev", dataDir: config.dataDir!, brackets: "strip", kb, seed: 1 });
  for (const q of qs.slice(0, Number(process.env.LIMIT ?? 100000))) {
    const linker = calibratedLinker(aliasedLinker(kb.linker), (w) => kb.words.share(w));
    const text = normalizeQuestion(q.question);
    const r = await readClause("c1", text, kb, (t) => analyzeQuestion(t, linker));
    const l = accountWords(r);
    total++;
    if (l.facets.length) { withFacet++; if (process.env.SHOW) console.log(`${s}\t${q.question}\t=> ${l.facets.map((f) => `${f.kind}:${f.said}`).join(" | ")}`); for (const f of l.facets) facetCounts.set(f.said.toLowerCase(), (facetCounts.get(f.said.toLowerCase()) ?? 0) + 1); }
  }
}
console.log({ total, withFacet });
console.log([...facetCounts].sort((a, b) => b[1] - a[1]).slice(0, 150).map(([w, n]) => `${w}:${n}`).join(", "));
process.exit(0);
