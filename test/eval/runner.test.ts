import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { silentProgress, type Progress } from "../../src/util/progress";
import { reportPartial, runEval, type EvalOptions } from "../../eval/runner";
import { readRecords } from "../../eval/records";
import { JUDGE_REASON_MAX } from "../../eval/judge";
import { loadDataset } from "../../eval/datasets/index";
import type { Summary } from "../../eval/summary";
import { fixtureKb } from "../helpers/fixture-kb";
import { scriptedModel } from "../helpers/scripted-model";
import { writeFixtureDataset } from "../helpers/eval-fixture";

let kb: KnowledgeBase;
let dataset: string;
beforeAll(async () => {
  kb = await fixtureKb();
  dataset = `jsonl:${writeFixtureDataset(mkdtempSync(join(tmpdir(), "mg-evalds-")), 10)}`;
});

const options = (out: string, extra: Partial<EvalOptions> = {}): EvalOptions => ({
  datasets: [dataset],
  split: "dev",
  seed: 3,
  strategies: ["heuristic", "simple"],
  brackets: "strip",
  concurrency: 2,
  out,
  resume: false,
  ablate: [],
  dataDir: "/nonexistent",
  ...extra,
});
const fresh = () => mkdtempSync(join(tmpdir(), "mg-eval-"));

/** The summary without wall-clock measurements, which differ between any two runs. */
function deterministic(s: Summary): unknown {
  return JSON.parse(JSON.stringify(s, (k, v) => (/Ms$|^time$|^p\d+Ms$/.test(k) ? undefined : v)));
}

describe("eval runner", () => {
  it("writes one record per (strategy, question) and the three summaries", async () => {
    const out = fresh();
    const summary = await runEval(options(out, { ablate: ["organize"] }), { kb, progress: silentProgress });
    const records = readRecords(join(out, "results.jsonl"));
    expect(records).toHaveLength(3 * 10);
    expect(new Set(records.map((r) => r.key)).size).toBe(30);
    expect(summary.strategies.map((s) => s.strategy)).toEqual(["heuristic", "simple", "heuristic-organize"]);
    const h = summary.strategies[0]!;
    expect(h.n).toBe(10);
    expect(h.hits1).toBe(1);
    expect(h.byCategory!.intersection!.hits1).toBe(1);
    expect(h.time.byStage["graph traversal"]).toBeGreaterThan(0);
    expect(summary.judgeConfigured).toBe(false);
    expect(h.judge).toBeNull();
    const rec = records.find((r) => r.variant === "heuristic")!;
    expect(rec.trace.some((s) => s.node === "act" && s.args && s.evidenceIds.length > 0)).toBe(true);
    expect(rec.metrics).toMatchObject({ hits1: 1 });
    // Every record carries the plan it ran, each part with its kind, and the rules that wrote it.
    expect(records.filter((r) => r.variant === "heuristic").every((r) => r.plan!.parts.every((p) => typeof p.kind === "string") && r.plan!.rules.length > 0 && r.kind)).toBe(true);
    for (const f of ["summary.json", "summary.md", "summary.svg"]) expect(existsSync(join(out, f))).toBe(true);
    expect(readFileSync(join(out, "summary.md"), "utf8")).toMatch(/\| heuristic-organize \| 10 \|/);
    expect(readFileSync(join(out, "summary.md"), "utf8")).toMatch(/absent, not zero/);
    expect(readFileSync(join(out, "summary.svg"), "utf8")).toMatch(/^<svg[\s\S]*heuristic[\s\S]*<\/svg>\n$/);
  });

  it("refuses to overwrite a run, and refuses to resume with other settings", async () => {
    const out = fresh();
    await runEval(options(out, { strategies: ["heuristic"] }), { kb, progress: silentProgress });
    await expect(runEval(options(out, { strategies: ["heuristic"] }), { kb, progress: silentProgress })).rejects.toThrow(/pass --resume/);
    await expect(runEval(options(out, { strategies: ["simple"], resume: true }), { kb, progress: silentProgress })).rejects.toThrow(/strategies was \["heuristic"\], now \["simple"\]/);
  });

  it("resumes a crashed run (with a half-written last line) to the same summary as an uninterrupted one", async () => {
    const full = await runEval(options(fresh()), { kb, progress: silentProgress });

    const out = fresh();
    let ticks = 0;
    const crashing: Progress = { start() {}, done() {}, tick: () => { if (++ticks > 7) throw new Error("simulated crash"); } };
    await expect(runEval(options(out), { kb, progress: crashing })).rejects.toThrow("simulated crash");
    const partial = readRecords(join(out, "results.jsonl")).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(20);
    appendFileSync(join(out, "results.jsonl"), '{"key":"heuristic|q9","variant":"heur'); // killed mid-write
    const resumed = await runEval(options(out, { resume: true }), { kb, progress: silentProgress });
    const lines = readFileSync(join(out, "results.jsonl"), "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(20);
    expect(new Set(lines.map((l) => JSON.parse(l).key)).size).toBe(20);
    expect(deterministic(resumed)).toEqual(deterministic(full));
  });

  it("reports a stopped run over the questions every strategy has answered, and says what to fix without a run", async () => {
    const out = fresh();
    let ticks = 0;
    const stopping: Progress = { start() {}, done() {}, tick: () => { if (++ticks > 7) throw new Error("stopped"); } };
    await expect(runEval(options(out, { concurrency: 1 }), { kb, progress: stopping })).rejects.toThrow("stopped");
    const records = readRecords(join(out, "results.jsonl"));
    const both = new Set(records.filter((r) => records.some((o) => o.questionId === r.questionId && o.variant !== r.variant)).map((r) => r.questionId));
    const { summary, questions, planned } = reportPartial(out);
    expect(questions).toBe(both.size);
    expect(questions).toBeGreaterThan(0);
    expect(planned).toBeNull();
    expect(summary.strategies.map((x) => [x.strategy, x.n])).toEqual([["heuristic", both.size], ["simple", both.size]]);
    expect(existsSync(join(out, "summary.md"))).toBe(true);
    expect(() => reportPartial(fresh())).toThrow(/no run.json/);
  });

  it("computes LLM-as-judge metrics when a judge model is configured", async () => {
    const scores = { faithfulness_reasoning: "all claims in context", faithfulness: 1, answer_relevancy_reasoning: "on topic", answer_relevancy: 0.8, context_precision_reasoning: "mostly relevant", context_precision: 0.5, context_recall_reasoning: "has it", context_recall: 1, answer_correctness_reasoning: "matches", answer_correctness: 0.9, completeness_reasoning: "all parts", completeness: 0.7 };
    const judge = scriptedModel(Array.from({ length: 10 }, () => scores));
    const out = fresh();
    const summary = await runEval(options(out, { strategies: ["heuristic"] }), { kb, judge, progress: silentProgress });
    expect(judge.requests).toHaveLength(10);
    expect(judge.requests[0]!.prompt).toMatch(/Reference answers: /);
    const j = summary.strategies[0]!.judge!;
    expect(j).toMatchObject({ n: 10, faithfulness: 1, answerRelevancy: 0.8, contextPrecision: 0.5, contextRecall: 1, answerCorrectness: 0.9, completeness: 0.7 });
    expect(j.overall).toBeCloseTo((1.5 + 1.2 + 1.35 + 0.5 + 1) / 6.5, 3);
    expect(readRecords(join(out, "results.jsonl"))[0]!.judge!.reasoning.faithfulness).toBe("all claims in context");
  });

  it("measures the judge's agreement with the programmatic gold: a judge that says wrong where the gold says right disagrees", async () => {
    const grade = (c: number) => ({ faithfulness_reasoning: "ok", faithfulness: 1, answer_relevancy_reasoning: "ok", answer_relevancy: 1, context_precision_reasoning: "ok", context_precision: 1, context_recall_reasoning: "ok", context_recall: 1, answer_correctness_reasoning: "ok", answer_correctness: c, completeness_reasoning: "ok", completeness: c });
    // Every heuristic answer on this set is right (Hits@1 1): 8 judged right, 2 judged wrong.
    const judge = scriptedModel([...Array.from({ length: 8 }, () => grade(1)), grade(0), grade(0.2)]);
    const summary = await runEval(options(fresh(), { strategies: ["heuristic"] }), { kb, judge, progress: silentProgress });
    expect(summary.strategies[0]!.judge).toMatchObject({ n: 10, agreement: 0.8, kappa: 0 });
  });

  it("runs a strategy with the model as writer and as judge side by side with the rules, and reports the writer's hallucination rate", async () => {
    const reply = (req: { name: string }) => (req.name === "answer" ? { text: "The answer is Zed Quorn [1]." } : { reason: "ok", enough: true, missing: "", next: 0 });
    const model = scriptedModel(Array.from({ length: 40 }, () => reply));
    const out = fresh();
    const summary = await runEval(options(out, { strategies: ["heuristic", "heuristic+model-writer", "heuristic+model-judge"] }), { kb, model, progress: silentProgress });
    expect(summary.strategies.map((s) => s.strategy)).toEqual(["heuristic", "heuristic+model-writer", "heuristic+model-judge"]);
    const [rules, written, judged] = summary.strategies;
    expect(rules!.claims).toBeNull();
    expect(judged!.claims).toBeNull();
    // The writer changes the text, not the ranked answers; every text names someone no evidence holds.
    expect(written!.hits1).toBe(rules!.hits1);
    expect(written!.claims).toMatchObject({ texts: 10, checked: 10, unsupported: 10, hallucinationRate: 1, textsWithUnsupported: 1 });
    // A judge that always says "enough" stops multi-part questions early: that is what the comparison shows.
    expect(judged!.avgLlmCalls).toBeGreaterThan(0);
    expect(judged!.hits1).toBeLessThan(rules!.hits1);
    expect(readFileSync(join(out, "summary.md"), "utf8")).toMatch(/## Claims in model-written texts[\s\S]*\| heuristic\+model-writer \| 10 \| 10 \| 10 \| 1\.000 \|/);
    const rec = readRecords(join(out, "results.jsonl")).find((r) => r.variant === "heuristic+model-writer")!;
    expect(rec).toMatchObject({ judgeBy: "rules", writer: "model", claims: { unsupported: 1, flagged: ["Zed Quorn"] } });
  });

  it("names the choices when a strategy spec is wrong", async () => {
    await expect(runEval(options(fresh(), { strategies: ["heuristic+model-oracle"] }), { kb, progress: silentProgress })).rejects.toThrow(/unknown option "\+model-oracle" in "heuristic\+model-oracle"; a strategy may add \+model-judge and \+model-writer/);
  });

  it("leaves a record unjudged, and counts it, when the judge's reply is unusable; the run goes on", async () => {
    const ok = { faithfulness_reasoning: "ok", faithfulness: 1, answer_relevancy_reasoning: "ok", answer_relevancy: 1, context_precision_reasoning: "ok", context_precision: 1, context_recall_reasoning: "ok", context_recall: 1, answer_correctness_reasoning: "ok", answer_correctness: 1, completeness_reasoning: "ok", completeness: 1 };
    const rambling = { ...ok, faithfulness_reasoning: "x".repeat(JUDGE_REASON_MAX + 1) };
    const judge = scriptedModel([rambling, ...Array.from({ length: 9 }, () => ok)]);
    const out = fresh();
    const summary = await runEval(options(out, { strategies: ["heuristic"] }), { kb, judge, progress: silentProgress });
    const records = readRecords(join(out, "results.jsonl"));
    expect(records.filter((r) => r.judgeError)).toHaveLength(1);
    expect(records.find((r) => r.judgeError)!.judge).toBeUndefined();
    expect(summary.strategies[0]!.judge).toMatchObject({ n: 9, unjudged: 1, answerCorrectness: 1 });
    expect(readFileSync(join(out, "summary.md"), "utf8")).toMatch(/\| heuristic \| 9 \| 1 \|/);
  });
});

describe("datasets", () => {
  it("reports a malformed jsonl line with its number and what is expected", () => {
    const dir = mkdtempSync(join(tmpdir(), "mg-ds-"));
    const path = join(dir, "bad.jsonl");
    writeFileSync(path, '{"id":"a","question":"q?","answers":["x"]}\n{"id":"b","question":"","answers":[]}\n');
    expect(() => loadDataset(`jsonl:${path}`, { split: "dev", dataDir: dir, brackets: "strip", seed: 1 })).toThrow(/bad\.jsonl:2: question: .*expected \{"id","question","answers":\[\.\.\.\],"category"\?,"expect"\?\}/);
    expect(() => loadDataset("metaqa-4hop", { split: "dev", dataDir: dir, brackets: "strip", seed: 1 })).toThrow(/unknown dataset "metaqa-4hop"/);
  });

  it("reads a jsonl line's intent check, and takes no answers only for a no-answer check", () => {
    const dir = mkdtempSync(join(tmpdir(), "mg-ds-"));
    const good = join(dir, "good.jsonl");
    writeFileSync(good, '{"id":"a","question":"hi","answers":[],"category":"chitchat","expect":{"kind":"no_answer"}}\n{"id":"b","question":"how many?","answers":["x"],"expect":{"kind":"count","count":3}}\n');
    const qs = loadDataset(`jsonl:${good}`, { split: "dev", dataDir: dir, brackets: "strip", seed: 1 });
    expect(qs.map((q) => q.expect)).toEqual([{ kind: "no_answer" }, { kind: "count", count: 3 }]);
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, '{"id":"a","question":"who?","answers":[]}\n');
    expect(() => loadDataset(`jsonl:${bad}`, { split: "dev", dataDir: dir, brackets: "strip", seed: 1 })).toThrow(/bad\.jsonl:1: answers: answers must not be empty unless expect is no_answer/);
    writeFileSync(bad, '{"id":"a","question":"who?","answers":["x"],"expect":{"kind":"count"}}\n');
    expect(() => loadDataset(`jsonl:${bad}`, { split: "dev", dataDir: dir, brackets: "strip", seed: 1 })).toThrow(/bad\.jsonl:1: expect\.count/);
    // A reply that must say something (a name the KB lacks) may name no answer; its pattern must be one.
    writeFileSync(good, '{"id":"c","question":"films by the Dardenne brothers","answers":[],"expect":{"kind":"top","min":0,"of":5,"says":"not in the knowledge base"}}\n');
    expect(loadDataset(`jsonl:${good}`, { split: "dev", dataDir: dir, brackets: "strip", seed: 1 })[0]!.expect).toEqual({ kind: "top", min: 0, of: 5, says: "not in the knowledge base" });
    writeFileSync(bad, '{"id":"c","question":"q","answers":["x"],"expect":{"kind":"top","min":1,"of":5,"says":"(unclosed"}}\n');
    expect(() => loadDataset(`jsonl:${bad}`, { split: "dev", dataDir: dir, brackets: "strip", seed: 1 })).toThrow(/bad\.jsonl:1: expect\.says: says must be a valid regular expression/);
  });
});
