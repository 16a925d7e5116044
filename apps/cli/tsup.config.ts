import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/bin.ts"],
  format: ["esm"],
  dts: false,
  clean: true,
  target: "node20",
  sourcemap: true,
  // Workspace and third-party packages stay external (dependencies); heavy ones load lazily inside actions.
  banner: { js: "#!/usr/bin/env node" },
});
