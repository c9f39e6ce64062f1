import { parseServerCommand as parseCommand, type ServerCommand } from "../cli/server-command";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";
import { AppError } from "../errors";

export const USAGE = `usage: npm run postgres -- start|stop|status

  start   install Debian's postgresql package if needed, make the cluster on first use, start it,
          set the project's role and database up, return once it accepts the password on TCP
  stop    shut it down (fast mode: open sessions are cut, nothing is lost)
  status  say whether it runs (exit code 0) or not (exit code 3)

environment: POSTGRES_PASSWORD (8+ printable ASCII characters; required by start), POSTGRES_PORT (5432),
POSTGRES_USER and POSTGRES_DB (graph), POSTGRES_HOME_DIR ($XDG_STATE_HOME/movie-graph-research/postgres)`;

export type { ServerCommand } from "../cli/server-command";

/** Exactly one subcommand; -h and --help ask for the usage. */
export function parseServerCommand(argv: readonly string[]): ServerCommand {
  return parseCommand(argv, USAGE);
}

export const MIN_PASSWORD_LENGTH = 8;
/** A role or database name that needs no quoting anywhere (SQL, URLs, pg_hba.conf). */
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const emptyIsUnset = (v: unknown) => (v === "" ? undefined : v);
const name = (fallback: string) => z.preprocess(emptyIsUnset, z.string().regex(NAME, "lower-case letters, digits and _ (not first), at most 63").default(fallback));

/** The variables only the local server reads; the service itself reads POSTGRES_URL alone. */
const ServerEnv = z.object({
  POSTGRES_HOME_DIR: z.preprocess(emptyIsUnset, z.string().optional()),
  POSTGRES_PORT: z.preprocess((v) => (v === "" || v === undefined ? 5432 : v), z.coerce.number().int().min(1).max(65535)),
  POSTGRES_PASSWORD: z.preprocess(emptyIsUnset, z.string().optional()),
  POSTGRES_USER: name("graph"),
  POSTGRES_DB: name("graph"),
});

export interface ServerPaths {
  /** The server's home: data/ (the cluster), run/ (its Unix socket) and postgres.log. */
  home: string;
  dataDir: string;
  socketDir: string;
  logFile: string;
}

export interface ServerSettings {
  port: number;
  user: string;
  database: string;
  /** Checked only where it is needed (start), by requirePassword; never part of a message. */
  password: string | undefined;
  paths: ServerPaths;
  /** Whether POSTGRES_HOME_DIR chose the home (an explicit choice is never moved elsewhere). */
  homeIsExplicit: boolean;
}

export function serverPaths(home: string): ServerPaths {
  const root = resolve(home);
  return { home: root, dataDir: join(root, "data"), socketDir: join(root, "run"), logFile: join(root, "postgres.log") };
}

/**
 * The local server's settings. The default home is the state directory's postgres/ folder, computed
 * as config.stateDir is; the rest of the configuration is not read, so that CHECKPOINTER=postgres
 * without POSTGRES_URL yet (the URL this command prints) is no obstacle.
 */
export function serverSettings(source: NodeJS.ProcessEnv = process.env): ServerSettings {
  const parsed = ServerEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message} (got ${i.path[0] === "POSTGRES_PASSWORD" ? "(hidden)" : JSON.stringify(source[String(i.path[0])])})`);
    throw new AppError("config_invalid", `invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const stateDir = join(source.XDG_STATE_HOME || join(homedir(), ".local", "state"), "movie-graph-research");
  const home = env.POSTGRES_HOME_DIR ?? join(stateDir, "postgres");
  return { port: env.POSTGRES_PORT, user: env.POSTGRES_USER, database: env.POSTGRES_DB, password: env.POSTGRES_PASSWORD, paths: serverPaths(home), homeIsExplicit: env.POSTGRES_HOME_DIR !== undefined };
}

/** The password the project's role gets; its value is never part of a message. */
export function requirePassword(password: string | undefined): string {
  if (password === undefined) {
    throw new AppError("config_invalid", `POSTGRES_PASSWORD is not set; set it to the password the project's role should have (at least ${MIN_PASSWORD_LENGTH} characters).`);
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("config_invalid", `POSTGRES_PASSWORD has ${password.length} characters; use at least ${MIN_PASSWORD_LENGTH}.`);
  }
  // Printable ASCII without spaces: what every client reads the same (SASLprep leaves it alone).
  if (!/^[\x21-\x7e]+$/.test(password)) {
    throw new AppError("config_invalid", "POSTGRES_PASSWORD must be printable ASCII without spaces (letters, digits and punctuation); percent-encode its punctuation in POSTGRES_URL.");
  }
  return password;
}

/** The connection URL without the password, and with one (for the environment only, never printed). */
export function connectionUrl(s: Pick<ServerSettings, "user" | "port" | "database">, password?: string): string {
  const who = password === undefined ? s.user : `${s.user}:${encodeURIComponent(password)}`;
  return `postgresql://${who}@127.0.0.1:${s.port}/${s.database}`;
}
