import type { Reporter } from "vitest/reporters";

/** Prints `RETRIED <file> > <test> (passed after N retry)` for a test that passed only when retried. */
export declare class RetriedTestsReporter implements Reporter {
  onTestCaseResult: NonNullable<Reporter["onTestCaseResult"]>;
}
