import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { AppError } from "../errors";

/** The programs the local server needs, as absolute paths. */
export interface Tools {
  java: string;
  mvn: string;
}

const INSTALL_JAVA = "Java 17 or newer (a JDK: Maven compiles the launcher) is needed: apt-get install openjdk-17-jdk-headless";
const INSTALL_MAVEN = "Maven is needed to build the launcher: apt-get install maven";

/** The first executable file called `name` in the directories of `pathVar` (a PATH value). */
export function findExecutable(name: string, pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? "").split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there, or not executable: try the next directory
    }
  }
  return undefined;
}

/** Both tools, or one error naming everything that is missing and how to install it. */
export function requireTools(pathVar: string | undefined = process.env.PATH, which: typeof findExecutable = findExecutable): Tools {
  const java = which("java", pathVar);
  const mvn = which("mvn", pathVar);
  const missing = [java ? undefined : `${INSTALL_JAVA} (no java on PATH)`, mvn ? undefined : `${INSTALL_MAVEN} (no mvn on PATH)`].filter((m) => m !== undefined);
  if (!java || !mvn) throw new AppError("config_invalid", missing.join("\n"));
  return { java, mvn };
}

/** The major version in `java -version` output: `openjdk version "17.0.15"` is 17, `java version "1.8.0_292"` is 8. */
export function javaMajorVersion(versionOutput: string): number | undefined {
  const m = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!m) return undefined;
  const first = Number(m[1]);
  return first === 1 && m[2] !== undefined ? Number(m[2]) : first;
}

/** Neo4j 5.26 runs on Java 17 and later. */
export function requireJava17(java: string): void {
  const out = spawnSync(java, ["-version"], { encoding: "utf8" });
  const major = javaMajorVersion(`${out.stderr ?? ""}${out.stdout ?? ""}`);
  if (major === undefined || major < 17) {
    throw new AppError("config_invalid", `${INSTALL_JAVA} (${java} is ${major === undefined ? "not a Java it can read the version of" : `Java ${major}`})`);
  }
}
