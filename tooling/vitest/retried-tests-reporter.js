// Names every test that failed and then passed when retried (`retry` > 0), so a flaky test is seen in the log even
// though it did not fail the run. vitest's default reporter says nothing of retries.

/** @type {import("./retried-tests-reporter.d.ts").RetriedTestsReporter} */
export class RetriedTestsReporter {
  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky !== true) return;
    process.stdout.write(
      `RETRIED ${testCase.module.relativeModuleId} > ${testCase.fullName} (passed after ${diagnostic.retryCount} retry)\n`,
    );
  }
}
