import { z } from "zod";

/**
 * Eval report shapes. The shape of an eval report's summary.json (`Summary` in eval/summary.ts) and run.json, checked
 * when the API reads them: the files are written by another process and may come from an older
 * version, so fields added later (intentCheck, fallbackRate, judge.unjudged) are optional. Unknown
 * fields are dropped, so test/server/evals.test.ts checks at compile time that these schemas name
 * exactly the fields of `Summary` and accept every one the eval writes (a field added there fails
 * the type check until it is added here), and at run time on reports made by the eval itself.
 */

const num = z.number();
const byName = z.record(z.string(), num);

export const JudgeAggregateSchema = z.object({
  n: num,
  unjudged: num.optional(),
  faithfulness: num,
  answerRelevancy: num,
  contextPrecision: num,
  contextRecall: num,
  answerCorrectness: num,
  /** Absent in reports written before completeness was judged. */
  completeness: num.optional(),
  overall: num,
  /** Absent in reports written before agreement with the programmatic gold was measured. */
  agreement: num.optional(),
  kappa: num.optional(),
});

/** Model-written texts: claims checked against the evidence they cite (absent when no text was the model's). */
export const ClaimAggregateSchema = z.object({ texts: num, checked: num, unsupported: num, hallucinationRate: num, textsWithUnsupported: num });

export const AggregateSchema = z.object({
  n: z.number().int().nonnegative(),
  hits1: num,
  intentCheck: num.optional(),
  /** Absent in reports written before answers were checked for internal notation. */
  proseRate: num.optional(),
  planRate: num.optional(),
  f1: num,
  precision: num,
  recall: num,
  contextRecall: num,
  avgSteps: num,
  avgToolCalls: num,
  avgLlmCalls: num,
  avgInputTokens: num,
  avgOutputTokens: num,
  p50Ms: num,
  p95Ms: num,
  nonModelP50Ms: num,
  nonModelP95Ms: num,
  truncatedRate: num,
  fallbackRate: num.optional(),
  errors: num,
  judge: JudgeAggregateSchema.nullable(),
  claims: ClaimAggregateSchema.nullable().optional(),
});

/** Open-request sets (known-item, recommend): hit@k and MRR over the ranked answers (eval/open-requests/ranking.ts). */
export const RankingAggregateSchema = z.object({
  n: z.number().int().nonnegative(),
  hit5: num,
  hit10: num,
  mrr: num,
  seenN: num.optional(),
  seenIn5: num.optional(),
  acceptedN: num.optional(),
  acceptedHit5: num.optional(),
  nonModelP50Ms: num,
  nonModelP95Ms: num,
  avgLlmCalls: num,
  errors: num,
});

export const RankedDatasetSchema = z.object({ all: RankingAggregateSchema, byCategory: z.record(z.string(), RankingAggregateSchema) });

export const StrategySummarySchema = AggregateSchema.extend({
  strategy: z.string(),
  byDataset: z.record(z.string(), AggregateSchema),
  byCategory: z.record(z.string(), AggregateSchema).optional(),
  byTurn: z.record(z.string(), AggregateSchema).optional(),
  /** Reports written before plans were kept have none. */
  byPlanKind: z.record(z.string(), AggregateSchema).default({}),
  toolCallsByTool: byName,
  time: z.object({ byStage: byName, byNode: byName, byTool: byName }),
  /** Only in reports of open-request sets, and absent in reports written before they existed. */
  ranked: z.record(z.string(), RankedDatasetSchema).optional(),
});

export const SummarySchema = z
  .object({
    judgeConfigured: z.boolean(),
    datasets: z.array(z.string()),
    strategies: z.array(StrategySummarySchema),
  })
  .describe("summary.json of an eval report (eval/summary.ts Summary)");

/** run.json: the settings a report was made with (eval/runner.ts CONFIG_FIELDS). */
export const RunSettingsSchema = z
  .object({
    datasets: z.array(z.string()),
    split: z.string(),
    limit: z.number().int().nullable().optional(),
    seed: z.number().int().nullable().optional(),
    strategies: z.array(z.string()),
    brackets: z.string().nullable().optional(),
    ablate: z.array(z.string()).nullable().optional(),
    budget: z.record(z.string(), z.number()).nullable().optional().describe("every run's budget, when the eval set one"),
  })
  .describe("run.json of an eval report: the settings it was made with");

export type ReportSummary = z.infer<typeof SummarySchema>;
export type RunSettings = z.infer<typeof RunSettingsSchema>;

/** What the API answers about reports (src/evals/reports.ts); the OpenAPI document uses these too. */
/** A report folder's name: letters, digits, ".", "_", "+", "-", starting with a letter or digit, never "..". */
export const REPORT_NAME = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._+-]{0,120}$/;

export const ReportEntrySchema = z.object({
  name: z.string(),
  datasets: z.array(z.string()),
  split: z.string().nullable().describe("from run.json; null when it is absent or unreadable"),
  strategies: z.array(z.string()),
  n: z.number().int().describe("questions per strategy"),
  modifiedAt: z.string().describe("summary.json's modification time, ISO 8601"),
  judge: z.boolean().describe("whether a judge model scored the answers"),
});

export const BrokenReportEntrySchema = z
  .object({ name: z.string(), modifiedAt: z.string(), error: z.string().describe("what is wrong with the folder's summary.json") })
  .describe("a folder with a summary.json that cannot be used: listed with what is wrong rather than hidden");

export const ReportListingSchema = z.object({
  dir: z.string().describe("the eval directory's own name, never its path"),
  reports: z.array(z.union([ReportEntrySchema, BrokenReportEntrySchema])).describe("newest first, then by name"),
  hint: z.string().optional().describe("how to make a report, when there is none"),
});

export const ReportSchema = z.object({
  name: z.string(),
  summary: SummarySchema,
  run: RunSettingsSchema.nullable().describe("run.json's settings; null when the report has none"),
  runError: z.string().optional().describe("why run.json could not be used, when it is there but unreadable"),
});

export type ReportEntry = z.infer<typeof ReportEntrySchema>;
export type BrokenReportEntry = z.infer<typeof BrokenReportEntrySchema>;
export type ReportListing = z.infer<typeof ReportListingSchema>;
export type Report = z.infer<typeof ReportSchema>;
