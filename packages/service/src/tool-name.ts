/** The tool name of a source: `api_<slug>` with `-` turned into `_` (slugs never hold `_`, so this is reversible). */
export function toolNameOf(slug: string): string {
  return `api_${slug.replaceAll("-", "_")}`;
}

/** The slug a tool name stands for, or `undefined` when the name is not of the form `api_<slug>`. */
export function slugOfToolName(name: string): string | undefined {
  if (!name.startsWith("api_") || name.length === 4) return undefined;
  return name.slice(4).replaceAll("_", "-");
}
