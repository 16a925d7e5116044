import { createHash } from "node:crypto";

/** The longest tool name the agent APIs accept (`^[a-zA-Z0-9_-]{1,64}$` for OpenAI, Anthropic and most MCP clients). */
export const maxToolNameLength = 64;

/**
 * The tool name of a source: `api_<slug>` with each `-` turned into `_`. Slugs
 * hold only `a-z`, `0-9` and `-`, so the name maps back to one slug. A slug
 * longer than 60 characters would exceed 64, so its name is cut and ends with
 * `_` and 8 hex digits of the slug's SHA-256, which keeps it unique.
 */
export function apiToolName(slug: string): string {
  return suffixedToolName(slug, "");
}

/**
 * `api_<slug><suffix>`, the name of one of a source's tools. When that would
 * pass 64 characters, the `api_<slug>` part is cut and ends with `_` and 8 hex
 * digits of the slug's SHA-256, and the suffix is kept whole.
 */
export function suffixedToolName(slug: string, suffix: string): string {
  const name = `api_${slug.replaceAll("-", "_")}`;
  if (name.length + suffix.length <= maxToolNameLength) return `${name}${suffix}`;
  const hash = createHash("sha256").update(slug).digest("hex").slice(0, 8);
  return `${name.slice(0, maxToolNameLength - suffix.length - hash.length - 1)}_${hash}${suffix}`;
}
