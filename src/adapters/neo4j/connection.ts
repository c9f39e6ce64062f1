import neo4j from "neo4j-driver";
import type { Env } from "../../config";
import { AppError } from "../../errors";
import type { CypherQuery } from "./cypher";
import { displayUri } from "../../util/redact";
import { neo4jFailure, type Neo4jTarget } from "./errors";

/** The one place that imports neo4j-driver: a driver, its sessions and its errors. */

export interface Neo4jSettings {
  uri: string;
  user: string;
  password: string;
  database: string;
  maxPool: number;
  timeoutMs: number;
}

export function neo4jSettingsFromEnv(env: Env): Neo4jSettings {
  if (!env.NEO4J_URI || !env.NEO4J_PASSWORD) {
    throw new AppError("config_invalid", "invalid environment:\n  the Neo4j backend needs NEO4J_URI (e.g. neo4j://localhost:7687) and NEO4J_PASSWORD");
  }
  return { uri: env.NEO4J_URI, user: env.NEO4J_USER, password: env.NEO4J_PASSWORD, database: env.NEO4J_DATABASE, maxPool: env.NEO4J_MAX_POOL, timeoutMs: env.NEO4J_TIMEOUT_MS };
}

export type Row = Record<string, unknown>;

/** The slice of the driver this module uses; tests stand in a failing one. */
export interface TransactionLike {
  run(text: string, params: Record<string, unknown>): PromiseLike<{ records: { toObject(): object }[] }>;
}
export interface SessionLike {
  executeRead<T>(work: (tx: TransactionLike) => Promise<T>, config?: { timeout?: number }): Promise<T>;
  executeWrite<T>(work: (tx: TransactionLike) => Promise<T>, config?: { timeout?: number }): Promise<T>;
  close(): Promise<void>;
}
export interface DriverLike {
  session(config: { database: string; defaultAccessMode: "READ" | "WRITE" }): SessionLike;
  verifyConnectivity(config: { database: string }): Promise<unknown>;
  close(): Promise<void>;
}

/** A driver with the pool size and timeouts from the configuration. Constructing it does not connect. */
export function createDriver(s: Neo4jSettings): DriverLike {
  return neo4j.driver(s.uri, neo4j.auth.basic(s.user, s.password), {
    maxConnectionPoolSize: s.maxPool,
    connectionTimeout: s.timeoutMs,
    connectionAcquisitionTimeout: s.timeoutMs,
    // executeRead/executeWrite retry transient failures for at most this long before giving up.
    maxTransactionRetryTime: s.timeoutMs,
    // Counts, degrees and ords fit in a double; plain numbers keep the row schemas simple.
    disableLosslessIntegers: true,
    userAgent: "movie-graph-research",
  });
}

/**
 * Reads and writes as managed transactions (the driver retries transient failures), each in its own
 * session that is always closed, with a server-side timeout; every failure goes through `neo4jFailure`.
 */
export class Neo4jConnection {
  readonly target: Neo4jTarget;
  private readonly driver: DriverLike;

  constructor(settings: Neo4jSettings, driver?: DriverLike) {
    this.target = { uri: displayUri(settings.uri), database: settings.database, user: settings.user, timeoutMs: settings.timeoutMs, secrets: [settings.password] };
    this.driver = driver ?? createDriver(settings);
  }

  /** Fails with a BackendUnavailableError naming the server when it cannot be reached or refuses the login. */
  async verify(): Promise<void> {
    try {
      await this.driver.verifyConnectivity({ database: this.target.database });
    } catch (e) {
      throw neo4jFailure(e, this.target, "connecting");
    }
  }

  read(query: CypherQuery, options: { timeoutMs?: number; doing?: string } = {}): Promise<Row[]> {
    return this.run("READ", query, options);
  }

  write(query: CypherQuery, options: { timeoutMs?: number; doing?: string } = {}): Promise<Row[]> {
    return this.run("WRITE", query, options);
  }

  async close(): Promise<void> {
    await this.driver.close();
  }

  private async run(mode: "READ" | "WRITE", query: CypherQuery, options: { timeoutMs?: number; doing?: string }): Promise<Row[]> {
    const session = this.driver.session({ database: this.target.database, defaultAccessMode: mode });
    const work = async (tx: TransactionLike) => (await tx.run(query.text, query.params)).records.map((r) => r.toObject() as Row);
    const config = { timeout: options.timeoutMs ?? this.target.timeoutMs };
    try {
      return mode === "READ" ? await session.executeRead(work, config) : await session.executeWrite(work, config);
    } catch (e) {
      throw neo4jFailure(e, this.target, options.doing ?? (mode === "READ" ? "reading" : "writing"));
    } finally {
      await session.close();
    }
  }
}
