import type { AppEnv } from "../env";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { RunResult, TraceStep } from "../../../agents/research/types";
import { isAppError } from "../../errors";
import { jsonBody } from "../validation";
import { ResearchRequest } from "../schemas";
import { checkRunRequest, serveRun, type ServiceDeps } from "../research-service";
import { errorResponse } from "../errors";

export function withoutTrace(r: RunResult): Omit<RunResult, "trace"> & { trace?: TraceStep[] } {
  const { trace: _trace, ...rest } = r;
  return rest;
}

/** POST /v1/research (the whole result) and POST /v1/research/stream (Server-Sent Events). */
export function researchRoutes(deps: ServiceDeps, keepAliveMs: number): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/v1/research", async (c) => {
    const body = await jsonBody(c, ResearchRequest);
    const result = await serveRun(deps, { question: body.question, strategy: body.strategy, judge: body.judge, writer: body.writer, budget: body.budget, via: "research", ...(body.history ? { history: body.history } : {}) }, c.req.raw.signal);
    return c.json(body.includeTrace ? result : withoutTrace(result));
  });

  app.post("/v1/research/stream", async (c) => {
    const body = await jsonBody(c, ResearchRequest);
    checkRunRequest(deps, body);
    const controller = new AbortController();
    c.req.raw.signal.addEventListener("abort", () => controller.abort(), { once: true });
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => controller.abort());
      let id = 0;
      // SSE frames are written in order: each write waits for the one before.
      let chain: Promise<unknown> = Promise.resolve();
      const send = (event: string, data: unknown) => {
        chain = chain.then(() => (stream.aborted || stream.closed ? undefined : stream.writeSSE({ event, data: JSON.stringify(data), id: String(id++) })));
        return chain;
      };
      const keepAlive = setInterval(() => {
        chain = chain.then(() => (stream.aborted || stream.closed ? undefined : stream.write(": keep-alive\n\n")));
      }, keepAliveMs);
      try {
        const result = await serveRun(deps, { question: body.question, strategy: body.strategy, judge: body.judge, writer: body.writer, budget: body.budget, via: "stream", ...(body.history ? { history: body.history } : {}) }, controller.signal, {
          onStart: (runId) => void send("run", { runId }),
          onStep: (step) => void send("step", step),
        });
        await send("answer", body.includeTrace ? result : withoutTrace(result));
      } catch (e) {
        if (!controller.signal.aborted) {
          const res = errorResponse(c, e);
          const payload = (await res.json()) as { error: unknown };
          await send("error", payload.error);
          if (!isAppError(e) && !(e as { status?: number }).status) c.get("log")?.error("stream failed", { requestId: c.get("requestId"), error: (e as Error)?.stack });
        }
      } finally {
        clearInterval(keepAlive);
        await chain;
      }
    });
  });

  return app;
}
