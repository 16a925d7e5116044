/**
 * The tool name of a source: `api_<slug>` with each `-` turned into `_`
 * (slugs hold only `a-z`, `0-9` and `-`, so the name fits every agent API's
 * `^[a-zA-Z0-9_-]{1,64}$` rule and maps back to one slug).
 */
export function apiToolName(slug: string): string {
  return `api_${slug.replaceAll("-", "_")}`;
}
