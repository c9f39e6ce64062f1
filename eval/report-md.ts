import type { Aggregate, Summary } from "./summary";
import { rankingMarkdown } from "./open-requests/report";

const f3 = (x: number) => x.toFixed(3);
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

function table(header: string[], rows: (string | number)[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

function mainRow(name: string, a: Aggregate): (string | number)[] {
  return [name, a.n, f3(a.hits1), f3(a.f1), f3(a.contextRecall), f2(a.avgSteps), f2(a.avgToolCalls), f2(a.avgLlmCalls), Math.round(a.avgInputTokens), Math.round(a.avgOutputTokens), f1(a.p50Ms), f1(a.p95Ms), f1(a.nonModelP50Ms), f1(a.nonModelP95Ms), f3(a.truncatedRate)];
}
const MAIN = ["strategy", "n", "Hits@1", "F1", "context recall", "steps", "tool calls", "LLM calls", "input tok", "output tok", "p50 ms", "p95 ms", "non-model p50", "non-model p95", "truncated"];

const CATEGORY = ["category", "n", "intent check", "Hits@1", "F1", "non-model p50 ms", "non-model p95 ms", "errors"];
function categoryRow(name: string, a: Aggregate): (string | number)[] {
  return [name, a.n, f3(a.intentCheck), f3(a.hits1), f3(a.f1), f1(a.nonModelP50Ms), f1(a.nonModelP95Ms), a.errors];
}

/** The summary as Markdown tables: overall, per dataset, per category, judge metrics, time breakdown. */
export function renderMarkdown(s: Summary): string {
  const parts: string[] = ["# Evaluation summary", "", table(MAIN, s.strategies.map((x) => mainRow(x.strategy, x)))];
  if (s.datasets.length > 1) {
    parts.push("", "## Hits@1 by dataset", "", table(["strategy", ...s.datasets], s.strategies.map((x) => [x.strategy, ...s.datasets.map((d) => (x.byDataset[d] ? f3(x.byDataset[d]!.hits1) : "—"))])));
    for (const d of s.datasets) parts.push("", `### ${d}`, "", table(MAIN, s.strategies.filter((x) => x.byDataset[d]).map((x) => mainRow(x.strategy, x.byDataset[d]!))));
  }
  const cats = [...new Set(s.strategies.flatMap((x) => Object.keys(x.byCategory ?? {})))].sort();
  if (cats.length) {
    parts.push("", "## Hits@1 by category", "", table(["strategy", ...cats], s.strategies.map((x) => [x.strategy, ...cats.map((c) => (x.byCategory?.[c] ? f3(x.byCategory[c]!.hits1) : "—"))])));
    parts.push("", "## F1 by category", "", table(["strategy", ...cats], s.strategies.map((x) => [x.strategy, ...cats.map((c) => (x.byCategory?.[c] ? f3(x.byCategory[c]!.f1) : "—"))])));
    parts.push("", "## Intent check by category", "", "Each question's intent check: one answer per part, the right count, no answer for chit-chat and out-of-domain; Hits@1 otherwise.");
    parts.push("", table(["strategy", ...cats], s.strategies.map((x) => [x.strategy, ...cats.map((c) => (x.byCategory?.[c] ? f3(x.byCategory[c]!.intentCheck) : "—"))])));
    for (const x of s.strategies) if (x.byCategory) parts.push("", `### ${x.strategy} by category`, "", table(CATEGORY, [...cats.filter((c) => x.byCategory![c]).map((c) => categoryRow(c, x.byCategory![c]!)), categoryRow("all", x)]));
  }
  for (const x of s.strategies) {
    const kinds = Object.keys(x.byPlanKind).sort();
    if (kinds.length) parts.push("", `### ${x.strategy} by plan kind (what the planner wrote)`, "", table(CATEGORY, kinds.map((k) => categoryRow(k, x.byPlanKind[k]!))));
  }
  parts.push(...rankingMarkdown(s.strategies));
  parts.push("", "## LLM-as-judge");
  if (!s.judgeConfigured) parts.push("", "No judge model was configured (set CHAT_MODEL and pass --judge): these metrics are absent, not zero.");
  else {
    parts.push("", table(["strategy", "n", "unjudged", "faithfulness", "relevancy", "context precision", "context recall", "correctness", "completeness", "overall", "agreement", "kappa"], s.strategies.map((x) => (x.judge ? [x.strategy, x.judge.n, x.judge.unjudged, f3(x.judge.faithfulness), f3(x.judge.answerRelevancy), f3(x.judge.contextPrecision), f3(x.judge.contextRecall), f3(x.judge.answerCorrectness), f3(x.judge.completeness), f3(x.judge.overall), f3(x.judge.agreement), f3(x.judge.kappa)] : [x.strategy, 0, x.n, "—", "—", "—", "—", "—", "—", "—", "—", "—"]))));
    parts.push("", "Agreement: the share of judged answers where the judge's correctness (≥ 0.5) matches the programmatic gold (the intent check); kappa discounts chance.");
  }
  const written = s.strategies.filter((x) => x.claims);
  if (written.length) {
    parts.push("", "## Claims in model-written texts", "", "Each name, year and number in a model's text checked against the evidence its sentence cites (validate).");
    parts.push("", table(["strategy", "texts", "claims", "unsupported", "hallucination rate", "texts with any"], written.map((x) => [x.strategy, x.claims!.texts, x.claims!.checked, x.claims!.unsupported, f3(x.claims!.hallucinationRate), f3(x.claims!.textsWithUnsupported)])));
  }
  const stages = ["query processing", "retrieval", "graph traversal", "planning", "organization", "generation"];
  parts.push("", "## Time per question by stage (ms, mean)", "", table(["strategy", ...stages], s.strategies.map((x) => [x.strategy, ...stages.map((st) => f2(x.time.byStage[st] ?? 0))])));
  const tools = [...new Set(s.strategies.flatMap((x) => Object.keys(x.time.byTool)))].sort();
  if (tools.length) parts.push("", "## Time per question by tool (ms, mean) and tool calls per question", "", table(["strategy", ...tools.map((t) => `${t} ms`), ...tools.map((t) => `${t} calls`)], s.strategies.map((x) => [x.strategy, ...tools.map((t) => f2(x.time.byTool[t] ?? 0)), ...tools.map((t) => f2(x.toolCallsByTool[t] ?? 0))])));
  return `${parts.join("\n")}\n`;
}
