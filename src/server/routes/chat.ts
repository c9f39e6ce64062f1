import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { STRATEGIES, type RunResult, type Strategy } from "../../../agents/research/types";
import { chatConversation, nameIgnored, replyChunks, replyWithFootnotes, type ChatInput } from "../chat-clients";
import type { AppEnv } from "../env";
import { HttpError, errorResponse } from "../errors";
import { serveRun, type ServiceDeps } from "../research-service";
import { CHAT_FIELDS_READ, ChatCompletionRequest, type ChatCompletionBody } from "../schemas";
import { jsonBody } from "../validation";

const PREFIX = "graphrag-";
const OWNER = "movie-graph-research";

/** The chat models this service answers as: one a strategy, `llm` only with a chat model. */
export function modelIds(hasModel: boolean): string[] {
  return STRATEGIES.filter((s) => s !== "llm" || hasModel).map((s) => `${PREFIX}${s}`);
}

/** The strategy a served model id names; undefined for any other id. */
export function strategyOfModel(id: string, hasModel: boolean): Strategy | undefined {
  return modelIds(hasModel).includes(id) ? (id.slice(PREFIX.length) as Strategy) : undefined;
}

type Message = ChatCompletionBody["messages"][number];
type Part = { type: string; text?: unknown };
const partsOf = (m: Message): Part[] => (Array.isArray(m.content) ? (m.content as Part[]) : []);

/** A message as the service reads it: its string content or its text parts joined, and the other parts' types. */
const inputOf = (m: Message): ChatInput => ({
  role: m.role,
  text: typeof m.content === "string" ? m.content : partsOf(m).flatMap((p) => (p.type === "text" ? [String(p.text)] : [])).join("\n"),
  unread: partsOf(m).flatMap((p) => (p.type === "text" ? [] : [p.type])),
});

const READ = new Set<string>(CHAT_FIELDS_READ);

/**
 * What the request sent that the service does not apply, for the x-graphrag-ignored-fields header:
 * top-level fields it does not read (sampling, tools, formats...), message fields other than role
 * and content, and content parts other than text. A field sent as null counts as not sent.
 */
export function ignoredChatFields(body: ChatCompletionBody): string[] {
  const names = Object.entries(body).flatMap(([k, v]) => (v != null && !READ.has(k) ? [k] : []));
  for (const m of body.messages) {
    for (const [k, v] of Object.entries(m)) if (v != null && k !== "role" && k !== "content") names.push(`messages[].${k}`);
    for (const p of partsOf(m)) if (p.type !== "text") names.push(`messages[].content[].${p.type}`);
  }
  return names;
}

function completion(model: string, r: RunResult, created: number) {
  return {
    id: `chatcmpl-${r.runId}`,
    object: "chat.completion" as const,
    created,
    model,
    choices: [{ index: 0, message: { role: "assistant" as const, content: replyWithFootnotes(r), refusal: null }, finish_reason: r.truncated ? "length" : "stop", logprobs: null }],
    usage: usageOf(r),
    graphrag: { runId: r.runId, strategy: r.strategy, answers: r.answers.map((a) => a.name), truncated: r.truncated, ...(r.truncatedReason ? { truncatedReason: r.truncatedReason } : {}) },
  };
}

/** The chat model's tokens when one ran; 0 when none did (the offline default). */
const usageOf = (r: RunResult) => ({ prompt_tokens: r.usage.inputTokens, completion_tokens: r.usage.outputTokens, total_tokens: r.usage.inputTokens + r.usage.outputTokens });
const modelObject = (id: string) => ({ id, object: "model" as const, created: 0, owned_by: OWNER });

function modelNotFound(id: string, hasModel: boolean): HttpError {
  return new HttpError(404, "model_not_found", `unknown model "${id}"; available: ${modelIds(hasModel).join(", ")}`);
}

/**
 * OpenAI-compatible chat completions, so existing clients and UIs can use the service: the model
 * names the strategy (`graphrag-auto`, `graphrag-simple`, ...), the transcript is the conversation
 * (the last user message is the question, the turns before it its history). Every standard field
 * is accepted; those that do not apply are named in the x-graphrag-ignored-fields header.
 */
export function chatRoutes(deps: ServiceDeps, keepAliveMs: number): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/v1/models", (c) => c.json({ object: "list", data: modelIds(deps.hasModel).map(modelObject) }));
  app.get("/v1/models/:id", (c) => {
    const id = c.req.param("id");
    if (!strategyOfModel(id, deps.hasModel)) throw modelNotFound(id, deps.hasModel);
    return c.json(modelObject(id));
  });

  app.post("/v1/chat/completions", async (c) => {
    const body = await jsonBody(c, ChatCompletionRequest);
    const strategy = strategyOfModel(body.model, deps.hasModel);
    if (!strategy) throw modelNotFound(body.model, deps.hasModel);
    const { question, history, unread } = chatConversation(body.messages.map(inputOf));
    const request = { question, strategy, via: "chat" as const, ...(history.length ? { history } : {}) };
    nameIgnored(c, [...ignoredChatFields(body), ...unread]);
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      const r = await serveRun(deps, request, c.req.raw.signal);
      return c.json(completion(body.model, r, created));
    }
    const controller = new AbortController();
    c.req.raw.signal.addEventListener("abort", () => controller.abort(), { once: true });
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => controller.abort());
      const keepAlive = setInterval(() => void stream.write(": keep-alive\n\n"), keepAliveMs);
      try {
        const r = await serveRun(deps, request, controller.signal);
        const base = { id: `chatcmpl-${r.runId}`, object: "chat.completion.chunk", created, model: body.model };
        const chunk = (delta: Record<string, string>, finish: string | null) => stream.writeSSE({ data: JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] }) });
        await chunk({ role: "assistant", content: "" }, null);
        for (const piece of replyChunks(replyWithFootnotes(r))) await chunk({ content: piece }, null);
        await chunk({}, r.truncated ? "length" : "stop");
        if (body.stream_options?.include_usage) await stream.writeSSE({ data: JSON.stringify({ ...base, choices: [], usage: usageOf(r) }) });
        await stream.writeSSE({ data: "[DONE]" });
      } catch (e) {
        if (!controller.signal.aborted) await stream.writeSSE({ data: JSON.stringify(await errorResponse(c, e).json()) });
      } finally {
        clearInterval(keepAlive);
      }
    });
  });
  return app;
}
