import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ABLATIONS, DEFAULT_BUDGET, STRATEGIES, modelNeeds, type Ablation, type Budget } from "../agents/research/types";
import { resolveBudget } from "../agents/research/run";
import { loadConfig } from "../src/config";
import { InvalidInputError } from "../src/errors";
import { loadKnowledgeBase } from "../src/kb/load";
import { describeEmbedder } from "../src/kb/embedder-status";
import { createChatModel } from "../src/llm/factory";
import { createProgress } from "../src/util/progress";
import { parseStrategySpec, reportPartial, runEval } from "./runner";
import { rankingText } from "./open-requests/report";
import type { Aggregate, Summary } from "./summary";
import { runMain } from "../src/cli/entry";

const USAGE = `usage: npm run eval -- --dataset NAME[,NAME...] [--split dev|test|train] [--limit N] [--seed S]
       [--strategies a,b,c] [--brackets keep|strip] [--concurrency N] [--out DIR] [--resume] [--report]
       [--ablate prime,organize,validate,graph] [--judge] [--budget deadlineMs=600000,maxLlmCalls=8]
datasets: metaqa-1hop, metaqa-2hop, metaqa-3hop, metaqa-1hop-ntm, categories, natural, real, real-new, real-third (later real questions: the generalization gap), real-check (a check set kept aside: do rule changes generalize), real-fresh (the fresh kept-aside set: a second check, unread), conv (conversations, turn by turn; --limit counts conversations), conv-new (later conversations: unseen wordings), open (the open example requests),
          known-item (Reddit tip-of-the-tongue requests; dev = validation split, train), known-item-title (the same posts, each title alone), recommend (INSPIRED dev dialogues), probe, complex, jsonl:PATH
strategies: ${STRATEGIES.join(", ")}; each may add +model-judge (the chat model judges whether the evidence is enough)
          and +model-writer (it writes the text; its names, years and numbers are checked: the hallucination rate), e.g. heuristic+model-judge
--judge: a model grades each answer (correctness, faithfulness, relevance, context); its agreement with the programmatic gold is printed`;

function list<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T[] {
  if (!value) return [];
  const items = value.split(",").map((s) => s.trim()).filter(Boolean);
  const bad = items.filter((i) => !allowed.includes(i as T));
  if (bad.length) throw new InvalidInputError(`--${flag}: unknown ${bad.join(", ")}; choose from ${allowed.join(", ")}`);
  return items as T[];
}

function int(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new InvalidInputError(`--${flag} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

/** "--budget deadlineMs=600000,maxLlmCalls=8": each run's budget, checked against the caps. */
function budgetOf(text: string, caps: Budget): Partial<Budget> {
  const keys = Object.keys(DEFAULT_BUDGET) as (keyof Budget)[];
  const budget: Partial<Budget> = {};
  for (const item of text.split(",").map((x) => x.trim()).filter(Boolean)) {
    const [k, v] = item.split("=");
    if (!keys.includes(k as keyof Budget) || v === undefined) throw new InvalidInputError(`--budget: "${item}" is not key=value with a key among ${keys.join(", ")}`);
    budget[k as keyof Budget] = Number(v);
  }
  resolveBudget(budget, caps);
  return budget;
}

/** Per group (dataset, labelled category, plan kind written): n, intent check, Hits@1, non-model p50/p95. */
function groupTable(title: string, column: string, groups: Record<string, Aggregate>): string {
  const header = `\n${title}\n${column.padEnd(16)}${"n".padStart(5)}  ${"intent".padStart(6)}  ${"Hits@1".padStart(6)}  ${"p50 ms".padStart(8)}  ${"p95 ms".padStart(8)}   (non-model)`;
  const lines = Object.entries(groups).map(([c, a]) => `${c.padEnd(16)}${String(a.n).padStart(5)}  ${a.intentCheck.toFixed(3).padStart(6)}  ${a.hits1.toFixed(3).padStart(6)}  ${a.nonModelP50Ms.toFixed(1).padStart(8)}  ${a.nonModelP95Ms.toFixed(1).padStart(8)}`);
  return [header, ...lines].join("\n");
}

/** `npm run eval`: compares strategies on a benchmark and writes results.jsonl and the summaries. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dataset: { type: "string" },
      split: { type: "string", default: "dev" },
      limit: { type: "string" },
      seed: { type: "string", default: "1" },
      strategies: { type: "string", default: "heuristic,simple" },
      brackets: { type: "string", default: "strip" },
      concurrency: { type: "string", default: "1" },
      out: { type: "string" },
      resume: { type: "boolean", default: false },
      report: { type: "boolean", default: false },
      ablate: { type: "string" },
      judge: { type: "boolean", default: false },
      budget: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  // A run still going, or stopped: its figures so far, over the questions every strategy has answered.
  if (values.report) {
    if (!values.out) throw new InvalidInputError(`--report needs --out DIR, the folder of the run to report\n${USAGE}`);
    const { summary, questions, planned } = reportPartial(resolve(values.out));
    process.stderr.write(`report of ${questions}${planned ? ` of ${planned}` : ""} questions, those every strategy has answered\n`);
    return printSummary(summary, resolve(values.out));
  }
  if (!values.dataset) throw new InvalidInputError(`--dataset is required\n${USAGE}`);
  if (values.split !== "dev" && values.split !== "test" && values.split !== "train") throw new InvalidInputError(`--split must be dev, test or train (train: known-item only), got "${values.split}"`);
  if (values.brackets !== "keep" && values.brackets !== "strip") throw new InvalidInputError(`--brackets must be keep or strip, got "${values.brackets}"`);
  const strategies = (values.strategies ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (!strategies.length) throw new InvalidInputError("--strategies needs at least one strategy");
  const specs = strategies.map(parseStrategySpec);
  const config = loadConfig();
  if (!config.dataDir) throw new InvalidInputError("no data directory: set DATA_DIR");
  const datasets = values.dataset.split(",").map((d) => d.trim()).filter(Boolean);
  const out = resolve(values.out ?? `out/eval-${datasets.join("+").replace(/[^\w+.-]/g, "_")}-${values.split}`);
  const kb = await loadKnowledgeBase(config);
  // Say which embedder the figures are for; a model's missing vectors are said, never waited for.
  process.stderr.write(`${describeEmbedder(kb.info.embedder)}\n`);
  // Eval caches model replies so reruns are replayable and cost nothing.
  const model = createChatModel(config, { cache: true });
  if (values.judge && !model) throw new InvalidInputError("--judge needs a judge model: set CHAT_MODEL (local after `npm run models:fetch`, openai, or gemini with GOOGLE_API_KEY)");
  const needsModel = specs.filter((s) => modelNeeds(s).length > 0).map((s) => s.label);
  if (needsModel.length && !model) throw new InvalidInputError(`${needsModel.join(", ")} need a chat model: set CHAT_MODEL (local after \`npm run models:fetch\`, openai, or gemini with GOOGLE_API_KEY)`);
  // A Neo4j or Qdrant connection (and a local model) would otherwise keep the process alive after the report.
  const summary = await runEval(
    {
      datasets,
      split: values.split,
      limit: int("limit", values.limit, 1),
      seed: int("seed", values.seed, 0)!,
      strategies,
      brackets: values.brackets,
      concurrency: int("concurrency", values.concurrency, 1)!,
      out,
      resume: values.resume,
      ablate: list<Ablation>("ablate", values.ablate, ABLATIONS),
      dataDir: config.dataDir,
      ...(values.budget ? { budget: budgetOf(values.budget, config.caps) } : {}),
    },
    { kb, model, judge: values.judge ? model : undefined, caps: config.caps, progress: createProgress(), note: (line) => process.stderr.write(`${line}\n`) },
  ).finally(async () => {
    await kb.close();
    await (model as { close?: () => Promise<void> } | undefined)?.close?.();
  });
  process.stdout.write(`${describeEmbedder(kb.info.embedder)}\n`);
  printSummary(summary, out);
}

/** The score line per strategy, the tables by dataset, category, plan kind and turn, and failed runs. */
function printSummary(summary: Summary, out: string): void {
  const rows = summary.strategies.map((s) => `${s.strategy.padEnd(22)} n=${s.n}  Hits@1 ${s.hits1.toFixed(3)}  ${s.byCategory ? `intent check ${s.intentCheck.toFixed(3)}  ` : ""}prose ${s.proseRate.toFixed(3)}  plans ${s.planRate.toFixed(3)}  F1 ${s.f1.toFixed(3)}  ctx recall ${s.contextRecall.toFixed(3)}  LLM calls ${s.avgLlmCalls.toFixed(2)}  tokens ${Math.round(s.avgInputTokens)}+${Math.round(s.avgOutputTokens)}  fallback ${s.fallbackRate.toFixed(3)}  p50 ${s.p50Ms.toFixed(1)} ms  p95 ${s.p95Ms.toFixed(1)} ms${s.claims ? `\n${"".padEnd(22)} model-written texts ${s.claims.texts}: ${s.claims.checked} claims, ${s.claims.unsupported} unsupported (hallucination rate ${s.claims.hallucinationRate.toFixed(3)}; texts with any ${s.claims.textsWithUnsupported.toFixed(3)})` : ""}${s.judge ? `\n${"".padEnd(22)} judge (n=${s.judge.n}, unjudged ${s.judge.unjudged}): correctness ${s.judge.answerCorrectness.toFixed(3)}  completeness ${s.judge.completeness.toFixed(3)}  faithfulness ${s.judge.faithfulness.toFixed(3)}  relevancy ${s.judge.answerRelevancy.toFixed(3)}  context recall ${s.judge.contextRecall.toFixed(3)}  agreement with the gold ${s.judge.agreement.toFixed(3)} (kappa ${s.judge.kappa.toFixed(3)})` : ""}`);
  const tables = summary.strategies.flatMap((s) => [
    ...(summary.datasets.length > 1 ? [groupTable(`${s.strategy} by dataset`, "dataset", s.byDataset)] : []),
    ...(s.byCategory ? [groupTable(`${s.strategy} by labelled category (the set's own label: intent, or the kind a real question asks)`, "category", s.byCategory)] : []),
    groupTable(`${s.strategy} by plan kind (what the planner wrote)`, "plan kind", s.byPlanKind),
    ...(s.byTurn ? [groupTable(`${s.strategy} by conversation turn (each turn asked after the ones before it, with their answers as history)`, "turn", s.byTurn)] : []),
  ]);
  // Failed runs are scored as wrong; say how many so a crash is never read as a plain miss.
  const failed = summary.strategies.filter((s) => s.errors > 0).map((s) => `${s.strategy}: ${s.errors} of ${s.n} runs failed (scored as wrong; the error is in results.jsonl)`);
  process.stdout.write(`${[...rows, ...tables, rankingText(summary.strategies), ...failed].filter(Boolean).join("\n")}\nwrote ${out}/{results.jsonl,summary.json,summary.md,summary.svg}\n`);
}

runMain("eval failed", main);
