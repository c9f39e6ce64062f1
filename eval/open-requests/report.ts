import type { RankingAggregate, RankedDataset } from "./ranking";

/** A strategy's ranked figures as the summary holds them. */
export interface RankedStrategy {
  strategy: string;
  ranked?: Record<string, RankedDataset>;
}

interface Column {
  head: string;
  cell: (a: RankingAggregate) => string;
}

const f3 = (x: number) => x.toFixed(3);
const f1 = (x: number) => x.toFixed(1);

/** The columns for a group; seen and accepted only where some strategy has them (recommendations). */
function columns(groups: readonly RankingAggregate[]): Column[] {
  const cols: Column[] = [
    { head: "n", cell: (a) => String(a.n) },
    { head: "hit@5", cell: (a) => f3(a.hit5) },
    { head: "hit@10", cell: (a) => f3(a.hit10) },
    { head: "MRR", cell: (a) => f3(a.mrr) },
  ];
  if (groups.some((a) => a.seenN)) cols.push({ head: "seen in top 5", cell: (a) => (a.seenN ? `${f3(a.seenIn5 ?? 0)} of ${a.seenN}` : "—") });
  if (groups.some((a) => a.acceptedN)) cols.push({ head: "accepted hit@5", cell: (a) => (a.acceptedN ? `${f3(a.acceptedHit5 ?? 0)} of ${a.acceptedN}` : "—") });
  cols.push(
    { head: "failed", cell: (a) => String(a.errors) },
    { head: "non-model p50 ms", cell: (a) => f1(a.nonModelP50Ms) },
    { head: "p95 ms", cell: (a) => f1(a.nonModelP95Ms) },
    { head: "model calls", cell: (a) => a.avgLlmCalls.toFixed(2) },
  );
  return cols;
}

/** Each (data set, group) with the strategies that have it, in the order given: the whole set first, then its categories. */
function groups(strategies: readonly RankedStrategy[]): { dataset: string; group: string; rows: { strategy: string; a: RankingAggregate }[] }[] {
  const datasets = [...new Set(strategies.flatMap((s) => Object.keys(s.ranked ?? {})))];
  return datasets.flatMap((d) => {
    const cats = [...new Set(strategies.flatMap((s) => Object.keys(s.ranked?.[d]?.byCategory ?? {})))].sort();
    const rows = (pick: (r: RankedDataset) => RankingAggregate | undefined) => strategies.flatMap((s) => {
      const r = s.ranked?.[d];
      const a = r ? pick(r) : undefined;
      return a ? [{ strategy: s.strategy, a }] : [];
    });
    return [{ dataset: d, group: "all", rows: rows((r) => r.all) }, ...cats.map((c) => ({ dataset: d, group: c, rows: rows((r) => r.byCategory[c]) }))];
  });
}

/** Plain-text tables for the terminal: one per data set and per category, strategies as rows. */
export function rankingText(strategies: readonly RankedStrategy[]): string {
  return groups(strategies)
    .map(({ dataset, group, rows }) => {
      const cols = columns(rows.map((r) => r.a));
      const width = Math.max(8, ...rows.map((r) => r.strategy.length)) + 2;
      const widths = cols.map((c) => Math.max(c.head.length, ...rows.map((r) => c.cell(r.a).length)) + 2);
      const line = (first: string, cells: string[]) => first.padEnd(width) + cells.map((c, i) => c.padStart(widths[i]!)).join("");
      const title = group === "all" ? `\n${dataset}: ranked answers (hit@k and MRR over the run's answers, KB names)` : `\n${dataset} / ${group}`;
      return [title, line("strategy", cols.map((c) => c.head)), ...rows.map((r) => line(r.strategy, cols.map((c) => c.cell(r.a))))].join("\n");
    })
    .join("\n");
}

/** The same tables in Markdown for summary.md (empty when no set is ranked). */
export function rankingMarkdown(strategies: readonly RankedStrategy[]): string[] {
  const gs = groups(strategies);
  if (!gs.length) return [];
  const out = ["", "## Open requests: ranked answers", "", "hit@k and MRR over each run's ranked answers (KB names); a failed run counts as a miss. Seen in top 5: share of runs whose top 5 holds a film the person said they had seen (must be 0)."];
  for (const { dataset, group, rows } of gs) {
    const cols = columns(rows.map((r) => r.a));
    out.push("", `### ${dataset}${group === "all" ? "" : ` / ${group}`}`, "", `| strategy | ${cols.map((c) => c.head).join(" | ")} |`, `|---|${cols.map(() => "---").join("|")}|`);
    for (const r of rows) out.push(`| ${r.strategy} | ${cols.map((c) => c.cell(r.a)).join(" | ")} |`);
  }
  return out;
}
