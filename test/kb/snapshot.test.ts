import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { loadKnowledgeBase } from "../../src/kb/load";
import { SnapshotCorruptError, readSnapshotFile, writeSnapshotFile } from "../../src/kb/snapshot-file";
import { silentProgress } from "../../src/util/progress";
import { tempDataDir } from "../helpers/temp-data";

describe("snapshot file", () => {
  const dir = mkdtempSync(join(tmpdir(), "mg-snap-"));

  it("round-trips typed arrays and JSON", () => {
    const path = join(dir, "a.snap");
    writeSnapshotFile(path, { key: "k" }, {
      names: { kind: "json", value: ["a", "b"] },
      xs: { kind: "f32", value: Float32Array.from([1.5, -2]) },
      ys: { kind: "u8", value: Uint8Array.from([7]) },
    });
    const r = readSnapshotFile(path);
    expect(r.meta).toEqual({ key: "k" });
    expect(r.json("names")).toEqual(["a", "b"]);
    expect(Array.from(r.array("xs", "f32"))).toEqual([1.5, -2]);
    expect(Array.from(r.array("ys", "u8"))).toEqual([7]);
    expect(() => r.array("xs", "i32")).toThrow(/is f32, expected i32/);
  });

  it("detects a flipped byte, a truncated file and garbage", () => {
    const path = join(dir, "b.snap");
    writeSnapshotFile(path, {}, { xs: { kind: "i32", value: Int32Array.from([1, 2, 3, 4]) } });
    const bytes = readFileSync(path);
    bytes[bytes.length - 3]! ^= 0xff;
    writeFileSync(path, bytes);
    expect(() => readSnapshotFile(path)).toThrow(/checksum mismatch/);
    writeSnapshotFile(path, {}, { xs: { kind: "i32", value: Int32Array.from([1, 2, 3, 4]) } });
    truncateSync(path, readFileSync(path).length - 4);
    expect(() => readSnapshotFile(path)).toThrow(SnapshotCorruptError);
    writeFileSync(path, "hello");
    expect(() => readSnapshotFile(path)).toThrow(/magic/);
  });
});

describe("loading the knowledge base", () => {
  const quiet = { log: () => {}, progress: silentProgress };

  it("ingests on first start, then loads the snapshot; a corrupt snapshot is rebuilt, not trusted", async () => {
    const { dataDir, cacheDir } = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir, CACHE_DIR: cacheDir, EMBED_DIM: "16" });
    const first = await loadKnowledgeBase(config, quiet);
    expect(first.info.source).toBe("ingest");
    expect(first.info.stats.nodes).toBe(first.info.report.nodes);

    const second = await loadKnowledgeBase(config, quiet);
    expect(second.info.source).toBe("snapshot");
    expect(second.info.snapshotPath).toBe(first.info.snapshotPath);
    expect(await second.graph.getNode("Starfall")).toEqual(await first.graph.getNode("Starfall"));
    expect((await second.text.search("ledger")).map((h) => h.id)).toEqual((await first.text.search("ledger")).map((h) => h.id));

    const bytes = readFileSync(first.info.snapshotPath);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(first.info.snapshotPath, bytes);
    const lines: string[] = [];
    const third = await loadKnowledgeBase(config, { ...quiet, log: (l) => lines.push(l) });
    expect(third.info.source).toBe("ingest");
    expect(lines.some((l) => /checksum mismatch; rebuilding/.test(l))).toBe(true);
    expect((await loadKnowledgeBase(config, quiet)).info.source).toBe("snapshot");
  });

  it("rebuilds when forced, and when the data changes", async () => {
    const { dataDir, cacheDir } = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir, CACHE_DIR: cacheDir, EMBED_DIM: "16" });
    const first = await loadKnowledgeBase(config, quiet);
    expect((await loadKnowledgeBase(config, { ...quiet, force: true })).info.source).toBe("ingest");
    writeFileSync(join(dataDir, "metaqa", "kb.txt"), "New Film|directed_by|New Person\n");
    const changed = await loadKnowledgeBase(config, quiet);
    expect(changed.info.source).toBe("ingest");
    expect(changed.info.snapshotPath).not.toBe(first.info.snapshotPath);
    expect(changed.info.stats.nodes).toBe(2);
  });

  it("stops with a message that says what to set when there is no data", async () => {
    const config = loadConfig({ DATA_DIR: "/nonexistent/data", CACHE_DIR: mkdtempSync(join(tmpdir(), "mg-")) });
    const err = await loadKnowledgeBase(config, quiet).catch((e: Error) => e);
    expect(err).toMatchObject({ code: "data_missing" });
    expect((err as Error).message).toMatch(/Set DATA_DIR/);
    expect((err as Error).message).toMatch(/github\.com\/yuyuz\/MetaQA/);
    expect((err as Error).message).toMatch(/WikiMovies/);
  });
});
