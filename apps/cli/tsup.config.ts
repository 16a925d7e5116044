import { createBuildConfig } from "@src/tsup-config";

export default createBuildConfig({
  entry: ["src/index.ts", "src/bin.ts"],
  // The CLI publishes no types.
  dts: false,
  // Its dependencies are bundled with it (commander, the workspace packages, zod, the MCP SDK...): one copy in dist/
  // loads far faster than thousands of files resolved and read in node_modules (`src mcp`, `src source list`). Each
  // command's module is its own chunk, loaded when the command runs, and so are the packages loaded lazily inside a
  // command. `@src/server` and `@src/store-postgres` stay packages of their own (loaded for `serve`, `token`, `--store`).
  noExternal: [/^(?!@src\/(server|store-postgres)(\/|$))/],
  // Bundled CommonJS code (commander, ajv...) `require`s Node's built-in modules: ESM has no `require`, the banner makes one.
  // `src --help` prints the help commander printed at build time (see src/bin.ts).
  onSuccess: "node scripts/write-help-text.mjs",
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as createRequireForBundledCommonJs } from "node:module";\nconst require = createRequireForBundledCommonJs(import.meta.url);',
  },
});
