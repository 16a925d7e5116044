import type { OperationCatalog } from "@src/openapi";
import type { SourceRecord } from "@src/config";
import { createApiTools, createOperationsTool, type TokenPolicy } from "@src/http-tool";
import { openApiSummaryOf } from "./openapi/openapi-summary";
import type { ServiceContext } from "./service-context";
import type { CallToolSummary } from "./source-listing";
import type { ListToolsOptions, ToolSummary } from "./source-service";

/** The call tools of an enabled source (one, or the read and write tools of a split policy) without their credential flag; none for a disabled one. */
function callToolsOf(
  context: ServiceContext,
  source: SourceRecord,
  operations?: OperationCatalog,
  token?: TokenPolicy,
): CallToolSummary[] {
  const { listing, registry, credentials, rateLimits } = context;
  // Kept only for the operator's view: a token's narrowed tools are built each time (a token is one in a few).
  // A source with a document is built each time: its document may change without its record (the catalog is cached by file).
  const cacheable = token === undefined && source.api.openapi === undefined;
  const known = cacheable ? listing.keptTools(source) : undefined;
  if (known !== undefined) return known;
  const tools = createApiTools(context.withAbsoluteCaFile(source), {
    registry,
    credentials: { get: () => credentials.credentialFor(source) },
    fetch: context.fetch,
    auth: context.auth.runtimeFor(source),
    operations,
    token,
    rateLimits,
  });
  const summaries = tools.map((tool): CallToolSummary => ({
    name: tool.name,
    source: source.slug,
    sourceName: source.name,
    baseUrl: source.api.baseUrl,
    authType: source.api.authType,
    connectionStatus: source.status.connectionStatus,
    headers: { ...source.api.headers },
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...openApiSummaryOf(source, operations),
    ...(tool.readOnly === true ? { readOnly: true } : {}),
    openWorld: true,
    kind: tool.access === "write" ? "write" : "call",
  }));
  return cacheable ? listing.keepTools(source, summaries) : summaries;
}

/** The tools of one enabled source: its call tools, then its `api_<slug>_operations` tool when it has a loaded document. */
async function toolsOfSource(
  context: ServiceContext,
  record: SourceRecord,
  stored: ReadonlySet<string> | undefined,
  { token }: ListToolsOptions,
): Promise<ToolSummary[]> {
  const { credentials, documents } = context;
  // Awaited only when there is something to check (every `tools/list` page lists thousands of sources):
  // only a tested source's status can change here, and only a source with a document has a catalog.
  // `stored` is undefined when the vault could not be read: the status stays as recorded.
  const source =
    stored !== undefined && record.status.connectionStatus !== "untested"
      ? await credentials.withCurrentStatus(record)
      : record;
  const operations = source.api.openapi === undefined ? undefined : await documents.catalogFor(source);
  const callTools = callToolsOf(context, source, operations, typeof token === "function" ? token(source.slug) : token);
  const [first] = callTools;
  if (first === undefined) return [];
  const withCredential = stored?.has(first.source) === true && (await credentials.hasCredential(source));
  const tools: ToolSummary[] = callTools.map((tool) => ({ ...tool, hasCredential: withCredential }));
  if (operations !== undefined) {
    const companion = createOperationsTool(source, operations);
    tools.push({
      ...first,
      name: companion.name,
      description: companion.description,
      inputSchema: companion.inputSchema,
      readOnly: true,
      openWorld: false,
      kind: "operations",
      hasCredential: withCredential,
    });
  }
  return tools;
}

/** The index of the first entry whose slug is `slug` or after it (entries are sorted by slug): a binary search. */
function firstIndexFrom(entries: readonly { slug: string }[], slug: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.slug < slug) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `listTools`: the HTTP tools of the enabled sources, in slug order. */
export async function listSourceTools(context: ServiceContext, options: ListToolsOptions = {}): Promise<ToolSummary[]> {
  const tools: ToolSummary[] = [];
  const entries = await context.listing.entries();
  // Listing needs no secret: a vault that cannot be read (damaged, its key missing) lists every tool as without a
  // credential, and each call says what is wrong and how to recover, instead of the whole listing failing.
  const stored = await context.credentials.storedCredentialSlugs(entries.length).catch((error: unknown) => {
    context.observer?.vaultError?.(error);
    return undefined;
  });
  const { fromSource, atLeast = Infinity, sources } = options;
  // Entries are in slug order: a page starts at its cursor's source instead of building every source's tools.
  const start = fromSource === undefined ? 0 : firstIndexFrom(entries, fromSource);
  for (let index = start; index < entries.length && tools.length < atLeast; index += 1) {
    const entry = entries[index]!;
    if (!entry.ok || !entry.record.enabled || (sources !== undefined && !sources(entry.slug))) continue;
    tools.push(...(await toolsOfSource(context, entry.record, stored, options)));
  }
  return tools;
}
