import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/config";
import { tempDataDir } from "../helpers/temp-data";
import { writeFixtureDataset } from "../helpers/eval-fixture";

const CLI = join(PROJECT_ROOT, "eval/cli.ts");
const lineCount = (p: string) => (existsSync(p) ? readFileSync(p, "utf8").split("\n").filter((l) => l.trim()).length : 0);

describe("npm run eval, killed with SIGKILL and resumed", () => {
  it("loses and duplicates nothing and ends with the same summary as an uninterrupted run", async () => {
    const { dataDir, cacheDir } = tempDataDir();
    const dataset = `jsonl:${writeFixtureDataset(mkdtempSync(join(tmpdir(), "mg-kill-")), 600)}`;
    const env = { ...process.env, DATA_DIR: dataDir, CACHE_DIR: cacheDir, EMBED_DIM: "16", CI: "" };
    const args = (out: string, ...more: string[]) => ["--import", "tsx", CLI, "--dataset", dataset, "--strategies", "heuristic", "--seed", "5", "--out", out, ...more];

    // Build the fixture snapshot first so the killed run spends its time answering.
    const warm = spawnSync(process.execPath, args(mkdtempSync(join(tmpdir(), "mg-warm-")), "--limit", "1"), { env, cwd: PROJECT_ROOT, encoding: "utf8" });
    expect(warm.status, warm.stderr).toBe(0);

    const killed = mkdtempSync(join(tmpdir(), "mg-killed-"));
    const results = join(killed, "results.jsonl");
    const child = spawn(process.execPath, args(killed), { env, cwd: PROJECT_ROOT, stdio: "ignore" });
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (lineCount(results) >= 25) {
          clearInterval(poll);
          child.kill("SIGKILL");
          resolve();
        }
      }, 5);
      child.on("exit", () => {
        clearInterval(poll);
        reject(new Error("the eval finished before it could be killed"));
      });
    });
    await new Promise((r) => child.on("exit", r));
    const atKill = lineCount(results);
    expect(atKill).toBeLessThan(600);

    const resumed = spawnSync(process.execPath, args(killed, "--resume"), { env, cwd: PROJECT_ROOT, encoding: "utf8" });
    expect(resumed.status, resumed.stderr).toBe(0);
    const keys = readFileSync(results, "utf8").trimEnd().split("\n").map((l) => (JSON.parse(l) as { key: string }).key);
    expect(keys).toHaveLength(600);
    expect(new Set(keys).size).toBe(600);

    const clean = mkdtempSync(join(tmpdir(), "mg-clean-"));
    const uninterrupted = spawnSync(process.execPath, args(clean), { env, cwd: PROJECT_ROOT, encoding: "utf8" });
    expect(uninterrupted.status, uninterrupted.stderr).toBe(0);
    const strip = (p: string) => JSON.parse(readFileSync(join(p, "summary.json"), "utf8"), (k, v) => (/Ms$|^time$/.test(k) ? undefined : v));
    expect(strip(killed)).toEqual(strip(clean));
  }, 120_000);
});
