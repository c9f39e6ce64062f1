import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium (installed by .ci/run when absent); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** Whether the browser suite can run; REQUIRE_BROWSER=1 (CI) turns a missing Chromium into a failure. */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.REQUIRE_BROWSER === "1") throw new Error(`REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  return false;
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * A page that records what would be a problem in any test: script errors, console errors, and any
 * request that leaves the server under test (the console must fetch nothing from elsewhere).
 */
export async function watchedPage(browser: Browser, origin: string): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    // Failed API calls are shown in the page on purpose; Chromium also logs them as resource errors.
    if (m.type() === "error" && !/Failed to load resource: the server responded with a status of (4\d\d|5\d\d)/.test(m.text())) problems.push(`console error: ${m.text()}`);
  });
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith("blob:") && !url.startsWith("data:")) problems.push(`request left the machine: ${url}`);
  });
  return { page, problems, close: () => context.close() };
}
