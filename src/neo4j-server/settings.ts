import { join } from "node:path";
import { z } from "zod";
import type { Config } from "../config";
import { AppError } from "../errors";
import { serverPaths, type ServerPaths } from "./paths";

/** Neo4j refuses shorter passwords (dbms.security.auth_minimum_password_length). */
export const MIN_PASSWORD_LENGTH = 8;
const MIN_HEAP_MB = 256;
/** The smallest NEO4J_HEAP, and the initial heap. */
export const MIN_HEAP = `${MIN_HEAP_MB}m`;

const emptyIsUnset = (v: unknown) => (v === "" ? undefined : v);
const HEAP_SIZE = /^[1-9][0-9]*[mg]$/i;
const heapMb = (size: string) => Number.parseInt(size, 10) * (/g$/i.test(size) ? 1024 : 1);

/** The variables only the local server reads; NEO4J_BOLT_PORT and NEO4J_PASSWORD are in src/config.ts. */
const ServerEnv = z.object({
  NEO4J_HOME_DIR: z.preprocess(emptyIsUnset, z.string().optional()),
  NEO4J_HEAP: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(HEAP_SIZE, "a JVM size such as 512m or 1g")
      .refine((s) => !HEAP_SIZE.test(s) || heapMb(s) >= MIN_HEAP_MB, `at least ${MIN_HEAP_MB}m`)
      .default("1g"),
  ),
});

export interface ServerSettings {
  port: number;
  /** The Java heap, -Xms and -Xmx. */
  heap: string;
  /** Checked only where it is needed (start), by requirePassword. */
  password: string | undefined;
  paths: ServerPaths;
}

export function serverSettings(config: Config, source: NodeJS.ProcessEnv = process.env, launcherDir?: string): ServerSettings {
  const parsed = ServerEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message} (got ${JSON.stringify(source[String(i.path[0])])})`);
    throw new AppError("config_invalid", `invalid environment:\n${lines.join("\n")}`);
  }
  const home = parsed.data.NEO4J_HOME_DIR ?? join(config.stateDir, "neo4j");
  return { port: config.env.NEO4J_BOLT_PORT, heap: parsed.data.NEO4J_HEAP, password: config.env.NEO4J_PASSWORD, paths: serverPaths(home, launcherDir) };
}

/** The password the server is started with; its value is never part of a message. */
export function requirePassword(password: string | undefined): string {
  if (password === undefined) {
    throw new AppError("config_invalid", `NEO4J_PASSWORD is not set; set it to the password user neo4j should have (at least ${MIN_PASSWORD_LENGTH} characters).`);
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("config_invalid", `NEO4J_PASSWORD has ${password.length} characters; Neo4j needs at least ${MIN_PASSWORD_LENGTH}.`);
  }
  return password;
}
