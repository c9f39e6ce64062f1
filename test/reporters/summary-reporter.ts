import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the plain `N passed, N failed` line CI reads, last. A test file that fails to load counts
 * as one failure, as does an unhandled error, so nothing broken can hide behind zero failed tests.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failedHere++;
      }
      if (failedHere === 0 && mod.state() === "failed") failedHere = 1;
      failed += failedHere;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
