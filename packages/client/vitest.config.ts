import { createTestConfig } from "@src/vitest-config";

// beforeAll starts the built server (a child process): on a busy machine that takes more than vitest's 10 s.
export default createTestConfig({ hookTimeout: 60_000 });
