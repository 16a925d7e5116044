import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import type { ToolSummary } from "../source-service";

/** The `openapi` field of a source's tool summary: the document's title, version and size, or why it is not loaded. */
export function openApiSummaryOf(
  source: SourceRecord,
  operations: OperationCatalog | undefined,
): Pick<ToolSummary, "openapi"> {
  if (source.api.openapi === undefined) return {};
  if (operations !== undefined)
    return {
      openapi: {
        title: operations.index.title,
        version: operations.index.version,
        operations: operations.index.operations.length,
      },
    };
  const error = source.status.openapi?.error ?? null;
  return { openapi: { error: error ?? "the document was not loaded; run `/source reload` to fetch and check it" } };
}
