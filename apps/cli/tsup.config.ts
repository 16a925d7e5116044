import { createBuildConfig } from "@src/tsup-config";

export default createBuildConfig({
  entry: ["src/index.ts", "src/bin.ts"],
  // The CLI publishes no types. Workspace and third-party packages stay external (dependencies) and load lazily
  // inside the command that needs them; each command's module is its own chunk, loaded when the command runs.
  dts: false,
  // Commander is bundled: every start needs it, and as one ESM chunk it loads faster than its CommonJS files
  // (`src --help`). Its `require` of Node's built-in modules needs a `require` in ESM, made by the banner.
  noExternal: ["commander"],
  banner: { js: '#!/usr/bin/env node\nimport { createRequire as createRequireForBundledCommonJs } from "node:module";\nconst require = createRequireForBundledCommonJs(import.meta.url);' },
});
