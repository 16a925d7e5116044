import { apiToolName } from "@src/http-tool/internal";

/** The tool name of a source: `api_<slug>` with `-` turned into `_` (the same rule as `@src/http-tool`). */
export const toolNameOf: (slug: string) => string = apiToolName;

/** The slug a tool name stands for (slugs never hold `_`, so the rule is reversible), or `undefined` when the name is not `api_<slug>`. */
export function slugOfToolName(name: string): string | undefined {
  if (!name.startsWith("api_") || name.length === 4) return undefined;
  return name.slice(4).replaceAll("_", "-");
}
