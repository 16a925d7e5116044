import { createBuildConfig } from "@src/tsup-config";

export default createBuildConfig({ entry: ["src/index.ts", "src/internal.ts", "src/testing.ts"] });
