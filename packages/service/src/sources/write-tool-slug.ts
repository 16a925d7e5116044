import type { SourceStore } from "@src/config";
import { writeToolName } from "@src/http-tool/internal";
import { slugOfOperationsTool } from "./openapi/operations-tool-slug";
import { slugOfSuffixedTool } from "./suffixed-tool-slug";
import { slugOfToolName } from "./tool-name";

const suffix = "_write";

/**
 * The slug whose write tool `name` is (`api_<slug>_write`, a source whose
 * policy splits its tools), or `undefined` when it is not one. A source whose
 * own slug ends in `-write` keeps its `api_<slug>` name: when both sources
 * exist, the name is that source's own tool (as for `api_<slug>_operations`).
 */
export async function slugOfWriteTool(
  store: Pick<SourceStore, "get" | "list">,
  name: string,
): Promise<string | undefined> {
  return slugOfSuffixedTool(store, name, suffix, writeToolName);
}

/** The slug a tool name belongs to, for logs and agent-token checks: `api_<slug>`, `api_<slug>_operations` or `api_<slug>_write`, else the name itself. */
export async function sourceOfToolName(store: Pick<SourceStore, "get" | "list">, name: string): Promise<string> {
  return (
    (name.endsWith("_operations") ? await slugOfOperationsTool(store, name) : undefined) ??
    (name.endsWith(suffix) ? await slugOfWriteTool(store, name) : undefined) ??
    slugOfToolName(name) ??
    name
  );
}
