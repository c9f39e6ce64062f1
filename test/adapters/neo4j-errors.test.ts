import { describe, expect, it } from "vitest";
import { Neo4jConnection, neo4jSettingsFromEnv } from "../../src/adapters/neo4j/connection";
import { neo4jFailure, type Neo4jTarget } from "../../src/adapters/neo4j/errors";
import { displayUri, redact } from "../../src/util/redact";
import { loadConfig } from "../../src/config";
import { AppError, BackendUnavailableError } from "../../src/errors";
import { driverError } from "../contracts/neo4j-stub";

const SECRET = "hunter2-very-secret";
const TARGET: Neo4jTarget = { uri: "neo4j://db.internal:7687", database: "neo4j", user: "neo4j", timeoutMs: 1500, secrets: [SECRET] };

describe("neo4j error mapping", () => {
  it("shows URIs without user info and scrubs secrets from text", () => {
    expect(displayUri(`neo4j+s://neo4j:${SECRET}@db.internal:7687`)).toBe("neo4j+s://db.internal:7687");
    expect(displayUri("bolt://localhost:7687")).toBe("bolt://localhost:7687");
    expect(redact(`auth failed for ${SECRET} (${SECRET})`, [SECRET])).toBe("auth failed for *** (***)");
    expect(redact("a b c", ["a"])).toBe("a b c");
  });

  it("turns a server that is down, reset or expired into BackendUnavailableError naming the server", () => {
    for (const e of [driverError("ServiceUnavailable", "Could not perform discovery"), driverError("SessionExpired", "gone"), driverError("Neo.TransientError.General.DatabaseUnavailable", "starting"), Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })]) {
      const mapped = neo4jFailure(e, TARGET, "reading neighbours");
      expect(mapped).toBeInstanceOf(BackendUnavailableError);
      expect(mapped.message).toContain("neo4j at neo4j://db.internal:7687");
      expect(mapped.message).toContain("while reading neighbours");
    }
  });

  it("says what to check for a refused login, a missing database and a timeout, never the password", () => {
    const login = neo4jFailure(driverError("Neo.ClientError.Security.Unauthorized", `bad credentials ${SECRET}`), TARGET, "connecting");
    expect(login).toBeInstanceOf(BackendUnavailableError);
    expect(login.message).toMatch(/check NEO4J_USER and NEO4J_PASSWORD/);
    expect(login.message).not.toContain(SECRET);
    expect(neo4jFailure(driverError("Neo.ClientError.Database.DatabaseNotFound", "no such db"), TARGET, "connecting").message).toMatch(/check NEO4J_DATABASE/);
    const slow = neo4jFailure(driverError("Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration", "timed out"), TARGET, "searching");
    expect(slow).toBeInstanceOf(BackendUnavailableError);
    expect(slow.message).toMatch(/within 1500 ms/);
  });

  it("keeps a query the server rejects a plain error (a bug), scrubbed", () => {
    const bug = neo4jFailure(driverError("Neo.ClientError.Statement.SyntaxError", `Invalid input near ${SECRET}`), TARGET, "reading");
    expect(bug).not.toBeInstanceOf(AppError);
    expect(bug.message).toContain("Neo.ClientError.Statement.SyntaxError");
    expect(bug.message).not.toContain(SECRET);
  });

  it("needs NEO4J_URI and NEO4J_PASSWORD to build settings", () => {
    expect(() => neo4jSettingsFromEnv(loadConfig({}).env)).toThrow(/NEO4J_URI .* and NEO4J_PASSWORD/);
    expect(neo4jSettingsFromEnv(loadConfig({ NEO4J_URI: "neo4j://h:7687", NEO4J_PASSWORD: "pw", NEO4J_MAX_POOL: "7", NEO4J_TIMEOUT_MS: "2500" }).env)).toEqual({
      uri: "neo4j://h:7687",
      user: "neo4j",
      password: "pw",
      database: "neo4j",
      maxPool: 7,
      timeoutMs: 2500,
    });
  });
});

describe("neo4j connection to an unreachable server (real driver, no server)", () => {
  const settings = { uri: `neo4j://neo4j:${SECRET}@127.0.0.1:1`, user: "neo4j", password: SECRET, database: "neo4j", maxPool: 2, timeoutMs: 300 };

  it("fails verification with a BackendUnavailableError that names the URL but not the password", async () => {
    const conn = new Neo4jConnection(settings);
    try {
      const error = await conn.verify().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BackendUnavailableError);
      const message = (error as Error).message;
      expect(message).toContain("neo4j://127.0.0.1:1");
      expect(message).toMatch(/NEO4J_URI/);
      expect(message).not.toContain(SECRET);
    } finally {
      await conn.close();
    }
  });

  it("fails a read the same typed way, so a tool can turn it into a note", async () => {
    const conn = new Neo4jConnection({ ...settings, uri: "bolt://127.0.0.1:1" });
    try {
      await expect(conn.read({ text: "RETURN 1", params: {} })).rejects.toThrow(BackendUnavailableError);
      await expect(conn.read({ text: "RETURN 1", params: {} })).rejects.not.toThrow(SECRET);
    } finally {
      await conn.close();
    }
  });
});
