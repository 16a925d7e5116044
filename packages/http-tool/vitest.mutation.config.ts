// The tests Stryker runs for each mutant (`pnpm mutation`): the unit tests of request building
// (path checks, URL joining, query encoding, the builder) and of redaction. The end-to-end suites
// against local servers are too slow to run once per mutant on a shared 2-core machine.
import { createTestConfig } from "@src/vitest-config";

export default createTestConfig({
  retry: 0,
  include: [
    "src/**/build-request.test.ts",
    "src/**/build-request-auth-probe.test.ts",
    "src/**/join-url.test.ts",
    "src/**/path-problem.test.ts",
    "src/**/normalize-tool-call.test.ts",
    "src/**/redact-secrets.test.ts",
    "src/**/redact-secrets.property.test.ts",
    "src/**/secret-spellings.test.ts",
    "src/**/plugin-framing-headers.test.ts",
    "src/**/plugin-secrets.test.ts",
  ],
});
