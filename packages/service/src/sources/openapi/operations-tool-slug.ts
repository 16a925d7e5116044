import type { SourceStore } from "@src/config";
import { operationsToolName } from "@src/http-tool/internal";
import { slugOfSuffixedTool } from "../suffixed-tool-slug";

/**
 * The slug whose operations tool `name` is (`api_<slug>_operations`), or
 * `undefined` when it is not one. A source whose own slug ends in
 * `-operations` keeps its `api_<slug>` name: when both sources exist, the
 * name is that source's API tool. Callers that check which sources a caller
 * may use (agent tokens) resolve names with this, as the service does.
 */
export async function slugOfOperationsTool(
  store: Pick<SourceStore, "get" | "list">,
  name: string,
): Promise<string | undefined> {
  return slugOfSuffixedTool(store, name, "_operations", operationsToolName);
}
