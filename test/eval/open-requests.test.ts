import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { aggregateRanking, failedRanking, rankedByDataset, rankingMetrics } from "../../eval/open-requests/ranking";
import { rankingMarkdown, rankingText } from "../../eval/open-requests/report";
import { readRecords } from "../../eval/records";
import { runEval, type EvalOptions } from "../../eval/runner";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { silentProgress } from "../../src/util/progress";
import { fixtureKb } from "../helpers/fixture-kb";
import { tempDataDir } from "../helpers/temp-data";
import { writeFixtureDataset } from "../helpers/eval-fixture";

const names = (...xs: string[]) => xs.map((name) => ({ name }));

describe("ranking metrics over a run's ranked answers", () => {
  it("hit@5, hit@10 and the reciprocal rank of the first gold film, each name counted once", () => {
    const answers = names("A", "a", "B", "C", "D", "E", "F", "Gold", "H");
    // "A" and "a" are one name: Gold is 7th, so a miss at 5 and a hit at 10.
    expect(rankingMetrics(answers, ["gold"])).toEqual({ hit5: 0, hit10: 1, rr: 0.1429 });
    expect(rankingMetrics(names("Gold"), ["Gold", "Other"])).toEqual({ hit5: 1, hit10: 1, rr: 1 });
    expect(rankingMetrics([], ["Gold"])).toEqual({ hit5: 0, hit10: 0, rr: 0 });
  });

  it("says when a seen film comes back in the top 5, and scores accepted films apart", () => {
    const m = rankingMetrics(names("Seen", "X", "Liked"), ["Liked", "Other"], { seen: ["seen"], accepted: ["Other"] });
    expect(m).toEqual({ hit5: 1, hit10: 1, rr: 0.3333, seenIn5: 1, acceptedHit5: 0 });
    expect(rankingMetrics(names("X"), ["Liked"], { seen: [], accepted: [] })).toEqual({ hit5: 0, hit10: 0, rr: 0 });
    expect(failedRanking({ seen: ["S"], accepted: ["A"] })).toEqual({ hit5: 0, hit10: 0, rr: 0, seenIn5: 0, acceptedHit5: 0 });
  });

  it("aggregates with failed runs as misses, seen and accepted over the requests that have them", () => {
    const rec = (ranking: ReturnType<typeof rankingMetrics>, error?: boolean, category = "c1") => ({ dataset: "recommend", category, metrics: { ranking, nonModelMs: 10, llmCalls: 0 }, ...(error ? { error: { code: "crash" } } : {}) });
    const records = [rec({ hit5: 1, hit10: 1, rr: 1, seenIn5: 0 }), rec({ hit5: 0, hit10: 1, rr: 0.125, acceptedHit5: 0 }, false, "c2"), rec(failedRanking({ seen: ["S"] }), true)];
    const a = aggregateRanking(records);
    expect(a).toMatchObject({ n: 3, hit5: 0.3333, hit10: 0.6667, mrr: 0.375, seenN: 2, seenIn5: 0, acceptedN: 1, acceptedHit5: 0, errors: 1 });
    const by = rankedByDataset(records)!;
    expect(Object.keys(by.recommend!.byCategory)).toEqual(["c1", "c2"]);
    expect(by.recommend!.byCategory.c1!.n).toBe(2);
    expect(rankedByDataset([{ dataset: "real", metrics: { nonModelMs: 1, llmCalls: 0 } }])).toBeUndefined();
  });

  it("prints one table per set and category, strategies as rows, for any list of strategies", () => {
    const agg = aggregateRanking([{ metrics: { ranking: { hit5: 1, hit10: 1, rr: 1 }, nonModelMs: 5, llmCalls: 2 } }]);
    const strategies = ["deep", "heuristic", "fulltext"].map((strategy) => ({ strategy, ranked: { "known-item": { all: agg, byCategory: { plain: agg } } } }));
    const text = rankingText(strategies);
    expect(text).toMatch(/known-item: ranked answers/);
    expect(text).toMatch(/known-item \/ plain/);
    expect(text).toMatch(/^strategy\s+n\s+hit@5\s+hit@10\s+MRR\s+failed\s+non-model p50 ms\s+p95 ms\s+model calls$/m);
    expect(text).toMatch(/^deep\s+1\s+1\.000\s+1\.000\s+1\.000\s+0\s+5\.0\s+5\.0\s+2\.00$/m);
    expect(text).not.toMatch(/seen in top 5/);
    expect(rankingMarkdown(strategies).join("\n")).toMatch(/\| fulltext \| 1 \| 1\.000 \|/);
    expect(rankingMarkdown([{ strategy: "heuristic" }])).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The sets through the eval runner, on the fictional world laid out like the real data directory.
// ---------------------------------------------------------------------------------------------
const TSV_HEADER = "dialog_id\tutt_id\tspeaker\tturn_id\ttext\ttext_with_placeholder\tmovies\tgenres\tpeople_names\tmovie_dict\tgenre_dict\tactor_dict\tdirector_dict\tothers_dict\texpert_label\tsecond_label\tfine_label\tcoarse_label\tmovie_id";
const utt = (speaker: string, text: string, placeholder: string) => ["d1", "1", speaker, "1", text, placeholder, "", "", "", "{'Starfall (1999)': 0, 'Midnight Ledger (2010)': 1}", "", "", "", "", "", "", "accept_rating_good", "accept_new", "x"].join("\t");

let kb: KnowledgeBase;
let dataDir: string;
beforeAll(async () => {
  kb = await fixtureKb();
  dataDir = tempDataDir().dataDir;
  mkdirSync(join(dataDir, "open-requests"));
  const post = (id: string, title: string, text: string, film: string, year: string) => JSON.stringify({ id, split: "validation", title, text, url: `https://example.invalid/${id}`, answer: [{ title: film, year }], origin: "fixture" });
  writeFileSync(
    join(dataDir, "open-requests", "tomt-movies-validation.jsonl.gz"),
    gzipSync(`${[post("p1", "[TOMT][Movie][90s] space film", "A film about space and time travel, late 90s.", "Starfall", "1999"), post("p2", "[TOMT][Movie] sisters", "Two sisters write letters to the moon.", "Paper Moons", "2010")].join("\n")}\n`),
  );
  writeFileSync(
    join(dataDir, "open-requests", "inspired-dev.tsv.gz"),
    gzipSync(`${[TSV_HEADER, utt("SEEKER", "Hi! I loved Starfall, anything like it?", "Hi! I loved [MOVIE_TITLE_0], anything like it?"), utt("RECOMMENDER", "Try Midnight Ledger", "Try [MOVIE_TITLE_1]")].join("\n")}\n`),
  );
});

const options = (out: string, extra: Partial<EvalOptions> = {}): EvalOptions => ({ datasets: ["known-item", "recommend"], split: "dev", seed: 1, strategies: ["heuristic", "fulltext"], brackets: "strip", concurrency: 1, out, resume: false, ablate: [], dataDir, ...extra });

describe("open-request sets through the eval runner", () => {
  it("scores each run as a ranking and writes the ranked tables to summary.json and summary.md", async () => {
    const out = mkdtempSync(join(tmpdir(), "mg-eval-open-"));
    const notes: string[] = [];
    const summary = await runEval(options(out), { kb, progress: silentProgress, note: (l) => notes.push(l) });
    expect(notes.join("\n")).toMatch(/known-item \(Reddit-TOMT validation\): 2 requests, 0 cut/);
    expect(notes.join("\n")).toMatch(/recommend \(INSPIRED dev\): 1 requests from 1 dialogues/);
    const records = readRecords(join(out, "results.jsonl"));
    expect(records).toHaveLength(2 * 3);
    expect(records.every((r) => r.metrics.ranking && typeof r.metrics.ranking.rr === "number")).toBe(true);
    const rec = records.find((r) => r.dataset === "recommend")!;
    expect(rec.gold).toEqual(["Midnight Ledger"]);
    expect(rec.metrics.ranking!.seenIn5).toBeDefined();
    expect(rec.metrics.ranking!.acceptedHit5).toBeDefined();
    for (const s of summary.strategies) {
      expect(Object.keys(s.ranked!)).toEqual(["known-item", "recommend"]);
      expect(s.ranked!["known-item"]!.all.n).toBe(2);
      expect(s.ranked!.recommend!.all.seenN).toBe(1);
    }
    const md = readFileSync(join(out, "summary.md"), "utf8");
    expect(md).toMatch(/## Open requests: ranked answers/);
    expect(md).toMatch(/### recommend\n\n\| strategy \| n \| hit@5 \| hit@10 \| MRR \| seen in top 5 \| accepted hit@5 \|/);
    expect(JSON.parse(readFileSync(join(out, "summary.json"), "utf8")).strategies[0].ranked.recommend.all.n).toBe(1);
  });

  it("records a run that throws as a failed run and goes on; other sets' summaries carry no ranked block", async () => {
    // A knowledge base that throws an unexpected error on any use stands in for a crash in the research code.
    const broken = new Proxy(kb, {
      get: () => {
        throw new TypeError("simulated bug");
      },
    });
    const out = mkdtempSync(join(tmpdir(), "mg-eval-open-"));
    const summary = await runEval(options(out, { datasets: ["known-item"], strategies: ["heuristic"] }), { kb: broken, progress: silentProgress });
    const records = readRecords(join(out, "results.jsonl"));
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.error?.code === "crash" && /TypeError: simulated bug/.test(r.error.message))).toBe(true);
    expect(summary.strategies[0]!.ranked!["known-item"]!.all).toMatchObject({ n: 2, hit5: 0, errors: 2 });
    const jsonl = mkdtempSync(join(tmpdir(), "mg-evalds-"));
    const plain = await runEval(options(mkdtempSync(join(tmpdir(), "mg-eval-open-")), { datasets: [`jsonl:${writeFixtureDataset(jsonl, 2)}`], strategies: ["heuristic"] }), { kb, progress: silentProgress });
    expect(plain.strategies[0]!.ranked).toBeUndefined();
  });

  it("has a train split only for known-item", async () => {
    await expect(runEval(options(mkdtempSync(join(tmpdir(), "mg-eval-open-")), { datasets: ["real"], split: "train" }), { kb, progress: silentProgress })).rejects.toThrow(/--split train exists only for known-item/);
    await expect(runEval(options(mkdtempSync(join(tmpdir(), "mg-eval-open-")), { datasets: ["recommend"], split: "train" }), { kb, progress: silentProgress })).rejects.toThrow(/only the dev split/);
  });
});
