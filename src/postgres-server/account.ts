import { spawn } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname } from "node:path";
import { AppError } from "../errors";

/**
 * Who runs the local PostgreSQL server and how its commands run. PostgreSQL refuses to run as root,
 * so as root the server, its tools and every file they touch belong to the `postgres` user Debian's
 * package creates, and its commands go through runuser; otherwise they run as ourselves.
 */

const SERVER_USER = "postgres";

/** Who runs the server: ourselves, or (as root) the package's postgres user. */
export interface Account {
  name: string;
  uid: number;
  gid: number;
  viaRunuser: boolean;
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, with `input` on stdin; never throws for a non-zero exit. */
export function run(cmd: string, args: readonly string[], options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv; stderr?: "pipe" | "inherit" } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["pipe", "pipe", options.stderr ?? "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (e) => reject(new AppError("backend_unavailable", `could not run ${cmd}: ${e.message}`)));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
    // A command that exits before reading its input (a failed login) closes the pipe under us.
    child.stdin!.on("error", () => {});
    child.stdin!.end(options.input ?? "");
  });
}

/** A server binary run as the server's account, from a folder that account can enter. */
export function runAs(account: Account, bin: string, args: readonly string[], options: { cwd: string; input?: string }): Promise<Ran> {
  return account.viaRunuser ? run("runuser", ["-u", account.name, "--", bin, ...args], options) : run(bin, args, options);
}

export async function serverAccount(isRoot: boolean): Promise<Account> {
  if (!isRoot) {
    const me = userInfo();
    return { name: me.username, uid: me.uid, gid: me.gid, viaRunuser: false };
  }
  const [uid, gid] = await Promise.all([run("id", ["-u", SERVER_USER]), run("id", ["-g", SERVER_USER])]);
  if (uid.code !== 0 || gid.code !== 0) {
    throw new AppError("config_invalid", `PostgreSQL refuses to run as root, and there is no '${SERVER_USER}' user to run it as (Debian's postgresql package creates one); install the package (scripts/ensure-postgres.sh) or run this as another user.`);
  }
  return { name: SERVER_USER, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), viaRunuser: true };
}

/** The deepest folder of `path` (or the path itself) that exists. */
export function existingAncestor(path: string): string {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Whether the server's account can reach `path` (search permission on every folder above it). */
export async function reachable(account: Account, path: string): Promise<boolean> {
  if (!account.viaRunuser) return true;
  return (await run("runuser", ["-u", account.name, "--", "test", "-x", existingAncestor(path)], { cwd: "/" })).code === 0;
}

/** Writes a file the server reads, owned by its account, and says whether it changed. */
export function writeOwned(path: string, text: string, account: Account): boolean {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return false;
  writeFileSync(path, text, { mode: 0o600 });
  if (account.viaRunuser) chownSync(path, account.uid, account.gid);
  return true;
}

export function mkdirOwned(path: string, account: Account, mode: number): void {
  mkdirSync(path, { recursive: true, mode });
  if (account.viaRunuser) chownSync(path, account.uid, account.gid);
}
