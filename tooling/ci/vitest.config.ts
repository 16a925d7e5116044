import { createTestConfig } from "@src/vitest-config";

// Each test fetches a Node with `npx node@N` (cached after the first) and runs vitest in two stub apps.
export default createTestConfig({ include: ["test/**/*.test.ts"], hookTimeout: 300_000 });
