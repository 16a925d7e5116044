import { createBuildConfig } from "@src/tsup-config";

export default createBuildConfig({ entry: { index: "src/index.ts", "testing/index": "src/testing/index.ts" } });
