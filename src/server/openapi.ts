import { z } from "zod";
import { REPORT_NAME, ReportListingSchema, ReportSchema } from "../evals/schemas";
import { ChatCompletionRequest, EntitiesQuery, ErrorSchema, NeighborsQuery, ResearchRequest, RunResultSchema, RunsQuery, StoredRunSchema } from "./schemas";

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [String(c), { description: ERROR_TEXT[c] ?? "error", content: { "application/json": { schema: ref("Error") } } }]));
const ERROR_TEXT: Record<number, string> = { 400: "invalid input (field errors in details)", 401: "missing or invalid API key", 404: "not found", 413: "body over the size limit", 415: "not JSON", 429: "rate limited (Retry-After)", 503: "at capacity (Retry-After)" };

function queryParameters(schema: z.ZodObject) {
  const js = json(schema) as { properties: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(js.properties).map(([name, s]) => ({ name, in: "query", required: js.required?.includes(name) ?? false, schema: s }));
}

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function openApiDocument(version: string): Record<string, unknown> {
  const research = { requestBody: { required: true, content: { "application/json": { schema: ref("ResearchRequest") } } } };
  const reportName = { name: "name", in: "path", required: true, description: "a report folder's name (GET /v1/evals lists them)", schema: { type: "string", pattern: REPORT_NAME.source, maxLength: 121 } };
  return {
    openapi: "3.1.0",
    info: { title: "movie-graph-research", version, description: "Agentic research over a movie knowledge graph. Errors are { error: { code, message, details? } }; every response has x-request-id." },
    components: {
      schemas: {
        ResearchRequest: json(ResearchRequest),
        RunResult: json(RunResultSchema),
        StoredRun: json(StoredRunSchema),
        ChatCompletionRequest: json(ChatCompletionRequest),
        Error: json(ErrorSchema),
        EvalReportList: json(ReportListingSchema),
        EvalReport: json(ReportSchema),
      },
      securitySchemes: { bearer: { type: "http", scheme: "bearer" }, apiKey: { type: "apiKey", in: "header", name: "x-api-key" } },
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    paths: {
      "/v1/research": { post: { summary: "Run a research question and return the result", ...research, responses: { 200: { description: "the run result", content: { "application/json": { schema: ref("RunResult") } } }, ...errors(400, 401, 413, 415, 429, 503) } } },
      "/v1/research/stream": { post: { summary: "Run a research question, streaming Server-Sent Events: run, step (one per trace step), answer, error", ...research, responses: { 200: { description: "text/event-stream", content: { "text/event-stream": { schema: { type: "string" } } } }, ...errors(400, 401, 413, 429, 503) } } },
      "/v1/runs": { get: { summary: "Stored runs, newest first; strategy, status and q narrow the list before paging, so the cursor walks the matching runs", parameters: queryParameters(RunsQuery), responses: { 200: { description: "a page of runs", content: { "application/json": { schema: { type: "object", properties: { runs: { type: "array", items: ref("StoredRun") }, nextCursor: { type: "integer" } } } } } }, ...errors(400, 401) } } },
      "/v1/runs/{id}": { get: { summary: "One stored run with its trace", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: { 200: { description: "the run", content: { "application/json": { schema: ref("StoredRun") } } }, ...errors(401, 404) } } },
      "/v1/entities": { get: { summary: "Entity linking: a mention to ranked KB entities", parameters: queryParameters(EntitiesQuery), responses: { 200: { description: "candidates" }, ...errors(400, 401) } } },
      "/v1/entities/{id}/neighbors": { get: { summary: "An entity's neighbours (id is the exact KB name, URL-encoded)", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, ...queryParameters(NeighborsQuery)], responses: { 200: { description: "neighbours" }, ...errors(400, 401, 404) } } },
      "/v1/evals": { get: { summary: "Eval reports in EVAL_DIR (folders holding a summary.json), newest first; unreadable ones carry an error; none gives a hint", responses: { 200: { description: "the reports", content: { "application/json": { schema: ref("EvalReportList") } } }, ...errors(401) } } },
      "/v1/evals/{name}": { get: { summary: "One eval report: its summary.json and run.json settings", parameters: [reportName], responses: { 200: { description: "the report", content: { "application/json": { schema: ref("EvalReport") } } }, ...errors(400, 401, 404), 500: { description: "the report's summary.json is unreadable (the message says what is wrong)", content: { "application/json": { schema: ref("Error") } } } } } },
      "/v1/evals/{name}/chart.svg": { get: { summary: "An eval report's chart (summary.svg), served with a restrictive content-security-policy", parameters: [reportName], responses: { 200: { description: "the chart", content: { "image/svg+xml": { schema: { type: "string" } } } }, ...errors(400, 401, 404) } } },
      "/v1/chat/completions": { post: { summary: "OpenAI-compatible chat completions; model graphrag-<strategy>", requestBody: { required: true, content: { "application/json": { schema: ref("ChatCompletionRequest") } } }, responses: { 200: { description: "chat.completion (or a chunk stream with stream: true)" }, ...errors(400, 401, 404, 429, 503) } } },
      "/v1/models": { get: { summary: "The strategies as OpenAI model ids", responses: { 200: { description: "model list" } } } },
      "/v1/health": { get: { summary: "Health: stores, counts by type, model provider, version", security: [], responses: { 200: { description: "healthy" } } } },
      "/v1/openapi.json": { get: { summary: "This document", security: [], responses: { 200: { description: "OpenAPI 3.1" } } } },
    },
  };
}
