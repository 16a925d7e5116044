import type { Options } from "tsup";

/** A package's tsup options (named here, so a package's config has a portable type). */
export interface BuildConfig extends Options {}

/** What the preset sets for every package: ESM, `.d.ts`, a clean `dist/`, Node 20, source maps. */
export type BuildDefaults = Pick<BuildConfig, "format" | "dts" | "clean" | "target" | "sourcemap">;

/**
 * A package's tsup options: the preset's defaults (`format: ["esm"]`, `dts: true`, `clean: true`,
 * `target: "node20"`, `sourcemap: true`) with `options` over them. `entry` names the package's entry points.
 */
export function createBuildConfig(options: BuildConfig & Required<Pick<BuildConfig, "entry">>): BuildConfig;
