import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runEval } from "../../eval/runner";
import { InProcessExecutor } from "../../src/server/executor";
import { silentProgress } from "../../src/util/progress";
import { startTestServer, TEST_OPTIONS, type TestServer } from "../helpers/api-server";
import { writeFixtureDataset } from "../helpers/eval-fixture";
import { fixtureKb } from "../helpers/fixture-kb";
import { browserAvailable, launch, watchedPage } from "./browser";
import { FAIL_MARK, PacedExecutor } from "./executors";

const KEY = "console-test-key-0123456789";
const STEP_PAUSE_MS = 150;

describe.skipIf(!browserAvailable())("the research console in Chromium", () => {
  let browser: Browser;
  let srv: TestServer;
  let authSrv: TestServer;
  let page: Page;
  let problems: string[];
  let closePage: () => Promise<void>;

  beforeAll(async () => {
    const kb = await fixtureKb();
    const evalDir = mkdtempSync(join(tmpdir(), "mg-console-evals-"));
    const dataset = `jsonl:${writeFixtureDataset(evalDir, 5)}`;
    await runEval(
      { datasets: [dataset], split: "dev", seed: 1, strategies: ["heuristic", "simple"], brackets: "strip", concurrency: 1, out: join(evalDir, "fixture-eval"), resume: false, ablate: [], dataDir: "/nonexistent" },
      { kb, progress: silentProgress },
    );
    const executor = new PacedExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }), STEP_PAUSE_MS);
    srv = await startTestServer(kb, { executor, evalDir });
    authSrv = await startTestServer(kb, { options: { apiKeys: [KEY] } });
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    await authSrv?.close();
  });

  const open = async (server: TestServer, hash = "") => {
    ({ page, problems, close: closePage } = await watchedPage(browser, server.url));
    await page.goto(`${server.url}/${hash}`);
    await page.waitForSelector("header.top nav");
  };

  afterEach(async () => {
    const seen = problems;
    await closePage?.();
    // No script errors, no console errors, no request to anywhere but the server under test.
    expect(seen).toEqual([]);
  });

  const ask = async (question: string, strategy?: string) => {
    await page.fill("#question", question);
    if (strategy) await page.selectOption("#strategy", strategy);
    await page.press("#question", "Enter");
  };

  it("asks a question: the steps arrive one at a time, then the answer with its citations", async () => {
    await open(srv);
    // "/" goes to the question box from anywhere on the page.
    await page.locator("h1").click();
    await page.keyboard.press("/");
    expect(await page.evaluate("document.activeElement?.id")).toBe("question");

    await ask("who directed Paper Moons");
    // Count the steps shown each time the list changes, until the answer appears.
    const counts: number[] = [];
    for (let i = 0; i < 400 && !(await page.locator(".answer-text").count()); i++) {
      const n = await page.locator(".step").count();
      if (n !== counts[counts.length - 1]) counts.push(n);
      await page.waitForTimeout(20);
    }
    expect(counts.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    await expect(page.locator(".answer-text").innerText()).resolves.toMatch(/Lena Marlowe/);
    expect(await page.locator('.step[data-node="router"]').count()).toBe(1);
    expect(await page.locator('.step[data-node="act"] .tool code').first().innerText()).toMatch(/\w+\(.*=/);
    expect(await page.locator('.step[data-node="judge"] .decision').first().innerText()).toMatch(/\w/);
    expect(await page.locator(".answer-text .cite").count()).toBeGreaterThan(0);
    // What was asked is in the URL, so the page can be shared.
    expect(decodeURIComponent(page.url())).toMatch(/#\/ask\?q=who\+directed\+Paper\+Moons|#\/ask\?q=who directed Paper Moons/);
  });

  it("follows a citation to its evidence, and opens a graph node's neighbours", async () => {
    await open(srv);
    await ask("who directed Paper Moons", "heuristic");
    const cite = page.locator(".answer-text .cite").first();
    await cite.waitFor();
    const id = await cite.getAttribute("data-evidence");
    await cite.click();
    const item = page.locator(`.ev.selected[data-evidence="${id}"]`);
    await item.waitFor();
    expect(await page.evaluate('document.activeElement?.getAttribute("data-evidence")')).toBe(id);
    const box = (await item.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(860);
    expect(await item.innerText()).toMatch(/Lena Marlowe/);
    expect(await item.innerText()).toMatch(/at step \d/);

    const before = await page.locator(".gnode").count();
    expect(before).toBeGreaterThan(1);
    // Keyboard: a node takes focus and Enter opens it.
    await page.locator('.gnode[data-node="Paper Moons"]').focus();
    await page.keyboard.press("Enter");
    await page.locator(".node-panel h4", { hasText: "Paper Moons" }).waitFor();
    expect(await page.locator(".node-panel .neighbours").innerText()).toMatch(/Lena Marlowe/);
    expect(await page.locator(".gnode").count()).toBeGreaterThan(before);
  });

  it("opens a past run from the list, at a link that can be shared", async () => {
    await open(srv, "#/runs");
    await page.locator(".run-row").first().waitFor();
    await page.selectOption("#runs-status", "completed");
    await page.waitForFunction('location.hash.includes("status=completed")');
    const row = page.locator(".run-row", { hasText: "who directed Paper Moons" }).first();
    await row.waitFor();
    await row.locator("a").click();
    await page.locator(".run-question").waitFor();
    expect(await page.locator(".run-question").innerText()).toBe("who directed Paper Moons");
    await expect(page.locator(".answer-text").innerText()).resolves.toMatch(/Lena Marlowe/);
    expect(await page.locator(".step").count()).toBeGreaterThan(3);
    const link = await page.locator("#share-link").inputValue();
    expect(link).toMatch(/#\/runs\/[\w-]+$/);

    // The link opens the same run in a fresh page.
    const other = await watchedPage(browser, srv.url);
    await other.page.goto(link);
    await other.page.locator(".run-question").waitFor();
    expect(await other.page.locator(".run-question").innerText()).toBe("who directed Paper Moons");
    await expect(other.page.locator(".answer-text").innerText()).resolves.toMatch(/Lena Marlowe/);
    expect(other.problems).toEqual([]);
    await other.close();

    // A filter that matches nothing says so.
    await page.goto(`${srv.url}/#/runs?strategy=breadth&q=no+such+question`);
    await page.locator("text=No runs match these filters").waitFor();
  });

  it("compares two strategies side by side", async () => {
    await open(srv, "#/compare");
    await page.fill("#compare-question", "who directed Paper Moons");
    await page.selectOption("#strategy-a", "heuristic");
    await page.selectOption("#strategy-b", "fulltext");
    await page.click("#compare");
    const table = page.locator(".compare-table");
    await table.waitFor({ timeout: 20_000 });
    const head = await table.locator("thead").innerText();
    expect(head).toMatch(/heuristic/);
    expect(head).toMatch(/fulltext/);
    const text = await table.innerText();
    for (const row of ["first answers", "evidence overlap", "steps", "tool calls", "LLM calls", "tokens", "time"]) expect(text).toContain(row);
    expect(text).toMatch(/Jaccard \d\.\d\d/);
    expect(await page.locator(".side").nth(0).locator(".step").count()).toBeGreaterThan(0);
    expect(await page.locator(".side").nth(1).locator(".step").count()).toBeGreaterThan(0);
    expect(decodeURIComponent(page.url())).toMatch(/a=heuristic&b=fulltext/);
  });

  it("shows the API's own message for an empty question", async () => {
    await open(srv);
    await page.click("#ask");
    const error = page.locator(".error");
    await error.waitFor();
    const text = await error.innerText();
    expect(text).toMatch(/400 invalid_input/);
    expect(text).toMatch(/question must not be empty/);
  });

  it("does not run with a budget field that holds something other than a number, and the field says why", async () => {
    await open(srv);
    await page.fill("#question", "who directed Paper Moons");
    await page.click(".budget summary");
    await page.focus("#budget-maxSteps");
    await page.keyboard.type("1e");
    await page.click("#ask");
    // The browser's own form validation stops the submit and points at the field.
    expect(await page.evaluate('document.getElementById("budget-maxSteps").validationMessage')).not.toBe("");
    await page.waitForTimeout(400);
    expect(await page.locator(".step").count()).toBe(0);
    expect(srv.store.list(100).runs.filter((r) => r.request.question === "who directed Paper Moons" && r.request.budget)).toEqual([]);
    // A whole number in range is sent as the run's budget.
    await page.fill("#budget-maxSteps", "3");
    await page.click("#ask");
    await page.locator(".answer-text").waitFor();
    expect(srv.store.list(100).runs.find((r) => r.request.budget)?.request.budget).toEqual({ maxSteps: 3 });
  });

  it("shows a server error as the API states it, and lists the failed run", async () => {
    await open(srv);
    await ask(`who directed Paper Moons ${FAIL_MARK}`);
    const error = page.locator(".error");
    await error.waitFor();
    expect(await error.innerText()).toMatch(/internal.*internal error/s);
    // The step that ran before the failure is still shown.
    expect(await page.locator(".step").count()).toBeGreaterThan(0);
    await page.goto(`${srv.url}/#/runs?status=failed`);
    await page.locator(".run-row.status-failed").first().waitFor();
  });

  it("works with API keys: a clear 401, then the key from Settings", async () => {
    await open(authSrv);
    await ask("who directed Paper Moons", "heuristic");
    const error = page.locator(".error");
    await error.waitFor();
    expect(await error.innerText()).toMatch(/401 unauthorized.*an API key is required/s);
    await error.locator('a[href="#/settings"]').click();
    await page.fill("#api-key", "not-the-key");
    await page.click("#save-key");
    await page.locator(".error", { hasText: "the API key is not valid" }).waitFor();
    await page.fill("#api-key", KEY);
    await page.click("#save-key");
    await page.locator(".ok", { hasText: "accepts this key" }).waitFor();
    await page.click('nav a[href="#/ask"]');
    await ask("who directed Paper Moons", "heuristic");
    await expect(page.locator(".answer-text").innerText()).resolves.toMatch(/Lena Marlowe/);
  });

  it("browses the eval reports: tables per strategy and category, and the chart", async () => {
    await open(srv, "#/evals");
    await page.locator('tr[data-report="fixture-eval"] a').click();
    await page.locator("h2", { hasText: "fixture-eval" }).waitFor();
    const overall = await page.locator("table.data").first().innerText();
    expect(overall).toMatch(/heuristic/);
    expect(overall).toMatch(/simple/);
    await page.selectOption("#eval-strategy", "heuristic");
    await page.waitForFunction('location.hash.includes("strategy=heuristic")');
    expect(await page.locator("table.data").first().innerText()).not.toMatch(/simple/);
    await page.selectOption("#eval-category", "director");
    await page.waitForFunction('location.hash.includes("category=director")');
    const byCategory = await page.locator("table.data").nth(1).innerText();
    expect(byCategory).toMatch(/heuristic · director/);
    expect(byCategory).not.toMatch(/temporal/);
    const chart = page.locator("img.chart");
    await chart.waitFor();
    await page.waitForFunction('document.querySelector("img.chart")?.naturalWidth > 0');
  });
});
