import { z } from "zod";
import { ABLATIONS, STRATEGIES } from "../../agents/research/types";
import { MAX_QUESTION_CHARS } from "../../agents/research/types";
import { codePointLength } from "../util/text";
import { EDGE_TYPES, NODE_TYPES } from "../kb/schema";
import { TOOL_NAMES } from "../../tools/evidence";
import { RUN_STATUSES, RUN_VIA } from "../runs/store";
import { ConversationTurnSchema } from "../conversation/turns";
import { FACT_KINDS, PART_KINDS, QueryPlan } from "../plan/schema";

/** Request and response schemas of the HTTP API: validation and the OpenAPI document come from these. */

export const BudgetSchema = z
  .object({
    maxSteps: z.number().int().min(1),
    maxLlmCalls: z.number().int().min(0),
    maxTokens: z.number().int().min(1),
    deadlineMs: z.number().int().min(1),
  })
  .partial()
  .strict()
  .describe("Per-request budget; each value may not exceed the configured cap");

/**
 * The documented pattern of a field that is trimmed and then must not be empty: a character that
 * is neither whitespace nor a byte-order mark (what String.prototype.trim removes), so a client
 * generating from the OpenAPI document never sends what the service rejects as blank.
 */
export const NON_BLANK = "[^\\s\\uFEFF]";

/** A trimmed string of at most `max` characters counted as the OpenAPI document counts them (code points, not UTF-16 units). */
const text = (max: number, field: string) => z.string().trim().refine((v) => codePointLength(v) <= max, `${field} is over ${max} characters`);

export const ResearchRequest = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, "question must not be empty")
      .refine((q) => codePointLength(q) <= MAX_QUESTION_CHARS, `question is over ${MAX_QUESTION_CHARS} characters`)
      .meta({ maxLength: MAX_QUESTION_CHARS, pattern: NON_BLANK, description: `the question; at least one character that is not a space, at most ${MAX_QUESTION_CHARS} characters (code points)` }),
    strategy: z.enum(STRATEGIES).default("auto"),
    budget: BudgetSchema.optional(),
    includeTrace: z.boolean().default(true),
  })
  .strict();

const TripleSchema = z.object({ subject: z.string(), edge: z.enum(EDGE_TYPES), object: z.string() });
export const EvidenceSchema = z.object({
  id: z.string(),
  kind: z.enum(["node", "triple", "path", "passage"]),
  text: z.string(),
  nodeIds: z.array(z.string()),
  focus: z.string(),
  focusType: z.enum(NODE_TYPES).optional(),
  path: z.array(TripleSchema).optional(),
  score: z.number(),
  sources: z.array(z.object({ tool: z.enum(TOOL_NAMES), step: z.number() })),
  meta: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export const TraceStepSchema = z.object({
  index: z.number().int(),
  node: z.string(),
  decision: z.string(),
  rationale: z.string(),
  tool: z.enum(TOOL_NAMES).optional(),
  args: z.record(z.string(), z.unknown()).optional(),
  evidenceIds: z.array(z.string()),
  notes: z.array(z.string()),
  ms: z.number(),
  llmCalls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  fallback: z.string().optional(),
  serves: z.string().optional(),
  plan: QueryPlan.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
const RankedAnswerSchema = z.object({ name: z.string(), type: z.enum(NODE_TYPES).optional(), score: z.number(), evidenceIds: z.array(z.string()), unsupported: z.boolean().optional() });
const AnswerPartSchema = z.object({
  partId: z.string(),
  kind: z.enum(PART_KINDS),
  question: z.string(),
  answers: z.array(RankedAnswerSchema),
  count: z.number().int().optional(),
  verdict: z.enum(["yes", "no"]).optional(),
  lacks: z.enum(FACT_KINDS).optional(),
  text: z.string(),
});
export const RunResultSchema = z.object({
  runId: z.string(),
  question: z.string(),
  strategy: z.enum(STRATEGIES),
  planner: z.string(),
  route: z.enum(["reply", "simple", "research"]),
  /** The typed plan the run followed (runs stored before plans were kept have none). */
  plan: QueryPlan.optional(),
  /** The reply; "[n]" cites the evidence citations[n-1]. */
  answer: z.string(),
  citations: z.array(z.string()).default([]),
  parts: z.array(AnswerPartSchema).default([]),
  answers: z.array(RankedAnswerSchema),
  evidence: z.array(EvidenceSchema),
  trace: z.array(TraceStepSchema).optional(),
  usage: z.object({ llmCalls: z.number(), inputTokens: z.number(), outputTokens: z.number(), cachedCalls: z.number() }),
  timings: z.object({ totalMs: z.number(), toolMs: z.number(), llmMs: z.number(), nonModelMs: z.number(), byNode: z.record(z.string(), z.number()), byTool: z.record(z.string(), z.number()) }),
  truncated: z.boolean(),
  truncatedReason: z.string().optional(),
  ablations: z.array(z.enum(ABLATIONS)),
});

export const StoredRunSchema = z.object({
  runId: z.string(),
  seq: z.number().int(),
  status: z.enum(RUN_STATUSES),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  request: z.object({ question: z.string(), strategy: z.string(), budget: BudgetSchema.optional(), via: z.enum(RUN_VIA), history: z.array(ConversationTurnSchema).optional(), threadId: z.string().optional() }),
  result: RunResultSchema.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

/** An enum whose error names the allowed values and what was sent, so a client can fix the call. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => `expected one of ${values.join(", ")} (got ${JSON.stringify(issue.input)})` });

export const RunsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.coerce.number().int().min(0).optional().describe("nextCursor of the previous page"),
    strategy: oneOf(STRATEGIES).optional().describe("only runs asked with this strategy"),
    status: oneOf(RUN_STATUSES).optional().describe("only runs in this status"),
    q: text(200, "q")
      .optional()
      .meta({ maxLength: 200, description: "only runs whose question contains this text (case-insensitive, trimmed; empty matches all); at most 200 characters (code points)" }),
  })
  .strict();

export const EntitiesQuery = z
  .object({
    q: text(300, "q")
      .min(1, "q must not be empty")
      .meta({ maxLength: 300, pattern: NON_BLANK, description: "the mention; at least one character that is not a space, at most 300 characters (code points)" }),
    type: z.enum(NODE_TYPES).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();

export const NeighborsQuery = z
  .object({
    relation: z.enum(EDGE_TYPES).optional(),
    direction: z.enum(["out", "in", "both"]).default("both"),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();

export const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional(), requestId: z.string().optional() }) });

/** OpenAI chat completions: the fields the service reads, plus the standard ones it accepts and ignores. */
const ChatContentPart = z.object({ type: z.literal("text"), text: z.string() }).strict();
export const ChatCompletionRequest = z
  .object({
    model: z.string().min(1),
    messages: z
      .array(z.object({ role: z.enum(["system", "developer", "user", "assistant", "tool"]), content: z.union([z.string(), z.array(ChatContentPart)]).nullable(), name: z.string().optional() }).strict())
      .min(1, "messages must not be empty"),
    stream: z.boolean().default(false),
    stream_options: z.object({ include_usage: z.boolean().optional() }).strict().optional(),
    temperature: z.number().optional(),
    top_p: z.number().optional(),
    max_tokens: z.number().int().optional(),
    max_completion_tokens: z.number().int().optional(),
    n: z.literal(1).optional(),
    stop: z.union([z.string(), z.array(z.string())]).optional(),
    user: z.string().optional(),
    presence_penalty: z.number().optional(),
    frequency_penalty: z.number().optional(),
    seed: z.number().int().optional(),
  })
  .strict();

export type ResearchRequestBody = z.infer<typeof ResearchRequest>;
export type ChatCompletionBody = z.infer<typeof ChatCompletionRequest>;
