import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { launcherBuildState } from "../../src/neo4j-server/build";
import { serverPaths } from "../../src/neo4j-server/paths";

/** A launcher folder whose files carry the given ages, in seconds before now. */
function launcher(ages: { pom: number; source: number; jar?: number; lib?: boolean }) {
  const dir = mkdtempSync(join(tmpdir(), "mg-neo4j-launcher-"));
  const paths = serverPaths(join(dir, "home"), dir);
  const now = Date.now() / 1000;
  const file = (path: string, age: number) => {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, "x");
    utimesSync(path, now - age, now - age);
  };
  const source = join(dir, "src", "main", "java", "moviegraph", "neo4j", "Launcher.java");
  file(join(dir, "pom.xml"), ages.pom);
  file(source, ages.source);
  if (ages.jar !== undefined) file(paths.launcherJar, ages.jar);
  if (ages.lib !== false && ages.jar !== undefined) mkdirSync(paths.launcherLib, { recursive: true });
  return { paths, source, pom: join(dir, "pom.xml") };
}

describe("whether the launcher needs building", () => {
  it("builds when there is no jar, or no copied dependencies", () => {
    expect(launcherBuildState(launcher({ pom: 60, source: 60 }).paths)).toEqual({ fresh: false, reason: "the launcher has not been built yet" });
    expect(launcherBuildState(launcher({ pom: 60, source: 60, jar: 10, lib: false }).paths).fresh).toBe(false);
  });

  it("reuses a jar newer than pom.xml and every source", () => {
    expect(launcherBuildState(launcher({ pom: 60, source: 60, jar: 10 }).paths)).toEqual({ fresh: true });
  });

  it("rebuilds when a source or pom.xml changed after the jar, naming the file", () => {
    const edited = launcher({ pom: 60, source: 5, jar: 10 });
    expect(launcherBuildState(edited.paths)).toEqual({ fresh: false, reason: `${edited.source} changed since the last build` });
    const bumped = launcher({ pom: 5, source: 60, jar: 10 });
    expect(launcherBuildState(bumped.paths)).toEqual({ fresh: false, reason: `${bumped.pom} changed since the last build` });
  });
});
