/**
 * Screenshots of the console for docs/ and the README: the service over the configured data (the
 * real KB), its runs in a temporary folder, Chromium at a laptop's size. Eval reports come from
 * EVAL_DIR. Usage: npm run screenshots [-- --out docs]
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runMain } from "../src/cli/entry";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { FileRunStore } from "../src/runs/store";
import { createApp } from "../src/server/app";
import { InProcessExecutor } from "../src/server/executor";
import { appOptionsFrom, listen } from "../src/server/start";
import { browserAvailable, launch } from "../test/browser/browser";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string", default: "docs" } } });
  if (!browserAvailable()) throw new Error("no Chromium: run scripts/ensure-chromium.sh (or set CHROMIUM_PATH)");
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const config = loadConfig();
  const kb = await loadKnowledgeBase(config, { log: (line) => process.stderr.write(`${line}\n`) });
  const store = new FileRunStore(mkdtempSync(join(tmpdir(), "mg-shots-runs-")), 100);
  const executor = new InProcessExecutor({ kb, caps: config.caps });
  const { app } = createApp({ kb, store, executor, modelProvider: "none", hasModel: false, evalDir: config.evalDir, options: appOptionsFrom(config) });
  const server = await listen(app, 0, "127.0.0.1");
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    const shot = async (name: string) => {
      await page.screenshot({ path: join(out, `console-${name}.png`) });
      process.stdout.write(`wrote ${join(values.out, `console-${name}.png`)}\n`);
    };
    await page.goto(`${server.url}/`);
    await page.fill("#question", "Who directed Casablanca and what language is it in?");
    await page.press("#question", "Enter");
    await page.locator(".answer-text").waitFor();
    await shot("ask");

    await page.fill("#question", "Which films did the director of Alien also direct?");
    await page.press("#question", "Enter");
    await page.locator(".answer-text").waitFor();
    await page.locator(".gnode").first().waitFor();
    await page.locator('.gnode[data-node="Ridley Scott"]').click();
    await page.locator(".node-panel").waitFor();
    await page.locator(".graph").scrollIntoViewIfNeeded();
    await page.evaluate("document.querySelector('.graph').scrollIntoView({ block: 'start' })");
    await shot("graph");

    await page.goto(`${server.url}/#/compare`);
    await page.fill("#compare-question", "films like The Silence of the Lambs");
    await page.selectOption("#strategy-a", "heuristic");
    await page.selectOption("#strategy-b", "fulltext");
    await page.click("#compare");
    await page.locator(".compare-table").waitFor();
    await shot("compare");

    await page.goto(`${server.url}/#/runs`);
    await page.locator(".run-row").first().waitFor();
    await shot("runs");

    await page.goto(`${server.url}/#/evals`);
    await page.locator(".reports-table, .error").first().waitFor();
    const first = page.locator(".reports-table tr[data-report] a").first();
    if (await first.count()) {
      await first.click();
      await page.locator(".view-eval h2").waitFor();
      await page.waitForTimeout(300);
      await shot("eval");
    } else process.stdout.write(`no eval reports under EVAL_DIR (${config.evalDir}); skipped the eval screenshot\n`);
  } finally {
    await browser.close();
    await server.close();
    await executor.close();
    await kb.close();
  }
}

runMain("screenshots", main);
