import { QdrantClient } from "@qdrant/js-client-rest";
import type { Env } from "../../config";
import { AppError } from "../../errors";
import type { VectorHit, VectorItem, VectorQuery, VectorStore } from "../../ports/vector-store";
import { withRetry, type RetryOptions } from "../../util/retry";
import { displayUri } from "../../util/redact";
import { qdrantFailure, qdrantRetryable, type QdrantTarget } from "./errors";
import { countRequest, createCollectionRequest, searchRequest, typeIndexRequest, upsertRequests } from "./requests";
import { CollectionResponse, CountResponse, ExistsResponse, QueryResponse, parseResponse } from "./responses";

/** The one place that imports @qdrant/js-client-rest. */

export interface QdrantSettings {
  url: string;
  apiKey?: string;
  collection: string;
  timeoutMs: number;
}

export function qdrantSettingsFromEnv(env: Env): QdrantSettings {
  if (!env.QDRANT_URL) throw new AppError("config_invalid", "invalid environment:\n  the Qdrant backend needs QDRANT_URL (e.g. http://localhost:6333)");
  return { url: env.QDRANT_URL, apiKey: env.QDRANT_API_KEY, collection: env.QDRANT_COLLECTION, timeoutMs: env.QDRANT_TIMEOUT_MS };
}

export interface QdrantStoreOptions {
  /** Points per upsert request. */
  batchSize?: number;
  retry?: Omit<RetryOptions, "retryable" | "onRetry">;
  log?: (line: string) => void;
}

export interface CollectionInfo {
  exists: boolean;
  dimension?: number;
  distance?: string;
  /** The embedder recorded when the collection was created. */
  embedder?: string;
}

/** Why an existing collection cannot serve this embedder, or undefined when it can. */
export function collectionProblem(info: CollectionInfo, dimension: number, embedderId: string): string | undefined {
  if (!info.exists) return undefined;
  if (info.dimension !== dimension) return `holds ${info.dimension}-dimensional vectors but the embedder (${embedderId}) makes ${dimension}`;
  if (info.distance !== "Cosine") return `uses ${info.distance} distance, not Cosine`;
  if (info.embedder !== undefined && info.embedder !== embedderId) return `was built with embedder ${info.embedder}, not ${embedderId}`;
  return undefined;
}

/**
 * Vectors in a Qdrant collection (Cosine), one point per node with payload {id, type, name}. Calls
 * are retried on network failures, timeouts, 429 and 5xx; what still fails becomes a typed error.
 */
export class QdrantVectorStore implements VectorStore {
  readonly kind = "qdrant";
  readonly target: QdrantTarget;
  private readonly client: QdrantClient;
  private readonly collection: string;
  private readonly batchSize: number;

  constructor(
    settings: QdrantSettings,
    readonly dimension: number,
    private readonly options: QdrantStoreOptions = {},
  ) {
    this.collection = settings.collection;
    this.batchSize = options.batchSize ?? 256;
    this.target = { url: displayUri(settings.url), collection: settings.collection, timeoutMs: settings.timeoutMs, secrets: settings.apiKey ? [settings.apiKey] : [] };
    // No version probe at construction: it would be a request nobody awaits, and its failure a stray warning.
    this.client = new QdrantClient({ url: settings.url, apiKey: settings.apiKey, timeout: settings.timeoutMs, checkCompatibility: false });
  }

  async describe(): Promise<CollectionInfo> {
    const { exists } = parseResponse(ExistsResponse, await this.call("checking the collection", () => this.client.collectionExists(this.collection)), this.target.url, "collection exists");
    if (!exists) return { exists };
    const info = parseResponse(CollectionResponse, await this.call("reading the collection", () => this.client.getCollection(this.collection)), this.target.url, "collection info");
    const embedder = info.config.metadata?.embedder;
    return { exists, dimension: info.config.params.vectors.size, distance: info.config.params.vectors.distance, ...(typeof embedder === "string" ? { embedder } : {}) };
  }

  /**
   * Creates the collection (and its payload index on `type`) when missing. An incompatible one is
   * dropped and recreated when `recreate` is set (ingest), and refused otherwise.
   */
  async ensureCollection(embedderId: string, options: { recreate?: boolean } = {}): Promise<"created" | "recreated" | "exists"> {
    let info = await this.describe();
    const problem = collectionProblem(info, this.dimension, embedderId);
    let outcome: "created" | "recreated" | "exists" = info.exists ? "exists" : "created";
    if (problem) {
      if (!options.recreate) throw new AppError("config_invalid", `qdrant collection "${this.collection}" at ${this.target.url} ${problem}; re-run npm run ingest -- --vectors qdrant or set QDRANT_COLLECTION to another name`);
      this.options.log?.(`qdrant collection "${this.collection}" ${problem}: recreating it`);
      await this.deleteCollection();
      info = { exists: false };
      outcome = "recreated";
    }
    // Through the REST client's own request (api()), which sends the body as given: the 1.18 client's
    // createCollection drops fields it does not list, among them the collection `metadata` that records the embedder.
    if (!info.exists) await this.call("creating the collection", () => this.client.api().createCollection({ collection_name: this.collection, ...createCollectionRequest(this.dimension, embedderId) } as never));
    await this.call("indexing payload type", () => this.client.createPayloadIndex(this.collection, typeIndexRequest()));
    return outcome;
  }

  async deleteCollection(): Promise<void> {
    await this.call("deleting the collection", () => this.client.deleteCollection(this.collection));
  }

  async size(): Promise<number> {
    return parseResponse(CountResponse, await this.call("counting points", () => this.client.count(this.collection, countRequest())), this.target.url, "count").count;
  }

  /** How many of these nodes already have a point (ingest skips complete batches when resuming). */
  async countIds(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return parseResponse(CountResponse, await this.call("counting points", () => this.client.count(this.collection, countRequest(ids))), this.target.url, "count").count;
  }

  async upsert(items: readonly VectorItem[]): Promise<void> {
    for (const it of items) {
      if (it.vector.length !== this.dimension) throw new Error(`vector for ${it.id} has ${it.vector.length} dimensions, expected ${this.dimension}`);
    }
    for (const body of upsertRequests(items, this.batchSize)) {
      await this.call(`upserting ${body.points.length} points`, () => this.client.upsert(this.collection, body));
    }
  }

  async search(vector: Float32Array, query: VectorQuery = {}): Promise<VectorHit[]> {
    if (vector.length !== this.dimension) throw new Error(`query vector has ${vector.length} dimensions, expected ${this.dimension}`);
    if ((query.k ?? 10) <= 0 || query.ids?.length === 0) return [];
    const result = await this.call("searching", () => this.client.query(this.collection, searchRequest(vector, query)));
    return parseResponse(QueryResponse, result, this.target.url, "query").points.map((p) => ({ id: p.payload.id, score: p.score, type: p.payload.type }));
  }

  /** The client holds no resources that need releasing: HTTP connections are pooled and idle out. */
  async close(): Promise<void> {}

  private async call<T>(doing: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await withRetry(() => fn(), {
        attempts: 4,
        baseDelayMs: 250,
        maxDelayMs: 4000,
        ...this.options.retry,
        retryable: qdrantRetryable,
        onRetry: (_e, attempt, delayMs) => this.options.log?.(`qdrant at ${this.target.url}: ${doing} failed (attempt ${attempt}); retrying in ${delayMs} ms`),
      });
    } catch (e) {
      throw qdrantFailure(e, this.target, doing);
    }
  }
}
