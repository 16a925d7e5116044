// Says in which order the tests ran when some failed: the preset shuffles the tests of each file, so a test that only
// passes after another one (or fails when its retry runs it alone) shows up, and this seed repeats that order.

/** @type {import("./test-order-reporter.d.ts").TestOrderReporter} */
export class TestOrderReporter {
  /** @param {number} seed */
  constructor(seed) {
    this.seed = seed;
  }

  onTestRunEnd(testModules) {
    const failed = testModules.some((testModule) => testModule.state() === "failed");
    if (!failed) return;
    process.stdout.write(
      `TEST ORDER: the tests of each file ran shuffled with seed ${this.seed}; SRC_TEST_SEED=${this.seed} runs them in that order again\n`,
    );
  }
}
