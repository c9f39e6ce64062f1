import { Hono, type Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Budget, TraceStep } from "../../../agents/research/types";
import { AppError, InvalidInputError, isAppError } from "../../errors";
import type { ThreadRunRequest, ThreadService, ThreadState, ThreadValues } from "../../threads/service";
import type { ThreadRecord } from "../../threads/store";
import type { Logger } from "../../util/logger";
import { matches, strategyAssistants } from "../agent-protocol-assistants";
import { AgentRuns, type TrackedRun } from "../agent-protocol-runs";
import { AssistantCountBody, AssistantSearchBody, HistoryBody, IGNORED_RUN_FIELDS, RunCreateBody, RunListQuery, STREAM_MODES, StateAtCheckpointBody, ThreadCountBody, ThreadCreateBody, ThreadPatchBody, ThreadSearchBody, type RunCreate, type StreamMode } from "../agent-protocol-schemas";
import { nameIgnored } from "../chat-clients";
import type { AppEnv } from "../env";
import { HttpError } from "../errors";
import { checkRunRequest } from "../research-service";
import { jsonBody, queryParams } from "../validation";

export interface AgentProtocolDeps {
  hasModel: boolean;
  keepAliveMs: number;
  caps: Budget;
  log?: Logger;
}

/** The SDK's routes, each with the methods it answers (for the 405s of the others). Specific paths before parametrised ones. */
const ROUTES: [string, string[]][] = [
  ["/assistants/search", ["POST"]],
  ["/assistants/count", ["POST"]],
  ["/assistants/:assistant_id", ["GET"]],
  ["/threads", ["POST"]],
  ["/threads/search", ["POST"]],
  ["/threads/count", ["POST"]],
  ["/threads/:thread_id", ["GET", "PATCH", "DELETE"]],
  ["/threads/:thread_id/state", ["GET"]],
  ["/threads/:thread_id/state/checkpoint", ["GET", "POST"]],
  ["/threads/:thread_id/state/:checkpoint_id", ["GET"]],
  ["/threads/:thread_id/history", ["GET", "POST"]],
  ["/threads/:thread_id/runs", ["GET", "POST"]],
  ["/threads/:thread_id/runs/wait", ["POST"]],
  ["/threads/:thread_id/runs/stream", ["POST"]],
  ["/threads/:thread_id/runs/:run_id", ["GET", "DELETE"]],
  ["/threads/:thread_id/runs/:run_id/join", ["GET"]],
  ["/threads/:thread_id/runs/:run_id/stream", ["GET"]],
  ["/threads/:thread_id/runs/:run_id/cancel", ["POST"]],
];

const isEmpty = (v: unknown) => v == null || v === false || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0);
/** The object with only the selected fields (all without a selection). */
const pick = <T extends object>(o: T, select?: string[] | null): Partial<T> => (select?.length ? (Object.fromEntries(Object.entries(o).filter(([k]) => select.includes(k))) as Partial<T>) : o);
function sorted<T extends object>(list: T[], by: string | null | undefined, order: "asc" | "desc" | null | undefined): T[] {
  if (!by) return list;
  const sign = order === "asc" ? 1 : -1;
  const key = (o: T) => String((o as Record<string, unknown>)[by] ?? "");
  return [...list].sort((a, b) => sign * key(a).localeCompare(key(b)));
}

/** A step as the `updates` stream mode shows it: the node that ran and what it decided. */
const stepUpdate = (s: TraceStep) => ({ [s.node]: { index: s.index, decision: s.decision, ...(s.tool ? { tool: s.tool } : {}), evidence: s.evidenceIds.length, ms: s.ms } });

/** An error as the stream's error event carries it (LangGraph's `{ error, message }`): the code and message that say what to fix, never a stack. */
const errorEvent = (e: unknown) => (isAppError(e) || e instanceof HttpError ? { error: e.code, message: e.message } : { error: "internal", message: "internal error" });

/** A checkpoint with the task fields the SDK's types have (this graph has no interrupts or subgraphs). */
const stateView = (s: ThreadState) => ({ ...s, tasks: s.tasks.map((t) => ({ ...t, error: null, interrupts: [], checkpoint: null, state: null })) });

/**
 * The Agent Protocol as LangGraph's SDK speaks it, over the service's threads: one assistant per
 * strategy (graph "research"), threads whose state is the conversation, and runs (background,
 * waited for, or streamed as Server-Sent Events) that are turns of a thread. Runs go through the
 * service's one run path, so they are gated, stored (run_id is the stored run's id) and drained.
 * One run at a time per thread (multitask_strategy "reject"): a second gets 409.
 */
export function agentProtocolRoutes(threads: ThreadService, deps: AgentProtocolDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const runs = new AgentRuns(threads, deps.log);
  const assistants = strategyAssistants(deps.hasModel);
  const threadView = async (r: ThreadRecord, select?: string[] | null) => {
    const values = !select?.length || select.includes("values") ? (await threads.state(r.threadId)).values : undefined;
    return pick({ thread_id: r.threadId, created_at: r.createdAt, updated_at: r.updatedAt, state_updated_at: r.updatedAt, metadata: r.metadata, status: r.status, values, interrupts: {} }, select);
  };
  const threadFilter = (b: { status?: ThreadRecord["status"] | null; metadata?: Record<string, unknown> | null; values?: Record<string, unknown> | null; extract?: Record<string, unknown> | null }) => {
    if (!isEmpty(b.values)) throw new InvalidInputError("values: filtering threads by their values is not supported; filter by metadata or status", { field: "values" });
    if (!isEmpty(b.extract)) throw new InvalidInputError("extract is not supported; select fields with select", { field: "extract" });
    return { ...(b.status ? { status: b.status } : {}), ...(b.metadata ? { metadata: b.metadata } : {}) };
  };
  const stateAt = async (threadId: string, checkpointId: string) => {
    const s = (await threads.history(threadId, 1000)).find((h) => h.checkpoint.checkpoint_id === checkpointId);
    if (!s) throw new AppError("not_found", `no checkpoint ${checkpointId} in thread ${threadId}`, { threadId, checkpointId });
    return stateView(s);
  };

  /** A run request checked before anything starts: the assistant, the fields it cannot apply, the budget within the caps, the thread, the checkpoint. */
  const prepare = async (c: Context<AppEnv>, threadId: string) => {
    const body = await jsonBody(c, RunCreateBody);
    nameIgnored(c, IGNORED_RUN_FIELDS.filter((f) => !isEmpty(body[f])));
    const strategy = assistants.get(body.assistant_id).config.configurable.strategy;
    if (body.multitask_strategy && body.multitask_strategy !== "reject")
      throw new InvalidInputError(`multitask_strategy "${body.multitask_strategy}" is not supported: this server rejects a run on a thread that already has one going (multitask_strategy "reject", a 409); wait for it (runs.join), then send the next`, { field: "multitask_strategy" });
    if (body.command && (body.command.goto != null || body.command.update != null)) throw new InvalidInputError("command: only resume is supported (it continues the thread's interrupted run); goto and update are not", { field: "command" });
    if (body.input && body.command) throw new InvalidInputError("send input (a new question) or command.resume (continue the thread's interrupted run), not both", { field: "command" });
    const budget = { ...body.config?.configurable?.budget, ...body.input?.budget };
    const hasBudget = Object.keys(budget).length > 0;
    checkRunRequest(deps, { strategy, ...(hasBudget ? { budget } : {}) });
    if (body.if_not_exists === "create") await threads.create({ threadId, ifExists: "do_nothing" });
    else await threads.get(threadId);
    const checkpointId = body.checkpoint_id ?? body.checkpoint?.checkpoint_id;
    if (checkpointId) {
      const latest = (await threads.state(threadId)).checkpoint.checkpoint_id;
      if (checkpointId !== latest) throw new InvalidInputError(`checkpoint ${checkpointId} is not the thread's latest (${latest || "none"}); runs continue from the latest checkpoint only`, { field: "checkpoint_id" });
    }
    const req: ThreadRunRequest = { strategy, ...(hasBudget ? { budget } : {}), ...(body.input ? { question: body.input.question } : { resume: true }) };
    const meta = { assistantId: body.assistant_id, metadata: body.metadata ?? {}, kwargs: kwargsOf(body) };
    return { req, meta, modes: modesOf(body.stream_mode ?? undefined), cancelOnDisconnect: body.on_disconnect === "cancel" };
  };

  /** Starts the run; a busy thread is a 409 that names the run going and the multitask strategy. */
  const begin = async (c: Context<AppEnv>, threadId: string, p: Awaited<ReturnType<typeof prepare>>): Promise<TrackedRun> => {
    try {
      const t = await runs.start(threadId, p.req, p.meta);
      c.header("content-location", `/threads/${encodeURIComponent(threadId)}/runs/${t.run.run_id}`);
      return t;
    } catch (e) {
      if (!isAppError(e) || e.code !== "conflict") throw e;
      const runId = (await threads.get(threadId)).lastRunId;
      throw new HttpError(409, "conflict", `${e.message}. This server rejects a second run on a busy thread (multitask_strategy "reject")`, { threadId, ...(runId ? { runId } : {}) });
    }
  };

  /** What runs.wait and runs.join answer: the thread's values when the run ended, or its error (a cancelled run ends with the thread's state, as in LangGraph). */
  const outcome = async (c: Context<AppEnv>, t: TrackedRun) => {
    // An unexpected error was logged when the run failed; here it is only the run's outcome.
    if (t.error !== undefined && !t.cancelled) throw isAppError(t.error) || t.error instanceof HttpError ? t.error : new HttpError(500, "internal", "internal error");
    return c.json(t.values ?? (await threads.state(t.run.thread_id)).values);
  };

  /** The stream: metadata, values at the start, one updates and one custom event per step as it completes, then the final values (or an error event). */
  const stream = (c: Context<AppEnv>, t: TrackedRun, modes: Set<StreamMode>, first: ThreadValues | undefined, cancelOnDisconnect: boolean) =>
    streamSSE(c, async (sse) => {
      let id = 0;
      // Frames are written in order: each write waits for the one before.
      let chain: Promise<unknown> = Promise.resolve();
      const send = (event: string, data: unknown) => {
        chain = chain.then(() => (sse.aborted || sse.closed ? undefined : sse.writeSSE({ event, data: JSON.stringify(data), id: String(id++) })));
      };
      const keepAlive = setInterval(() => {
        chain = chain.then(() => (sse.aborted || sse.closed ? undefined : sse.write(": keep-alive\n\n")));
      }, deps.keepAliveMs);
      let gone!: () => void;
      const clientGone = new Promise<void>((resolve) => (gone = resolve));
      sse.onAbort(() => {
        if (cancelOnDisconnect && !t.finished) t.controller.abort();
        gone();
      });
      send("metadata", { run_id: t.run.run_id, thread_id: t.run.thread_id });
      if (first && modes.has("values")) send("values", first);
      const unfollow = t.follow((s) => {
        if (modes.has("updates")) send("updates", stepUpdate(s));
        if (modes.has("custom")) send("custom", s);
      });
      try {
        await Promise.race([t.done, clientGone]);
        if (!t.finished) return;
        if (t.error !== undefined && !t.cancelled) {
          send("error", errorEvent(t.error));
        } else if (modes.has("values")) send("values", t.values ?? (await threads.state(t.run.thread_id)).values);
      } catch (e) {
        deps.log?.error("agent protocol stream failed", { runId: t.run.run_id, error: (e as Error)?.stack ?? String(e) });
        send("error", errorEvent(e));
      } finally {
        unfollow();
        clearInterval(keepAlive);
        await chain;
      }
    });

  // Assistants: one per strategy.
  app.post("/assistants/search", async (c) => {
    const b = await jsonBody(c, AssistantSearchBody);
    const found = sorted(assistants.matching(b), b.sort_by, b.sort_order);
    if (b.offset + b.limit < found.length) c.header("x-pagination-next", String(b.offset + b.limit));
    return c.json(found.slice(b.offset, b.offset + b.limit).map((a) => pick(a, b.select)));
  });
  app.post("/assistants/count", async (c) => c.json(assistants.matching(await jsonBody(c, AssistantCountBody)).length));
  app.get("/assistants/:assistant_id", (c) => c.json(assistants.get(c.req.param("assistant_id"))));

  // Threads: the conversations.
  app.post("/threads", async (c) => {
    const b = await jsonBody(c, ThreadCreateBody);
    if (!isEmpty(b.supersteps)) throw new InvalidInputError("supersteps are not supported: a thread's state changes only by its runs", { field: "supersteps" });
    nameIgnored(c, b.ttl != null ? ["ttl"] : []);
    const r = await threads.create({ ...(b.thread_id ? { threadId: b.thread_id } : {}), ...(b.metadata ? { metadata: b.metadata } : {}), ...(b.if_exists ? { ifExists: b.if_exists } : {}) });
    return c.json(await threadView(r));
  });
  app.post("/threads/search", async (c) => {
    const b = await jsonBody(c, ThreadSearchBody);
    const filter = threadFilter(b);
    const found =
      b.ids || b.sort_by
        ? sorted(
            (await threads.search(filter, Number.MAX_SAFE_INTEGER, 0)).filter((r) => !b.ids || b.ids.includes(r.threadId)),
            b.sort_by ? { thread_id: "threadId", status: "status", created_at: "createdAt", updated_at: "updatedAt", state_updated_at: "updatedAt" }[b.sort_by] : undefined,
            b.sort_order,
          ).slice(b.offset, b.offset + b.limit)
        : await threads.search(filter, b.limit, b.offset);
    return c.json(await Promise.all(found.map((r) => threadView(r, b.select))));
  });
  app.post("/threads/count", async (c) => c.json((await threads.search(threadFilter(await jsonBody(c, ThreadCountBody)), Number.MAX_SAFE_INTEGER, 0)).length));
  app.get("/threads/:thread_id", async (c) => c.json(await threadView(await threads.get(c.req.param("thread_id")))));
  app.patch("/threads/:thread_id", async (c) => {
    const b = await jsonBody(c, ThreadPatchBody);
    return c.json(await threadView(await threads.update(c.req.param("thread_id"), b.metadata ?? {})));
  });
  app.delete("/threads/:thread_id", async (c) => {
    const id = c.req.param("thread_id");
    await threads.delete(id);
    runs.forgetThread(id);
    return c.body(null, 204);
  });

  // A thread's state: the latest, one checkpoint, and the history newest first.
  app.get("/threads/:thread_id/state", async (c) => c.json(pick(stateView(await threads.state(c.req.param("thread_id"))), c.req.queries("select"))));
  app.post("/threads/:thread_id/state/checkpoint", async (c) => {
    const b = await jsonBody(c, StateAtCheckpointBody);
    if (!b.checkpoint.checkpoint_id) throw new InvalidInputError("checkpoint.checkpoint_id is required", { field: "checkpoint.checkpoint_id" });
    return c.json(pick(await stateAt(c.req.param("thread_id"), b.checkpoint.checkpoint_id), b.select));
  });
  app.get("/threads/:thread_id/state/:checkpoint_id", async (c) => c.json(pick(await stateAt(c.req.param("thread_id"), c.req.param("checkpoint_id")), c.req.queries("select"))));
  const history = async (c: Context<AppEnv>, b: { limit: number; before?: string | { configurable: { checkpoint_id: string } } | null; metadata?: Record<string, unknown> | null; select?: string[] | null }) => {
    const before = typeof b.before === "string" ? b.before : b.before?.configurable.checkpoint_id;
    const filtered = !isEmpty(b.metadata);
    let states = await threads.history(c.req.param("thread_id")!, filtered ? 1000 : b.limit, before);
    if (filtered) states = states.filter((s) => matches(s.metadata, b.metadata)).slice(0, b.limit);
    return c.json(states.map((s) => pick(stateView(s), b.select)));
  };
  app.post("/threads/:thread_id/history", async (c) => {
    const b = await jsonBody(c, HistoryBody);
    nameIgnored(c, b.checkpoint != null ? ["checkpoint"] : []);
    return history(c, b);
  });
  app.get("/threads/:thread_id/history", async (c) => {
    const limit = Number(c.req.query("limit") ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new InvalidInputError("limit: an integer from 1 to 1000", { field: "limit" });
    return history(c, { limit, before: c.req.query("before") ?? null });
  });

  // Runs: turns of a thread.
  /** The run in the path, in the thread in the path (404 for either unknown). */
  const runOf = async (c: Context<AppEnv>) => {
    const threadId = c.req.param("thread_id")!;
    await threads.get(threadId);
    return runs.get(threadId, c.req.param("run_id")!);
  };
  const truthy = (v: string | undefined) => v === "1" || v === "true";
  app.post("/threads/:thread_id/runs", async (c) => {
    const threadId = c.req.param("thread_id");
    const t = await begin(c, threadId, await prepare(c, threadId));
    return c.json(t.run);
  });
  app.post("/threads/:thread_id/runs/wait", async (c) => {
    const threadId = c.req.param("thread_id");
    const p = await prepare(c, threadId);
    const t = await begin(c, threadId, p);
    if (p.cancelOnDisconnect) c.req.raw.signal.addEventListener("abort", () => !t.finished && t.controller.abort(), { once: true });
    await t.done;
    return outcome(c, t);
  });
  app.post("/threads/:thread_id/runs/stream", async (c) => {
    const threadId = c.req.param("thread_id");
    const p = await prepare(c, threadId);
    const first = p.modes.has("values") ? await firstValues(threads, threadId, p.req) : undefined;
    const t = await begin(c, threadId, p);
    return stream(c, t, p.modes, first, p.cancelOnDisconnect);
  });
  app.get("/threads/:thread_id/runs", async (c) => {
    const threadId = c.req.param("thread_id");
    await threads.get(threadId);
    return c.json(runs.list(threadId, queryParams(c, RunListQuery)));
  });
  app.get("/threads/:thread_id/runs/:run_id", async (c) => c.json((await runOf(c)).run));
  app.delete("/threads/:thread_id/runs/:run_id", (c) => {
    runs.delete(c.req.param("thread_id"), c.req.param("run_id"));
    return c.body(null, 204);
  });
  app.get("/threads/:thread_id/runs/:run_id/join", async (c) => {
    const t = await runOf(c);
    if (truthy(c.req.query("cancel_on_disconnect"))) c.req.raw.signal.addEventListener("abort", () => !t.finished && t.controller.abort(), { once: true });
    await t.done;
    return outcome(c, t);
  });
  app.get("/threads/:thread_id/runs/:run_id/stream", async (c) => {
    const t = await runOf(c);
    const asked = c.req.queries("stream_mode");
    for (const m of asked ?? []) if (!(STREAM_MODES as readonly string[]).includes(m)) throw new InvalidInputError(`stream_mode "${m}": choose from ${STREAM_MODES.join(", ")}`, { field: "stream_mode" });
    return stream(c, t, modesOf(asked as StreamMode[] | undefined), undefined, truthy(c.req.query("cancel_on_disconnect")));
  });
  app.post("/threads/:thread_id/runs/:run_id/cancel", async (c) => {
    const action = c.req.query("action") ?? "interrupt";
    if (action !== "interrupt") throw new InvalidInputError(`action "${action}" is not supported: interrupt stops the run and keeps the thread's last checkpoint, so a run with input null resumes it`, { field: "action" });
    runOf(c);
    const t = runs.cancel(c.req.param("thread_id"), c.req.param("run_id"));
    if (!truthy(c.req.query("wait"))) return c.body(null, 202);
    await t.done;
    return c.body(null, 204);
  });

  // The other methods on these paths: 405 with the ones they answer.
  for (const [path, methods] of ROUTES)
    app.all(path, (c) => {
      throw new HttpError(405, "method_not_allowed", `${c.req.path} answers ${methods.join(", ")}, not ${c.req.method}`, undefined, { allow: methods.join(", ") });
    });
  return app;
}

/** The stream modes asked (values when none, as in LangGraph). */
function modesOf(asked: RunCreate["stream_mode"] | StreamMode[] | undefined): Set<StreamMode> {
  return new Set(asked == null ? ["values"] : typeof asked === "string" ? [asked] : asked.length ? asked : ["values"]);
}

/** What LangGraph's first values event shows: the state with the run's input applied (a new question, no answer yet, the turns so far), or the checkpoint a resumed run continues from. */
async function firstValues(threads: ThreadService, threadId: string, req: ThreadRunRequest): Promise<ThreadValues> {
  const now = (await threads.state(threadId)).values;
  return req.resume || !req.question ? now : { question: req.question, answers: [], citations: [], turns: now.turns };
}

/** What a run was asked, as LangGraph's run records keep it. */
function kwargsOf(b: RunCreate): Record<string, unknown> {
  return { input: b.input ?? null, command: b.command ?? null, config: b.config ?? {}, stream_mode: b.stream_mode ?? "values", on_disconnect: b.on_disconnect ?? "continue", multitask_strategy: "reject" };
}
