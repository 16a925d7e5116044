import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@src/source"] },
  ssr: { resolve: { conditions: ["@src/source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
