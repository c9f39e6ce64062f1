import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono, type Context } from "hono";
import type { KnowledgeBase } from "../../kb/knowledge-base";
import { createMcpServer } from "../../mcp/server";
import { createLogger } from "../../util/logger";
import type { AppEnv } from "../env";
import { HttpError } from "../errors";
import type { ServiceDeps } from "../research-service";

export interface McpRouteOptions {
  service: ServiceDeps;
  kb: KnowledgeBase;
  /** API keys are set: a request carries a key, so a page in a browser cannot ride on the user's loopback access. */
  authRequired: boolean;
  keepAliveMs: number;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A page from another site reaching the loopback server through DNS rebinding sends its own Origin;
 * without API keys to stop it, only a loopback origin (or none: MCP clients send none) may call.
 */
function checkOrigin(c: Context<AppEnv>): void {
  const origin = c.req.header("origin");
  if (!origin) return;
  let host: string | undefined;
  try {
    host = new URL(origin).hostname;
  } catch {
    host = undefined;
  }
  if (!host || !LOOPBACK.has(host)) throw new HttpError(403, "forbidden_origin", `requests from origin ${origin} may not call /mcp; set API_KEYS to allow callers that are not on this machine`);
}

/**
 * Passes the body through, then closes the per-request MCP server: when the body ends, or when the
 * client goes away (which aborts the tool calls in flight, so their runs are recorded as cancelled).
 */
function closingWhenDone(body: ReadableStream<Uint8Array>, requestSignal: AbortSignal, close: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  requestSignal.addEventListener("abort", close, { once: true });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          close();
        } else controller.enqueue(value);
      } catch (e) {
        close();
        controller.error(e);
      }
    },
    cancel(reason) {
      close();
      return reader.cancel(reason);
    },
  });
}

/**
 * POST /mcp: the MCP Streamable HTTP transport, stateless (a new server and transport per request,
 * no sessions, no server-initiated stream). Keys, body limit and rate limit apply as on every route.
 */
export function mcpRoutes(o: McpRouteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.all("/mcp", async (c) => {
    // Stateless: there is no session to resume (GET) or end (DELETE); the spec's answer is 405.
    if (c.req.method !== "POST") throw new HttpError(405, "method_not_allowed", `/mcp answers POST, not ${c.req.method}: it is a stateless MCP Streamable HTTP endpoint (no sessions, no server-initiated stream)`, undefined, { allow: "POST" });
    if (!o.authRequired) checkOrigin(c);
    const server = createMcpServer({ service: o.service, kb: o.kb, log: c.get("log") ?? createLogger("silent") });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, keepAliveMs: o.keepAliveMs });
    await server.connect(transport);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      void server.close().catch(() => {});
    };
    const res = await transport.handleRequest(c.req.raw);
    if (!res.body) {
      close();
      return c.body(null, res);
    }
    // Through c.body, so the headers the middleware set (x-request-id, rate limit) are kept.
    return c.body(closingWhenDone(res.body, c.req.raw.signal, close), res);
  });
  return app;
}
