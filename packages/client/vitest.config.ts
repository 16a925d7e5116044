import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@src/source"] },
  ssr: { resolve: { conditions: ["@src/source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    // beforeAll starts the built server (a child process): on a busy machine that takes more than vitest's 10 s.
    hookTimeout: 60_000,
  },
});
