import { createBuildConfig } from "@src/tsup-config";

export default createBuildConfig({
  entry: ["src/index.ts", "src/bin.ts"],
  // The CLI publishes no types; workspace and third-party packages stay external (dependencies), heavy ones load
  // lazily inside actions.
  dts: false,
  banner: { js: "#!/usr/bin/env node" },
});
