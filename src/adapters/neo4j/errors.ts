import { z } from "zod";
import { redact } from "../../util/redact";
import { BackendUnavailableError } from "../../errors";

/** What an error message may say about the server: where it is, never how to log in. */
export interface Neo4jTarget {
  /** The URI without user info, e.g. neo4j://db.internal:7687. */
  uri: string;
  database: string;
  user: string;
  timeoutMs: number;
  /** Strings that must never appear in a message (the password). */
  secrets: readonly string[];
}

const DriverErrorShape = z.object({ code: z.string(), message: z.string(), retryable: z.boolean().optional() });

const UNAVAILABLE_CODES = new Set(["ServiceUnavailable", "SessionExpired"]);
/** Node's socket error codes (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ...), should one escape the driver unwrapped. */
const SOCKET_CODE = /^E[A-Z]{3,}$/;

function brief(message: string, secrets: readonly string[]): string {
  const one = redact(message, secrets).replace(/\s+/g, " ").trim();
  return one.length > 200 ? `${one.slice(0, 197)}...` : one;
}

/**
 * Maps a driver error to what the caller should see. A server that is down, unreachable, refusing the
 * login, missing the database or timing out becomes a BackendUnavailableError (a tool turns it into a
 * note and the run goes on); anything else (a Cypher error) is a bug and stays a plain Error. Every
 * message names the server and is scrubbed of the secrets.
 */
export function neo4jFailure(error: unknown, target: Neo4jTarget, doing: string): Error {
  const where = `neo4j at ${target.uri} (database "${target.database}")`;
  const parsed = DriverErrorShape.safeParse(error);
  if (!parsed.success) {
    const message = error instanceof Error ? error.message : String(error);
    return new Error(`${where} failed while ${doing}: ${brief(message, target.secrets)}`);
  }
  const { code, message, retryable } = parsed.data;
  const detail = brief(message, target.secrets);
  if (code.startsWith("Neo.ClientError.Security.")) {
    return new BackendUnavailableError(`${where} rejected the login of user "${target.user}" (${code}); check NEO4J_USER and NEO4J_PASSWORD.`);
  }
  if (code === "Neo.ClientError.Database.DatabaseNotFound") {
    return new BackendUnavailableError(`${where} does not exist (${code}); check NEO4J_DATABASE (Community edition serves only "neo4j").`);
  }
  if (code.startsWith("Neo.ClientError.Transaction.TransactionTimedOut") || /timed out/i.test(message)) {
    return new BackendUnavailableError(`${where} did not answer within ${target.timeoutMs} ms while ${doing} (${code}); raise NEO4J_TIMEOUT_MS or check the server's load.`);
  }
  if (UNAVAILABLE_CODES.has(code) || code.startsWith("Neo.TransientError.") || retryable === true || SOCKET_CODE.test(code)) {
    return new BackendUnavailableError(`${where} is unavailable while ${doing} (${code}: ${detail}). Check that the server is running (docker compose up -d neo4j) and that NEO4J_URI points at it.`);
  }
  return new Error(`${where} failed while ${doing}: ${code}: ${detail}`);
}
