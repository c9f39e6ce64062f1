import { z } from "zod";
import { MAX_QUESTION_CHARS } from "../../agents/research/types";
import { IGNORED_HEADER } from "./chat-clients";
import {
  OllamaChatRequest,
  OllamaChatResponse,
  OllamaError,
  OllamaGenerateRequest,
  OllamaGenerateResponse,
  OllamaPsResponse,
  OllamaShowRequest,
  OllamaShowResponse,
  OllamaTagsResponse,
  OllamaVersionResponse,
} from "./ollama-schemas";
import { NON_BLANK } from "./schemas";

type Json = Record<string, any>;
const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The response header naming the fields a request sent that the service does not apply. */
export const IGNORED_FIELDS_HEADER = {
  [IGNORED_HEADER]: { description: "the request's fields (and message fields or content parts) that the service accepted but does not apply, comma-separated; absent when there are none", schema: { type: "string" } },
};

/** A nullable array property's array branch (zod writes `anyOf: [array, null]`). */
const arrayBranch = (property: Json): Json => (property.anyOf as Json[]).find((s) => s.type === "array")!;

/**
 * The chat request: messages absent or empty (Ollama's "load the model"), or holding a user message
 * with text; a user message with images needs text too. Models named with or without ":latest".
 */
function chatRequest(names: readonly string[]): Json {
  const schema = json(OllamaChatRequest);
  schema.properties.model = { type: "string", enum: [...names], description: schema.properties.model.description };
  const messages = arrayBranch(schema.properties.messages);
  const text = { type: "string", pattern: NON_BLANK };
  messages.items.anyOf = [
    { properties: { role: { enum: ["system", "assistant", "tool"] } } },
    { properties: { images: { anyOf: [{ type: "null" }, { type: "array", maxItems: 0 }] } } },
    { properties: { content: text }, required: ["content"] },
  ];
  messages.anyOf = [{ maxItems: 0 }, { contains: { type: "object", properties: { role: { const: "user" }, content: text }, required: ["role", "content"] } }];
  return schema;
}

function generateRequest(names: readonly string[]): Json {
  const schema = json(OllamaGenerateRequest);
  schema.properties.model = { type: "string", enum: [...names], description: schema.properties.model.description };
  const prompt = schema.properties.prompt;
  prompt.anyOf = [{ type: "string", maxLength: MAX_QUESTION_CHARS }, { type: "null" }];
  delete prompt.type;
  prompt.description = `${prompt.description}; at most ${MAX_QUESTION_CHARS} characters (code points)`;
  return schema;
}

/** `model` (one served), or `name` as older clients send it. */
function showRequest(names: readonly string[]): Json {
  const schema = json(OllamaShowRequest);
  schema.properties.model = { type: "string", enum: [...names] };
  schema.anyOf = [{ required: ["model"] }, { required: ["name"], properties: { name: { enum: [...names] } } }];
  return schema;
}

/**
 * The Ollama API's part of the OpenAPI document: its schemas (from the zod schemas that validate
 * it) and paths. `errors` gives the error responses of an operation, in Ollama's `{ error }`.
 */
export function ollamaDocument(models: readonly string[], errors: (...codes: number[]) => Json): { schemas: Json; paths: Json } {
  const names = models.flatMap((m) => [m, `${m}:latest`]);
  const body = (schema: string) => ({ requestBody: { required: true, description: "JSON, whatever the content-type (as Ollama reads it: curl -d works)", content: { "application/json": { schema: ref(schema) } } } });
  const reply = (schema: string, what: string) => ({
    200: {
      description: `${what}: with stream false (or an empty request), one JSON object; otherwise (stream defaults to true) NDJSON, one object a line, the last with done: true and the counts, or an object with error if the run failed`,
      headers: IGNORED_FIELDS_HEADER,
      content: { "application/json": { schema: ref(schema) }, "application/x-ndjson": { schema: { anyOf: [ref(schema), ref("OllamaError")] } } },
    },
  });
  const get = (summary: string, schema: string) => ({ get: { summary, responses: { 200: { description: summary, content: { "application/json": { schema: ref(schema) } } }, ...errors(429) } } });
  return {
    schemas: {
      OllamaChatRequest: chatRequest(names),
      OllamaGenerateRequest: generateRequest(names),
      OllamaShowRequest: showRequest(names),
      OllamaChatResponse: json(OllamaChatResponse),
      OllamaGenerateResponse: json(OllamaGenerateResponse),
      OllamaTags: json(OllamaTagsResponse),
      OllamaPs: json(OllamaPsResponse),
      OllamaVersion: json(OllamaVersionResponse),
      OllamaShow: json(OllamaShowResponse),
      OllamaError: json(OllamaError),
    },
    paths: {
      "/api/chat": { post: { summary: "Ollama-compatible chat: the transcript is the conversation, the model names the strategy", ...body("OllamaChatRequest"), responses: { ...reply("OllamaChatResponse", "the reply"), ...errors(400, 404, 413, 429) } } },
      "/api/generate": { post: { summary: "Ollama-compatible generate: the prompt is one question", ...body("OllamaGenerateRequest"), responses: { ...reply("OllamaGenerateResponse", "the reply"), ...errors(400, 404, 413, 429) } } },
      "/api/show": {
        post: {
          summary: "One model's details, as Ollama shows them",
          ...body("OllamaShowRequest"),
          responses: { 200: { description: "the model", headers: IGNORED_FIELDS_HEADER, content: { "application/json": { schema: ref("OllamaShow") } } }, ...errors(400, 404, 413, 429) },
        },
      },
      "/api/tags": get("The models (one a strategy), as Ollama lists them", "OllamaTags"),
      "/api/ps": get("Running models: none, as nothing is loaded per model", "OllamaPs"),
      "/api/version": get("The service's version", "OllamaVersion"),
    },
  };
}
