import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/config";
import { hasRealData } from "../helpers/real-kb";

describe.skipIf(!hasRealData)("npm run mcp: the stdio server on the real data", () => {
  it("answers research and lookup_entity over stdio, with nothing but the protocol on stdout", { timeout: 180_000 }, async () => {
    const runsDir = mkdtempSync(join(tmpdir(), "mg-mcp-stdio-"));
    // Spawned as the README's desktop-client config spawns it.
    const transport = new StdioClientTransport({ command: "npm", args: ["run", "-s", "mcp"], cwd: PROJECT_ROOT, env: { ...(process.env as Record<string, string>), RUNS_DIR: runsDir, LOG_LEVEL: "info" }, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const errors: Error[] = [];
    const client = new Client({ name: "mcp-stdio-test", version: "1.0.0" });
    client.onerror = (e) => errors.push(e);
    try {
      await client.connect(transport, { timeout: 150_000 });
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["find_movies", "lookup_entity", "neighbors", "research"]);
      let steps = 0;
      const res = (await client.callTool({ name: "research", arguments: { question: "who directed jurassic park", strategy: "heuristic" } }, undefined, { onprogress: () => steps++, timeout: 120_000 })) as CallToolResult;
      const out = res.structuredContent as { answers: { name: string }[]; citations: { n: number }[] };
      expect(out.answers[0]!.name).toBe("Steven Spielberg");
      expect(out.citations[0]!.n).toBe(1);
      const text = res.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
      expect(text).toMatch(/^\[1\] .*Jurassic Park/m);
      expect(text).not.toMatch(/ev_[0-9a-f]/);
      expect(steps).toBeGreaterThan(2);
      const linked = (await client.callTool({ name: "lookup_entity", arguments: { mention: "cristopher nolan", types: ["Person"], limit: 1 } })) as CallToolResult;
      expect((linked.structuredContent as { items: { entity: string }[] }).items[0]!.entity).toBe("Christopher Nolan");
    } finally {
      await client.close();
    }
    // Any stray line on stdout would have broken the protocol stream.
    expect(errors).toEqual([]);
    expect(stderr).toContain("mcp server ready on stdio");
    // The run was stored, in the stdio server's own folder under RUNS_DIR.
    const stored = join(runsDir, "mcp-stdio");
    expect(existsSync(stored) && readdirSync(stored).some((f) => f.endsWith(".json"))).toBe(true);
  });
});
