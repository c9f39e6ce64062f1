import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../errors";
import type { ServerPaths } from "./paths";

export type BuildState = { fresh: true } | { fresh: false; reason: string };

/**
 * Whether `mvn package` has to run: the jar is missing, or pom.xml or a file under src/ is newer
 * than it. The dependencies are copied to target/lib before the jar is written, so a jar on disk
 * means they are complete.
 */
export function launcherBuildState(paths: Pick<ServerPaths, "launcherDir" | "launcherJar" | "launcherLib">): BuildState {
  if (!existsSync(paths.launcherJar) || !existsSync(paths.launcherLib)) return { fresh: false, reason: "the launcher has not been built yet" };
  const built = statSync(paths.launcherJar).mtimeMs;
  const src = join(paths.launcherDir, "src");
  const sources = existsSync(src) ? readdirSync(src, { recursive: true, encoding: "utf8" }).map((f) => join(src, f)) : [];
  for (const file of [join(paths.launcherDir, "pom.xml"), ...sources]) {
    const stat = statSync(file);
    if (stat.isFile() && stat.mtimeMs > built) return { fresh: false, reason: `${file} changed since the last build` };
  }
  return { fresh: true };
}

const OUTPUT_TAIL_LINES = 40;

/**
 * `mvn -B -q -T1 package` in the launcher's folder, with Maven's usual cache (~/.m2), so a second
 * checkout on the same machine downloads nothing. Fails with the end of Maven's output.
 */
export async function buildLauncher(mvn: string, launcherDir: string): Promise<void> {
  // Maven has no use for the password.
  const env = { ...process.env };
  delete env.NEO4J_PASSWORD;
  const child = spawn(mvn, ["-B", "-q", "-T1", "package"], { cwd: launcherDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) {
    const tail = output.trimEnd().split("\n").slice(-OUTPUT_TAIL_LINES).join("\n");
    throw new AppError("backend_unavailable", `building the Neo4j launcher failed (mvn package in ${launcherDir} exited with ${code}):\n${tail}`);
  }
}
