// One test preset for every package: sources resolved through the `@src/source` condition (no build needed),
// tests next to the code (src/) and end-to-end suites (test/).
import { RetriedTestsReporter } from "./retried-tests-reporter.js";
import { TestOrderReporter } from "./test-order-reporter.js";

/** The shuffle seed: `SRC_TEST_SEED` repeats an order a failed run printed; otherwise a new one per run. */
function shuffleSeed() {
  const given = Number.parseInt(process.env.SRC_TEST_SEED ?? "", 10);
  return Number.isInteger(given) && given > 0 ? given : 1 + Math.floor(Math.random() * 2 ** 31);
}

/** @type {import("./index.d.ts").createTestConfig} */
export function createTestConfig(options = {}) {
  const seed = shuffleSeed();
  const shuffle = options.shuffle ?? true;
  return {
    resolve: { conditions: ["@src/source"] },
    ssr: { resolve: { conditions: ["@src/source"] } },
    test: {
      include: options.include ?? ["src/**/*.test.ts", "test/**/*.test.ts"],
      testTimeout: 30_000,
      // expect.poll waits for something that must happen, not for how fast: vitest's 1 s is too short on a loaded
      // machine (CI runs many suites at once on few cores). A poll that checks a speed says its own timeout.
      expect: { poll: { timeout: 10_000 } },
      ...(options.hookTimeout === undefined ? {} : { hookTimeout: options.hookTimeout }),
      ...(options.maxWorkers === undefined ? {} : { maxWorkers: options.maxWorkers }),
      // A failed test runs once more, and a test that passes only then is named in the log (RETRIED ...): a late timer
      // on a loaded machine does not fail a run, a broken behaviour still does (it fails twice), and flakiness is seen.
      retry: options.retry ?? 1,
      // The tests of a file run in a new order each run: each must set up what it needs, as its retry (which runs it
      // again, after whatever ran before) assumes. A test that needs what an earlier one left fails here, not later.
      sequence: { shuffle: { files: false, tests: shuffle }, seed },
      reporters: ["default", new RetriedTestsReporter(), ...(shuffle ? [new TestOrderReporter(seed)] : [])],
    },
  };
}
