import { z } from "zod";
import { ABLATIONS, JUDGES, ROUTES, STRATEGIES, WRITERS } from "../../agents/research/types";
import { MAX_QUESTION_CHARS } from "../../agents/research/types";
import { NON_BLANK_PATTERN, codePointLength, editDistance } from "../util/text";
import { overLimitMessage } from "../util/limits";
import { EDGE_TYPES, NODE_TYPES } from "../kb/schema";
import { TOOL_NAMES } from "../../tools/evidence";
import { RUN_STATUSES, RUN_VIA } from "../runs/store";
import { ConversationTurnSchema, MAX_HISTORY_TURNS } from "../conversation/turns";
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

export const NON_BLANK = NON_BLANK_PATTERN;

/** A trimmed string of at most `max` characters counted as the OpenAPI document counts them (code points, not UTF-16 units). */
const text = (max: number, field: string) => z.string().trim().refine((v) => codePointLength(v) <= max, `${field} is over ${max} characters`);

export const ResearchRequest = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, "question must not be empty")
      .refine((q) => codePointLength(q) <= MAX_QUESTION_CHARS, { error: (iss) => overLimitMessage("question", codePointLength(String(iss.input)), MAX_QUESTION_CHARS) })
      .meta({ maxLength: MAX_QUESTION_CHARS, pattern: NON_BLANK, description: `the question; at least one character that is not a space, at most ${MAX_QUESTION_CHARS} characters (code points)` }),
    strategy: z.enum(STRATEGIES).default("auto"),
    judge: z.enum(JUDGES).default("rules").describe("who judges whether the evidence is enough: the rules, or the chat model (needs one)"),
    writer: z.enum(WRITERS).default("rules").describe("who writes the answer's text: the rules' renderer, or the chat model (needs one; its names, years and numbers are checked against the evidence they cite)"),
    budget: BudgetSchema.optional(),
    includeTrace: z.boolean().default(true),
    history: z
      .array(ConversationTurnSchema)
      .max(MAX_HISTORY_TURNS, `history: send at most the newest ${MAX_HISTORY_TURNS} turns`)
      .optional()
      .describe("the conversation's earlier turns, oldest first: the question is read as a follow-up to them (it, he, what about…, only the ones…)"),
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
  route: z.enum(ROUTES),
  followUp: z
    .object({ kind: z.enum(["anaphor", "ellipsis", "substitution", "refinement"]), rule: z.string(), resolved: z.string(), referents: z.array(z.object({ name: z.string(), type: z.enum(NODE_TYPES), from: z.enum(["answer", "topic"]), turn: z.number().int() })) })
    .optional()
    .describe("how a question asked in a conversation was read against the turns before it"),
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
  judge: z.enum(JUDGES).optional(),
  writer: z.enum(WRITERS).optional(),
  claims: z.object({ checked: z.number().int(), unsupported: z.number().int(), flagged: z.array(z.string()) }).optional().describe("a model-written text's names, years and numbers checked against the evidence each sentence cites"),
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

/**
 * OpenAI chat completions: every request field of the current API (openai 6.x), typed loosely (an
 * object the service does not read is checked to be an object, not field by field; null is "not
 * sent") so any client's request fits. An unknown top-level field is a 400 that names it, so a typo is not silently
 * ignored; message objects and content parts may carry extra keys. routes/chat.ts says which fields
 * it reads; the rest are named in the x-graphrag-ignored-fields response header.
 */
const maybe = <T extends z.ZodType>(t: T) => t.nullable().optional();
const ChatTextPart = z.looseObject({ type: z.literal("text"), text: z.string() });
const ChatTextContent = z.union([z.string(), z.array(ChatTextPart)]);
const partTypes = (types: readonly string[]) => ({
  error: (issue: { input?: unknown }) => `a content part's type must be one of ${types.join(", ")} (got ${JSON.stringify((issue.input as { type?: unknown } | undefined)?.type ?? null)})`,
});
const ChatUserPart = z.discriminatedUnion(
  "type",
  [
    ChatTextPart,
    z.looseObject({ type: z.literal("image_url"), image_url: z.looseObject({ url: z.string(), detail: z.string().optional() }) }),
    z.looseObject({ type: z.literal("input_audio"), input_audio: z.looseObject({ data: z.string(), format: z.string() }) }),
    z.looseObject({ type: z.literal("file"), file: z.looseObject({ file_data: z.string().optional(), file_id: z.string().optional(), filename: z.string().optional() }) }),
  ],
  partTypes(["text", "image_url", "input_audio", "file"]),
);
const ChatAssistantPart = z.discriminatedUnion("type", [ChatTextPart, z.looseObject({ type: z.literal("refusal"), refusal: z.string() })], partTypes(["text", "refusal"]));
const CHAT_ROLES = ["system", "developer", "user", "assistant", "tool", "function"] as const;
const ChatMessage = z.discriminatedUnion(
  "role",
  [
    z.looseObject({ role: z.enum(["system", "developer"]), content: ChatTextContent, name: z.string().optional() }),
    z.looseObject({ role: z.literal("user"), content: z.union([z.string(), z.array(ChatUserPart)]), name: z.string().optional() }),
    z.looseObject({
      role: z.literal("assistant"),
      content: maybe(z.union([z.string(), z.array(ChatAssistantPart)])),
      name: z.string().optional(),
      refusal: maybe(z.string()),
      tool_calls: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
      function_call: maybe(z.looseObject({ name: z.string(), arguments: z.string() })),
      audio: maybe(z.looseObject({ id: z.string() })),
    }),
    z.looseObject({ role: z.literal("tool"), content: ChatTextContent, tool_call_id: z.string() }),
    z.looseObject({ role: z.literal("function"), content: z.string().nullable(), name: z.string() }),
  ],
  { error: (issue) => `role must be one of ${CHAT_ROLES.join(", ")} (got ${JSON.stringify((issue.input as { role?: unknown } | undefined)?.role ?? null)})` },
);
const anObject = z.looseObject({});
const typed = z.looseObject({ type: z.string() });

/** The fields the service reads; every other field is accepted and ignored. */
export const CHAT_FIELDS_READ = ["model", "messages", "stream", "stream_options", "n"] as const;
const CHAT_FIELDS = {
  model: z.string().min(1),
  messages: z.array(ChatMessage).min(1, "messages must not be empty"),
  stream: maybe(z.boolean()),
  stream_options: maybe(z.looseObject({ include_usage: z.boolean().optional(), include_obfuscation: z.boolean().optional() })),
  n: maybe(z.number().int().min(1, "n must be 1").max(1, "only n = 1 is supported: the service writes one answer")),
  audio: maybe(z.looseObject({ format: z.string(), voice: z.union([z.string(), z.looseObject({ id: z.string() })]) })),
  frequency_penalty: maybe(z.number()),
  function_call: maybe(z.union([z.string(), z.looseObject({ name: z.string() })])),
  functions: maybe(z.array(z.looseObject({ name: z.string() }))),
  logit_bias: maybe(z.record(z.string(), z.number())),
  logprobs: maybe(z.boolean()),
  max_completion_tokens: maybe(z.number().int()),
  max_tokens: maybe(z.number().int()),
  metadata: maybe(z.record(z.string(), z.string())),
  modalities: maybe(z.array(z.string())),
  moderation: maybe(z.looseObject({ model: z.string() })),
  parallel_tool_calls: maybe(z.boolean()),
  prediction: maybe(z.looseObject({ type: z.string(), content: ChatTextContent })),
  presence_penalty: maybe(z.number()),
  prompt_cache_key: maybe(z.string()),
  prompt_cache_options: maybe(anObject),
  prompt_cache_retention: maybe(z.string()),
  reasoning_effort: maybe(z.string()),
  response_format: maybe(typed),
  safety_identifier: maybe(z.string()),
  seed: maybe(z.number().int()),
  service_tier: maybe(z.string()),
  stop: maybe(z.union([z.string(), z.array(z.string())])),
  store: maybe(z.boolean()),
  temperature: maybe(z.number()),
  tool_choice: maybe(z.union([z.string(), typed])),
  tools: maybe(z.array(typed)),
  top_logprobs: maybe(z.number().int()),
  top_p: maybe(z.number()),
  user: maybe(z.string()),
  verbosity: maybe(z.string()),
  web_search_options: maybe(anObject),
};
const CHAT_FIELD_NAMES = Object.keys(CHAT_FIELDS);

/** Unknown fields, said with the field each is closest to when it looks like a typo ("temprature": did you mean temperature?). */
function unknownFields(keys: readonly string[]): string {
  const hints = keys.flatMap((k) => {
    const near = CHAT_FIELD_NAMES.map((f) => ({ f, d: editDistance(k.toLowerCase(), f, 3) })).sort((a, b) => a.d - b.d)[0]!;
    return near.d <= Math.min(3, Math.floor(k.length / 3)) ? [keys.length > 1 ? `${k}: did you mean ${near.f}?` : `did you mean ${near.f}?`] : [];
  });
  const what = keys.length > 1 ? "not OpenAI chat-completions request fields" : "not an OpenAI chat-completions request field";
  return `${what}${hints.length ? ` (${hints.join("; ")})` : ""}`;
}

export const ChatCompletionRequest = z.strictObject(CHAT_FIELDS, {
  error: (issue) => (issue.code === "unrecognized_keys" ? unknownFields(issue.keys) : undefined),
});

export type ResearchRequestBody = z.infer<typeof ResearchRequest>;
export type ChatCompletionBody = z.infer<typeof ChatCompletionRequest>;
