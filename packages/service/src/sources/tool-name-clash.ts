import { SourceValidationError, type SourceRecord, type SourceStore } from "@src/config";
import { apiToolName, operationsToolName, writeToolName } from "@src/http-tool/internal";

/** What decides a source's tool names: its slug, whether its policy splits its tools, whether it has a document. */
type ToolNaming = Pick<SourceRecord, "slug"> & {
  api: { policy?: { tools?: string | undefined } | undefined; openapi?: string | undefined };
};

/** Every tool name `source` has, or would have once enabled: `api_<slug>`, `api_<slug>_write`, `api_<slug>_operations`. */
function toolNamesOf(source: ToolNaming): string[] {
  const names = [apiToolName(source.slug)];
  if (source.api.policy?.tools === "split") names.push(writeToolName(source.slug));
  if (source.api.openapi !== undefined) names.push(operationsToolName(source.slug));
  return names;
}

/**
 * Refuses `source` (about to be stored) when one of its tool names is another source's: `coll` split into
 * `api_coll` and `api_coll_write` beside a source `coll-write`, whose own tool is `api_coll_write` too. Each call of
 * that name would reach one of them with its credential while the tool list shows both. `field` is what the message
 * names (`slug` for a new source, the changed field for an edit), `remedy` what to do.
 */
export async function assertNoToolNameClash(
  store: Pick<SourceStore, "list">,
  source: ToolNaming,
  { field, remedy }: { field: string; remedy: string },
): Promise<void> {
  const names = new Set(toolNamesOf(source));
  for (const entry of await store.list()) {
    if (!entry.ok || entry.slug === source.slug) continue;
    const shared = toolNamesOf(entry.record).find((name) => names.has(name));
    if (shared === undefined) continue;
    throw new SourceValidationError({
      slug: source.slug,
      issues: [
        {
          path: field,
          message: `the tool name ${shared} would belong to both "${source.slug}" and source "${entry.slug}", and its calls would reach only one of them; ${remedy}`,
        },
      ],
    });
  }
}
