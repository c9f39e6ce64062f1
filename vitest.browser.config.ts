import { defineConfig } from "vitest/config";

// The console in a real browser (`npm run test:browser`): Debian's Chromium driven by
// playwright-core. Skipped when Chromium is absent, unless REQUIRE_BROWSER=1 (CI).
process.env.EMBEDDER ??= "corpus";

export default defineConfig({
  test: {
    include: ["test/browser/**/*.browser.test.ts"],
    reporters: ["default", "./test/reporters/summary-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
