import { suffixedToolName } from "./api-tool-name";

/**
 * The name of a source's operations tool: `api_<slug>_operations`. When that
 * would pass 64 characters, the `api_<slug>` part is cut and ends with `_` and
 * 8 hex digits of the slug's SHA-256, as `apiToolName` does.
 */
export function operationsToolName(slug: string): string {
  return suffixedToolName(slug, "_operations");
}
