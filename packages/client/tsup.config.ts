import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  // Runs in browsers as well as Node: no Node built-ins, and a target both understand.
  platform: "neutral",
  target: "es2022",
  sourcemap: true,
});
