import { createHash } from "node:crypto";
import { apiToolName, maxToolNameLength } from "./api-tool-name";

const suffix = "_write";

/**
 * The name of the write tool of a source whose policy splits its tools
 * (`api.policy.tools: "split"`): `api_<slug>_write`. When that would pass 64
 * characters, the `api_<slug>` part is cut and ends with `_` and 8 hex digits
 * of the slug's SHA-256, as `apiToolName` does.
 */
export function writeToolName(slug: string): string {
  const name = `${apiToolName(slug)}${suffix}`;
  if (name.length <= maxToolNameLength) return name;
  const hash = createHash("sha256").update(slug).digest("hex").slice(0, 8);
  return `${`api_${slug.replaceAll("-", "_")}`.slice(0, maxToolNameLength - suffix.length - hash.length - 1)}_${hash}${suffix}`;
}
