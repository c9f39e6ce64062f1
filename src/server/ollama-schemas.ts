import { z } from "zod";

/**
 * The Ollama API's requests and responses as this service serves them: validation and the OpenAPI
 * document come from these. Requests are loose as Ollama's own are (an unknown field is accepted,
 * not applied, and named in x-graphrag-ignored-fields): Ollama clients send fields of newer
 * Ollama versions, and some put model options at the top level.
 */

const maybe = <T extends z.ZodType>(t: T) => t.nullable().optional();
const anObject = z.looseObject({});
/** How long a model stays loaded: a duration ("5m") or seconds; meaningless here, accepted and ignored. */
const KeepAlive = maybe(z.union([z.string(), z.number()]));
const Think = maybe(z.union([z.boolean(), z.string()]));
const Format = maybe(z.union([z.string(), anObject]));

export const OLLAMA_ROLES = ["system", "user", "assistant", "tool"] as const;
export const OllamaMessage = z.looseObject({
  role: z.enum(OLLAMA_ROLES, { error: (issue) => `role must be one of ${OLLAMA_ROLES.join(", ")} (got ${JSON.stringify(issue.input ?? null)})` }),
  content: maybe(z.string()),
  images: maybe(z.array(z.string())),
  thinking: maybe(z.string()),
  tool_calls: maybe(z.array(anObject)),
  tool_name: maybe(z.string()),
});

const model = z.string().min(1, "model is required").meta({ description: "a model from GET /api/tags; the :latest tag may be left off" });
const stream = maybe(z.boolean()).meta({ description: "true (the default, as in Ollama): NDJSON, one object a line, the last with done: true" });

export const OllamaChatRequest = z.looseObject({
  model,
  messages: maybe(z.array(OllamaMessage)).meta({ description: "the conversation: the last user message is the question, the turns before it its history; none loads the model (done_reason load)" }),
  stream,
  format: Format,
  options: maybe(anObject),
  keep_alive: KeepAlive,
  tools: maybe(z.array(anObject)),
  think: Think,
  logprobs: maybe(z.boolean()),
  top_logprobs: maybe(z.number().int()),
});

export const OllamaGenerateRequest = z.looseObject({
  model,
  prompt: maybe(z.string()).meta({ description: "the question; empty or absent loads the model (done_reason load)" }),
  suffix: maybe(z.string()),
  system: maybe(z.string()),
  template: maybe(z.string()),
  context: maybe(z.array(z.number().int())),
  stream,
  raw: maybe(z.boolean()),
  format: Format,
  images: maybe(z.array(z.string())),
  options: maybe(anObject),
  keep_alive: KeepAlive,
  think: Think,
  logprobs: maybe(z.boolean()),
  top_logprobs: maybe(z.number().int()),
});

/** `model`, or `name` as older clients send it. */
export const OllamaShowRequest = z
  .looseObject({ model: z.string().min(1).optional(), name: z.string().min(1).optional(), verbose: maybe(z.boolean()) })
  .refine((b) => b.model !== undefined || b.name !== undefined, { message: "model is required" });

const Durations = {
  total_duration: z.number().int().describe("nanoseconds, the whole request"),
  load_duration: z.number().int().describe("always 0: nothing is loaded per request"),
  prompt_eval_count: z.number().int().describe("the chat model's input tokens; 0 when no model ran"),
  prompt_eval_duration: z.number().int().describe("0: the model's time is reported whole in eval_duration"),
  eval_count: z.number().int().describe("the chat model's output tokens; 0 when no model ran"),
  eval_duration: z.number().int().describe("nanoseconds spent in the chat model; 0 when none ran"),
};
const Extension = z.object({ runId: z.string(), strategy: z.string(), answers: z.array(z.string()), truncated: z.boolean() }).describe("this service's own fields: the stored run and the answers");
/** Set on the last object (done: true). */
const done = { done_reason: z.enum(["stop", "length", "load", "unload"]).optional(), ...z.object(Durations).partial().shape, graphrag: Extension.optional() };
const base = { model: z.string(), created_at: z.string().describe("ISO 8601") };

/** One /api/chat object: a streamed piece (done: false) or the last one, or the whole reply, with the counts (done: true). */
export const OllamaChatResponse = z.object({ ...base, message: z.object({ role: z.literal("assistant"), content: z.string() }), done: z.boolean(), ...done });
/** One /api/generate object, as /api/chat's with `response` for `message`. */
export const OllamaGenerateResponse = z.object({ ...base, response: z.string(), done: z.boolean(), ...done });

export const OllamaModelDetails = z.object({ parent_model: z.string(), format: z.string(), family: z.string(), families: z.array(z.string()), parameter_size: z.string(), quantization_level: z.string() });
export const OllamaTagsResponse = z.object({
  models: z.array(z.object({ name: z.string(), model: z.string(), modified_at: z.string(), size: z.number().int(), digest: z.string(), details: OllamaModelDetails })),
});
export const OllamaPsResponse = z.object({ models: z.array(z.object({ name: z.string(), model: z.string() }).loose()) });
export const OllamaVersionResponse = z.object({ version: z.string() });
export const OllamaShowResponse = z.object({
  license: z.string(),
  modelfile: z.string(),
  parameters: z.string(),
  template: z.string(),
  system: z.string(),
  details: OllamaModelDetails,
  model_info: z.record(z.string(), z.union([z.string(), z.number()])),
  capabilities: z.array(z.string()),
  modified_at: z.string(),
});
/** Ollama's error: one message. */
export const OllamaError = z.object({ error: z.string() });

export type OllamaChatBody = z.infer<typeof OllamaChatRequest>;
export type OllamaGenerateBody = z.infer<typeof OllamaGenerateRequest>;
