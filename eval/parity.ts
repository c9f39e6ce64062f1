import { parseArgs } from "node:util";
import { runResearch } from "../agents/research/run";
import type { RunResult } from "../agents/research/types";
import { runMain } from "../src/cli/entry";
import { loadConfig } from "../src/config";
import { InvalidInputError } from "../src/errors";
import { loadKnowledgeBase } from "../src/kb/load";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { stableSample } from "../src/util/random";
import { loadDataset, type EvalQuestion } from "./datasets/index";

const USAGE = `usage: GRAPH_STORE=neo4j [VECTOR_STORE=neo4j] npm run parity -- [--per-hop N] [--split test|dev] [--seed N] [--no-natural]`;

/** Tools whose ranking is a retrieval score that differs by engine (Lucene's BM25 against MiniSearch's BM25+, ANN against exact). */
const SCORED_TOOLS = new Set(["full_text", "semantic_search"]);

/** Ranks within which two engines' first answers count as a near tie (Lucene BM25 against MiniSearch BM25+ on long told plots). */
const NEAR_TIE = 5;

export type Verdict =
  | { kind: "same" }
  | { kind: "explained"; reason: string }
  | { kind: "different"; detail: string };

/**
 * Compares one question's answers on the embedded stores and on the backends. The same answers in the
 * same order are the same. When the run ranked films by a retrieval score (a told plot, a question with
 * no linked entity), engines may order them differently: the same first answer, near-tied first
 * answers, or an answer from retrieval tools alone is an explained difference, listed with its
 * reason. Anything that went through the graph must match exactly.
 */
export function compareRuns(embedded: Pick<RunResult, "answers" | "trace">, backend: Pick<RunResult, "answers" | "trace">): Verdict {
  const names = (r: Pick<RunResult, "answers">) => r.answers.map((a) => a.name);
  const a = names(embedded);
  const b = names(backend);
  if (a.length === b.length && a.every((n, i) => n === b[i])) return { kind: "same" };
  const tools = (r: Pick<RunResult, "trace">) => r.trace.filter((s) => s.node === "act").map((s) => s.tool ?? "");
  const ta = tools(embedded);
  const tb = tools(backend);
  // Calls sent in parallel finish in any order: the same calls, in whatever order, are the same tools.
  const sortedB = [...tb].sort();
  const sameTools = ta.length === tb.length && [...ta].sort().every((t, i) => t === sortedB[i]);
  const scored = ta.some((t) => SCORED_TOOLS.has(t));
  const by = [...new Set(ta.filter((t) => SCORED_TOOLS.has(t)))].join(", ");
  if (sameTools && scored && a[0] === b[0]) return { kind: "explained", reason: `same first answer; ranks below it differ by retrieval score (${by})` };
  // Near-tied candidates may swap places between two BM25 variants: each side's first answer is in the other's first five.
  if (sameTools && scored && a.length && b.length && b.slice(0, NEAR_TIE).includes(a[0]!) && a.slice(0, NEAR_TIE).includes(b[0]!)) {
    return { kind: "explained", reason: `near-tied first answers swapped by retrieval score (${by}): embedded ${JSON.stringify(a[0])}, backend ${JSON.stringify(b[0])}` };
  }
  // An answer computed from retrieval alone (no graph tool ran) follows the engines' rankings: Lucene's
  // BM25 is not MiniSearch's BM25+, and an HNSW index may miss a far neighbour the exact scan finds.
  if (sameTools && ta.length > 0 && ta.every((t) => SCORED_TOOLS.has(t))) {
    return { kind: "explained", reason: `retrieval engines rank differently (${by}; BM25 variant, ANN against exact): first answer embedded ${JSON.stringify(a[0] ?? null)}, backend ${JSON.stringify(b[0] ?? null)}` };
  }
  const show = (xs: string[]) => JSON.stringify(xs.slice(0, 5)) + (xs.length > 5 ? ` … ${xs.length}` : "");
  return { kind: "different", detail: `embedded ${show(a)} via ${ta.join(",") || "no tool"}; backend ${show(b)} via ${tb.join(",") || "no tool"}` };
}

/**
 * `npm run parity`: the same questions (MetaQA, N per hop, and the natural-question set) answered by
 * the heuristic agent on the embedded stores and on the configured backends (GRAPH_STORE=neo4j,
 * VECTOR_STORE=neo4j|qdrant). Prints every difference and exits 1 on any that is not explained.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { "per-hop": { type: "string", default: "60" }, split: { type: "string", default: "test" }, seed: { type: "string", default: "1" }, "no-natural": { type: "boolean", default: false } } });
  const perHop = Number(values["per-hop"]);
  const seed = Number(values.seed);
  if (!Number.isInteger(perHop) || perHop < 1 || perHop > 10_000) throw new InvalidInputError(`--per-hop takes a whole number from 1 to 10000 (got "${values["per-hop"]}")\n${USAGE}`);
  if (!Number.isInteger(seed)) throw new InvalidInputError(`--seed takes a whole number (got "${values.seed}")`);
  if (values.split !== "test" && values.split !== "dev") throw new InvalidInputError(`--split takes test or dev (got "${values.split}")`);
  const backendConfig = loadConfig();
  if (backendConfig.env.GRAPH_STORE === "embedded" && backendConfig.env.VECTOR_STORE === "embedded") throw new InvalidInputError(`nothing to compare: set GRAPH_STORE=neo4j and/or VECTOR_STORE=neo4j|qdrant\n${USAGE}`);
  const embeddedConfig = loadConfig({ ...process.env, GRAPH_STORE: "embedded", VECTOR_STORE: "embedded" });
  if (!embeddedConfig.dataDir) throw new InvalidInputError("no data directory: set DATA_DIR");
  const log = (l: string) => process.stderr.write(`${l}\n`);
  const embedded = await loadKnowledgeBase(embeddedConfig, { log: () => {} });
  const backend = await loadKnowledgeBase(backendConfig, { log });
  try {
    const questions = sampleQuestions(embedded, embeddedConfig.dataDir, values.split, perHop, seed, !values["no-natural"]);
    const label = `${backend.info.stores.graph} graph, ${backend.info.stores.text} text, ${backend.info.stores.vectors} vectors`;
    log(`parity: ${questions.length} questions, embedded against ${label}`);
    const tally = { same: 0, explained: 0, different: 0 };
    const lines: string[] = [];
    const ms = { embedded: [] as number[], backend: [] as number[] };
    for (const q of questions) {
      const a = await answer(q.question, embedded, ms.embedded);
      const b = await answer(q.question, backend, ms.backend);
      const v = compareRuns(a, b);
      tally[v.kind]++;
      if (v.kind !== "same") lines.push(`${v.kind === "explained" ? "explained" : "DIFFERENT"}  ${q.dataset}  ${q.question}\n    ${v.kind === "explained" ? v.reason : v.detail}`);
    }
    process.stdout.write(`${lines.join("\n")}${lines.length ? "\n" : ""}`);
    const p = (xs: number[], f: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(f * xs.length))]!.toFixed(1);
    process.stdout.write(`parity (${label}): ${questions.length} questions: ${tally.same} same, ${tally.explained} explained, ${tally.different} different; run p50/p95 embedded ${p(ms.embedded, 0.5)}/${p(ms.embedded, 0.95)} ms, backend ${p(ms.backend, 0.5)}/${p(ms.backend, 0.95)} ms\n`);
    if (tally.different > 0) process.exitCode = 1;
  } finally {
    await embedded.close();
    await backend.close();
  }
}

async function answer(question: string, kb: KnowledgeBase, times: number[]): Promise<RunResult> {
  const started = performance.now();
  const r = await runResearch(question, { kb }, { strategy: "heuristic" });
  times.push(performance.now() - started);
  return r;
}

function sampleQuestions(kb: KnowledgeBase, dataDir: string, split: "test" | "dev", perHop: number, seed: number, natural: boolean): EvalQuestion[] {
  const metaqa = ["metaqa-1hop", "metaqa-2hop", "metaqa-3hop"].flatMap((name) => stableSample(loadDataset(name, { split, dataDir, brackets: "keep", kb, seed }), perHop, seed, (q) => q.id));
  // The whole natural-question set, both splits: parity is no score, so nothing is held out.
  return natural ? [...metaqa, ...(["dev", "test"] as const).flatMap((s) => loadDataset("natural", { split: s, dataDir, brackets: "keep", kb, seed }))] : metaqa;
}

if (process.argv[1] && /parity\.ts$/.test(process.argv[1])) runMain("parity failed", main);
