import { suffixedToolName } from "./api-tool-name";

/**
 * The name of the write tool of a source whose policy splits its tools
 * (`api.policy.tools: "split"`): `api_<slug>_write`. When that would pass 64
 * characters, the `api_<slug>` part is cut and ends with `_` and 8 hex digits
 * of the slug's SHA-256, as `apiToolName` does.
 */
export function writeToolName(slug: string): string {
  return suffixedToolName(slug, "_write");
}
