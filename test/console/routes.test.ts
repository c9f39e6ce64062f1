import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/api-server";
import { fixtureKb } from "../helpers/fixture-kb";

describe("the console's routes", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(await fixtureKb(), { options: { apiKeys: ["k-0123456789abcdef"] } });
  });
  afterAll(() => srv.close());

  it("serves the page without a key, with a policy that keeps every request on this server", async () => {
    const res = await srv.get("/");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<script type="module" src="/console/js/main.js"></script>');
    // The settings the page needs are inline, and no value can close the script element.
    const config = JSON.parse(html.match(/<script type="application\/json" id="console-config">([^<]*)<\/script>/)![1]!);
    expect(config).toMatchObject({ authRequired: true, hasModel: false, modelStrategies: ["llm"] });
    expect(config.edges.DIRECTED).toEqual({ from: "Person", to: "Movie", label: "directed" });
    expect(html).not.toMatch(/https?:\/\//);
    // The data still needs the key.
    expect((await srv.get("/v1/runs")).status).toBe(401);
  });

  it("serves client modules compiled from TypeScript, and Hono's renderer files it imports, nothing else", async () => {
    const main = await srv.get("/console/js/main.js");
    expect(main.headers.get("content-type")).toMatch(/text\/javascript/);
    const code = await main.text();
    expect(code).toMatch(/from "hono\/jsx\/dom"/);
    expect(code).not.toMatch(/: ConsoleConfig\b/);
    expect((await srv.get("/console/vendor/hono/jsx/dom/index.js")).status).toBe(200);
    expect((await srv.get("/console/console.css")).status).toBe(200);
    for (const path of ["/console/js/nope.js", "/console/js/..%2Froutes.js", "/console/js/Main.js", "/console/vendor/hono/hono-base.js", "/console/vendor/hono/../package.json", "/console/vendor/hono/jsx/dom/%2e%2e/%2e%2e/index.js"]) {
      const res = await srv.get(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });
});
