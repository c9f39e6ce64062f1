import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors";
import { findBinDir, runningPostmaster } from "../../src/postgres-server/cluster";
import { scramVerifier, verifierAccepts } from "../../src/postgres-server/scram";
import { connectionUrl, parseServerCommand, requirePassword, serverSettings } from "../../src/postgres-server/settings";

const stateHome = mkdtempSync(join(tmpdir(), "mg-postgres-settings-"));
const env = (over: Record<string, string> = {}) => ({ XDG_STATE_HOME: stateHome, ...over });
const messageOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return "(no error)";
};

describe("npm run postgres -- <command>", () => {
  it("takes start, stop and status, and --help or -h for the usage", () => {
    expect(["start", "stop", "status", "--help", "-h"].map((c) => parseServerCommand([c]))).toEqual(["start", "stop", "status", "help", "help"]);
  });

  it("answers anything else with the usage and what it got", () => {
    for (const argv of [[], ["restart"], ["start", "now"]]) {
      expect(() => parseServerCommand(argv)).toThrow(InvalidInputError);
      expect(messageOf(() => parseServerCommand(argv))).toMatch(/^usage: npm run postgres -- start\|stop\|status/);
    }
  });
});

describe("local PostgreSQL settings", () => {
  it("defaults: port 5432, role and database graph, everything under the state directory", () => {
    const s = serverSettings(env());
    expect(s).toMatchObject({ port: 5432, user: "graph", database: "graph", password: undefined, homeIsExplicit: false });
    const home = join(stateHome, "movie-graph-research", "postgres");
    expect(s.paths).toEqual({ home, dataDir: join(home, "data"), socketDir: join(home, "run"), logFile: join(home, "postgres.log") });
  });

  it("reads POSTGRES_PORT, POSTGRES_USER, POSTGRES_DB and POSTGRES_HOME_DIR", () => {
    const s = serverSettings(env({ POSTGRES_PORT: "5442", POSTGRES_USER: "movies", POSTGRES_DB: "threads", POSTGRES_HOME_DIR: "/srv/pg" }));
    expect(s).toMatchObject({ port: 5442, user: "movies", database: "threads", homeIsExplicit: true });
    expect(s.paths.dataDir).toBe("/srv/pg/data");
  });

  it("names each bad variable, and never shows the password", () => {
    const message = messageOf(() => serverSettings(env({ POSTGRES_PORT: "70000", POSTGRES_USER: "Robert'); DROP", POSTGRES_PASSWORD: "" })));
    expect(message).toContain("POSTGRES_PORT");
    expect(message).toContain("POSTGRES_USER");
    expect(requirePassword("eight-ch")).toBe("eight-ch");
    for (const bad of [undefined, "short", "has a space", "naïve-password"]) {
      const m = messageOf(() => requirePassword(bad));
      expect(m).toMatch(/^POSTGRES_PASSWORD /);
      if (bad) expect(m).not.toContain(bad);
    }
  });

  it("prints the URL without the password; with it, percent-encoded", () => {
    const s = serverSettings(env({ POSTGRES_PORT: "5442" }));
    expect(connectionUrl(s)).toBe("postgresql://graph@127.0.0.1:5442/graph");
    expect(connectionUrl(s, "p@ss:w/rd")).toBe("postgresql://graph:p%40ss%3Aw%2Frd@127.0.0.1:5442/graph");
  });
});

describe("SCRAM-SHA-256 verifiers", () => {
  it("match PostgreSQL's format and keys (computed apart with Python's hashlib)", () => {
    expect(scramVerifier("pencil-123", Buffer.from([...Array(16).keys()]))).toBe(
      "SCRAM-SHA-256$4096:AAECAwQFBgcICQoLDA0ODw==$X379/kuYXMsH+ZAGZL5wi30YwznDNoXBClUwBC1tHcg=:8RhNJkAI+ArAwpV8EL2U0ET4M01wcIUK8KkIhPLt4fY=",
    );
  });

  it("accept their own password only, and nothing that is not a SCRAM verifier", () => {
    // Made by PostgreSQL 15 itself (CREATE ROLE ... PASSWORD 'pencil-123').
    const server = "SCRAM-SHA-256$4096:SLsBF5wpTAAU2ZjbY4ifdg==$3p4Xsk60Z9f5TpMn4qXUUpkIBcUhxvgRBOUY0YabYRs=:PYVsh+YTexgyfj62as32eIgGmvEINF+SgJQqFroTj8M=";
    expect(verifierAccepts(server, "pencil-123")).toBe(true);
    expect(verifierAccepts(server, "pencil-124")).toBe(false);
    expect(verifierAccepts(scramVerifier("another-one"), "another-one")).toBe(true);
    for (const other of [undefined, "", "md5d3b07384d113edec49eaa6238ad5ff00"]) expect(verifierAccepts(other, "pencil-123")).toBe(false);
  });
});

describe("the cluster on disk", () => {
  it("takes the server binaries of the cluster's own major version, else the newest complete set", () => {
    const lib = mkdtempSync(join(tmpdir(), "mg-postgres-lib-"));
    const install = (version: string, binaries: string[]) => {
      mkdirSync(join(lib, version, "bin"), { recursive: true });
      for (const b of binaries) writeFileSync(join(lib, version, "bin", b), "#!/bin/sh\n", { mode: 0o755 });
    };
    expect(findBinDir(lib)).toBeUndefined();
    install("9.6", ["initdb", "pg_ctl", "postgres", "psql"]);
    install("15", ["initdb", "pg_ctl", "postgres", "psql"]);
    install("16", ["psql"]);
    expect(findBinDir(lib)).toBe(join(lib, "15", "bin"));
    expect(findBinDir(lib, "9.6")).toBe(join(lib, "9.6", "bin"));
    expect(findBinDir(lib, "16")).toBeUndefined();
  });

  it("counts a postmaster.pid only when its process is a live postgres", () => {
    const data = mkdtempSync(join(tmpdir(), "mg-postgres-data-"));
    expect(runningPostmaster(data)).toBeUndefined();
    // This test's own pid is alive but is node, not postgres: a stale file left by a crash looks like this.
    writeFileSync(join(data, "postmaster.pid"), `${process.pid}\n${data}\n1700000000\n5432\n`);
    expect(runningPostmaster(data)).toBeUndefined();
  });
});
