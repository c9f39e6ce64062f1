import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { delimiter, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "../errors";
import { probeBolt } from "./bolt";
import { buildLauncher, launcherBuildState } from "./build";
import type { ServerPaths } from "./paths";
import { findExecutable, requireJava17, requireTools } from "./prerequisites";
import { LAUNCHER_CLASS, launcherProcess, portIsFree, readPidFile, removePidFile, terminate, writePidFile } from "./process-control";
import { MIN_HEAP, requirePassword, type ServerSettings } from "./settings";

/**
 * The local Neo4j server's life cycle: start (build the launcher if needed, spawn it detached, wait
 * for Bolt), stop (SIGTERM, then SIGKILL) and status. The pid file is the only shared state.
 */

export interface LifecycleOptions {
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
  /** The PATH searched for java and mvn, and how (tests inject both). */
  pathVar?: string;
  which?: typeof findExecutable;
  /** How long start waits for Bolt, and stop for a clean shutdown. */
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

export interface RunningServer {
  pid: number;
  uri: string;
  dataDir: string;
  logFile: string;
}

export type StartResult = RunningServer & { state: "started" | "already-running"; seconds: number; built: boolean };
export type StopResult = { state: "not-running" } | { state: "stopped" | "killed"; pid: number; seconds: number };
export type StatusResult = ({ running: true } & RunningServer) | { running: false; logFile: string };

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;
const LOG_TAIL_LINES = 30;
const START_MARK = "--- npm run neo4j -- start at ";

export const boltUri = (port: number) => `neo4j://127.0.0.1:${port}`;

/**
 * The JVM options are those Neo4j's own start script sets (the page cache and the transaction logs
 * reach into these JDK internals, or log a warning and fall back), except the initial heap: the
 * smallest NEO4J_HEAP allowed rather than all of it, so an idle server stays small.
 */
export function javaArguments(settings: ServerSettings): string[] {
  const { paths } = settings;
  return [
    `-Xms${MIN_HEAP}`,
    `-Xmx${settings.heap}`,
    "-XX:+ExitOnOutOfMemoryError",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "-cp",
    [paths.launcherJar, join(paths.launcherLib, "*")].join(delimiter),
    LAUNCHER_CLASS,
    "--home",
    paths.home,
    "--port",
    String(settings.port),
  ];
}

export async function startServer(settings: ServerSettings, options: LifecycleOptions = {}): Promise<StartResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const tools = requireTools(options.pathVar, options.which);
  const password = requirePassword(settings.password);
  const { paths } = settings;
  const uri = boltUri(settings.port);
  const running: RunningServer = { pid: 0, uri, dataDir: paths.dataDir, logFile: paths.logFile };
  const seconds = () => (performance.now() - started) / 1000;

  const existing = readPidFile(paths.pidFile);
  const alive = existing === undefined ? undefined : launcherProcess(existing);
  if (alive) {
    if (alive.port !== undefined && alive.port !== settings.port) {
      throw new AppError("config_invalid", `Neo4j already runs (pid ${alive.pid}) on port ${alive.port}, not NEO4J_BOLT_PORT=${settings.port}; stop it first (npm run neo4j -- stop).`);
    }
    log(`Neo4j already runs (pid ${alive.pid}); waiting for Bolt at ${uri}`);
    await waitForBolt(uri, password, options.startTimeoutMs ?? START_TIMEOUT_MS, () => (launcherProcess(alive.pid) ? undefined : "it exited"), paths);
    return { ...running, pid: alive.pid, state: "already-running", seconds: seconds(), built: false };
  }
  if (existing !== undefined) removePidFile(paths.pidFile);
  if (!(await portIsFree(settings.port))) {
    throw new AppError("config_invalid", `127.0.0.1:${settings.port} is already in use by another program; set NEO4J_BOLT_PORT to a free port.`);
  }

  requireJava17(tools.java);
  const build = launcherBuildState(paths);
  if (!build.fresh) {
    log(`building the launcher with Maven (${build.reason}; the first build downloads Neo4j, about 125 MB, into ~/.m2)`);
    await buildLauncher(tools.mvn, paths.launcherDir);
  }

  mkdirSync(paths.logsDir, { recursive: true });
  const out = openSync(paths.logFile, "a");
  writeSync(out, `\n${START_MARK}${new Date().toISOString()} ---\n`);
  const child = spawn(tools.java, javaArguments(settings), {
    cwd: paths.home,
    detached: true,
    stdio: ["ignore", out, out],
    // The password reaches the launcher through its environment only, never its command line.
    env: { ...process.env, NEO4J_PASSWORD: password },
  });
  closeSync(out);
  let exit: string | undefined;
  child.on("exit", (code, signal) => (exit = signal ? `it was killed by ${signal}` : `it exited with code ${code}`));
  child.on("error", (e) => (exit = `it could not be started: ${e.message}`));
  child.unref();
  if (child.pid === undefined) throw new AppError("backend_unavailable", `could not start ${tools.java}`);
  writePidFile(paths.pidFile, child.pid);
  log(`starting Neo4j (pid ${child.pid}); waiting for Bolt at ${uri}`);

  try {
    await waitForBolt(uri, password, options.startTimeoutMs ?? START_TIMEOUT_MS, () => exit, paths);
  } catch (e) {
    if (!exit) await terminate(child.pid, STOP_TIMEOUT_MS);
    removePidFile(paths.pidFile);
    throw e;
  }
  return { ...running, pid: child.pid, state: "started", seconds: seconds(), built: !build.fresh };
}

/** Polls Bolt until it lets user neo4j in; fails at once on a refused password or a process that ended. */
async function waitForBolt(uri: string, password: string, timeoutMs: number, ended: () => string | undefined, paths: ServerPaths): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = ended();
    if (why) throw new AppError("backend_unavailable", `Neo4j did not start: ${why} before Bolt answered at ${uri}.\n${logTail(paths.logFile)}`);
    const answer = await probeBolt(uri, password);
    if (answer === "up") return;
    if (answer === "unauthorized") {
      throw new AppError(
        "config_invalid",
        `Neo4j at ${uri} refused NEO4J_PASSWORD for user neo4j: its data directory ${paths.dataDir} was set up with another password. ` +
          "Set NEO4J_PASSWORD to that one, or delete that directory (losing its graph) to set a new one.",
      );
    }
    if (Date.now() >= deadline) throw new AppError("backend_unavailable", `Neo4j did not answer on Bolt at ${uri} within ${timeoutMs / 1000} s.\n${logTail(paths.logFile)}`);
    await sleep(500);
  }
}

/** The end of what the launcher wrote since the last start, to show with a failure. */
export function logTail(logFile: string, lines = LOG_TAIL_LINES): string {
  if (!existsSync(logFile)) return `(no log at ${logFile})`;
  const text = readFileSync(logFile, "utf8");
  const since = text.lastIndexOf(START_MARK);
  const tail = (since >= 0 ? text.slice(since) : text).trimEnd().split("\n").slice(-lines);
  return `last lines of ${logFile} (Neo4j's debug.log is beside it):\n${tail.join("\n")}`;
}

export async function stopServer(settings: ServerSettings, options: LifecycleOptions = {}): Promise<StopResult> {
  const { pidFile } = settings.paths;
  const pid = readPidFile(pidFile);
  const alive = pid === undefined ? undefined : launcherProcess(pid);
  if (!alive) {
    removePidFile(pidFile);
    return { state: "not-running" };
  }
  const started = performance.now();
  options.log?.(`stopping Neo4j (pid ${alive.pid})`);
  const state = await terminate(alive.pid, options.stopTimeoutMs ?? STOP_TIMEOUT_MS);
  removePidFile(pidFile);
  return { state, pid: alive.pid, seconds: (performance.now() - started) / 1000 };
}

export function serverStatus(settings: ServerSettings): StatusResult {
  const { paths } = settings;
  const pid = readPidFile(paths.pidFile);
  const alive = pid === undefined ? undefined : launcherProcess(pid);
  if (!alive) return { running: false, logFile: paths.logFile };
  return { running: true, pid: alive.pid, uri: boltUri(alive.port ?? settings.port), dataDir: paths.dataDir, logFile: paths.logFile };
}
