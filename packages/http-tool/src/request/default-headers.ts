// A JSON import: vitest reads it from source, tsup inlines it into dist (no runtime file access).
import packageJson from "../../package.json" with { type: "json" };

/** `User-Agent` of every request: the package name and version, e.g. `@src/http-tool/0.1.0`. */
export const USER_AGENT = `${packageJson.name}/${packageJson.version}`;

/**
 * Headers on every built request, before the body's `content-type` and the
 * auth plugin's header. Names lower case.
 */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  accept: "application/json, text/plain;q=0.9, */*;q=0.8",
  "user-agent": USER_AGENT,
});
