// The tests Stryker runs for each mutant (`pnpm mutation`): the vault's in-process tests of its
// cipher, MAC, key handling and file format. The crash, concurrency and lock suites start child
// processes and wait on timers; they are too slow to run once per mutant on a shared machine.
import { createTestConfig } from "@src/vitest-config";

export default createTestConfig({
  retry: 0,
  include: [
    "src/**/vault.test.ts",
    "src/**/vault-tamper.test.ts",
    "src/**/vault-damaged.test.ts",
    "src/**/vault-entry-set.test.ts",
    "src/**/vault-key-mismatch.test.ts",
    "src/**/vault-format-upgrade.test.ts",
    "src/**/entries-mac.test.ts",
    "src/**/key-source.test.ts",
    "src/**/key-derivation.test.ts",
    "src/**/entry-cipher.test.ts",
    "src/**/vault-format.test.ts",
    "src/**/redacted-credential.test.ts",
    "src/**/slug.test.ts",
  ],
});
