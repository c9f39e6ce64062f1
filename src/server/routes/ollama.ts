import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import { stream as streamBody } from "hono/streaming";
import { MAX_QUESTION_CHARS, type RunResult, type Strategy } from "../../../agents/research/types";
import type { ConversationTurn } from "../../conversation/turns";
import { overLimitMessage } from "../../util/limits";
import { codePointLength } from "../../util/text";
import { VERSION } from "../../version";
import { chatConversation, nameIgnored, replyChunks, replyWithFootnotes } from "../chat-clients";
import type { AppEnv } from "../env";
import { HttpError, errorResponse } from "../errors";
import { OllamaChatRequest, OllamaGenerateRequest, OllamaShowRequest, type OllamaChatBody } from "../ollama-schemas";
import { serveRun, type ServiceDeps } from "../research-service";
import { jsonBody } from "../validation";
import { modelIds, strategyOfModel } from "./chat";

/** Ollama names carry a tag; every model here is ":latest", and a name without a tag means it. */
const TAG = ":latest";
const DETAILS = { parent_model: "", format: "graphrag", family: "graphrag", families: ["graphrag"], parameter_size: "", quantization_level: "" };

type Shape = "chat" | "generate";
interface Ask {
  model: string;
  strategy: Strategy;
  question: string;
  history: ConversationTurn[];
  stream: boolean;
  shape: Shape;
}

const tagged = (hasModel: boolean) => modelIds(hasModel).map((id) => `${id}${TAG}`);

/** The strategy a model name asks for ("graphrag-auto" or "graphrag-auto:latest"); 404 naming the models otherwise, as Ollama says it. */
function strategyOf(name: string, hasModel: boolean): Strategy {
  const strategy = strategyOfModel(name.endsWith(TAG) ? name.slice(0, -TAG.length) : name, hasModel);
  if (!strategy) throw new HttpError(404, "model_not_found", `model "${name}" not found; available: ${tagged(hasModel).join(", ")}`);
  return strategy;
}

/** The body's fields the service does not apply, with a message's fields other than role and content. */
function ignoredOf(body: Record<string, unknown>, read: readonly string[]): string[] {
  const names = Object.entries(body).flatMap(([k, v]) => (v != null && !read.includes(k) ? [k] : []));
  for (const m of Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : []) for (const [k, v] of Object.entries(m)) if (v != null && k !== "role" && k !== "content") names.push(`messages[].${k}`);
  return names;
}

function conversationOf(body: OllamaChatBody): { question: string; history: ConversationTurn[]; unread: string[] } {
  return chatConversation((body.messages ?? []).map((m) => ({ role: m.role, text: m.content ?? "", unread: m.images?.length ? ["images"] : [] })));
}

/** Ollama's durations (nanoseconds) and counts: the model's tokens when one ran, 0 when none did. */
function counts(r: RunResult, startedNs: bigint) {
  return {
    total_duration: Number(process.hrtime.bigint() - startedNs),
    load_duration: 0,
    prompt_eval_count: r.usage.inputTokens,
    prompt_eval_duration: 0,
    eval_count: r.usage.outputTokens,
    eval_duration: Math.round(r.timings.llmMs * 1e6),
  };
}

/** One object of the reply: a piece of text in /api/chat's or /api/generate's shape. */
function piece(a: Pick<Ask, "model" | "shape">, text: string, done: boolean) {
  const base = { model: a.model, created_at: new Date().toISOString() };
  return a.shape === "chat" ? { ...base, message: { role: "assistant" as const, content: text }, done } : { ...base, response: text, done };
}

function last(a: Ask, r: RunResult, text: string, startedNs: bigint) {
  const graphrag = { runId: r.runId, strategy: r.strategy, answers: r.answers.map((x) => x.name), truncated: r.truncated };
  return { ...piece(a, text, true), done_reason: r.truncated ? "length" : "stop", ...counts(r, startedNs), graphrag };
}

/** An empty request loads the model in Ollama (keep_alive 0 unloads it); here nothing loads, so it answers at once. */
function loaded(c: Context, a: Pick<Ask, "model" | "shape">, keepAlive: unknown): Response {
  const unload = keepAlive === 0 || (typeof keepAlive === "string" && /^0+(\.0*)?[a-z]*$/i.test(keepAlive.trim()));
  return c.json({ ...piece(a, "", true), done_reason: unload ? "unload" : "load" });
}

/** Runs the question: one JSON object, or NDJSON pieces ending in the done object (an empty piece keeps a slow run's connection alive). */
async function answer(c: Context<AppEnv>, deps: ServiceDeps, keepAliveMs: number, a: Ask): Promise<Response> {
  const startedNs = process.hrtime.bigint();
  const request = { question: a.question, strategy: a.strategy, via: "ollama" as const, ...(a.history.length ? { history: a.history } : {}) };
  if (!a.stream) {
    const r = await serveRun(deps, request, c.req.raw.signal);
    return c.json(last(a, r, replyWithFootnotes(r), startedNs));
  }
  const controller = new AbortController();
  c.req.raw.signal.addEventListener("abort", () => controller.abort(), { once: true });
  c.header("content-type", "application/x-ndjson");
  return streamBody(c, async (s) => {
    s.onAbort(() => controller.abort());
    const write = (o: unknown) => s.write(`${JSON.stringify(o)}\n`);
    const keepAlive = setInterval(() => void write(piece(a, "", false)), keepAliveMs);
    try {
      const r = await serveRun(deps, request, controller.signal);
      clearInterval(keepAlive);
      for (const text of replyChunks(replyWithFootnotes(r))) await write(piece(a, text, false));
      await write(last(a, r, "", startedNs));
    } catch (e) {
      // Ollama clients read an object with `error` in a stream as the failure.
      if (!controller.signal.aborted) await write(await errorResponse(c, e).json());
    } finally {
      clearInterval(keepAlive);
    }
  });
}

/**
 * The Ollama API, so Ollama clients (Open WebUI, the `ollama` packages) can use the service: the
 * models are the strategies, as on /v1/models, tagged ":latest". /api/chat reads the transcript as
 * the conversation, /api/generate the prompt as one question. `stream` defaults to true, as in
 * Ollama. Errors are Ollama's `{ error }` (errors.ts); fields that do not apply are named in
 * x-graphrag-ignored-fields.
 */
export function ollamaRoutes(deps: ServiceDeps, keepAliveMs: number): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const modifiedAt = new Date().toISOString();

  app.get("/api/version", (c) => c.json({ version: VERSION }));
  app.get("/api/tags", (c) =>
    c.json({ models: tagged(deps.hasModel).map((name) => ({ name, model: name, modified_at: modifiedAt, size: 0, digest: createHash("sha256").update(name).digest("hex"), details: DETAILS })) }),
  );
  // Nothing is loaded per model (every strategy is always ready), so no model is "running".
  app.get("/api/ps", (c) => c.json({ models: [] }));
  app.post("/api/show", async (c) => {
    const body = await jsonBody(c, OllamaShowRequest, { anyType: true });
    const name = body.model ?? body.name!;
    const strategy = strategyOf(name, deps.hasModel);
    nameIgnored(c, ignoredOf(body, ["model", "name"]));
    return c.json({
      license: "",
      modelfile: `# ${name}: the ${strategy} strategy of movie-graph-research (research over a movie knowledge graph, cited answers)`,
      parameters: "",
      template: "",
      system: "",
      details: DETAILS,
      model_info: { "general.architecture": "graphrag", "graphrag.strategy": strategy },
      capabilities: ["completion"],
      modified_at: modifiedAt,
    });
  });

  app.post("/api/chat", async (c) => {
    const body = await jsonBody(c, OllamaChatRequest, { anyType: true });
    const strategy = strategyOf(body.model, deps.hasModel);
    if (!body.messages?.length) {
      nameIgnored(c, ignoredOf(body, ["model", "messages", "stream"]));
      return loaded(c, { model: body.model, shape: "chat" }, body.keep_alive);
    }
    const { question, history, unread } = conversationOf(body);
    nameIgnored(c, [...ignoredOf(body, ["model", "messages", "stream"]), ...unread]);
    return answer(c, deps, keepAliveMs, { model: body.model, strategy, question, history, stream: body.stream ?? true, shape: "chat" });
  });

  app.post("/api/generate", async (c) => {
    const body = await jsonBody(c, OllamaGenerateRequest, { anyType: true });
    const strategy = strategyOf(body.model, deps.hasModel);
    nameIgnored(c, ignoredOf(body, ["model", "prompt", "stream"]));
    const question = body.prompt?.trim() ?? "";
    if (!question) return loaded(c, { model: body.model, shape: "generate" }, body.keep_alive);
    const chars = codePointLength(question);
    if (chars > MAX_QUESTION_CHARS) throw new HttpError(400, "invalid_input", `invalid body: prompt: ${overLimitMessage("the question", chars, MAX_QUESTION_CHARS)}`);
    return answer(c, deps, keepAliveMs, { model: body.model, strategy, question, history: [], stream: body.stream ?? true, shape: "generate" });
  });
  return app;
}
