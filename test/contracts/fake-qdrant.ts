import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny stand-in for Qdrant's REST API on 127.0.0.1: the endpoints the adapter calls, exact cosine
 * search with the `type`/`has_id` filters and score threshold, a request log, and injected failures.
 * It checks the adapter's requests and error handling end to end; it is not Qdrant (no HNSW, no
 * consistency model), so the live contract run stays the real test.
 */

interface Point {
  vector: number[];
  payload: Record<string, unknown>;
}

interface Collection {
  size: number;
  distance: string;
  metadata: Record<string, unknown> | null;
  points: Map<string, Point>;
  indexes: Set<string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface Failure {
  /** Answer with this status; when absent the request is served normally (after `hangMs`). */
  status?: number;
  /** Wait this long before answering (to trip the client's timeout). */
  hangMs?: number;
  headers?: Record<string, string>;
  /** Only requests whose path ends with this fail; any request when absent. */
  pathEndsWith?: string;
}

type Condition = { key?: string; match?: { any?: unknown[]; value?: unknown }; has_id?: string[] };

export class FakeQdrant {
  readonly requests: RecordedRequest[] = [];
  readonly collections = new Map<string, Collection>();
  private readonly failures: Failure[] = [];
  private server: Server | undefined;
  url = "";

  constructor(private readonly apiKey?: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The next matching requests answer with these statuses, in order. */
  failNext(...failures: Failure[]): void {
    this.failures.push(...failures);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    this.requests.push({ method: req.method ?? "", path: url.pathname, search: url.search, headers: req.headers, body });
    const failAt = this.failures.findIndex((f) => !f.pathEndsWith || url.pathname.endsWith(f.pathEndsWith));
    if (failAt >= 0) {
      const [f] = this.failures.splice(failAt, 1);
      if (f!.hangMs) await new Promise((resolve) => setTimeout(resolve, f!.hangMs));
      if (res.destroyed) return;
      if (f!.status !== undefined) return send(res, f!.status, { status: { error: `injected failure ${f!.status}` }, time: 0 }, f!.headers);
    }
    if (this.apiKey !== undefined && req.headers["api-key"] !== this.apiKey) return send(res, 401, { status: { error: "Must provide an API key" }, time: 0 });
    const m = /^\/collections\/([^/]+)(\/.*)?$/.exec(url.pathname);
    if (!m) return send(res, 404, { status: { error: "not found" }, time: 0 });
    const name = decodeURIComponent(m[1]!);
    const rest = m[2] ?? "";
    const result = this.route(req.method ?? "GET", name, rest, body as Record<string, unknown>);
    if ("error" in result) return send(res, result.status, { status: { error: result.error }, time: 0 });
    return send(res, 200, { result: result.ok, status: "ok", time: 0.0001 });
  }

  private route(method: string, name: string, rest: string, body: Record<string, unknown>): { ok: unknown } | { status: number; error: string } {
    const col = this.collections.get(name);
    const key = `${method} ${rest}`;
    if (key === "GET /exists") return { ok: { exists: col !== undefined } };
    if (key === "PUT ") {
      if (col) return { status: 409, error: `Collection \`${name}\` already exists!` };
      const vectors = body.vectors as { size: number; distance: string };
      this.collections.set(name, { size: vectors.size, distance: vectors.distance, metadata: (body.metadata as Record<string, unknown>) ?? null, points: new Map(), indexes: new Set() });
      return { ok: true };
    }
    if (!col) return { status: 404, error: `Collection \`${name}\` doesn't exist!` };
    switch (key) {
      case "GET ":
        return { ok: { status: "green", points_count: col.points.size, segments_count: 1, config: { params: { vectors: { size: col.size, distance: col.distance } }, metadata: col.metadata }, payload_schema: {} } };
      case "DELETE ":
        this.collections.delete(name);
        return { ok: true };
      case "PUT /index":
        col.indexes.add(String(body.field_name));
        return { ok: { operation_id: 1, status: "completed" } };
      case "PUT /points": {
        const points = body.points as { id: string; vector: number[]; payload: Record<string, unknown> }[];
        const bad = points.find((p) => p.vector.length !== col.size);
        if (bad) return { status: 400, error: `Wrong input: Vector dimension error: expected dim: ${col.size}, got ${bad.vector.length}` };
        for (const p of points) col.points.set(p.id, { vector: p.vector, payload: p.payload });
        return { ok: { operation_id: 2, status: "completed" } };
      }
      case "POST /points/count":
        return { ok: { count: [...col.points].filter(([id, p]) => matches(id, p, body.filter)).length } };
      case "POST /points/query":
        return { ok: { points: this.query(col, body) } };
      default:
        return { status: 404, error: `no route for ${key}` };
    }
  }

  private query(col: Collection, body: Record<string, unknown>) {
    const q = body.query as number[];
    const threshold = typeof body.score_threshold === "number" ? body.score_threshold : -Infinity;
    const fields = Array.isArray(body.with_payload) ? (body.with_payload as string[]) : undefined;
    return [...col.points]
      .filter(([id, p]) => matches(id, p, body.filter))
      .map(([id, p]) => ({ id, version: 0, score: cosine(q, p.vector), payload: fields ? Object.fromEntries(fields.map((f) => [f, p.payload[f]])) : p.payload }))
      .filter((h) => h.score >= threshold)
      .sort((a, b) => b.score - a.score)
      .slice(0, Number(body.limit ?? 10));
  }
}

/** An http://127.0.0.1 URL on a port nothing listens on (just freed), for connection-refused tests. */
export async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function matches(id: string, p: Point, filter: unknown): boolean {
  const must = ((filter as { must?: Condition[] } | undefined)?.must ?? []) as Condition[];
  return must.every((c) => {
    if (c.has_id) return c.has_id.includes(id);
    const v = p.payload[c.key ?? ""];
    if (c.match?.any) return c.match.any.includes(v);
    return c.match?.value === v;
  });
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
