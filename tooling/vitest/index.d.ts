import type { ViteUserConfig } from "vitest/config";

/** A package's vitest config (named here, so a package's config has a portable type). */
export interface TestConfig extends ViteUserConfig {}

/** What a package may choose. */
export interface TestConfigOptions {
  /** The test files to run. Default: `["src/**\/*.test.ts", "test/**\/*.test.ts"]`. */
  include?: string[];
  /** How long `beforeAll`/`afterAll` hooks may take, in ms (vitest's default: 10 s), for suites that start a process. */
  hookTimeout?: number;
  /** How many test files run at once (vitest's default: one per core), for suites that each start a heavy server. */
  maxWorkers?: number;
  /** How many times a failed test runs again. Default 1; a test that passes only on a retry is printed as `RETRIED`. */
  retry?: number;
  /**
   * Whether the tests of each file run in a shuffled order (seed from `SRC_TEST_SEED`, else a new one per run, printed
   * when a test failed). Default true: every test sets up the state it needs.
   */
  shuffle?: boolean;
}

/**
 * A package's vitest config: workspace packages resolved from their sources (the `@src/source` export
 * condition, so tests need no build), a 30 s test timeout, `expect.poll` waiting up to 10 s, one retry of a failed test (named `RETRIED` when it then passes), the tests of each file in a shuffled order, and `options.include` (default: every
 * `*.test.ts` under `src/` and `test/`).
 */
export function createTestConfig(options?: TestConfigOptions): TestConfig;
