import type { AnyAuthPluginV2, AuthRuntime } from "@src/auth";
import type { SourceApi } from "@src/config";
import type { AuthorizeHop } from "../execution/authorize-hop";
import { createRequestAuthorizer } from "./request-authorizer";

/** What `createHopAuthorizer` needs: the source's plugin, its `api` block and the (parsed) credential. */
export interface HopAuthorizerInput {
  plugin: AnyAuthPluginV2;
  /** The source's `api` block, as the plugin's `config`. */
  config: SourceApi;
  credential: Record<string, unknown>;
  /** The source's slug, for the plugin's hints. Default `"source"`. */
  slug?: string;
  /** The source's session cache, saveCredential and clock (v2 plugins). Default: a session of its own, no saving. */
  auth?: AuthRuntime | undefined;
}

/**
 * The `AuthorizeHop` of a source: runs its auth plugin's `authorize` on the hop
 * (again, so query auth stays attached and a credential the upstream put in
 * `Location` is replaced by the stored one),
 * then refuses a header only the service may set (`AuthPluginHeaderError`), as
 * `buildRequest` does. `createRequestAuthorizer` gives the same, with the
 * call's secrets and the rejected-request hook.
 */
export function createHopAuthorizer({
  plugin,
  config,
  credential,
  slug = "source",
  auth,
}: HopAuthorizerInput): AuthorizeHop {
  const now = new Date().toISOString();
  const source = {
    type: "api" as const,
    name: slug,
    slug,
    enabled: true,
    api: config,
    id: slug,
    createdAt: now,
    updatedAt: now,
    status: { connectionStatus: "untested" as const, lastTestedAt: null, lastError: null },
  };
  return createRequestAuthorizer({ source, plugin, credential, auth }).authorizeHop;
}
