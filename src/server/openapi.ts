import { z } from "zod";
import type { Budget } from "../../agents/research/types";
import { REPORT_NAME, ReportListingSchema, ReportSchema } from "../evals/schemas";
import { IGNORED_FIELDS_HEADER, ollamaDocument } from "./openapi-ollama";
import { ChatCompletionRequest, EntitiesQuery, NON_BLANK, ErrorSchema, NeighborsQuery, ResearchRequest, RunResultSchema, RunsQuery, StoredRunSchema } from "./schemas";

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const ERROR_TEXT: Record<number, string> = {
  400: "invalid input (field errors in details)",
  401: "missing or invalid API key",
  404: "not found",
  405: "method not allowed (Allow lists the methods)",
  413: "body over the size limit",
  415: "the body is not sent as application/json",
  429: "rate limited (Retry-After)",
  500: "internal error (no details)",
  503: "at capacity, shutting down (draining) or a run interrupted by a shutdown (Retry-After)",
};

/** What the document says depends on how the service runs: keys required or not, the caps, the models served. */
export interface OpenApiOptions {
  authRequired: boolean;
  /** Without a chat model the llm strategy is refused, so the document does not offer it. */
  hasModel: boolean;
  caps: Budget;
  /** The chat models (strategies) this service answers as. */
  models: readonly string[];
}

/** The SSE events a stream sends, each as schemathesis and clients read them: an event name and JSON data. */
const SSE_EVENT = (names: readonly string[]) => ({
  type: "object",
  properties: { event: { type: "string", enum: names }, data: { type: "string", description: "JSON" }, id: { type: "string" }, retry: { type: "integer" } },
  required: ["data"],
});

function queryParameters(schema: z.ZodObject) {
  const js = json(schema) as { properties: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(js.properties).map(([name, s]) => ({ name, in: "query", required: js.required?.includes(name) ?? false, schema: s }));
}

/** The research request with each budget field capped as this service caps it, and only the strategies it runs. */
function researchRequestSchema(caps: Budget, hasModel: boolean): Record<string, unknown> {
  const schema = json(ResearchRequest) as { properties: { budget: { properties: Record<keyof Budget, Record<string, unknown>> }; strategy: { enum: string[] }; judge: { enum: string[] }; writer: { enum: string[] } } };
  for (const key of Object.keys(caps) as (keyof Budget)[]) schema.properties.budget.properties[key]!.maximum = caps[key];
  if (!hasModel) {
    schema.properties.strategy.enum = schema.properties.strategy.enum.filter((s) => s !== "llm");
    schema.properties.judge.enum = ["rules"];
    schema.properties.writer.enum = ["rules"];
  }
  return schema;
}

/**
 * The chat request: the models this service answers as, messages holding at least one user message
 * with text, and a user message with images, audio or files holding text too (the service reads text only).
 */
function chatRequestSchema(models: readonly string[]): Record<string, unknown> {
  type Json = Record<string, any>;
  const schema = json(ChatCompletionRequest) as { properties: { model: Json; messages: Json } };
  schema.properties.model = { type: "string", enum: [...models] };
  const text = { type: "string", pattern: NON_BLANK };
  const textPart = { type: "object", properties: { type: { const: "text" }, text }, required: ["type", "text"] };
  schema.properties.messages.contains = { type: "object", properties: { role: { const: "user" }, content: { anyOf: [text, { type: "array", contains: textPart }] } }, required: ["role", "content"] };
  const user = (schema.properties.messages.items.oneOf as Json[]).find((m) => m.properties.role.const === "user")!;
  const parts = (user.properties.content.anyOf as Json[]).find((c) => c.type === "array")!;
  parts.anyOf = [{ items: { properties: { type: { const: "text" } } } }, { contains: textPart }];
  return schema;
}

/**
 * The OpenAPI 3.1 document of this service as it runs, generated from the zod schemas that validate
 * requests: every status an operation can answer (413 and 415 where a body is read, 401 and the
 * security schemes only when API keys are set, 429 on rate-limited routes, 503 everywhere while the
 * service drains), budget fields capped at the configured caps, the chat models it serves.
 */
export function openApiDocument(version: string, o: OpenApiOptions): Record<string, unknown> {
  const auth = o.authRequired ? [401] : [];
  const errorsAs = (schema: string) => (...codes: number[]) => Object.fromEntries([...new Set([...codes, 405, 500, 503])].sort().map((c) => [String(c), { description: ERROR_TEXT[c] ?? "error", content: { "application/json": { schema: ref(schema) } } }]));
  const errors = errorsAs("Error");
  const ollama = ollamaDocument(o.models, (...codes) => errorsAs("OllamaError")(...codes, ...auth));
  const open = { security: [] as unknown[] };
  const body = (schema: string) => ({ requestBody: { required: true, content: { "application/json": { schema: ref(schema) } } } });
  const reportName = { name: "name", in: "path", required: true, description: "a report folder's name (GET /v1/evals lists them)", schema: { type: "string", pattern: REPORT_NAME.source, maxLength: 121 } };
  return {
    openapi: "3.1.0",
    info: { title: "movie-graph-research", version, description: "Agentic research over a movie knowledge graph. Errors are { error: { code, message, details? } }; every response has x-request-id." },
    components: {
      schemas: {
        ResearchRequest: researchRequestSchema(o.caps, o.hasModel),
        RunResult: json(RunResultSchema),
        StoredRun: json(StoredRunSchema),
        ChatCompletionRequest: chatRequestSchema(o.models),
        Error: json(ErrorSchema),
        Model: { type: "object", properties: { id: { type: "string" }, object: { const: "model" }, created: { type: "integer" }, owned_by: { type: "string" } }, required: ["id", "object", "created", "owned_by"] },
        ...ollama.schemas,
        EvalReportList: json(ReportListingSchema),
        EvalReport: json(ReportSchema),
      },
      ...(o.authRequired ? { securitySchemes: { bearer: { type: "http", scheme: "bearer" }, apiKey: { type: "apiKey", in: "header", name: "x-api-key" } } } : {}),
    },
    ...(o.authRequired ? { security: [{ bearer: [] }, { apiKey: [] }] } : {}),
    paths: {
      "/v1/research": { post: { summary: "Run a research question and return the result", ...body("ResearchRequest"), responses: { 200: { description: "the run result", content: { "application/json": { schema: ref("RunResult") } } }, ...errors(400, ...auth, 413, 415, 429) } } },
      "/v1/research/stream": {
        post: {
          summary: "Run a research question, streaming Server-Sent Events: run, step (one per trace step), answer, error",
          ...body("ResearchRequest"),
          responses: { 200: { description: "an event stream", content: { "text/event-stream": { schema: SSE_EVENT(["run", "step", "answer", "error"]) } } }, ...errors(400, ...auth, 413, 415, 429) },
        },
      },
      "/v1/runs": { get: { summary: "Stored runs, newest first; strategy, status and q narrow the list before paging, so the cursor walks the matching runs", parameters: queryParameters(RunsQuery), responses: { 200: { description: "a page of runs", content: { "application/json": { schema: { type: "object", properties: { runs: { type: "array", items: ref("StoredRun") }, nextCursor: { type: "integer" } } } } } }, ...errors(400, ...auth, 429) } } },
      "/v1/runs/{id}": { get: { summary: "One stored run with its trace", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: { 200: { description: "the run", content: { "application/json": { schema: ref("StoredRun") } } }, ...errors(...auth, 404, 429) } } },
      "/v1/entities": { get: { summary: "Entity linking: a mention to ranked KB entities", parameters: queryParameters(EntitiesQuery), responses: { 200: { description: "candidates", content: { "application/json": { schema: { type: "object" } } } }, ...errors(400, ...auth, 429) } } },
      "/v1/entities/{id}/neighbors": { get: { summary: "An entity's neighbours (id is the exact KB name, URL-encoded)", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, ...queryParameters(NeighborsQuery)], responses: { 200: { description: "neighbours", content: { "application/json": { schema: { type: "object" } } } }, ...errors(400, ...auth, 404, 429) } } },
      "/v1/evals": { get: { summary: "Eval reports in EVAL_DIR (folders holding a summary.json), newest first; unreadable ones carry an error; none gives a hint", responses: { 200: { description: "the reports", content: { "application/json": { schema: ref("EvalReportList") } } }, ...errors(...auth, 429) } } },
      "/v1/evals/{name}": { get: { summary: "One eval report: its summary.json and run.json settings (500 when its summary.json is unreadable; the message says what is wrong)", parameters: [reportName], responses: { 200: { description: "the report", content: { "application/json": { schema: ref("EvalReport") } } }, ...errors(400, ...auth, 404, 429) } } },
      "/v1/evals/{name}/chart.svg": { get: { summary: "An eval report's chart (summary.svg), served with a restrictive content-security-policy", parameters: [reportName], responses: { 200: { description: "the chart", content: { "image/svg+xml": { schema: { type: "string" } } } }, ...errors(400, ...auth, 404, 429) } } },
      "/v1/chat/completions": {
        post: {
          summary: "OpenAI-compatible chat completions; the model names the strategy (graphrag-<strategy>)",
          ...body("ChatCompletionRequest"),
          responses: {
            200: { description: "chat.completion, or with stream: true a stream of chat.completion.chunk events ending in [DONE]; the reply's [n] cite the footnotes after it", headers: IGNORED_FIELDS_HEADER, content: { "application/json": { schema: { type: "object" } }, "text/event-stream": { schema: SSE_EVENT(["message"]) } } },
            ...errors(400, ...auth, 404, 413, 415, 429),
          },
        },
      },
      "/v1/models": { get: { summary: "The strategies as OpenAI model ids", responses: { 200: { description: "model list", content: { "application/json": { schema: { type: "object", properties: { object: { const: "list" }, data: { type: "array", items: ref("Model") } }, required: ["object", "data"] } } } }, ...errors(...auth, 429) } } },
      "/v1/models/{id}": {
        get: {
          summary: "One model (404 names the models served)",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { 200: { description: "the model", content: { "application/json": { schema: ref("Model") } } }, ...errors(...auth, 404, 429) },
        },
      },
      ...ollama.paths,
      "/v1/health": { get: { summary: "Health: stores, counts by type, model provider, embedder, version (503 while draining)", ...open, responses: { 200: { description: "healthy", content: { "application/json": { schema: { type: "object" } } } }, ...errors() } } },
      "/v1/openapi.json": { get: { summary: "This document", ...open, responses: { 200: { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } }, ...errors() } } },
    },
  };
}

/** The methods each path of the document answers, for 405 with Allow: path templates as patterns. */
export function allowedMethods(document: Record<string, unknown>): { pattern: RegExp; methods: string[] }[] {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).map(([template, ops]) => {
    const methods = Object.keys(ops).map((m) => m.toUpperCase());
    if (methods.includes("GET")) methods.push("HEAD");
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, "[^/]+")}$`);
    return { pattern, methods };
  });
}
