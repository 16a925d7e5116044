import { createBuildConfig } from "@src/tsup-config";

// One entry per concern (`dist/<name>.js`), besides the root entry that re-exports all but the MCP server.
export default createBuildConfig({
  entry: {
    index: "src/index.ts",
    sources: "src/sources/index.ts",
    audit: "src/audit/index.ts",
    operator: "src/operator/index.ts",
    plugins: "src/plugins/index.ts",
    runtime: "src/runtime/index.ts",
    mcp: "src/mcp/index.ts",
  },
});
