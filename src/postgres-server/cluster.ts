import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../config";
import { AppError } from "../errors";
import { portIsFree } from "../neo4j-server/process-control";
import { existingAncestor, mkdirOwned, reachable, run, runAs, serverAccount, writeOwned, type Account } from "./account";
import { scramVerifier, verifierAccepts } from "./scram";
import { connectionUrl, requirePassword, serverPaths, type ServerPaths, type ServerSettings } from "./settings";

/**
 * The local PostgreSQL server's life cycle, on Debian's packaged binaries: a cluster of its own in
 * the server's home (never Debian's "main" cluster), listening on 127.0.0.1 only, with two ways in:
 * the server's own OS user over the Unix socket in home/run (peer), and the project's role over TCP
 * with its password (SCRAM). Who that OS user is: ./account.ts. The cluster's postmaster.pid is the
 * only state; every command is idempotent.
 */

export interface LifecycleOptions {
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
  /** Where the versioned server binaries are: /usr/lib/postgresql/<major>/bin on Debian. */
  libRoot?: string;
}

const isRoot = () => process.getuid?.() === 0;

export interface RunningServer {
  pid: number;
  port: number;
  dataDir: string;
  logFile: string;
}

export type StartResult = RunningServer & { state: "started" | "already-running"; seconds: number; newCluster: boolean; url: string; version: string; runsAs: string };
export type StopResult = { state: "not-running" } | { state: "stopped"; pid: number; seconds: number };
export type StatusResult = ({ running: true } & RunningServer) | { running: false; dataDir: string; logFile: string };

const LIB_ROOT = "/usr/lib/postgresql";
const START_TIMEOUT_S = 60;
const STOP_TIMEOUT_S = 60;
const LOG_TAIL_LINES = 30;
const CONF_FILE = "movie-graph.conf";
/** Where a root user's default home goes when the postgres user cannot reach the state directory. */
const ROOT_FALLBACK_HOME = "/var/lib/postgresql/movie-graph-research";
const REQUIRED_BINARIES = ["initdb", "pg_ctl", "postgres", "psql"];

/** The server binaries' folder: the cluster's own major version when given and installed, else the newest. */
export function findBinDir(libRoot: string = LIB_ROOT, major?: string): string | undefined {
  let versions: string[];
  try {
    versions = readdirSync(libRoot);
  } catch {
    return undefined;
  }
  const complete = versions
    .filter((v) => REQUIRED_BINARIES.every((b) => isExecutable(join(libRoot, v, "bin", b))))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  if (major !== undefined) return complete.includes(major) ? join(libRoot, major, "bin") : undefined;
  return complete[0] === undefined ? undefined : join(libRoot, complete[0], "bin");
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the cluster lives. As root, the server's account must be able to reach the home: the default
 * one (under root's state directory, usually inside a 0700 /root) moves to the postgres user's own
 * folder when it cannot, rather than opening up root's home; an explicit POSTGRES_HOME_DIR never moves.
 */
async function resolvePaths(settings: ServerSettings, account: Account): Promise<ServerPaths> {
  if (await reachable(account, settings.paths.home)) return settings.paths;
  const blocked = existingAncestor(settings.paths.home);
  if (settings.homeIsExplicit) {
    throw new AppError(
      "config_invalid",
      `PostgreSQL runs as user ${account.name} (it refuses root), which cannot reach POSTGRES_HOME_DIR=${settings.paths.home} (no search permission on ${blocked} or a folder above it). ` +
        `Choose a folder it can reach, or allow it through (e.g. chmod o+x on the folder that blocks it).`,
    );
  }
  return serverPaths(ROOT_FALLBACK_HOME);
}

/** The paths `status` and `stop` look at: the default home, or the root fallback when a cluster lives there instead. */
function knownPaths(settings: ServerSettings, isRoot: boolean): ServerPaths {
  if (isRoot && !settings.homeIsExplicit && !existsSync(join(settings.paths.dataDir, "PG_VERSION"))) {
    const fallback = serverPaths(ROOT_FALLBACK_HOME);
    if (existsSync(join(fallback.dataDir, "PG_VERSION"))) return fallback;
  }
  return settings.paths;
}

interface PidFile {
  pid: number;
  port: number | undefined;
}

/** postmaster.pid, when it names a live postgres process (a stale file after a crash does not count). */
export function runningPostmaster(dataDir: string): PidFile | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return undefined;
  }
  if (!cmdline.split("\0").some((a) => /(^|\/)(postgres|postmaster)$/.test(a))) return undefined;
  const port = Number.parseInt(lines[3] ?? "", 10);
  return { pid, port: Number.isInteger(port) ? port : undefined };
}

/** The end of the server's log, to show with a failure. */
export function logTail(logFile: string, lines = LOG_TAIL_LINES): string {
  if (!existsSync(logFile)) return `(no log at ${logFile})`;
  const tail = readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines);
  return `last lines of ${logFile}:\n${tail.join("\n")}`;
}

const quoteConf = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** The settings this project owns, included from postgresql.conf; rewritten at every start (the port may change). */
function serverConf(settings: ServerSettings, paths: ServerPaths): string {
  return [
    "# Written by `npm run postgres -- start` at every start; edit POSTGRES_PORT rather than this file.",
    "listen_addresses = '127.0.0.1'",
    `port = ${settings.port}`,
    `unix_socket_directories = ${quoteConf(paths.socketDir)}`,
    "unix_socket_permissions = 0700",
    "password_encryption = 'scram-sha-256'",
    "",
  ].join("\n");
}

/** Who may connect: the server's own account over the socket (peer), the project's role over TCP from loopback (SCRAM). */
function hbaConf(settings: ServerSettings, account: Account): string {
  return [
    "# Written by `npm run postgres -- start`.",
    "# TYPE  DATABASE                USER                    ADDRESS          METHOD",
    `local   all                     ${account.name.padEnd(23)} peer`,
    `host    ${settings.database.padEnd(23)} ${settings.user.padEnd(23)} 127.0.0.1/32     scram-sha-256`,
    "",
  ].join("\n");
}

/** The project's role (login, the password's verifier) and its database, made or corrected over the socket. */
async function ensureRole(bin: string, settings: ServerSettings, paths: ServerPaths, account: Account, password: string, log: (line: string) => void): Promise<void> {
  const psql = (args: string[], input?: string) =>
    runAs(account, join(bin, "psql"), ["-X", "-q", "-w", "-v", "ON_ERROR_STOP=1", "-h", paths.socketDir, "-p", String(settings.port), "-U", account.name, "-d", "postgres", ...args], { cwd: paths.home, ...(input === undefined ? {} : { input }) });
  const { user, database } = settings;
  const stored = await psql(["-At", "-c", `SELECT rolpassword FROM pg_authid WHERE rolname = '${user}'`]);
  if (stored.code !== 0) throw new AppError("backend_unavailable", `could not read the roles over ${paths.socketDir}: ${stored.stderr.trim()}`);
  const exists = stored.stdout.trim() !== "" || (await psql(["-At", "-c", `SELECT 1 FROM pg_roles WHERE rolname = '${user}'`])).stdout.trim() === "1";
  const current = verifierAccepts(stored.stdout.trim(), password);
  const sql = [
    // A failed statement is not written to the log with its text (it holds a verifier, never the password).
    "SET log_min_error_statement = panic;",
    exists ? `ALTER ROLE ${user} WITH LOGIN;` : `CREATE ROLE ${user} WITH LOGIN;`,
    current ? "" : `ALTER ROLE ${user} WITH PASSWORD '${scramVerifier(password)}';`,
    `SELECT 'CREATE DATABASE ${database} OWNER ${user}' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '${database}')\\gexec`,
    "",
  ].join("\n");
  const r = await psql(["-f", "-"], sql);
  if (r.code !== 0) throw new AppError("backend_unavailable", `could not set up role ${user} and database ${database}: ${r.stderr.trim()}`);
  if (!exists) log(`made role ${user} (password from POSTGRES_PASSWORD) and database ${database}`);
  else if (!current) log(`role ${user}: password set to POSTGRES_PASSWORD's (it had another)`);
}

/** Logs in as the project's role over TCP, as the service will; the password goes through the environment only. */
async function checkLogin(bin: string, settings: ServerSettings, password: string): Promise<void> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PG")));
  const r = await run(join(bin, "psql"), ["-X", "-w", "-At", "-h", "127.0.0.1", "-p", String(settings.port), "-U", settings.user, "-d", settings.database, "-c", "SELECT 1"], {
    cwd: "/",
    env: { ...env, PGPASSWORD: password, PGCONNECT_TIMEOUT: "10" },
  });
  if (r.code !== 0 || r.stdout.trim() !== "1") {
    throw new AppError("backend_unavailable", `PostgreSQL runs but ${connectionUrl(settings)} did not let role ${settings.user} in with POSTGRES_PASSWORD: ${r.stderr.trim().replaceAll(password, "***")}`);
  }
}

/** The server binaries, installed by scripts/ensure-postgres.sh (Debian's postgresql package) when missing. */
async function serverBinaries(paths: ServerPaths, options: LifecycleOptions): Promise<string> {
  const libRoot = options.libRoot ?? LIB_ROOT;
  const versionFile = join(paths.dataDir, "PG_VERSION");
  const major = existsSync(versionFile) ? readFileSync(versionFile, "utf8").trim() : undefined;
  let bin = findBinDir(libRoot, major);
  if (!bin && major === undefined) {
    options.log?.("no PostgreSQL server binaries found: installing Debian's postgresql package (scripts/ensure-postgres.sh)");
    const r = await run("bash", [join(PROJECT_ROOT, "scripts", "ensure-postgres.sh")], { cwd: PROJECT_ROOT, env: { ...process.env, POSTGRES_LIB_ROOT: libRoot }, stderr: "inherit" });
    if (r.code !== 0) throw new AppError("backend_unavailable", "could not install PostgreSQL (see the lines above); install Debian's postgresql package and try again");
    bin = findBinDir(libRoot);
  }
  if (!bin) {
    const what = major === undefined ? `no server binaries (${REQUIRED_BINARIES.join(", ")}) under ${libRoot}/*/bin` : `the cluster in ${paths.dataDir} was made by PostgreSQL ${major}, whose binaries are not under ${libRoot}/${major}/bin`;
    throw new AppError("backend_unavailable", `cannot start PostgreSQL: ${what}`);
  }
  return bin;
}

export async function startServer(settings: ServerSettings, options: LifecycleOptions = {}): Promise<StartResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const password = requirePassword(settings.password);
  const account = await serverAccount(isRoot());
  const paths = await resolvePaths(settings, account);
  if (paths !== settings.paths) log(`user ${account.name} cannot reach ${settings.paths.home}; the cluster lives in ${paths.home} instead (set POSTGRES_HOME_DIR to choose)`);
  const bin = await serverBinaries(paths, options);
  const version = (await run(join(bin, "postgres"), ["--version"])).stdout.trim();
  const done = (state: StartResult["state"], pid: number, newCluster: boolean): StartResult => ({
    state, pid, port: settings.port, dataDir: paths.dataDir, logFile: paths.logFile, seconds: seconds(), newCluster, url: connectionUrl(settings), version, runsAs: account.name,
  });

  const alive = runningPostmaster(paths.dataDir);
  if (alive) {
    if (alive.port !== undefined && alive.port !== settings.port) {
      throw new AppError("config_invalid", `PostgreSQL already runs (pid ${alive.pid}) from ${paths.dataDir} on port ${alive.port}, not POSTGRES_PORT=${settings.port}; stop it first (npm run postgres -- stop) or set POSTGRES_PORT=${alive.port}.`);
    }
    log(`PostgreSQL already runs (pid ${alive.pid}) on 127.0.0.1:${settings.port}`);
    // A changed POSTGRES_USER or POSTGRES_DB needs its line in pg_hba.conf: the server re-reads it on reload.
    if (writeOwned(join(paths.dataDir, "pg_hba.conf"), hbaConf(settings, account), account)) await runAs(account, join(bin, "pg_ctl"), ["reload", "-s", "-D", paths.dataDir], { cwd: paths.home });
    await ensureRole(bin, settings, paths, account, password, log);
    await checkLogin(bin, settings, password);
    return done("already-running", alive.pid, false);
  }
  if (!(await portIsFree(settings.port))) {
    const debian = settings.port === 5432 ? " (Debian's own cluster, see pg_lsclusters, takes 5432)" : "";
    throw new AppError("config_invalid", `127.0.0.1:${settings.port} is already in use by another program${debian}; set POSTGRES_PORT to a free port.`);
  }

  mkdirSync(paths.home, { recursive: true });
  mkdirOwned(paths.socketDir, account, 0o700);
  const newCluster = !existsSync(join(paths.dataDir, "PG_VERSION"));
  if (newCluster) {
    if (existsSync(paths.dataDir) && readdirSync(paths.dataDir).length > 0) {
      throw new AppError("config_invalid", `${paths.dataDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); move it away or set POSTGRES_HOME_DIR elsewhere.`);
    }
    mkdirOwned(paths.dataDir, account, 0o700);
    log(`making a cluster in ${paths.dataDir} (${version}, as user ${account.name})`);
    const r = await runAs(account, join(bin, "initdb"), ["-D", paths.dataDir, "-U", account.name, "-E", "UTF8", "--locale=C", "--auth-local=peer", "--auth-host=scram-sha-256", "--no-instructions"], { cwd: paths.home });
    if (r.code !== 0) throw new AppError("backend_unavailable", `initdb failed in ${paths.dataDir}:\n${(r.stderr || r.stdout).trim()}`);
    const conf = join(paths.dataDir, "postgresql.conf");
    writeOwned(conf, `${readFileSync(conf, "utf8")}\n# This project's settings (port, address, socket): rewritten at every start.\ninclude_if_exists = '${CONF_FILE}'\n`, account);
  }
  writeOwned(join(paths.dataDir, CONF_FILE), serverConf(settings, paths), account);
  writeOwned(join(paths.dataDir, "pg_hba.conf"), hbaConf(settings, account), account);
  if (!existsSync(paths.logFile)) writeOwned(paths.logFile, "", account);

  log(`starting PostgreSQL on 127.0.0.1:${settings.port} (data ${paths.dataDir})`);
  const r = await runAs(account, join(bin, "pg_ctl"), ["start", "-D", paths.dataDir, "-l", paths.logFile, "-w", "-t", String(START_TIMEOUT_S), "-s"], { cwd: paths.home });
  const now = runningPostmaster(paths.dataDir);
  if (r.code !== 0 || !now) {
    // Started but not ready in time: stop it rather than leave a server nobody was told about.
    if (now) await runAs(account, join(bin, "pg_ctl"), ["stop", "-D", paths.dataDir, "-m", "fast", "-w", "-s"], { cwd: paths.home });
    throw new AppError("backend_unavailable", `PostgreSQL did not start on 127.0.0.1:${settings.port}${r.stderr.trim() ? `: ${r.stderr.trim()}` : ""}\n${logTail(paths.logFile)}`);
  }
  try {
    await ensureRole(bin, settings, paths, account, password, log);
    await checkLogin(bin, settings, password);
  } catch (e) {
    await runAs(account, join(bin, "pg_ctl"), ["stop", "-D", paths.dataDir, "-m", "fast", "-w", "-s"], { cwd: paths.home });
    throw e;
  }
  return done("started", now.pid, newCluster);
}

export async function stopServer(settings: ServerSettings, options: LifecycleOptions = {}): Promise<StopResult> {
  const paths = knownPaths(settings, isRoot());
  const alive = runningPostmaster(paths.dataDir);
  if (!alive) return { state: "not-running" };
  const started = performance.now();
  options.log?.(`stopping PostgreSQL (pid ${alive.pid})`);
  const account = await serverAccount(isRoot());
  const bin = await serverBinaries(paths, options);
  const r = await runAs(account, join(bin, "pg_ctl"), ["stop", "-D", paths.dataDir, "-m", "fast", "-w", "-t", String(STOP_TIMEOUT_S), "-s"], { cwd: paths.home });
  if (r.code !== 0 && runningPostmaster(paths.dataDir)) {
    throw new AppError("backend_unavailable", `PostgreSQL (pid ${alive.pid}) did not stop: ${r.stderr.trim()}\n${logTail(paths.logFile)}`);
  }
  return { state: "stopped", pid: alive.pid, seconds: (performance.now() - started) / 1000 };
}

export function serverStatus(settings: ServerSettings): StatusResult {
  const paths = knownPaths(settings, isRoot());
  const alive = runningPostmaster(paths.dataDir);
  if (!alive) return { running: false, dataDir: paths.dataDir, logFile: paths.logFile };
  return { running: true, pid: alive.pid, port: alive.port ?? settings.port, dataDir: paths.dataDir, logFile: paths.logFile };
}
