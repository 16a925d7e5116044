import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@src/source"] },
  ssr: { resolve: { conditions: ["@src/source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Each file starts its own PostgreSQL server; two at a time is enough on a small machine.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
