// One test preset for every package: sources resolved through the `@src/source` condition (no build needed),
// tests next to the code (src/) and end-to-end suites (test/).
import { RetriedTestsReporter } from "./retried-tests-reporter.js";

/** @type {import("./index.d.ts").createTestConfig} */
export function createTestConfig(options = {}) {
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
      reporters: ["default", new RetriedTestsReporter()],
    },
  };
}
