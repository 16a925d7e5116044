/** What a package chooses. */
export interface MutationConfigOptions {
  /** The files to mutate (globs relative to the package). */
  mutate: string[];
  /** How long one mutant's tests may run beyond the initial run's time. Default: 3,000 ms. */
  timeoutMS?: number;
}

/**
 * A package's Stryker config: the vitest runner with the package's `vitest.mutation.config.ts`, per-test
 * coverage, incremental reruns (`reports/stryker-incremental.json`), one test process, static mutants
 * skipped, clear-text and JSON reports (`reports/mutation/mutation.json`).
 */
export function createMutationConfig(options: MutationConfigOptions): Record<string, unknown>;
