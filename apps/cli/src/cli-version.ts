import packageJson from "../package.json" with { type: "json" };

/** The version of `@src/cli`, bundled at build time. */
export const cliVersion: string = packageJson.version;
