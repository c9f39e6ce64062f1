import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds the real knowledge-base snapshot once, before the workers start, so they only load it.
    globalSetup: ["test/helpers/global-setup.ts"],
    reporters: ["default", "./test/reporters/summary-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
