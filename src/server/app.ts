import { Hono } from "hono";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { ThreadService } from "../threads/service";
import type { ThreadStore } from "../threads/store";
import { bodyLimit } from "hono/body-limit";
import type { Budget } from "../../agents/research/types";
import type { KnowledgeBase } from "../kb/knowledge-base";
import type { RunStore } from "../runs/store";
import { createLogger, type Logger } from "../util/logger";
import type { AppEnv } from "./env";
import { HttpError, errorResponse } from "./errors";
import type { ResearchExecutor } from "./executor";
import { accessLog } from "./middleware/access-log";
import { apiKeys } from "./middleware/auth";
import { rateLimit } from "./middleware/rate-limit";
import { requestId } from "./middleware/request-id";
import { Drain } from "./drain";
import type { BuildProgress } from "../kb/model-vectors";
import { RunGate } from "./run-gate";
import { consoleRoutes, isConsolePath } from "../console/routes";
import { chatRoutes, modelIds } from "./routes/chat";
import { allowedMethods, openApiDocument } from "./openapi";
import { VERSION } from "../version";
import { entityRoutes } from "./routes/entities";
import { agentProtocolRoutes } from "./routes/agent-protocol";
import { evalRoutes } from "./routes/evals";
import { mcpRoutes } from "./routes/mcp";
import { metaRoutes } from "./routes/meta";
import { ollamaRoutes } from "./routes/ollama";
import { researchRoutes } from "./routes/research";
import { runRoutes } from "./routes/runs";

export interface AppOptions {
  apiKeys: string[];
  rateLimitPerMinute: number;
  rateLimitBurst: number;
  maxConcurrentRuns: number;
  maxQueuedRuns: number;
  queueTimeoutMs: number;
  bodyLimitBytes: number;
  keepAliveMs: number;
  caps: Budget;
}

export interface AppDeps {
  kb: KnowledgeBase;
  store: RunStore;
  executor: ResearchExecutor;
  modelProvider: string;
  hasModel: boolean;
  /** The folder of eval report folders served under /v1/evals (config.evalDir). */
  evalDir: string;
  options: AppOptions;
  log?: Logger;
  /** Graceful shutdown; one is made when not given. */
  drain?: Drain;
  /** The model-vector build another process runs, for /v1/health. */
  vectorBuild?: () => BuildProgress | undefined;
  /** Conversations: thread records and the checkpointer their state is kept in (the Agent Protocol routes need them). */
  threads?: { records: ThreadStore; openSaver: () => Promise<BaseCheckpointSaver> };
}

const OPEN = new Set(["/v1/health", "/v1/openapi.json"]);
const isOpen = (path: string) => OPEN.has(path) || isConsolePath(path);

/** The HTTP API. Thin: validation and shaping here, the work in the agent and the ports. */
export function createApp(deps: AppDeps): { app: Hono<AppEnv>; gate: RunGate; drain: Drain; threads?: ThreadService } {
  const log = deps.log ?? createLogger("silent");
  const o = deps.options;
  const gate = new RunGate(o.maxConcurrentRuns, o.maxQueuedRuns, o.queueTimeoutMs);
  const drain = deps.drain ?? new Drain();
  const service = { executor: deps.executor, store: deps.store, gate, caps: o.caps, hasModel: deps.hasModel, drain };
  const threads = deps.threads ? new ThreadService(deps.threads.records, deps.threads.openSaver, service) : undefined;
  const app = new Hono<AppEnv>();

  app.onError((e, c) => {
    if (!(e instanceof HttpError) && !(e as { code?: string }).code) log.error("unhandled error", { requestId: c.get("requestId"), error: e.stack ?? String(e) });
    return errorResponse(c, e);
  });
  const openapi = openApiDocument(VERSION, { authRequired: o.apiKeys.length > 0, hasModel: deps.hasModel, caps: o.caps, models: modelIds(deps.hasModel) });
  const routes = allowedMethods(openapi);
  app.notFound((c) => {
    // A path the API serves, asked with a method it does not: 405 with the methods it does.
    const allowed = routes.find((r) => r.pattern.test(c.req.path))?.methods;
    if (allowed) return errorResponse(c, new HttpError(405, "method_not_allowed", `${c.req.path} answers ${allowed.join(", ")}, not ${c.req.method}`, undefined, { allow: allowed.join(", ") }));
    return errorResponse(c, new HttpError(404, "not_found", `no route ${c.req.method} ${c.req.path}; see GET /v1/openapi.json`));
  });

  app.use("*", requestId());
  app.use("*", drain.middleware());
  app.use("*", async (c, next) => {
    c.set("log", log);
    await next();
  });
  app.use("*", accessLog(log));
  app.use(
    "*",
    bodyLimit({
      maxSize: o.bodyLimitBytes,
      onError: () => {
        throw new HttpError(413, "payload_too_large", `the body is over the limit of ${o.bodyLimitBytes} bytes`);
      },
    }),
  );
  app.use("*", apiKeys(o.apiKeys, isOpen));
  app.use("*", rateLimit(o.rateLimitPerMinute, o.rateLimitBurst, isOpen));

  app.route("/", consoleRoutes({ hasModel: deps.hasModel, modelProvider: deps.modelProvider, authRequired: o.apiKeys.length > 0, caps: o.caps }));
  app.route("/", metaRoutes({ kb: deps.kb, store: deps.store, gate, executor: deps.executor, modelProvider: deps.modelProvider, openapi, ...(deps.vectorBuild ? { vectorBuild: deps.vectorBuild } : {}) }));
  app.route("/", researchRoutes(service, o.keepAliveMs));
  app.route("/", runRoutes(deps.store));
  app.route("/", entityRoutes(deps.kb));
  app.route("/", chatRoutes(service, o.keepAliveMs));
  app.route("/", ollamaRoutes(service, o.keepAliveMs));
  app.route("/", evalRoutes(deps.evalDir));
  app.route("/", mcpRoutes({ service, kb: deps.kb, authRequired: o.apiKeys.length > 0, keepAliveMs: o.keepAliveMs }));
  if (threads) app.route("/", agentProtocolRoutes(threads, { hasModel: deps.hasModel, keepAliveMs: o.keepAliveMs, caps: o.caps, log }));
  return { app, gate, drain, ...(threads ? { threads } : {}) };
}
