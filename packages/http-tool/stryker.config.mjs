// Mutation testing of request building and redaction: `pnpm mutation` (not part of `pnpm test`).
// The globs match the files wherever they live under src/ (flat today, in stage folders later).
import { fileURLToPath } from "node:url";

export default {
  testRunner: "vitest",
  // pnpm keeps the runner out of @stryker-mutator/core's own node_modules, so name it by path.
  plugins: [fileURLToPath(import.meta.resolve("@stryker-mutator/vitest-runner"))],
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: [
    "src/**/build-request.ts",
    "src/**/check-path.ts",
    "src/**/path-problem.ts",
    "src/**/join-url.ts",
    "src/**/encode-query.ts",
    "src/**/redact-secrets.ts",
    "src/**/plugin-secrets.ts",
  ],
  // The machine is shared: one test process, and a bound on the whole run.
  concurrency: 1,
  // Static mutants (module-level constants) rerun every test in a fresh worker: skipped to bound the run.
  ignoreStatic: true,
  timeoutMS: 3_000,
  dryRunTimeoutMinutes: 5,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 75, break: null },
};
