import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/errors";
import { findExecutable, javaMajorVersion, requireTools } from "../../src/neo4j-server/prerequisites";

/** A directory with the given files, executable or not. */
function binDir(files: Record<string, "exec" | "plain">): string {
  const dir = mkdtempSync(join(tmpdir(), "mg-neo4j-bin-"));
  for (const [name, mode] of Object.entries(files)) {
    writeFileSync(join(dir, name), "#!/bin/sh\n");
    chmodSync(join(dir, name), mode === "exec" ? 0o755 : 0o644);
  }
  return dir;
}

function errorOf(f: () => unknown): AppError {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected an AppError");
}

describe("finding java and mvn", () => {
  it("takes the first executable file on PATH, skipping plain files and directories", () => {
    const plain = binDir({ java: "plain" });
    const dirs = mkdtempSync(join(tmpdir(), "mg-neo4j-bin-"));
    mkdirSync(join(dirs, "java"));
    const real = binDir({ java: "exec" });
    expect(findExecutable("java", [plain, dirs, real].join(delimiter))).toBe(join(real, "java"));
    expect(findExecutable("java", [plain, dirs].join(delimiter))).toBeUndefined();
    expect(findExecutable("java", undefined)).toBeUndefined();
  });

  it("names both missing tools and how to install them", () => {
    const e = errorOf(() => requireTools(binDir({})));
    expect(e.code).toBe("config_invalid");
    expect(e.message).toContain("Java 17 or newer (a JDK: Maven compiles the launcher) is needed: apt-get install openjdk-17-jdk-headless (no java on PATH)");
    expect(e.message).toContain("Maven is needed to build the launcher: apt-get install maven (no mvn on PATH)");
  });

  it("names only the one that is missing", () => {
    const onlyJava = errorOf(() => requireTools(binDir({ java: "exec" })));
    expect(onlyJava.message).not.toContain("Java");
    expect(onlyJava.message).toContain("apt-get install maven");
    const onlyMaven = errorOf(() => requireTools("/bin", (name) => (name === "mvn" ? "/opt/mvn" : undefined)));
    expect(onlyMaven.message).toContain("apt-get install openjdk-17-jdk-headless");
    expect(onlyMaven.message).not.toContain("Maven is needed");
  });

  it("returns both paths when both are there", () => {
    const dir = binDir({ java: "exec", mvn: "exec" });
    expect(requireTools(dir)).toEqual({ java: join(dir, "java"), mvn: join(dir, "mvn") });
  });

  it("reads the Java major version the old way and the new way", () => {
    expect(javaMajorVersion('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment')).toBe(17);
    expect(javaMajorVersion('openjdk version "21" 2023-09-19')).toBe(21);
    expect(javaMajorVersion('java version "1.8.0_292"')).toBe(8);
    expect(javaMajorVersion("bash: java: command not found")).toBeUndefined();
  });
});
