import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Neo4jConnection } from "../../src/adapters/neo4j/connection";
import { PROJECT_ROOT } from "../../src/config";
import { findExecutable } from "../../src/neo4j-server/prerequisites";

/**
 * `npm run neo4j -- start|stop|status` as a user runs it, against a real Neo4j 5.26 in a temporary
 * state directory on a free port: Cypher, a full-text and a vector index, then a clean stop. Skips
 * without Java and Maven, unless REQUIRE_NEO4J=1, which makes their absence a failure.
 */
const missing = ["java", "mvn"].filter((tool) => !findExecutable(tool, process.env.PATH));
const required = process.env.REQUIRE_NEO4J === "1";
const describeWithJava = missing.length > 0 && !required ? describe.skip : describe;
const title =
  missing.length === 0
    ? "local Neo4j server, live"
    : required
      ? `local Neo4j server (REQUIRE_NEO4J=1, and no ${missing.join(" or ")} on PATH)`
      : `local Neo4j server (skipped: no ${missing.join(" or ")} on PATH; REQUIRE_NEO4J=1 fails instead)`;

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describeWithJava(title, () => {
  const password = randomBytes(12).toString("base64url");
  let env: NodeJS.ProcessEnv = {};
  let uri = "";
  let connection: Neo4jConnection | undefined;

  const cli = (command: string, over: NodeJS.ProcessEnv = {}): Promise<CliRun> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "src/cli/neo4j.ts", command], { cwd: PROJECT_ROOT, env: { ...env, ...over }, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });

  beforeAll(async () => {
    const port = await freePort();
    env = { ...process.env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), "mg-neo4j-live-")), NEO4J_BOLT_PORT: String(port), NEO4J_PASSWORD: password, NEO4J_HEAP: "512m" };
    delete env.NEO4J_HOME_DIR;
    const start = await cli("start");
    expect(start.code, `start failed:\n${start.stderr}`).toBe(0);
    uri = `neo4j://127.0.0.1:${port}`;
    expect(start.stdout).toContain(`bolt: ${uri}`);
    expect(start.stdout + start.stderr).not.toContain(password);
    connection = new Neo4jConnection({ uri, user: "neo4j", password, database: "neo4j", maxPool: 2, timeoutMs: 30_000 });
  });

  afterAll(async () => {
    await connection?.close();
    // Whatever a test left behind ("not running" is fine), then the server's data and logs.
    if (env.XDG_STATE_HOME) {
      await cli("stop");
      rmSync(env.XDG_STATE_HOME, { recursive: true, force: true });
    }
  });

  it("answers Cypher over Bolt with the password from NEO4J_PASSWORD, and only with it", async () => {
    expect(await connection!.read({ text: "RETURN 1 AS one", params: {} })).toEqual([{ one: 1 }]);
    const wrong = new Neo4jConnection({ uri, user: "neo4j", password: `${password}-not`, database: "neo4j", maxPool: 1, timeoutMs: 10_000 });
    await expect(wrong.verify()).rejects.toThrow(/rejected the login of user "neo4j"/);
    await wrong.close();
  });

  it("has working full-text and vector indexes", async () => {
    const c = connection!;
    await c.write({
      text: "UNWIND $rows AS row CREATE (:Film {name: row.name, plot: row.plot, embedding: row.embedding})",
      params: {
        rows: [
          { name: "Alien", plot: "the crew of a space freighter meets a deadly creature", embedding: [1, 0, 0] },
          { name: "Heat", plot: "a detective hunts a crew of bank robbers in Los Angeles", embedding: [0.6, 0.8, 0] },
          { name: "Amélie", plot: "a shy waitress in Paris quietly changes the lives around her", embedding: [0, 0, 1] },
        ],
      },
    });
    await c.write({ text: "CREATE FULLTEXT INDEX film_text FOR (f:Film) ON EACH [f.name, f.plot] OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-folding' } }", params: {} });
    await c.write({ text: "CREATE VECTOR INDEX film_vector FOR (f:Film) ON f.embedding OPTIONS { indexConfig: { `vector.dimensions`: 3, `vector.similarity_function`: 'cosine' } }", params: {} });
    await c.read({ text: "CALL db.awaitIndexes(60)", params: {} });

    const text = await c.read({ text: "CALL db.index.fulltext.queryNodes('film_text', $q) YIELD node, score RETURN node.name AS name ORDER BY score DESC, name", params: { q: "crew" } });
    expect(text.map((r) => r.name)).toEqual(["Alien", "Heat"]);
    // standard-folding: the accent-free spelling finds the accented name.
    const folded = await c.read({ text: "CALL db.index.fulltext.queryNodes('film_text', $q) YIELD node RETURN node.name AS name", params: { q: "amelie" } });
    expect(folded).toEqual([{ name: "Amélie" }]);

    const nearest = await c.read({ text: "CALL db.index.vector.queryNodes('film_vector', 2, $v) YIELD node, score RETURN node.name AS name, score", params: { v: [0.9, 0.1, 0] } });
    expect(nearest.map((r) => r.name)).toEqual(["Alien", "Heat"]);
    expect(nearest[0]!.score as number).toBeGreaterThan(nearest[1]!.score as number);
  });

  it("status says it runs; stop shuts it down; status then says it does not", async () => {
    const running = await cli("status");
    expect(running.code).toBe(0);
    expect(running.stdout).toMatch(new RegExp(`^Neo4j is running \\(pid \\d+\\) at ${uri}`));
    const again = await cli("start");
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Neo4j was already running/);

    const stop = await cli("stop");
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stdout).toMatch(/^Neo4j stopped \(pid \d+\)/);
    const after = await cli("status");
    expect(after.code).toBe(3);
    expect(after.stdout).toBe("Neo4j is not running\n");
  });

  it("refuses to come up with another password than the data directory's, and does not leave it running", async () => {
    const other = `${password}-changed`;
    const run = await cli("start", { NEO4J_PASSWORD: other });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Neo4j at ${uri} refused NEO4J_PASSWORD for user neo4j`);
    expect(run.stderr).not.toContain(other);
    expect((await cli("status")).code).toBe(3);
  });
});
