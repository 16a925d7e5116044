import type { SourceStore } from "@src/config";
import { maxToolNameLength, operationsToolName } from "@src/http-tool/internal";
import { slugOfToolName } from "../tool-name";

const suffix = "_operations";

/**
 * The slug whose operations tool `name` is (`api_<slug>_operations`), or
 * `undefined` when it is not one. A source whose own slug ends in
 * `-operations` keeps its `api_<slug>` name: when both sources exist, the
 * name is that source's API tool. Callers that check which sources a caller
 * may use (agent tokens) resolve names with this, as the service does.
 */
export async function slugOfOperationsTool(store: Pick<SourceStore, "get" | "list">, name: string): Promise<string | undefined> {
  if (!name.endsWith(suffix)) return undefined;
  const exists = async (slug: string | undefined): Promise<boolean> => slug !== undefined && (await store.get(slug).then(() => true, () => false));
  if (name.length < maxToolNameLength) {
    if (await exists(slugOfToolName(name))) return undefined;
    const candidate = slugOfToolName(name.slice(0, -suffix.length));
    return (await exists(candidate)) ? candidate : undefined;
  }
  return (await store.list()).find((entry) => operationsToolName(entry.slug) === name)?.slug;
}
