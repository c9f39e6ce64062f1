import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { AppError } from "../errors";

/** The launcher's main class; it names the process in /proc/PID/cmdline. */
export const LAUNCHER_CLASS = "moviegraph.neo4j.Launcher";

export interface LauncherProcess {
  pid: number;
  /** The Bolt port it was started with, read from its command line (Linux), if it could be. */
  port: number | undefined;
}

const PidText = z.string().trim().regex(/^[1-9][0-9]*$/, "a process id").transform(Number);

export function readPidFile(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const parsed = PidText.safeParse(readFileSync(pidFile, "utf8"));
  if (!parsed.success) throw new AppError("data_invalid", `${pidFile} does not hold a process id; delete it if no Neo4j runs.`);
  return parsed.data;
}

export function writePidFile(pidFile: string, pid: number): void {
  writeFileSync(pidFile, `${pid}\n`);
}

export function removePidFile(pidFile: string): void {
  rmSync(pidFile, { force: true });
}

/** The port in a launcher's argument list (`... --port 7687 ...`). */
export function portFromArgs(args: readonly string[]): number | undefined {
  const i = args.indexOf("--port");
  const port = i >= 0 ? Number(args[i + 1]) : Number.NaN;
  return Number.isInteger(port) ? port : undefined;
}

/**
 * The launcher running as `pid`, or undefined when no process has that id or (on Linux) the one
 * that has it is something else: pids are reused, and a pid file can outlive its process.
 */
export function launcherProcess(pid: number): LauncherProcess | undefined {
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  if (!existsSync("/proc/self/cmdline")) return { pid, port: undefined };
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return undefined;
  }
  // An exited child that is not reaped yet has an empty command line.
  return args.includes(LAUNCHER_CLASS) ? { pid, port: portFromArgs(args) } : undefined;
}

/** Whether the launcher at `pid` has gone, checked every 100 ms until `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (launcherProcess(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
  return true;
}

/** SIGTERM (the launcher's shutdown hook closes the databases), then SIGKILL after `graceMs`. */
export async function terminate(pid: number, graceMs: number): Promise<"stopped" | "killed"> {
  signal(pid, "SIGTERM");
  if (await waitForExit(pid, graceMs)) return "stopped";
  signal(pid, "SIGKILL");
  await waitForExit(pid, 10_000);
  return "killed";
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ESRCH") throw e;
  }
}

/** Whether nothing listens on 127.0.0.1:port, so Bolt answering there later is our server. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
