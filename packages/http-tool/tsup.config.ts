import { createBuildConfig } from "@src/tsup-config";

export default createBuildConfig({
  entry: { index: "src/index.ts", internal: "src/internal.ts", "testing/index": "src/testing/index.ts" },
});
