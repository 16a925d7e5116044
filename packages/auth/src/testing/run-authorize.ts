import type { AnyAuthPluginV2 } from "../auth-plugin-v2";
import { createConformanceContext } from "./conformance-context";

/** A request to authorize in a test: the body as text, or bytes. */
export interface RequestToAuthorize {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body?: string | Uint8Array | undefined;
  /** Default 1. */
  readonly attempt?: number;
}

/**
 * Runs a v2 plugin's `authorize` once on `request` (changed in place) with a
 * fresh context (fixed clock unless `now` is given), for plugin tests. Returns
 * the values the plugin registered as secret.
 */
export async function runAuthorize(
  plugin: AnyAuthPluginV2,
  request: RequestToAuthorize,
  { config, credential, now }: { config: Record<string, unknown>; credential: Record<string, unknown>; now?: Date },
): Promise<string[]> {
  const { context, registered } = createConformanceContext(plugin, config, credential, now);
  const body = typeof request.body === "string" ? new TextEncoder().encode(request.body) : request.body;
  await plugin.authorize(
    {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body,
      attempt: request.attempt ?? 1,
      signal: context.signal,
    },
    context,
  );
  return registered;
}
