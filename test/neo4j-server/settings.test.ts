import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { requirePassword, serverSettings } from "../../src/neo4j-server/settings";

const stateHome = mkdtempSync(join(tmpdir(), "mg-neo4j-settings-"));
const env = (over: Record<string, string> = {}) => ({ XDG_STATE_HOME: stateHome, EMBEDDER: "corpus", ...over });
const settings = (over: Record<string, string> = {}) => serverSettings(loadConfig(env(over)), env(over), "/repo/neo4j-launcher");

describe("local Neo4j settings", () => {
  it("defaults: Bolt on 7687, a 1g heap, everything under the state directory", () => {
    const s = settings();
    expect(s.port).toBe(7687);
    expect(s.heap).toBe("1g");
    expect(s.paths).toEqual({
      launcherDir: "/repo/neo4j-launcher",
      launcherJar: "/repo/neo4j-launcher/target/neo4j-launcher.jar",
      launcherLib: "/repo/neo4j-launcher/target/lib",
      home: join(stateHome, "movie-graph-research", "neo4j"),
      dataDir: join(stateHome, "movie-graph-research", "neo4j", "data"),
      logsDir: join(stateHome, "movie-graph-research", "neo4j", "logs"),
      logFile: join(stateHome, "movie-graph-research", "neo4j", "logs", "neo4j.log"),
      pidFile: join(stateHome, "movie-graph-research", "neo4j", "neo4j.pid"),
    });
  });

  it("stored runs stay where they were, beside the server's folder", () => {
    const config = loadConfig(env());
    expect(config.stateDir).toBe(join(stateHome, "movie-graph-research"));
    expect(config.runsDir).toBe(join(stateHome, "movie-graph-research", "runs"));
  });

  it("reads NEO4J_BOLT_PORT, NEO4J_HEAP and NEO4J_HOME_DIR", () => {
    const s = settings({ NEO4J_BOLT_PORT: "17687", NEO4J_HEAP: "512m", NEO4J_HOME_DIR: "/srv/neo4j" });
    expect(s.port).toBe(17687);
    expect(s.heap).toBe("512m");
    expect(s.paths.dataDir).toBe("/srv/neo4j/data");
    expect(s.paths.pidFile).toBe("/srv/neo4j/neo4j.pid");
  });

  it("names a bad variable and what it needs", () => {
    expect(() => settings({ NEO4J_BOLT_PORT: "70000" })).toThrow(/NEO4J_BOLT_PORT: .*\(got "70000"\)/);
    expect(() => settings({ NEO4J_HEAP: "lots" })).toThrow(/NEO4J_HEAP: a JVM size such as 512m or 1g \(got "lots"\)/);
    expect(() => settings({ NEO4J_HEAP: "128m" })).toThrow(/NEO4J_HEAP: at least 256m \(got "128m"\)/);
    expect(() => settings({ NEO4J_HEAP: "2x" })).not.toThrow(/at least/);
  });
});

describe("NEO4J_PASSWORD", () => {
  it("is required, at least 8 characters, and never quoted back", () => {
    expect(() => requirePassword(undefined)).toThrow(/NEO4J_PASSWORD is not set/);
    let message = "";
    try {
      requirePassword("seven77");
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe("NEO4J_PASSWORD has 7 characters; Neo4j needs at least 8.");
    expect(requirePassword("eight888")).toBe("eight888");
  });

  it("an empty one counts as unset", () => {
    expect(settings({ NEO4J_PASSWORD: "" }).password).toBeUndefined();
  });
});
