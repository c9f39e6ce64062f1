import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Config } from "../config";
import type { AppOptions } from "./app";
import type { AppEnv } from "./env";
import type { Hono } from "hono";

export function appOptionsFrom(config: Config): AppOptions {
  const e = config.env;
  return {
    apiKeys: config.apiKeys,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitBurst: e.RATE_LIMIT_BURST,
    maxConcurrentRuns: e.MAX_CONCURRENT_RUNS,
    maxQueuedRuns: e.MAX_QUEUED_RUNS,
    queueTimeoutMs: e.QUEUE_TIMEOUT_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    keepAliveMs: e.SSE_KEEPALIVE_MS,
    caps: config.caps,
  };
}

export interface RunningServer {
  url: string;
  port: number;
  server: ServerType;
  /** Stops taking connections; those open finish their requests (a new request on one gets 503 and closes it). */
  stopAccepting(): void;
  close(): Promise<void>;
}

/** Serves the app on host:port (port 0: a free one) and resolves once it listens. */
export function listen(app: Hono<AppEnv>, port: number, hostname: string): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) => {
      resolve({
        url: `http://${hostname}:${info.port}`,
        port: info.port,
        server,
        stopAccepting: () => {
          server.close();
        },
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
  });
}
