import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_HISTORY_TURNS, type ConversationTurn } from "../src/conversation/turns";
import { runResearch } from "../agents/research/run";
import { STRATEGIES, type Ablation, type JudgeBy, type RunResult, type Strategy, type Writer } from "../agents/research/types";
import { InvalidInputError, isAppError } from "../src/errors";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import type { ChatModel } from "../src/ports/chat-model";
import { stableSample } from "../src/util/random";
import type { Progress } from "../src/util/progress";
import type { Budget } from "../agents/research/types";
import { loadDataset, type EvalQuestion, type EvalSplit } from "./datasets/index";
import { judgeAnswer } from "./judge";
import { deterministicMetrics } from "./metrics";
import { failedRanking, rankingMetrics } from "./open-requests/ranking";
import { appendRecord, readRecords, type EvalRecord } from "./records";
import { renderMarkdown } from "./report-md";
import { renderSvg } from "./report-svg";
import { summarize, type Summary } from "./summary";

export interface EvalOptions {
  datasets: string[];
  split: EvalSplit;
  limit?: number;
  seed: number;
  /** Strategies, each optionally with "+model-judge" and/or "+model-writer" ("heuristic+model-judge"). */
  strategies: string[];
  brackets: "keep" | "strip";
  concurrency: number;
  out: string;
  resume: boolean;
  ablate: Ablation[];
  dataDir: string;
  /** Each run's budget (within the caps); the default budget otherwise. A local model needs a longer deadline. */
  budget?: Partial<Budget>;
}

export interface EvalDeps {
  kb: KnowledgeBase;
  model?: ChatModel;
  judge?: ChatModel;
  caps?: Budget;
  /** Set from EvalOptions.budget by runEval. */
  budget?: Partial<Budget>;
  progress: Progress;
  /** Where a data set's loader says what it cut or left out (stderr from the CLI). */
  note?: (line: string) => void;
}

export interface Variant {
  label: string;
  strategy: Strategy;
  ablations: Ablation[];
  judge: JudgeBy;
  writer: Writer;
}

/** What a strategy spec may add after "+": the model judges sufficiency, the model writes the text. */
export const SPEC_OPTIONS = ["model-judge", "model-writer"] as const;

/** A strategy spec ("agent", "heuristic+model-judge+model-writer") as the run options it stands for; a bad one is an error naming the choices. */
export function parseStrategySpec(spec: string): Omit<Variant, "ablations"> {
  const [name = "", ...extra] = spec.split("+").map((x) => x.trim());
  if (!STRATEGIES.includes(name as Strategy)) throw new InvalidInputError(`--strategies: unknown strategy "${name}" in "${spec}"; choose from ${STRATEGIES.join(", ")}`);
  const bad = extra.filter((x) => !SPEC_OPTIONS.includes(x as (typeof SPEC_OPTIONS)[number]));
  if (bad.length) throw new InvalidInputError(`--strategies: unknown option ${bad.map((b) => `"+${b}"`).join(", ")} in "${spec}"; a strategy may add ${SPEC_OPTIONS.map((o) => `+${o}`).join(" and ")}`);
  return { label: [name, ...[...new Set(extra)].sort()].join("+"), strategy: name as Strategy, judge: extra.includes("model-judge") ? "model" : "rules", writer: extra.includes("model-writer") ? "model" : "rules" };
}

/** Whether switching a stage off changes a strategy: SimpleRAG has no prime or organize stage, and a fixed strategy is its tool. */
export function ablationApplies(strategy: Strategy, stage: Ablation): boolean {
  if (stage === "validate" || stage === "followup") return true;
  if (strategy === "simple") return false;
  if (stage === "graph") return strategy === "heuristic" || strategy === "llm" || strategy === "auto";
  return true;
}

/** Every strategy as asked, then each with one ablated stage ("heuristic-organize") where that stage exists. */
export function variantsOf(strategies: readonly string[], ablate: readonly Ablation[]): Variant[] {
  const specs = strategies.map(parseStrategySpec);
  const out: Variant[] = specs.map((s) => ({ ...s, ablations: [] }));
  for (const s of specs) for (const a of ablate) if (ablationApplies(s.strategy, a)) out.push({ ...s, label: `${s.label}-${a}`, ablations: [a] });
  return out;
}

/** The questions of each dataset, seeded-sampled by stable id (the same sample on every machine). */
export function sampleQuestions(o: EvalOptions, kb: KnowledgeBase, note?: (line: string) => void): EvalQuestion[] {
  return o.datasets.flatMap((name) => {
    const all = loadDataset(name, { split: o.split, dataDir: o.dataDir, brackets: o.brackets, kb, seed: o.seed, note });
    if (!o.limit) return all;
    // A conversation set is sampled by conversation (--limit conversations), every turn of each kept.
    if (all.some((q) => q.conversation)) {
      const ids = new Set(stableSample([...new Set(all.map((q) => q.conversation?.id ?? q.id))], o.limit, o.seed, (id) => id));
      return all.filter((q) => ids.has(q.conversation?.id ?? q.id));
    }
    return stableSample(all, o.limit, o.seed, (q) => q.id);
  });
}

type WorkItem = { v: Variant; q: EvalQuestion; order: number };

/** The work in units a worker runs in order: a question alone, or every turn of one conversation (each turn's history is the turns before it). */
function workUnits(variants: readonly Variant[], questions: readonly EvalQuestion[]): WorkItem[][] {
  const units: WorkItem[][] = [];
  for (const v of variants) {
    const conversations = new Map<string, WorkItem[]>();
    questions.forEach((q, order) => {
      if (!q.conversation) return void units.push([{ v, q, order }]);
      let unit = conversations.get(q.conversation.id);
      if (!unit) conversations.set(q.conversation.id, (unit = [])), units.push(unit);
      unit.push({ v, q, order });
    });
    for (const unit of conversations.values()) unit.sort((a, b) => a.q.conversation!.turn - b.q.conversation!.turn);
  }
  // Question by question, every variant in turn: an eval stopped part way compares the variants on the same questions.
  const rank = new Map(variants.map((v, i) => [v.label, i]));
  return units.sort((a, b) => a[0]!.order - b[0]!.order || rank.get(a[0]!.v.label)! - rank.get(b[0]!.v.label)!);
}

const CONFIG_FIELDS = ["datasets", "split", "limit", "seed", "strategies", "brackets", "ablate", "budget"] as const;

/**
 * Runs every (variant, question) not yet recorded, appending one line per result, then writes the
 * summaries. `--resume` continues a run that was killed: records already written are kept, a
 * partial last line is cut off, and the summary is recomputed from the file.
 */
export async function runEval(o: EvalOptions, deps: EvalDeps): Promise<Summary> {
  mkdirSync(o.out, { recursive: true });
  const resultsPath = join(o.out, "results.jsonl");
  const configPath = join(o.out, "run.json");
  const config = Object.fromEntries(CONFIG_FIELDS.map((k) => [k, o[k] ?? null]));
  if (existsSync(resultsPath) || existsSync(configPath)) {
    if (!o.resume) throw new InvalidInputError(`${o.out} already holds a run; pass --resume to continue it, or choose another --out`);
    const previous = existsSync(configPath) ? (JSON.parse(readFileSync(configPath, "utf8")) as Record<string, unknown>) : config;
    const diff = CONFIG_FIELDS.filter((k) => JSON.stringify(previous[k] ?? null) !== JSON.stringify(config[k]));
    if (diff.length) throw new InvalidInputError(`--resume with different settings than the run in ${o.out}: ${diff.map((k) => `${k} was ${JSON.stringify(previous[k])}, now ${JSON.stringify(config[k])}`).join("; ")}`);
  }
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);

  if (o.budget) deps = { ...deps, budget: o.budget };
  const questions = sampleQuestions(o, deps.kb, deps.note);
  const variants = variantsOf(o.strategies, o.ablate);
  const recorded = readRecords(resultsPath);
  const done = new Map(recorded.map((r) => [r.key, r]));
  // A unit is done when every item in it is; a conversation cut short resumes from its recorded turns (their answers are its history).
  const work = workUnits(variants, questions).filter((unit) => unit.some((it) => !done.has(`${it.v.label}|${it.q.id}`)));

  deps.progress.start(`eval ${variants.length} strategies × ${questions.length} questions`, variants.length * questions.length);
  let finished = done.size;
  deps.progress.tick(finished);
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const unit = work[next++]!;
      const history: ConversationTurn[] = [];
      for (const item of unit) {
        const key = `${item.v.label}|${item.q.id}`;
        const record = done.get(key) ?? (await evaluateOne(item, deps, history));
        if (!done.has(key)) {
          appendRecord(resultsPath, record);
          deps.progress.tick(++finished);
        }
        if (item.q.conversation) history.push(turnOf(record));
      }
    }
  };
  // A failing worker does not leave the others writing after the run has returned: all settle, then the first failure is raised.
  const settled = await Promise.allSettled(Array.from({ length: Math.max(1, o.concurrency) }, worker));
  const failed = settled.find((x): x is PromiseRejectedResult => x.status === "rejected");
  if (failed) throw failed.reason;
  deps.progress.done();
  return writeReports(o.out, variants.map((v) => v.label), deps.judge !== undefined);
}

/** A recorded turn as the next turn's history: what was asked, what the run answered, and what it was read as. */
function turnOf(r: EvalRecord): ConversationTurn {
  return { question: r.question, answer: r.answer, answers: r.answers.map((a) => a.name), ...(r.followUp ? { resolved: r.followUp.resolved } : {}) };
}

async function evaluateOne({ v, q, order }: WorkItem, deps: EvalDeps, history: readonly ConversationTurn[] = []): Promise<EvalRecord> {
  const base = { key: `${v.label}|${q.id}`, variant: v.label, strategy: v.strategy, ablations: v.ablations, judgeBy: v.judge, writer: v.writer, dataset: q.dataset, questionId: q.id, order, ...(q.category ? { category: q.category } : {}), ...(q.conversation ? { turn: q.conversation.turn } : {}), question: q.question, gold: q.answers };
  let result: RunResult;
  try {
    result = await runResearch(q.question, { kb: deps.kb, model: deps.model, caps: deps.caps }, { strategy: v.strategy, ablations: v.ablations, judge: v.judge, writer: v.writer, ...(deps.budget ? { budget: deps.budget } : {}), runId: base.key, ...(history.length ? { history: history.slice(-MAX_HISTORY_TURNS) } : {}) });
  } catch (e) {
    // A run that throws is a failed run in the results (counted in the summary's errors and printed), not the end of the eval.
    if (!(e instanceof Error)) throw e;
    const error = isAppError(e) ? { code: e.code, message: e.message } : { code: "crash", message: `${e.name}: ${e.message}`.replace(/\s+/g, " ").slice(0, 2000) };
    const zero = { hits1: 0, precision: 0, recall: 0, f1: 0, contextRecall: 0, steps: 0, toolCalls: 0, toolCallsByTool: {}, llmCalls: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0, nonModelMs: 0, ...(q.ranked ? { ranking: failedRanking(q.ranked) } : {}) };
    return { ...base, answer: "", answers: [], truncated: false, trace: [], cited: [], evidenceCount: 0, usage: { llmCalls: 0, inputTokens: 0, outputTokens: 0, cachedCalls: 0 }, timings: { totalMs: 0, toolMs: 0, llmMs: 0, nonModelMs: 0, byNode: {}, byTool: {} }, metrics: zero, error };
  }
  const cites = new Set(result.trace.filter((s) => s.node === "answer").flatMap((s) => s.evidenceIds));
  const cited = result.evidence.filter((e) => cites.has(e.id)).map((e) => ({ id: e.id, kind: e.kind, text: e.text, score: e.score, sources: e.sources }));
  const record: EvalRecord = {
    ...base,
    answer: result.answer,
    answers: result.answers.slice(0, 50).map((a) => ({ name: a.name, score: a.score })),
    plan: result.plan,
    kind: result.parts.length > 1 ? "several" : (result.parts[0]?.kind ?? "none"),
    ...(result.followUp ? { followUp: { kind: result.followUp.kind, resolved: result.followUp.resolved } } : {}),
    parts: result.parts.map((p) => ({ partId: p.partId, kind: p.kind, ...(p.verdict ? { verdict: p.verdict } : {}), ...(p.count !== undefined ? { count: p.count } : {}), ...(p.lacks ? { lacks: p.lacks } : {}) })),
    ...(result.claims ? { claims: { checked: result.claims.checked, unsupported: result.claims.unsupported, flagged: result.claims.flagged } } : {}),
    truncated: result.truncated,
    ...(result.truncatedReason ? { truncatedReason: result.truncatedReason } : {}),
    trace: result.trace,
    cited,
    evidenceCount: result.evidence.length,
    usage: result.usage,
    timings: result.timings,
    metrics: { ...deterministicMetrics(result, q.answers, q.expect), ...(q.ranked ? { ranking: rankingMetrics(result.answers, q.answers, q.ranked) } : {}) },
  };
  if (deps.judge) {
    const context = result.evidence.filter((e) => cites.has(e.id) || result.trace.some((s) => s.node === "organize" && s.evidenceIds.includes(e.id))).map((e) => e.text);
    try {
      record.judge = await judgeAnswer(deps.judge, { question: q.question, gold: q.answers, answer: result.answer, context });
    } catch (e) {
      if (!isAppError(e)) throw e;
      record.judgeError = { code: e.code, message: e.message };
    }
  }
  return record;
}

/**
 * The summaries of a run that is still going or was stopped, over the questions every variant has
 * answered (so the variants are compared on the same questions): `--report`. Needs the run's run.json.
 */
export function reportPartial(out: string): { summary: Summary; questions: number; planned: number | null } {
  const configPath = join(out, "run.json");
  if (!existsSync(configPath)) throw new InvalidInputError(`${out} holds no run (no run.json): --report reads a run that was started with --out ${out}`);
  const config = JSON.parse(readFileSync(configPath, "utf8")) as { strategies?: string[]; ablate?: Ablation[] | null; limit?: number | null };
  const variants = variantsOf(config.strategies ?? [], config.ablate ?? []).map((v) => v.label);
  const records = readRecords(join(out, "results.jsonl"));
  const answered = new Map<string, Set<string>>();
  for (const r of records) answered.set(r.questionId, (answered.get(r.questionId) ?? new Set()).add(r.variant));
  const complete = new Set([...answered].filter(([, vs]) => variants.every((v) => vs.has(v))).map(([q]) => q));
  return { summary: writeReports(out, variants, false, (r) => complete.has(r.questionId)), questions: complete.size, planned: config.limit ?? null };
}

/** Recomputes summary.json, summary.md and summary.svg from the results file (those records `keep` accepts). */
export function writeReports(out: string, variants: string[], judgeConfigured: boolean, keep: (r: EvalRecord) => boolean = () => true): Summary {
  const records = readRecords(join(out, "results.jsonl")).filter(keep);
  const summary = summarize(records, variants, judgeConfigured);
  writeFileSync(join(out, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(join(out, "summary.md"), renderMarkdown(summary));
  writeFileSync(join(out, "summary.svg"), renderSvg(summary));
  return summary;
}
