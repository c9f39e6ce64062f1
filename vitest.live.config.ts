import { defineConfig } from "vitest/config";

// Tests against the real local models (`npm run test:live`, after `npm run models:fetch`). One
// worker: two processes running llama.cpp on the same cores slow each other down many times over.
// The knowledge base itself loads with the offline embedder, as in the main suite.
process.env.EMBEDDER ??= "corpus";

export default defineConfig({
  test: {
    include: ["test/live/**/*.live.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    reporters: ["default", "./test/reporters/summary-reporter.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
