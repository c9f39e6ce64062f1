import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { hasRealData, realKb } from "../helpers/real-kb";
import { startTestServer, type TestServer } from "../helpers/api-server";

/** The README's curl examples, exactly as written, against a live server on the real knowledge base. */
const block = /```bash\n# api examples\n([\s\S]*?)```/.exec(readFileSync(join(PROJECT_ROOT, "README.md"), "utf8"))?.[1] ?? "";
const commands = block.split("\n").filter((l) => l.startsWith("curl "));

describe.skipIf(!hasRealData)("README curl examples", () => {
  let kb: KnowledgeBase;
  let srv: TestServer;
  let runId = "";
  beforeAll(async () => {
    kb = await realKb();
    srv = await startTestServer(kb);
  });
  afterAll(async () => {
    await srv.close();
  });

  it("has one example per endpoint", () => {
    const paths = commands.map((c) => /localhost:8787(\/v1\/[a-z/.]+)/.exec(c)?.[1]);
    for (const p of ["/v1/health", "/v1/research", "/v1/research/stream", "/v1/runs", "/v1/entities", "/v1/openapi.json", "/v1/models", "/v1/chat/completions"]) expect(paths).toContain(p);
    expect(commands.some((c) => /\/v1\/runs\/RUN_ID/.test(c))).toBe(true);
    expect(commands.some((c) => /neighbors\?/.test(c))).toBe(true);
  });

  it.each(commands.map((c) => [c]))("%s", async (command) => {
    const port = new URL(srv.url).port;
    const cmd = command.replaceAll("localhost:8787", `127.0.0.1:${port}`).replace("RUN_ID", runId);
    // Run through the shell, as a reader would paste it (asynchronously: the server shares this
    // process), and capture the status code as well.
    const { stdout: out } = await promisify(execFile)("bash", ["-c", `${cmd} -w '\\n%{http_code}'`], { encoding: "utf8" });
    const status = out.trimEnd().split("\n").pop();
    expect(status).toBe("200");
    if (!runId) runId = /"runId":"([0-9a-f-]{36})"/.exec(out)?.[1] ?? "";
    if (/\/v1\/research"/.test(cmd) || /\/v1\/research -H/.test(cmd)) expect(out).toMatch(/Leonardo DiCaprio/);
    if (/research\/stream/.test(cmd)) expect(out).toMatch(/event: answer[\s\S]*Steven Spielberg/);
  });
});
