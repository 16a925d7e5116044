import type { AnyAuthPluginV2 } from "@src/auth";
import type { SourceDiscovery } from "./source-service";

/** How long discovery may take at `addSource`: a server that does not answer in time is reported, not waited for. */
const discoveryTimeoutMs = 30_000;

/**
 * The source input with the `api` fields the auth mode's `discover` step
 * found (OAuth 2.0 endpoints from an issuer's metadata, or from the test
 * endpoint's RFC 9728 answer) added; a field the operator gave is never
 * replaced. The input as it was when the mode has no such step or found nothing.
 */
export async function discoverApiFields(
  input: unknown,
  plugin: AnyAuthPluginV2 | undefined,
): Promise<{ input: unknown; discovery?: SourceDiscovery }> {
  if (plugin?.discover === undefined || typeof input !== "object" || input === null) return { input };
  const api = (input as { api?: unknown }).api;
  if (typeof api !== "object" || api === null || Array.isArray(api)) return { input };
  const given = api as Record<string, unknown>;
  const found = await plugin.discover({ api: given, signal: AbortSignal.timeout(discoveryTimeoutMs) });
  if (found === undefined) return { input };
  const added = Object.fromEntries(Object.entries(found.config).filter(([name]) => given[name] === undefined));
  return {
    input: { ...input, api: { ...given, ...added } },
    discovery: { filled: Object.keys(added), from: found.from, notes: [...found.notes] },
  };
}
