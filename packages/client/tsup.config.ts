import { createBuildConfig } from "@src/tsup-config";

// Runs in browsers as well as Node: no Node built-ins, and a target both understand.
export default createBuildConfig({ entry: ["src/index.ts"], platform: "neutral", target: "es2022" });
