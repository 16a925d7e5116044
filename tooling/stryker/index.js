// One mutation-testing preset (`pnpm mutation`, not part of `pnpm test`): Stryker with its vitest runner,
// one test process on the shared machine, incremental reruns.
import { createRequire } from "node:module";
import { join } from "node:path";

/** @type {import("./index.d.ts").createMutationConfig} */
export function createMutationConfig({ mutate, timeoutMS = 3_000 }) {
  return {
    testRunner: "vitest",
    // pnpm keeps the runner out of @stryker-mutator/core's own node_modules, so name it by path: the package's
    // own copy (a devDependency beside @stryker-mutator/core and vitest), resolved from the package that runs Stryker.
    plugins: [createRequire(join(process.cwd(), "package.json")).resolve("@stryker-mutator/vitest-runner")],
    // The package's vitest.mutation.config.ts names the fast, in-process tests to run for each mutant.
    vitest: { configFile: "vitest.mutation.config.ts", related: false },
    coverageAnalysis: "perTest",
    mutate,
    // Reruns test only the mutants whose code or covering tests changed (reports/ is not committed).
    incremental: true,
    incrementalFile: "reports/stryker-incremental.json",
    // The machine is shared: one test process.
    concurrency: 1,
    // Static mutants (module-level constants) rerun every test in a fresh worker: skipped to bound the run.
    ignoreStatic: true,
    timeoutMS,
    dryRunTimeoutMinutes: 5,
    reporters: ["clear-text", "progress", "json"],
    jsonReporter: { fileName: "reports/mutation/mutation.json" },
    tempDirName: ".stryker-tmp",
    cleanTempDir: "always",
    thresholds: { high: 90, low: 75, break: null },
  };
}
