import { join, resolve } from "node:path";
import { PROJECT_ROOT } from "../config";

/** Where the launcher is built (in the repository) and where the server keeps its state (outside it). */
export interface ServerPaths {
  /** The Maven project, and what `mvn package` makes of it. */
  launcherDir: string;
  launcherJar: string;
  launcherLib: string;
  /** The server's home: data/, logs/ and the pid file. */
  home: string;
  dataDir: string;
  logsDir: string;
  /** The launcher's stdout and stderr; Neo4j's own debug.log lies beside it. */
  logFile: string;
  pidFile: string;
}

export const LAUNCHER_DIR = join(PROJECT_ROOT, "neo4j-launcher");

/** `home` is NEO4J_HOME_DIR when set, else stateDir/neo4j. */
export function serverPaths(home: string, launcherDir: string = LAUNCHER_DIR): ServerPaths {
  const root = resolve(home);
  return {
    launcherDir,
    launcherJar: join(launcherDir, "target", "neo4j-launcher.jar"),
    launcherLib: join(launcherDir, "target", "lib"),
    home: root,
    dataDir: join(root, "data"),
    logsDir: join(root, "logs"),
    logFile: join(root, "logs", "neo4j.log"),
    pidFile: join(root, "neo4j.pid"),
  };
}
