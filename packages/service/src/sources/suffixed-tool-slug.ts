import type { SourceStore } from "@src/config";
import { maxToolNameLength } from "@src/http-tool/internal";
import { slugOfToolName } from "./tool-name";

/**
 * The slug whose suffixed tool `name` is (`api_<slug><suffix>`, named by
 * `toolName`), or `undefined` when it is not one. A source whose own slug ends
 * in the suffix's words keeps its `api_<slug>` name: when both sources exist,
 * the name is that source's own tool. A name at the length limit was cut, so
 * it is looked for among every source's tool names.
 */
export async function slugOfSuffixedTool(
  store: Pick<SourceStore, "get" | "list">,
  name: string,
  suffix: string,
  toolName: (slug: string) => string,
): Promise<string | undefined> {
  if (!name.endsWith(suffix)) return undefined;
  const exists = async (slug: string | undefined): Promise<boolean> =>
    slug !== undefined &&
    (await store.get(slug).then(
      () => true,
      () => false,
    ));
  if (name.length < maxToolNameLength) {
    if (await exists(slugOfToolName(name))) return undefined;
    const candidate = slugOfToolName(name.slice(0, -suffix.length));
    return (await exists(candidate)) ? candidate : undefined;
  }
  return (await store.list()).find((entry) => toolName(entry.slug) === name)?.slug;
}
