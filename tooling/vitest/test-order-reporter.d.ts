import type { Reporter } from "vitest/reporters";

/** Prints the shuffle seed (`SRC_TEST_SEED=<n>` repeats the order) after a run in which a test failed. */
export declare class TestOrderReporter implements Reporter {
  constructor(seed: number);
  readonly seed: number;
  onTestRunEnd: NonNullable<Reporter["onTestRunEnd"]>;
}
