import type { AnyAuthPlugin } from "@src/auth";
import type { SourceApi } from "@src/config";
import type { AuthorizeHop } from "../execution/authorize-hop";
import { checkPluginHeaders } from "./check-plugin-headers";

/** What `createHopAuthorizer` needs: the source's plugin, its `api` block and the (parsed) credential. */
export interface HopAuthorizerInput {
  plugin: AnyAuthPlugin;
  /** The source's `api` block, as the plugin's `config`. */
  config: SourceApi;
  credential: Record<string, unknown>;
}

/**
 * The `AuthorizeHop` of a source: applies its auth plugin to the hop (plugins
 * are idempotent, so query auth stays attached and a credential the upstream
 * put in `Location` is replaced by the stored one), then refuses a header only
 * the service may set (`AuthPluginHeaderError`), as `buildRequest` does.
 */
export function createHopAuthorizer({ plugin, config, credential }: HopAuthorizerInput): AuthorizeHop {
  return (hop) => {
    plugin.apply({ method: hop.method, url: hop.url, headers: hop.headers, body: hop.body }, { config, credential });
    checkPluginHeaders(hop.headers, plugin.type);
  };
}
