import { configDefaults, defineConfig } from "vitest/config";

// The suite pins the offline embedder, so its figures do not depend on whether `npm run models:fetch`
// has run on this machine; the live-model tests open the local models themselves. Set EMBEDDER to
// run the whole suite on another one.
process.env.EMBEDDER ??= "corpus";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Live-model and browser tests have their own commands (npm run test:live, npm run test:browser).
    exclude: [...configDefaults.exclude, "test/live/**", "test/browser/**"],
    // Builds the real knowledge-base snapshot once, before the workers start, so they only load it.
    globalSetup: ["test/helpers/global-setup.ts"],
    reporters: ["default", "./test/reporters/summary-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
