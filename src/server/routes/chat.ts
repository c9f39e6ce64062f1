import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { STRATEGIES, type RunResult, type Strategy } from "../../../agents/research/types";
import type { AppEnv } from "../env";
import { HttpError, errorResponse } from "../errors";
import { serveRun, type ServiceDeps } from "../research-service";
import { ChatCompletionRequest, type ChatCompletionBody } from "../schemas";
import { jsonBody } from "../validation";
import { MAX_QUESTION_CHARS } from "../../../agents/research/types";
import { codePointLength } from "../../util/text";

const PREFIX = "graphrag-";
const OWNER = "movie-graph-research";

export function modelIds(hasModel: boolean): string[] {
  return STRATEGIES.filter((s) => s !== "llm" || hasModel).map((s) => `${PREFIX}${s}`);
}

/** The question is the last user message with text (the service answers single questions, not dialogues). */
function questionOf(body: ChatCompletionBody): string {
  const textOf = (m: ChatCompletionBody["messages"][number]) => (typeof m.content === "string" ? m.content : (m.content ?? []).map((p) => p.text).join("\n")).trim();
  const q = [...body.messages].reverse().filter((m) => m.role === "user").map(textOf).find((t) => t.length > 0) ?? "";
  if (!q) throw new HttpError(400, "invalid_input", "invalid body: messages: needs a user message with text");
  const chars = codePointLength(q);
  if (chars > MAX_QUESTION_CHARS) throw new HttpError(400, "invalid_input", `invalid body: messages: the question is ${chars} characters; the limit is ${MAX_QUESTION_CHARS}`);
  return q;
}

function completion(model: string, r: RunResult, created: number) {
  return {
    id: `chatcmpl-${r.runId}`,
    object: "chat.completion" as const,
    created,
    model,
    choices: [{ index: 0, message: { role: "assistant" as const, content: r.answer }, finish_reason: r.truncated ? "length" : "stop", logprobs: null }],
    usage: { prompt_tokens: r.usage.inputTokens, completion_tokens: r.usage.outputTokens, total_tokens: r.usage.inputTokens + r.usage.outputTokens },
    graphrag: { runId: r.runId, strategy: r.strategy, answers: r.answers.map((a) => a.name), truncated: r.truncated, ...(r.truncatedReason ? { truncatedReason: r.truncatedReason } : {}) },
  };
}

/**
 * OpenAI-compatible chat completions, so existing clients and UIs can use the service: the model
 * names the strategy (`graphrag-auto`, `graphrag-simple`, ...). Standard sampling fields are
 * accepted and ignored; unknown fields are rejected.
 */
export function chatRoutes(deps: ServiceDeps, keepAliveMs: number): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/v1/models", (c) => c.json({ object: "list", data: modelIds(deps.hasModel).map((id) => ({ id, object: "model", created: 0, owned_by: OWNER })) }));

  app.post("/v1/chat/completions", async (c) => {
    const body = await jsonBody(c, ChatCompletionRequest);
    const models = modelIds(deps.hasModel);
    if (!models.includes(body.model)) throw new HttpError(404, "model_not_found", `unknown model "${body.model}"; available: ${models.join(", ")}`);
    const strategy = body.model.slice(PREFIX.length) as Strategy;
    const question = questionOf(body);
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      const r = await serveRun(deps, { question, strategy, via: "chat" }, c.req.raw.signal);
      return c.json(completion(body.model, r, created));
    }
    const controller = new AbortController();
    c.req.raw.signal.addEventListener("abort", () => controller.abort(), { once: true });
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => controller.abort());
      const keepAlive = setInterval(() => void stream.write(": keep-alive\n\n"), keepAliveMs);
      try {
        const r = await serveRun(deps, { question, strategy, via: "chat" }, controller.signal);
        const base = { id: `chatcmpl-${r.runId}`, object: "chat.completion.chunk", created, model: body.model };
        const chunk = (delta: Record<string, string>, finish: string | null) => stream.writeSSE({ data: JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] }) });
        await chunk({ role: "assistant", content: "" }, null);
        for (const piece of r.answer.match(/[^\n]{1,80}(\s+|$)|\n/g) ?? [r.answer]) await chunk({ content: piece }, null);
        await chunk({}, r.truncated ? "length" : "stop");
        if (body.stream_options?.include_usage) await stream.writeSSE({ data: JSON.stringify({ ...base, choices: [], usage: completion(body.model, r, created).usage }) });
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
