// One build preset for every package: ESM for Node 20+, declarations, source maps, a clean dist/.

/** @type {import("./index.d.ts").BuildDefaults} */
const defaultBuild = {
  format: ["esm"],
  dts: true,
  clean: true,
  target: "node20",
  sourcemap: true,
};

/** @type {import("./index.d.ts").createBuildConfig} */
export function createBuildConfig(options) {
  return { ...defaultBuild, ...options };
}
