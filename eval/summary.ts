import { mean, percentile, round } from "../src/util/stats";

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
import type { JudgeMetrics } from "./judge";
import type { EvalRecord } from "./records";
import { carriesPlan, internalNotation } from "./prose";
import { rankedByDataset, type RankedDataset } from "./open-requests/ranking";

export interface Aggregate {
  n: number;
  hits1: number;
  /** Share of questions that pass their intent's check (Hits@1 for questions without one). */
  intentCheck: number;
  /** Share of answered runs whose answer shows no internal notation (evidence ids, relation names, tool phrasing). */
  proseRate: number;
  /** Share of runs whose record carries the plan they followed, each part with its kind. */
  planRate: number;
  f1: number;
  precision: number;
  recall: number;
  contextRecall: number;
  avgSteps: number;
  avgToolCalls: number;
  avgLlmCalls: number;
  avgInputTokens: number;
  avgOutputTokens: number;
  p50Ms: number;
  p95Ms: number;
  nonModelP50Ms: number;
  nonModelP95Ms: number;
  truncatedRate: number;
  /** Share of plan, judge and answer steps where the heuristic stepped in for the model. */
  fallbackRate: number;
  errors: number;
  judge: JudgeAggregate | null;
  /** Model-written texts only: claims checked against the evidence they cite, and the hallucination rate. */
  claims: ClaimAggregate | null;
}

/** Over the records whose text the model wrote: claims checked, unsupported ones, their share, and the share of texts with any. */
export interface ClaimAggregate {
  texts: number;
  checked: number;
  unsupported: number;
  /** Unsupported claims ÷ claims checked. */
  hallucinationRate: number;
  /** Texts with at least one unsupported claim ÷ texts. */
  textsWithUnsupported: number;
}

/** The judge's metrics averaged over the judged records. */
export type JudgeAggregate = {
  n: number;
  /** Records whose judge reply was unusable: left out of the means. */
  unjudged: number;
  /** How often the judge's verdict (answer correctness ≥ 0.5) matches the programmatic gold (the intent check), and Cohen's kappa. */
  agreement: number;
  kappa: number;
} & Omit<JudgeMetrics, "reasoning">;

/** Agreement of two yes/no labelings, and Cohen's kappa (agreement beyond chance; 0 when chance explains all of it). */
export function agreementOf(pairs: readonly (readonly [boolean, boolean])[]): { agreement: number; kappa: number } {
  if (!pairs.length) return { agreement: 0, kappa: 0 };
  const n = pairs.length;
  const agree = pairs.filter(([a, b]) => a === b).length / n;
  const pa = pairs.filter(([a]) => a).length / n;
  const pb = pairs.filter(([, b]) => b).length / n;
  const chance = pa * pb + (1 - pa) * (1 - pb);
  return { agreement: round(agree, 4), kappa: chance >= 1 ? 0 : round((agree - chance) / (1 - chance), 4) };
}

function claimAggregate(records: readonly EvalRecord[]): ClaimAggregate | null {
  const written = records.filter((r) => r.claims);
  if (!written.length) return null;
  const checked = sum(written.map((r) => r.claims!.checked));
  const unsupported = sum(written.map((r) => r.claims!.unsupported));
  return { texts: written.length, checked, unsupported, hallucinationRate: checked ? round(unsupported / checked, 4) : 0, textsWithUnsupported: round(written.filter((r) => r.claims!.unsupported > 0).length / written.length, 4) };
}

export interface StrategySummary extends Aggregate {
  strategy: string;
  byDataset: Record<string, Aggregate>;
  byCategory?: Record<string, Aggregate>;
  /** Conversation turns by position (turn 1 is the first question). */
  byTurn?: Record<string, Aggregate>;
  /** By the kind of plan the strategy wrote (the answered part's kind; "several" for several clauses). */
  byPlanKind: Record<string, Aggregate>;
  /** Mean tool calls per question, by tool. */
  toolCallsByTool: Record<string, number>;
  /** Mean milliseconds per question by stage, graph node and tool. */
  time: { byStage: Record<string, number>; byNode: Record<string, number>; byTool: Record<string, number> };
  /** Open-request sets only (known-item, recommend): hit@k and MRR per data set and category. */
  ranked?: Record<string, RankedDataset>;
}

export interface Summary {
  judgeConfigured: boolean;
  datasets: string[];
  strategies: StrategySummary[];
}

const RETRIEVAL_TOOLS = new Set(["full_text", "semantic_search", "lookup_entity"]);
const GRAPH_TOOLS = new Set(["think_on_graph", "neighbors", "depth_first", "breadth_first"]);

/** Where a trace step's time goes, in the stages of the GraphRAG-vs-SimpleRAG latency table (plus planning). */
function stageOf(node: string, tool: string | undefined): string {
  if (node === "router" || node === "prime") return "query processing";
  if (node === "simple_rag" || (node === "act" && tool && RETRIEVAL_TOOLS.has(tool))) return "retrieval";
  if (node === "act" && tool && GRAPH_TOOLS.has(tool)) return "graph traversal";
  if (node === "plan" || node === "judge") return "planning";
  if (node === "organize") return "organization";
  if (node === "answer" || node === "validate") return "generation";
  return "other";
}

export function aggregate(records: readonly EvalRecord[]): Aggregate {
  const ok = records.filter((r) => !r.error);
  const m = (f: (r: EvalRecord) => number) => round(mean(records.map(f)), 4) || 0;
  const judged = records.filter((r) => r.judge);
  const j = (f: (r: EvalRecord) => number) => round(mean(judged.map(f)), 4);
  return {
    n: records.length,
    hits1: m((r) => r.metrics.hits1),
    intentCheck: m((r) => r.metrics.intentCheck ?? r.metrics.hits1),
    proseRate: round(mean(ok.map((r) => (internalNotation(r.answer) ? 0 : 1))), 4) || 0,
    planRate: m((r) => (carriesPlan(r) ? 1 : 0)),
    f1: m((r) => r.metrics.f1),
    precision: m((r) => r.metrics.precision),
    recall: m((r) => r.metrics.recall),
    contextRecall: m((r) => r.metrics.contextRecall),
    avgSteps: m((r) => r.metrics.steps),
    avgToolCalls: m((r) => r.metrics.toolCalls),
    avgLlmCalls: m((r) => r.metrics.llmCalls),
    avgInputTokens: m((r) => r.metrics.inputTokens),
    avgOutputTokens: m((r) => r.metrics.outputTokens),
    p50Ms: round(percentile(ok.map((r) => r.metrics.latencyMs), 50), 3) || 0,
    p95Ms: round(percentile(ok.map((r) => r.metrics.latencyMs), 95), 3) || 0,
    nonModelP50Ms: round(percentile(ok.map((r) => r.metrics.nonModelMs), 50), 3) || 0,
    nonModelP95Ms: round(percentile(ok.map((r) => r.metrics.nonModelMs), 95), 3) || 0,
    truncatedRate: m((r) => (r.truncated ? 1 : 0)),
    fallbackRate: round(sum(records.map((r) => r.metrics.fallbackSteps ?? 0)) / Math.max(1, sum(records.map((r) => r.metrics.decisionSteps ?? 0))), 4),
    errors: records.length - ok.length,
    judge: judged.length
      ? {
          n: judged.length,
          unjudged: records.filter((r) => r.judgeError).length,
          faithfulness: j((r) => r.judge!.faithfulness),
          answerRelevancy: j((r) => r.judge!.answerRelevancy),
          contextPrecision: j((r) => r.judge!.contextPrecision),
          contextRecall: j((r) => r.judge!.contextRecall),
          answerCorrectness: j((r) => r.judge!.answerCorrectness),
          completeness: j((r) => r.judge!.completeness ?? 0),
          overall: j((r) => r.judge!.overall),
          ...agreementOf(judged.map((r) => [r.judge!.answerCorrectness >= 0.5, (r.metrics.intentCheck ?? r.metrics.hits1) >= 1] as const)),
        }
      : null,
    claims: claimAggregate(records),
  };
}

/** Per strategy variant, in the order given: overall, by dataset, by category, tool use and time. */
export function summarize(records: readonly EvalRecord[], variants: readonly string[], judgeConfigured: boolean): Summary {
  const sorted = [...records].sort((a, b) => a.order - b.order || (a.dataset < b.dataset ? -1 : a.dataset > b.dataset ? 1 : 0));
  const datasets = [...new Set(sorted.map((r) => r.dataset))];
  const strategies = variants.map((variant): StrategySummary => {
    const rs = sorted.filter((r) => r.variant === variant);
    const byDataset = Object.fromEntries(datasets.map((d) => [d, aggregate(rs.filter((r) => r.dataset === d))]));
    const cats = [...new Set(rs.map((r) => r.category).filter((c): c is string => !!c))].sort();
    const kinds = [...new Set(rs.map((r) => r.kind ?? "none"))].sort();
    const turns = [...new Set(rs.map((r) => r.turn).filter((t): t is number => t !== undefined))].sort((a, b) => a - b);
    const toolCallsByTool: Record<string, number> = {};
    const byStage: Record<string, number> = {};
    const byNode: Record<string, number> = {};
    const byTool: Record<string, number> = {};
    for (const r of rs) {
      for (const [t, n] of Object.entries(r.metrics.toolCallsByTool)) toolCallsByTool[t] = (toolCallsByTool[t] ?? 0) + n;
      for (const s of r.trace) {
        byNode[s.node] = (byNode[s.node] ?? 0) + s.ms;
        const stage = stageOf(s.node, s.tool);
        byStage[stage] = (byStage[stage] ?? 0) + s.ms;
        if (s.tool) byTool[s.tool] = (byTool[s.tool] ?? 0) + s.ms;
      }
    }
    const ranked = rankedByDataset(rs);
    const per = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort().map(([k, v]) => [k, round(v / Math.max(1, rs.length), 4)]));
    return {
      strategy: variant,
      ...aggregate(rs),
      byDataset,
      ...(cats.length ? { byCategory: Object.fromEntries(cats.map((c) => [c, aggregate(rs.filter((r) => r.category === c))])) } : {}),
      byPlanKind: Object.fromEntries(kinds.map((k) => [k, aggregate(rs.filter((r) => (r.kind ?? "none") === k))])),
      ...(turns.length ? { byTurn: Object.fromEntries(turns.map((t) => [`turn ${t + 1}`, aggregate(rs.filter((r) => r.turn === t))])) } : {}),
      toolCallsByTool: per(toolCallsByTool),
      time: { byStage: per(byStage), byNode: per(byNode), byTool: per(byTool) },
      ...(ranked ? { ranked } : {}),
    };
  });
  return { judgeConfigured, datasets, strategies };
}
