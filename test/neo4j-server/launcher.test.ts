import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { javaArguments, logTail, serverStatus, startServer, stopServer } from "../../src/neo4j-server/launcher";
import { serverPaths } from "../../src/neo4j-server/paths";
import { LAUNCHER_CLASS, launcherProcess, portFromArgs } from "../../src/neo4j-server/process-control";
import type { ServerSettings } from "../../src/neo4j-server/settings";

const PASSWORD = "s3cret-enough";

function settings(over: Partial<ServerSettings> = {}): ServerSettings {
  const home = join(mkdtempSync(join(tmpdir(), "mg-neo4j-home-")), "neo4j");
  return { port: 17687, heap: "512m", password: PASSWORD, paths: serverPaths(home, "/repo/neo4j-launcher"), ...over };
}

const bothTools = (name: string) => `/opt/bin/${name}`;
const noTools = () => undefined;

/** A stand-in for the launcher: a process whose command line names the launcher class and a port; resolves once it has its signal handlers. */
async function fakeLauncher(options: { ignoreTerm?: boolean } = {}): Promise<ChildProcess> {
  const code = `${options.ignoreTerm ? "process.on('SIGTERM', () => {});" : ""} setInterval(() => {}, 1000); console.log('ready')`;
  const child = spawn(process.execPath, ["-e", code, LAUNCHER_CLASS, "--port", "17999"], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  await new Promise((resolve) => child.stdout!.once("data", resolve));
  return child;
}

const children: ChildProcess[] = [];
const servers: Server[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const s of servers.splice(0)) s.close();
});

describe("start refuses early, before building or writing anything", () => {
  it("without java and mvn", async () => {
    const s = settings();
    await expect(startServer(s, { which: noTools })).rejects.toThrow(/apt-get install openjdk-17-jdk-headless[\s\S]*apt-get install maven/);
    expect(existsSync(s.paths.home)).toBe(false);
  });

  it("without a password of 8 characters", async () => {
    const s = settings({ password: "short" });
    await expect(startServer(s, { which: bothTools })).rejects.toThrow("NEO4J_PASSWORD has 5 characters; Neo4j needs at least 8.");
    await expect(startServer(settings({ password: undefined }), { which: bothTools })).rejects.toThrow(/NEO4J_PASSWORD is not set/);
    expect(existsSync(s.paths.home)).toBe(false);
  });

  it("when another program holds the port", async () => {
    const busy = createServer();
    servers.push(busy);
    const port = await new Promise<number>((resolve) => busy.listen(0, "127.0.0.1", () => resolve((busy.address() as { port: number }).port)));
    const s = settings({ port });
    await expect(startServer(s, { which: bothTools })).rejects.toThrow(`127.0.0.1:${port} is already in use by another program; set NEO4J_BOLT_PORT to a free port.`);
    expect(existsSync(s.paths.pidFile)).toBe(false);
  });
});

describe("the java command line", () => {
  it("has the heap, the classpath and the home, but never the password", () => {
    const s = settings();
    const args = javaArguments(s);
    expect(args).toContain("-Xmx512m");
    expect(args).toContain("-Xms256m");
    expect(args.slice(args.indexOf("-cp") + 1, args.indexOf("-cp") + 3)).toEqual(["/repo/neo4j-launcher/target/neo4j-launcher.jar:/repo/neo4j-launcher/target/lib/*", LAUNCHER_CLASS]);
    expect(args.slice(-4)).toEqual(["--home", s.paths.home, "--port", "17687"]);
    expect(args.join(" ")).not.toContain(PASSWORD);
    expect(portFromArgs(args)).toBe(17687);
  });
});

describe("stop and status", () => {
  it("say nothing runs without a pid file, or with one whose process is not the launcher", async () => {
    const s = settings();
    expect(serverStatus(s)).toEqual({ running: false, logFile: s.paths.logFile });
    expect(await stopServer(s)).toEqual({ state: "not-running" });
    mkdirSync(s.paths.home, { recursive: true });
    writeFileSync(s.paths.pidFile, `${process.pid}\n`);
    expect(launcherProcess(process.pid)).toBeUndefined();
    expect(serverStatus(s).running).toBe(false);
    expect(await stopServer(s)).toEqual({ state: "not-running" });
    expect(existsSync(s.paths.pidFile)).toBe(false);
  });

  it("reject a pid file that holds no pid", () => {
    const s = settings();
    mkdirSync(s.paths.home, { recursive: true });
    writeFileSync(s.paths.pidFile, "neo4j\n");
    expect(() => serverStatus(s)).toThrow(`${s.paths.pidFile} does not hold a process id; delete it if no Neo4j runs.`);
  });

  it("report a running launcher with the port it was started on, and stop it with SIGTERM", async () => {
    const s = settings();
    const child = await fakeLauncher();
    mkdirSync(s.paths.home, { recursive: true });
    writeFileSync(s.paths.pidFile, `${child.pid}\n`);
    expect(launcherProcess(child.pid!)).toEqual({ pid: child.pid, port: 17999 });
    expect(serverStatus(s)).toEqual({ running: true, pid: child.pid, uri: "neo4j://127.0.0.1:17999", dataDir: s.paths.dataDir, logFile: s.paths.logFile });
    const exited = new Promise((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    expect(await stopServer(s)).toMatchObject({ state: "stopped", pid: child.pid });
    expect(await exited).toBe("SIGTERM");
    expect(existsSync(s.paths.pidFile)).toBe(false);
    expect(serverStatus(s).running).toBe(false);
  });

  it("kill a launcher that ignores SIGTERM past the deadline", async () => {
    const s = settings();
    const child = await fakeLauncher({ ignoreTerm: true });
    mkdirSync(s.paths.home, { recursive: true });
    writeFileSync(s.paths.pidFile, `${child.pid}\n`);
    const exited = new Promise((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    expect(await stopServer(s, { stopTimeoutMs: 300 })).toMatchObject({ state: "killed", pid: child.pid });
    expect(await exited).toBe("SIGKILL");
  });
});

describe("the log shown with a failed start", () => {
  it("is the end of what the last start wrote", () => {
    const dir = mkdtempSync(join(tmpdir(), "mg-neo4j-log-"));
    const log = join(dir, "neo4j.log");
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`);
    writeFileSync(log, `\n--- npm run neo4j -- start at 2026-01-01T00:00:00Z ---\nold failure\n\n--- npm run neo4j -- start at 2026-01-02T00:00:00Z ---\n${lines.join("\n")}\n`);
    const tail = logTail(log, 5);
    expect(tail).toBe(`last lines of ${log} (Neo4j's debug.log is beside it):\nline 45\nline 46\nline 47\nline 48\nline 49`);
    expect(logTail(join(dir, "absent.log"))).toBe(`(no log at ${join(dir, "absent.log")})`);
  });
});
