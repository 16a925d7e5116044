// Mutation testing of the vault's cipher, MAC, key handling and file format: `pnpm mutation`
// (not part of `pnpm test`).
import { fileURLToPath } from "node:url";

export default {
  testRunner: "vitest",
  // pnpm keeps the runner out of @stryker-mutator/core's own node_modules, so name it by path.
  plugins: [fileURLToPath(import.meta.resolve("@stryker-mutator/vitest-runner"))],
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: [
    "src/entry-cipher.ts",
    "src/entries-mac.ts",
    "src/key-derivation.ts",
    "src/key-source.ts",
    "src/vault-format.ts",
    "src/verify-vault-document.ts",
    "src/redacted-credential.ts",
  ],
  // The machine is shared: one test process, and a bound on the whole run.
  concurrency: 1,
  // Static mutants (module-level constants) rerun every test in a fresh worker: skipped to bound the run.
  ignoreStatic: true,
  timeoutMS: 5_000,
  dryRunTimeoutMinutes: 5,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 75, break: null },
};
